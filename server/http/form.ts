/**
 * The body of a no-JS form post (the HTML forms' actions). Anything else sent there (JSON, text,
 * a broken multipart body, an oversized one) is the client's fault: an answer the page can show
 * (415, 400, 413), never a 500 from an unguarded `request.formData()`.
 */
import { readBodyBytes } from "./body.ts";

const MAX_FORM_BODY_BYTES = 16 * 1024;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export const NOT_A_FORM = "Send this form as a form post (application/x-www-form-urlencoded or multipart/form-data).";
export const UNREADABLE_FORM = "The form could not be read. Please try again.";
const FORM_TOO_LARGE = "The form is too large.";

export type FormBody = { ok: true; form: FormData } | { ok: false; status: 400 | 413 | 415; message: string };

export async function readFormBody(request: Request): Promise<FormBody> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(mediaType)) return { ok: false, status: 415, message: NOT_A_FORM };
  const read = await readBodyBytes(request, MAX_FORM_BODY_BYTES);
  if (!read.ok)
    return read.reason === "too-large"
      ? { ok: false, status: 413, message: FORM_TOO_LARGE }
      : { ok: false, status: 400, message: UNREADABLE_FORM };
  try {
    // Parsed from the bytes already read, with the type (and multipart boundary) as sent.
    return { ok: true, form: await new Response(read.bytes, { headers: { "Content-Type": contentType } }).formData() };
  } catch {
    return { ok: false, status: 400, message: UNREADABLE_FORM };
  }
}
