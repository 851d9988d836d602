/**
 * The languages the product speaks (issue 21, ADR 035). English and Welsh everywhere; the ten
 * most spoken main languages after English in England and Wales (Census 2021, ONS table TS024,
 * in its order) on the screens a citizen or a client at the counter uses. Panjabi is written in
 * Gurmukhi (ADR 035 says why); Urdu and Arabic are right to left.
 */
export const LOCALES = ["en", "cy", "pl", "ro", "pa", "ur", "pt", "es", "ar", "bn", "gu", "it"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** Where a language is offered: everywhere, or on the citizen's journeys only. */
export type LocaleScope = "all" | "citizen";

export interface LocaleInfo {
  /** The BCP 47 tag for `<html lang>`, `hreflang` and `Content-Language`. */
  tag: string;
  /** The language named in itself, as the language switch shows it. */
  name: string;
  /** The language named in English, for staff and logs. */
  englishName: string;
  dir: "ltr" | "rtl";
  scope: LocaleScope;
}

export const LOCALE_INFO: Readonly<Record<Locale, LocaleInfo>> = {
  en: { tag: "en-GB", name: "English", englishName: "English", dir: "ltr", scope: "all" },
  cy: { tag: "cy", name: "Cymraeg", englishName: "Welsh", dir: "ltr", scope: "all" },
  pl: { tag: "pl", name: "Polski", englishName: "Polish", dir: "ltr", scope: "citizen" },
  ro: { tag: "ro", name: "Română", englishName: "Romanian", dir: "ltr", scope: "citizen" },
  pa: { tag: "pa-Guru", name: "ਪੰਜਾਬੀ", englishName: "Panjabi (Gurmukhi)", dir: "ltr", scope: "citizen" },
  ur: { tag: "ur", name: "اردو", englishName: "Urdu", dir: "rtl", scope: "citizen" },
  pt: { tag: "pt-PT", name: "Português", englishName: "Portuguese", dir: "ltr", scope: "citizen" },
  es: { tag: "es", name: "Español", englishName: "Spanish", dir: "ltr", scope: "citizen" },
  ar: { tag: "ar", name: "العربية", englishName: "Arabic", dir: "rtl", scope: "citizen" },
  bn: { tag: "bn", name: "বাংলা", englishName: "Bengali", dir: "ltr", scope: "citizen" },
  gu: { tag: "gu", name: "ગુજરાતી", englishName: "Gujarati", dir: "ltr", scope: "citizen" },
  it: { tag: "it", name: "Italiano", englishName: "Italian", dir: "ltr", scope: "citizen" },
};

/**
 * The pseudo-locales (server/i18n/pseudo.ts; local runs and tests only, never offered to people):
 * accented English, and English written right to left on a right-to-left page.
 */
export const PSEUDO_LOCALE_INFO = { xa: { tag: "en-XA", dir: "ltr" }, xb: { tag: "en-XB", dir: "rtl" } } as const;
export type Pseudo = keyof typeof PSEUDO_LOCALE_INFO;

const KNOWN: ReadonlySet<string> = new Set(LOCALES);

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && KNOWN.has(value);
}

/** The languages offered where `scope` applies: every language on citizen screens, English and Welsh elsewhere. */
export function localesFor(scope: LocaleScope): readonly Locale[] {
  return scope === "citizen" ? LOCALES : LOCALES.filter((locale) => LOCALE_INFO[locale].scope === "all");
}

// Typed message ids (ADR 035): an id react-intl or @formatjs/intl is given must be one the
// English catalog has, so a message added to the code fails the type check until `npm run i18n`
// has extracted it.
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: keyof typeof import("./catalog/en.json");
    }
  }
}
