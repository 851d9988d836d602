import type { Locale } from "#core/i18n/locales.ts";
import { negotiateLocale } from "#core/i18n/negotiate.ts";
import { cookieLocale } from "./page-language.ts";
import { pageLocaleOf } from "./preference.ts";

/**
 * The language of the words an API answer carries for a person to read (an error's message, a
 * toast's text; its `code` never changes): the page's own language when the call comes from a
 * public page in one ("/cy/login"), else the person's choice (the cookie), else their browser's.
 */
export function requestLocale(request: Request): Locale {
  return pageLocaleOf(request) ?? cookieLocale(request) ?? negotiateLocale(request.headers.get("Accept-Language"));
}
