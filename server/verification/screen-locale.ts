/**
 * The language a Verifier Portal screen is shown in (issue 21), as the root loader decides it
 * (server/i18n/page-language.ts pageLocale), for the words its loader makes (check names,
 * authorities, reasons).
 */
import type { Locale } from "#core/i18n/locales.ts";
import { getActiveSession, type SessionContext } from "#server/accounts/session.ts";
import { pageLocale } from "#server/i18n/page-language.ts";

interface ScreenContext extends SessionContext {
  /** The route modules that answer a path, root first (app/entry.worker.ts). */
  pageRoutes: (pathname: string) => string[];
}

/** The language of a signed-in screen, as the root loader decides it (its session read once per request). */
export async function screenLocale(request: Request, context: ScreenContext): Promise<Locale> {
  const user = (await getActiveSession(request, context))?.user ?? null;
  return pageLocale({
    request,
    prefix: undefined,
    routeIds: context.pageRoutes(new URL(request.url).pathname),
    user: user && { role: user.role, language: user.language },
  });
}
