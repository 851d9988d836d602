import { concatBytes } from "#core/credentials/encoding.ts";

/**
 * A request body read as a stream with a cap: a body that declares no length (chunked) is never
 * buffered past `maxBytes`, so an oversized one costs the isolate no more memory than an
 * allowed one (issue 13). Shared by the JSON and form readers (json.ts, form.ts).
 */
export type BodyBytes =
  | { ok: true; bytes: Uint8Array<ArrayBuffer> }
  | { ok: false; reason: "too-large" | "unreadable" };

export async function readBodyBytes(request: Request, maxBytes: number): Promise<BodyBytes> {
  // A declared length over the cap is refused before a byte is read.
  if (Number(request.headers.get("Content-Length") ?? "0") > maxBytes) return { ok: false, reason: "too-large" };
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: "too-large" };
      }
      chunks.push(value);
    }
  } catch {
    // The client went away mid-body, or sent framing the runtime could not read.
    return { ok: false, reason: "unreadable" };
  }
  return { ok: true, bytes: concatBytes(...chunks) };
}

/** The client's answer for a body that could not be taken: 413 over the cap, 400 when it broke off. */
export function bodyRefusal(reason: "too-large" | "unreadable"): Response {
  return reason === "too-large"
    ? Response.json({ message: "Request body too large" }, { status: 413 })
    : Response.json({ message: "The request body could not be read" }, { status: 400 });
}
