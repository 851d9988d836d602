import { z } from "zod";
import { SPEC_WORDING } from "#core/validation/wording.ts";
import { bodyRefusal, readBodyBytes } from "./body.ts";

/**
 * Request and response conventions shared by the JSON API resource routes (spec 000 §7: bodies
 * are JSON; any non-OK answer carries a `message` the client shows in a toast, §8).
 */

/** Bodies beyond this are refused before parsing: no endpoint needs more. */
export const MAX_JSON_BODY_BYTES = 16 * 1024;

export function methodNotAllowed(allow: string): Response {
  return Response.json({ message: "Method Not Allowed" }, { status: 405, headers: { Allow: allow } });
}

/** Throws unless the request uses `method`, so every other verb gets 405 rather than a 500. */
export function assertMethod(request: Request, method: string): void {
  if (request.method !== method) throw methodNotAllowed(method);
}

/**
 * The parsed JSON body. Malformed or oversized bodies are the client's fault: a thrown 400 or 413,
 * never a 500. An empty body reads as `{}`, so zod reports which fields are missing. The bytes
 * are read with a cap (body.ts) and decoded as UTF-8, a byte order mark ignored (RFC 8259 §8.1);
 * bytes that are not UTF-8 become U+FFFD, which the schemas then judge like any other character.
 */
export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const read = await readBodyBytes(request, maxBytes);
  if (!read.ok) throw bodyRefusal(read.reason);
  const text = new TextDecoder().decode(read.bytes);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw Response.json({ message: "Request body must be valid JSON" }, { status: 400 });
  }
}

/**
 * A 400 whose message is zod's first default message ("Required", "String must contain at least
 * 3 character(s)", "Invalid email": spec 000 §5), with every field's messages alongside.
 */
export function validationError(error: z.ZodError): Response {
  const flat = z.flattenError(error);
  return Response.json(
    {
      message: error.issues[0]?.message ?? "Invalid input",
      errors: { fieldErrors: flat.fieldErrors, formErrors: flat.formErrors },
    },
    { status: 400 },
  );
}

/** A JSON body checked against `schema`: a clear 400 (thrown) when it does not fit. */
export async function parseBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes?: number,
): Promise<z.infer<S>> {
  const parsed = schema.safeParse(await readJsonBody(request, maxBytes), SPEC_WORDING);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
