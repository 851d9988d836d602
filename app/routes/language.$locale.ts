import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { isLocale } from "#core/i18n/locales.ts";
import { localePath, splitLocalePrefix } from "#core/i18n/pages.ts";
import { getActiveSession } from "#server/accounts/session.ts";
import { languageCookie } from "#server/i18n/page-language.ts";
import { saveLanguage } from "#server/i18n/preference.ts";

/**
 * The language switch (issue 21): GET /language/cy?next=/wallet remembers the choice (a cookie;
 * for a signed-in person, their profile too) and goes back to `next` in that language. A choice
 * made from another site (a link planted elsewhere) changes this browser's cookie only, never the
 * profile. An unknown language is a 404; a `next` that is not a path of ours goes home.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const locale = params.locale;
  if (!isLocale(locale)) throw new Response("Not Found", { status: 404 });
  const next = new URL(request.url).searchParams.get("next") ?? "/";
  const ours = next.startsWith("/") && !next.startsWith("//") && !next.includes("\\");
  const { path } = splitLocalePrefix(ours ? next : "/");

  const site = request.headers.get("Sec-Fetch-Site");
  if (site === "same-origin" || site === "none") {
    const session = await getActiveSession(request, context);
    if (session) await saveLanguage(context.db, session.user.id, locale);
  }
  return redirect(localePath(path, locale), {
    headers: { "Set-Cookie": languageCookie(locale), "Cache-Control": "private, no-store" },
  });
}
