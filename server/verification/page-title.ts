/**
 * The Verifier Portal's page titles in the page's language (issue 21). A route's `meta` cannot
 * read the page's messages, so its loader sends the title: in the language the root loader shows
 * the page in (server/i18n/page-language.ts: the `lang` cookie, then the language saved on the
 * person's profile, then their browser's; English while the page is not translated into it).
 */
import type { MessageDescriptor } from "@formatjs/intl";
import { DEFAULT_LOCALE, isLocale, type Locale, localesFor } from "#core/i18n/locales.ts";
import { negotiateLocale } from "#core/i18n/negotiate.ts";
import { getActiveSession, type SessionContext } from "#server/accounts/session.ts";
import { serverIntl, translates } from "#server/i18n/catalogs.ts";
import { cookieLocale } from "#server/i18n/page-language.ts";
import { messageIdsFor } from "#server/i18n/routes.ts";

interface TitleContext extends SessionContext {
  /** The route modules that answer a path, root first (app/entry.worker.ts). */
  pageRoutes: (pathname: string) => string[];
}

/** The language of a signed-in screen (not a citizen's: English and Welsh), as the root loader decides it. */
async function screenLocale(request: Request, context: TitleContext): Promise<Locale> {
  // The session was read already for this request (one read per GET): no second query.
  const saved = (await getActiveSession(request, context))?.user.language;
  const offered = localesFor("all");
  const asked =
    cookieLocale(request) ??
    (isLocale(saved) ? saved : undefined) ??
    negotiateLocale(request.headers.get("Accept-Language"), offered);
  const routes = context.pageRoutes(new URL(request.url).pathname).filter((id) => id !== "root");
  return offered.includes(asked) && translates(asked, messageIdsFor(routes)) ? asked : DEFAULT_LOCALE;
}

/** The page's title and description for `meta`, in the page's language. */
export async function pageTitle(
  request: Request,
  context: TitleContext,
  title: MessageDescriptor,
  description: MessageDescriptor,
): Promise<{ title: string; description: string }> {
  const intl = serverIntl(await screenLocale(request, context));
  return { title: intl.formatMessage(title), description: intl.formatMessage(description) };
}
