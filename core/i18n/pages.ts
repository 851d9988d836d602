import { DEFAULT_LOCALE, isLocale, type Locale, type LocaleScope, localesFor } from "./locales.ts";

/**
 * The public pages, whose language is in their address (`/cy/login`, issue 21): a link can be
 * shared in a language and an edge-cached page is cached per language. English has no prefix.
 * Each page says where it is offered: the citizen's pages in all twelve languages, the pitch site
 * in English and Welsh. Signed-in screens keep one address; their language is the person's choice
 * (a cookie, and their profile). An address prefix is valid only for a page offered in it.
 */
export const PUBLIC_PAGES: Readonly<Record<string, LocaleScope>> = {
  "/": "all",
  "/about": "all",
  "/challenge": "all",
  "/solution": "all",
  "/roadmap": "all",
  "/costs-benefits": "all",
  "/governance": "all",
  "/ministers": "all",
  "/podcasts": "all",
  "/pilots": "all",
  "/business-model": "all",
  "/investor-funding": "all",
  "/marketing": "all",
  "/government": "all",
  "/gabriel-ai": "all",
  "/terms-of-service": "all",
  "/coming-soon": "all",
  "/privacy-policy": "citizen",
  "/login": "citizen",
  "/register": "citizen",
  "/verify": "citizen",
};

/** The public page an unprefixed path belongs to ("/verify/abc" is "/verify"), or undefined. */
export function publicPage(path: string): string | undefined {
  if (path in PUBLIC_PAGES) return path;
  const first = `/${path.split("/")[1] ?? ""}`;
  return first !== "/" && first in PUBLIC_PAGES && (first === "/verify" || first === "/coming-soon")
    ? first
    : undefined;
}

/** Whether a public page (a key of PUBLIC_PAGES) is offered in `locale`. */
function pageOffers(page: string, locale: Locale): boolean {
  const scope = PUBLIC_PAGES[page];
  return scope !== undefined && localesFor(scope).includes(locale);
}

/**
 * An address as it is in `locale`: a public page offered in that language gets its prefix
 * ("/login" in Welsh is "/cy/login"); English, signed-in screens and pages not offered in the
 * language keep their one address. Takes an unprefixed path, with or without a query and hash.
 */
export function localePath(to: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || !to.startsWith("/") || to.startsWith("//")) return to;
  const end = to.search(/[?#]/);
  const path = end === -1 ? to : to.slice(0, end);
  const page = publicPage(path);
  if (!page || !pageOffers(page, locale)) return to;
  return `/${locale}${path === "/" ? "" : path}${end === -1 ? "" : to.slice(end)}`;
}

/**
 * A pathname split into its language prefix and the rest: "/cy/login" → cy and "/login".
 * Any first segment that is a locale other than English counts as a prefix (whether the page
 * is offered in it is for the caller); "/en/…" is not a prefix.
 */
export function splitLocalePrefix(pathname: string): { prefix: Locale | undefined; path: string } {
  const first = pathname.split("/")[1] ?? "";
  if (first === DEFAULT_LOCALE || !isLocale(first)) return { prefix: undefined, path: pathname };
  const rest = pathname.slice(first.length + 1);
  return { prefix: first, path: rest === "" ? "/" : rest };
}
