import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { type MessageFormatElement, parse } from "icu-messageformat-parser-full";
import { intlTag } from "#core/format/locale.ts";
import en from "#core/i18n/catalog/en.json";
import type { Pseudo } from "#core/i18n/locales.ts";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "#core/i18n/locales.ts";
import { TRANSLATIONS } from "#core/i18n/translations/index.ts";
import { currentPseudo, pseudoElements } from "./pseudo.ts";

/**
 * The message catalogs (ADR 035): English extracted from the code (`npm run i18n`), the others
 * written for this product. The server parses each message once per isolate, on first use, and
 * hands pages the parsed form (the browser carries no ICU parser); it formats its own words
 * (API errors a person reads, PDFs) with the same messages.
 */
export type Catalog = Readonly<Record<string, string>>;
export type ParsedMessages = Record<string, MessageFormatElement[]>;

export const CATALOGS: Readonly<Record<Locale, Catalog>> = Object.fromEntries(
  LOCALES.map((locale) => [locale, locale === DEFAULT_LOCALE ? en : (TRANSLATIONS[locale] ?? {})]),
) as Record<Locale, Catalog>;

const parsed = new Map<string, MessageFormatElement[]>();

/** A message of `locale`, parsed; undefined when the catalog has no translation for `id`. */
function parsedMessage(locale: Locale, id: string): MessageFormatElement[] | undefined {
  const key = `${locale}\u0000${id}`;
  const known = parsed.get(key);
  if (known) return known;
  const source = CATALOGS[locale][id];
  if (source === undefined) return undefined;
  const ast = parse(source, { ignoreTag: false });
  parsed.set(key, ast);
  return ast;
}

/** Whether every one of `ids` is translated in `locale` (English always is: it is extracted). */
export function translates(locale: Locale, ids: Iterable<string>): boolean {
  const catalog = CATALOGS[locale];
  for (const id of ids) if (catalog[id] === undefined) return false;
  return true;
}

/** The parsed messages a page needs, in `locale` (a message the code no longer has is left out). */
export function pageMessages(locale: Locale, ids: Iterable<string>): ParsedMessages {
  const messages: ParsedMessages = {};
  for (const id of ids) {
    const ast = parsedMessage(locale, id) ?? parsedMessage(DEFAULT_LOCALE, id);
    if (ast) messages[id] = ast;
  }
  return messages;
}

/**
 * Every message of `locale` (English where one is not translated), each parsed when it is first
 * formatted: a worker that words one refusal does not parse a language's whole catalog for it. In
 * a pseudo-locale, English's messages written in it.
 */
function lazyMessages(locale: Locale | Pseudo): Record<string, MessageFormatElement[]> {
  const known = (id: string | symbol): id is string => typeof id === "string" && Object.hasOwn(en, id);
  const message =
    locale === "xa" || locale === "xb"
      ? (id: string) => pseudoElements(parsedMessage(DEFAULT_LOCALE, id) ?? [], locale)
      : (id: string) => parsedMessage(locale, id) ?? parsedMessage(DEFAULT_LOCALE, id);
  return new Proxy({} as Record<string, MessageFormatElement[]>, {
    has: (_, id) => known(id),
    get: (_, id) => (known(id) ? message(id) : undefined),
    getOwnPropertyDescriptor: (_, id) =>
      known(id) ? { value: message(id), enumerable: true, configurable: true, writable: false } : undefined,
    ownKeys: () => Object.keys(en),
  });
}

const cache = createIntlCache();
const intls = new Map<Locale | Pseudo, IntlShape>();

/**
 * The server's formatter for `locale`: every message of its catalog, English where a message is
 * not translated yet. A missing or broken message throws rather than printing an id to a person.
 * English, while a request is answered in a pseudo-locale (server/i18n/pseudo.ts), is written in it.
 */
export function serverIntl(asked: Locale): IntlShape {
  const locale = (asked === DEFAULT_LOCALE && currentPseudo()) || asked;
  const known = intls.get(locale);
  if (known) return known;
  const intl = createIntl(
    {
      locale: intlTag(locale === "xa" || locale === "xb" ? DEFAULT_LOCALE : locale),
      defaultLocale: intlTag(DEFAULT_LOCALE),
      // Typed by id for code that names messages; the catalog's keys are those ids.
      messages: lazyMessages(locale) as Record<keyof typeof en, MessageFormatElement[]>,
      // A message the catalogs lack, or one that cannot be formatted, is a defect: never words a person reads.
      // Missing locale data (Welsh and Panjabi numbers in workerd) falls back to English's, as
      // core/format/locale.ts decides for them (ADR 038).
      onError: (error) => {
        if (error.code === "MISSING_TRANSLATION" || error.code === "FORMAT_ERROR") throw error;
        if (error.code !== "MISSING_DATA") console.warn(error.message);
      },
    },
    cache,
  );
  intls.set(locale, intl);
  return intl;
}
