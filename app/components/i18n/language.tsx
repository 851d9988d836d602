/**
 * The page's language on the client (issue 21, ADR 035): the root loader decides it and sends the
 * page's messages, parsed; this gives them to react-intl, builds addresses in the language, and
 * draws the language switch (GOV.UK's language navigation: each language named in itself, with
 * `lang` and `hreflang`, the current one marked `aria-current`).
 */

import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { type ReactNode, useRef } from "react";
import { createIntl, defineMessages, IntlProvider, type IntlShape, useIntl } from "react-intl";
import { type Formats, formats, intlTag } from "#core/format/locale.ts";
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale, type Pseudo } from "#core/i18n/locales.ts";
import { localePath, splitLocalePrefix } from "#core/i18n/pages.ts";

/** Messages as the server parsed them (react-intl formats them without a parser in the browser). */
type ParsedMessages = Record<string, MessageFormatElement[]>;

/** What the root loader sends of the page's language (server/i18n/page-language.ts). */
export interface PageLanguageData {
  locale: Locale;
  requested: Locale;
  offered: Locale[];
  page: string | null;
  origin: string;
  messages: ParsedMessages;
  /** In the language asked for, when the page is shown in English because it is not translated into it yet. */
  notice: string | null;
  /** A pseudo-locale's messages (local runs and tests only: server/i18n/pseudo.ts). */
  pseudo?: Pseudo;
}

const messages = defineMessages({
  switchLabel: { id: "language.switch.label", defaultMessage: "Language" },
});

/** The page's language, as the root loader decided it; English before any loader ran (an error page). */
export function usePageLanguage(): PageLanguageData {
  const data = useRouteLoaderData("root") as { i18n?: PageLanguageData } | undefined;
  return (
    data?.i18n ?? {
      locale: DEFAULT_LOCALE,
      requested: DEFAULT_LOCALE,
      offered: [],
      page: null,
      origin: "",
      messages: {},
      notice: null,
    }
  );
}

/** Addresses in the page's language: "/login" is "/cy/login" on a Welsh page (signed-in screens keep theirs). */
export function useLocalePath(): (to: string) => string {
  const { locale } = usePageLanguage();
  return (to) => localePath(to, locale);
}

/** Dates, times, numbers and money in the page's language, on UK clocks (core/format/locale.ts, ADR 038). */
export function useFormats(): Formats {
  return formats(usePageLanguage().locale);
}

/**
 * A formatter for a route's `meta` (which cannot use hooks): the page's language and messages from
 * the root's data among `matches`, so a title is in the page's language, written as a message like
 * any other (`metaIntl(matches).formatMessage(messages.title)`).
 */
export function metaIntl(matches: readonly { id: string; data: unknown }[]): IntlShape {
  const i18n = (matches.find((match) => match.id === "root")?.data as { i18n?: PageLanguageData } | undefined)?.i18n;
  return createIntl({
    locale: intlTag(i18n?.locale ?? DEFAULT_LOCALE),
    defaultLocale: intlTag(DEFAULT_LOCALE),
    messages: (i18n?.messages ?? {}) as Record<FormatjsIntl.Message["ids"], MessageFormatElement[]>,
    onError: reportIntlError,
  });
}

/**
 * Missing locale data (Welsh and Panjabi numbers in Chromium) falls back to English's, as
 * core/format/locale.ts decides for them (ADR 038); anything else is a defect to see. One function
 * for every render: react-intl makes a new formatter when any of its props changes, and every
 * effect that depends on the page's formatter would run again.
 */
function reportIntlError(error: { code: string; message: string }): void {
  if (error.code !== "MISSING_DATA") console.error(error.message);
}

/** react-intl for the page: its language's tag and its messages, already parsed on the server. */
export function PageIntl({ children }: { children: ReactNode }) {
  const { locale, messages: fresh } = usePageLanguage();
  // The root's data is read afresh on every navigation: keep the same messages object while they
  // are the same, so react-intl keeps its formatter and nothing that depends on it runs again.
  const kept = useRef<{ json: string; messages: ParsedMessages }>();
  const json = JSON.stringify(fresh);
  if (kept.current?.json !== json) kept.current = { json, messages: fresh };
  const pageMessages = kept.current.messages;
  return (
    <IntlProvider
      locale={intlTag(locale)}
      defaultLocale={intlTag(DEFAULT_LOCALE)}
      messages={pageMessages as Record<FormatjsIntl.Message["ids"], MessageFormatElement[]>}
      onError={reportIntlError}
    >
      {children}
    </IntlProvider>
  );
}

/** `<link rel="alternate" hreflang>` for each language a public page is offered in, and x-default (English). */
export function LanguageAlternates() {
  const { page, offered, origin } = usePageLanguage();
  const { pathname, search } = useLocation();
  if (!page) return null;
  const { path } = splitLocalePrefix(pathname);
  const params = new URLSearchParams(search);
  params.delete("_data");
  const query = params.size ? `?${params}` : "";
  return (
    <>
      {offered.map((locale) => (
        <link
          key={locale}
          rel="alternate"
          hrefLang={LOCALE_INFO[locale].tag}
          href={`${origin}${localePath(path, locale)}${query}`}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${path}${query}`} />
    </>
  );
}

/**
 * The language switch, in the same place on every page. Each link goes through /language/:locale,
 * which remembers the choice and comes back to this page in that language; once hydrated it is a
 * client navigation, so nothing typed into the page is lost.
 */
export function LanguageSwitch() {
  const intl = useIntl();
  const { locale, requested, offered, notice } = usePageLanguage();
  const { pathname, search } = useLocation();
  if (offered.length < 2) return null;
  const next = `${splitLocalePrefix(pathname).path}${search}`;
  return (
    <div className="border-b border-govuk-grey-mid bg-white dark:border-slate-700 dark:bg-slate-900">
      <nav aria-label={intl.formatMessage(messages.switchLabel)} className="mx-auto max-w-7xl px-4 py-1.5">
        <ul className="flex flex-wrap justify-end gap-x-3 gap-y-1 text-sm">
          {offered.map((option) => {
            const { tag, name } = LOCALE_INFO[option];
            return (
              <li key={option}>
                {option === requested ? (
                  <span aria-current="true" lang={tag} className="font-bold">
                    {name}
                  </span>
                ) : (
                  <Link
                    to={`/language/${option}?next=${encodeURIComponent(next)}`}
                    lang={tag}
                    hrefLang={tag}
                    className="text-govuk-blue underline underline-offset-4 hover:text-govuk-blue-dark dark:text-govuk-blue-light dark:hover:text-white"
                  >
                    {name}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      {notice && requested !== locale ? (
        <p lang={LOCALE_INFO[requested].tag} className="mx-auto max-w-7xl px-4 pb-1.5 text-end text-sm">
          {notice}
        </p>
      ) : null}
    </div>
  );
}
