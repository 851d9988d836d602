/**
 * The Verifier Portal's page titles in the page's language (issue 21). A route's `meta` cannot
 * read the page's messages, so its loader sends the title: in the language the root loader shows
 * the page in (server/i18n/page-language.ts pageLocale).
 */
import type { MessageDescriptor } from "@formatjs/intl";
import type { Locale } from "#core/i18n/locales.ts";
import { getActiveSession, type SessionContext } from "#server/accounts/session.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { pageLocale } from "#server/i18n/page-language.ts";

interface TitleContext extends SessionContext {
  /** The route modules that answer a path, root first (app/entry.worker.ts). */
  pageRoutes: (pathname: string) => string[];
}

/** The language of a signed-in screen, as the root loader decides it (its session read once per request). */
export async function screenLocale(request: Request, context: TitleContext): Promise<Locale> {
  const user = (await getActiveSession(request, context))?.user ?? null;
  return pageLocale({
    request,
    prefix: undefined,
    routeIds: context.pageRoutes(new URL(request.url).pathname),
    user: user && { role: user.role, language: user.language },
  });
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
