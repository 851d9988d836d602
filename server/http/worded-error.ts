import type { MessageDescriptor } from "@formatjs/intl";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { ServiceError } from "./errors.ts";

type Values = Record<string, string | number>;

/**
 * A ServiceError whose message is a catalog message (issue 21, ADR 035): its `message` stays the
 * English one (logs, staff screens, and every caller that answers in English), and `messageIn`
 * words it in the language of the person who reads it. The code never changes.
 */
export class WordedServiceError extends ServiceError {
  readonly words: MessageDescriptor;
  readonly values: Values | undefined;

  constructor(status: number, words: MessageDescriptor, code: string, values?: Values) {
    super(status, serverIntl(DEFAULT_LOCALE).formatMessage(words, values), code);
    this.words = words;
    this.values = values;
  }

  messageIn(locale: Locale): string {
    return serverIntl(locale).formatMessage(this.words, this.values);
  }
}

/** A ServiceError's message for a person reading `locale`: worded errors in it, others as they are. */
export function serviceErrorMessage(error: ServiceError, locale: Locale): string {
  return error instanceof WordedServiceError ? error.messageIn(locale) : error.message;
}

/** serviceErrorResponse, with the message in `locale` (the code unchanged); anything else is rethrown. */
export function localisedServiceErrorResponse(error: unknown, locale: Locale): Response {
  if (error instanceof ServiceError)
    return Response.json({ message: serviceErrorMessage(error, locale), code: error.code }, { status: error.status });
  throw error;
}
