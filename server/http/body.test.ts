import { describe, expect, it } from "vitest";
import { readBodyBytes } from "./body.ts";
import { readJsonBody } from "./json.ts";

/** A body that arrives in `chunks` chunks of `size` bytes with no declared length (chunked), counting what was pulled. */
function streamed(chunks: number, size: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled++;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  const request = new Request("https://identity.example/api/x", {
    method: "POST",
    body,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled };
}

const refusal = async (promise: Promise<unknown>) => {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  return { status: response.status, body: await response.json() };
};

describe("reading a request body with a cap", () => {
  it("stops reading an undeclared (chunked) body as soon as it passes the cap, so a huge one is never buffered", async () => {
    const { request, pulled } = streamed(1_000, 64 * 1024);
    expect(await readBodyBytes(request, 16 * 1024)).toEqual({ ok: false, reason: "too-large" });
    expect(pulled()).toBeLessThanOrEqual(2);
  });

  it("refuses a declared length over the cap before reading, and reads one within it whole", async () => {
    const declared = new Request("https://identity.example/api/x", {
      method: "POST",
      body: "x".repeat(10),
      headers: { "Content-Length": "999999" },
    });
    expect(await readBodyBytes(declared, 100)).toEqual({ ok: false, reason: "too-large" });
    const read = await readBodyBytes(streamed(3, 1000).request, 3000);
    expect(read.ok && read.bytes.byteLength).toBe(3000);
  });

  it("calls a body that breaks off mid-way unreadable, not a fault", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([0x7b]));
        controller.error(new Error("connection reset"));
      },
    });
    const request = new Request("https://identity.example/api/x", {
      method: "POST",
      body,
      duplex: "half",
    } as RequestInit);
    expect(await readBodyBytes(request, 1024)).toEqual({ ok: false, reason: "unreadable" });
    expect(
      await refusal(
        readJsonBody(
          new Request("https://identity.example/api/x", {
            method: "POST",
            body: new ReadableStream({ start: (c) => c.error(new Error("reset")) }),
            duplex: "half",
          } as RequestInit),
        ),
      ),
    ).toEqual({
      status: 400,
      body: { message: "The request body could not be read" },
    });
  });
});

describe("readJsonBody", () => {
  const post = (body: BodyInit) => new Request("https://identity.example/api/x", { method: "POST", body });

  it("answers an oversized chunked body 413 and broken JSON 400, each with a message", async () => {
    expect(await refusal(readJsonBody(streamed(100, 1024).request))).toEqual({
      status: 413,
      body: { message: "Request body too large" },
    });
    expect(await refusal(readJsonBody(post('{"username":')))).toEqual({
      status: 400,
      body: { message: "Request body must be valid JSON" },
    });
  });

  it("reads a leading byte order mark as nothing and bytes that are not UTF-8 as U+FFFD", async () => {
    expect(
      await readJsonBody(post(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"a":1}')]))),
    ).toEqual({ a: 1 });
    expect(
      await readJsonBody(post(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]))),
    ).toEqual({ a: "\uFFFD(" });
    expect(await readJsonBody(post("   "))).toEqual({});
  });
});
