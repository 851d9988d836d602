/**
 * The language a Verifier Portal screen is shown in (issue 21), as the root loader decides it, for
 * the words its loader makes (check names, authorities, reasons).
 */
import type { Locale } from "#core/i18n/locales.ts";
import { getActiveSession, type SessionContext } from "#server/accounts/session.ts";
import { pageLocale } from "#server/credentials/page-locale.ts";

/** The signed-in screen's language (the session is read once per request, so this costs no second read). */
export async function screenLocale(
  request: Request,
  context: SessionContext & { pageRoutes: (pathname: string) => string[] },
): Promise<Locale> {
  const user = (await getActiveSession(request, context))?.user ?? null;
  return pageLocale(request, context, undefined, user);
}
