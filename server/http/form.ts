/**
 * The body of a no-JS form post (the HTML forms' actions). Anything else sent there (JSON, text,
 * a broken multipart body, an oversized one) is the client's fault: an answer the page can show
 * (415, 400, 413), never a 500 from an unguarded `request.formData()`.
 */
import { defineMessages, type MessageDescriptor } from "@formatjs/intl";
import type { Locale } from "#core/i18n/locales.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { readBodyBytes } from "./body.ts";

const MAX_FORM_BODY_BYTES = 16 * 1024;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** What a refused form post says, in the reader's language (issue 21); the English is the constants below. */
const messages = defineMessages({
  notAForm: {
    id: "server.citizen.form.notAForm",
    defaultMessage: "Send this form as a form post (application/x-www-form-urlencoded or multipart/form-data).",
    description: "Keep the two technical names in brackets as they are",
  },
  unreadable: { id: "server.citizen.form.unreadable", defaultMessage: "The form could not be read. Please try again." },
  tooLarge: { id: "server.citizen.form.tooLarge", defaultMessage: "The form is too large." },
});

export const NOT_A_FORM = messages.notAForm.defaultMessage;
export const UNREADABLE_FORM = messages.unreadable.defaultMessage;

export type FormBody = { ok: true; form: FormData } | { ok: false; status: 400 | 413 | 415; message: string };

/** The posted form; a refusal's message in `locale` (by default the language the request asks for). */
export async function readFormBody(request: Request, locale: Locale = requestLocale(request)): Promise<FormBody> {
  const refuse = (status: 400 | 413 | 415, words: MessageDescriptor): FormBody => ({
    ok: false,
    status,
    message: serverIntl(locale).formatMessage(words),
  });
  const contentType = request.headers.get("Content-Type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(mediaType)) return refuse(415, messages.notAForm);
  const read = await readBodyBytes(request, MAX_FORM_BODY_BYTES);
  if (!read.ok) return read.reason === "too-large" ? refuse(413, messages.tooLarge) : refuse(400, messages.unreadable);
  try {
    // Parsed from the bytes already read, with the type (and multipart boundary) as sent.
    return { ok: true, form: await new Response(read.bytes, { headers: { "Content-Type": contentType } }).formData() };
  } catch {
    return refuse(400, messages.unreadable);
  }
}
