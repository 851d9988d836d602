import { defineMessages, type NoMessageValues as NoValues } from "@formatjs/intl";
import * as z from "zod";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { SPEC_WORDING } from "#core/validation/wording.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
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
 * The spec's words for a refused field (core/validation/wording.ts, spec 000 §5) in the reader's
 * language (issue 21). The English stays the spec's, character for character.
 */
const fieldWords = defineMessages<{
  required: NoValues;
  tooShort: { minimum: number };
  tooLong: { maximum: number };
  invalidEmail: NoValues;
  invalidInput: NoValues;
}>({
  required: {
    id: "server.citizen.validation.required",
    defaultMessage: "Required",
    description: "A required form field is empty",
  },
  tooShort: {
    id: "server.citizen.validation.tooShort",
    defaultMessage:
      "{minimum, plural, one {String must contain at least # character(s)} other {String must contain at least # character(s)}}",
    description: "What was typed in a form field is too short; # is the least number of characters",
  },
  tooLong: {
    id: "server.citizen.validation.tooLong",
    defaultMessage:
      "{maximum, plural, one {String must contain at most # character(s)} other {String must contain at most # character(s)}}",
    description: "What was typed in a form field is too long; # is the most characters allowed",
  },
  invalidEmail: { id: "server.citizen.validation.invalidEmail", defaultMessage: "Invalid email" },
  invalidInput: {
    id: "server.citizen.validation.invalidInput",
    defaultMessage: "Invalid input",
    description: "Something sent with a form could not be accepted, without a more precise reason",
  },
});

/**
 * One refusal as a person reads it, in `locale`: the spec's default words translated; a message a
 * schema states itself, or a technical one a person filling a form never meets, as it is.
 */
function issueMessage(issue: z.core.$ZodIssue, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return issue.message;
  const intl = serverIntl(locale);
  const plainString = (issue.code === "too_small" || issue.code === "too_big") && issue.origin === "string";
  if (issue.code === "invalid_type" && issue.message === "Required") return intl.formatMessage(fieldWords.required);
  if (
    issue.code === "too_small" &&
    plainString &&
    issue.message === `String must contain at least ${issue.minimum} character(s)`
  )
    return intl.formatMessage(fieldWords.tooShort, { minimum: Number(issue.minimum) });
  if (
    issue.code === "too_big" &&
    plainString &&
    issue.message === `String must contain at most ${issue.maximum} character(s)`
  )
    return intl.formatMessage(fieldWords.tooLong, { maximum: Number(issue.maximum) });
  if (issue.code === "invalid_format" && issue.message === "Invalid email")
    return intl.formatMessage(fieldWords.invalidEmail);
  if (issue.message === "Invalid input") return intl.formatMessage(fieldWords.invalidInput);
  return issue.message;
}

/**
 * A 400 whose message is zod's first default message ("Required", "String must contain at least
 * 3 character(s)", "Invalid email": spec 000 §5), with every field's messages alongside; in
 * `locale`, the reader's language (English: the spec's words).
 */
export function validationError(error: z.ZodError, locale: Locale = DEFAULT_LOCALE): Response {
  const flat = z.flattenError(error, (issue) => issueMessage(issue, locale));
  const first = error.issues[0];
  return Response.json(
    {
      message: first ? issueMessage(first, locale) : serverIntl(locale).formatMessage(fieldWords.invalidInput),
      errors: { fieldErrors: flat.fieldErrors, formErrors: flat.formErrors },
    },
    { status: 400 },
  );
}

/** A JSON body checked against `schema`: a clear 400 (thrown) when it does not fit, in the reader's language. */
export async function parseBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes?: number,
): Promise<z.infer<S>> {
  const parsed = schema.safeParse(await readJsonBody(request, maxBytes), SPEC_WORDING);
  if (!parsed.success) throw validationError(parsed.error, requestLocale(request));
  return parsed.data;
}
