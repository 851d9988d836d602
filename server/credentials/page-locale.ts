import type { Locale } from "#core/i18n/locales.ts";
import { pageLocale as decidedLocale } from "#server/i18n/page-language.ts";

/**
 * The language a page is shown in, decided as the root loader decides it (server/i18n/page-language.ts),
 * so a route loader's own words (its data's sentences, its title) are in the page's language: never
 * Welsh words on a page shown in English because it is not fully translated yet.
 */
export function pageLocale(
  request: Request,
  context: { pageRoutes: (pathname: string) => string[] },
  prefix: string | undefined,
  user: { role: string; language: string | null } | null,
): Locale {
  return decidedLocale({ request, prefix, routeIds: context.pageRoutes(new URL(request.url).pathname), user });
}
