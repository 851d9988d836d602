import { eq } from "drizzle-orm";
import { isLocale, type Locale } from "#core/i18n/locales.ts";
import { splitLocalePrefix } from "#core/i18n/pages.ts";
import type { Database } from "#db/client.ts";
import { users } from "#db/schema/accounts.ts";
import { cookieLocale, languageCookie } from "./page-language.ts";

/** Saves a person's choice of language on their profile: it follows them to every device. */
export async function saveLanguage(db: Database, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ language: locale }).where(eq(users.id, userId));
}

/**
 * The language of the page a request was made from: the address's prefix ("/cy/login" posting to
 * itself), or, for a call the page's script made, the prefix of its same-origin Referer.
 */
export function pageLocaleOf(request: Request): Locale | undefined {
  const url = new URL(request.url);
  const own = splitLocalePrefix(url.pathname).prefix;
  if (own) return own;
  const referer = request.headers.get("Referer");
  if (!referer || !URL.canParse(referer)) return undefined;
  const from = new URL(referer);
  return from.origin === url.origin ? splitLocalePrefix(from.pathname).prefix : undefined;
}

/**
 * The language cookie a sign-in (or a new account) ends with: the language saved on the profile
 * follows the person to this device; with none saved yet, the one they chose here (the cookie, or
 * the language of the page they signed in on) is saved to the profile.
 */
export async function languageAtSignIn(
  request: Request,
  db: Database,
  user: { id: string; language: string | null },
): Promise<string | null> {
  if (isLocale(user.language)) return languageCookie(user.language);
  const chosen = cookieLocale(request) ?? pageLocaleOf(request);
  if (!chosen) return null;
  await saveLanguage(db, user.id, chosen);
  return languageCookie(chosen);
}
