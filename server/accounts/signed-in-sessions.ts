/**
 * Where a person is signed in (issue 20; ADR 030): their live sessions as /profile lists them, and
 * signing one out, or every one but the session in use. Each is named to its owner by a reference
 * (a keyed digest of the row id under SESSION_SECRET), never by the row id or the cookie, so
 * nothing the page shows can be replayed or used to find a row. A reference names a session only
 * among its owner's own: another person's, or one already ended, is the same 404.
 */
import { defineMessages, type NoMessageValues as NoValues } from "@formatjs/intl";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { intlTag } from "#core/format/locale.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import type { Database } from "#db/client.ts";
import { type SessionData, sessions } from "#db/schema/accounts.ts";
import { ServiceError } from "#server/http/errors.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { type ActOrigin, auditAct } from "#server/observability/audit-act.ts";
import type { AccountsContext } from "./authentication.ts";
import { keyedDigest } from "./keyed-digest.ts";
import { type ActiveSession, isLive } from "./session.ts";

export interface SignedInSession {
  /** The session's reference (64 hex characters). */
  id: string;
  /** The session this list was asked for with ("This device"). */
  current: boolean;
  /** "Chrome on Windows (desktop)"; "Unknown browser" for sessions from before issue 20. */
  browser: string;
  device: "tablet" | "mobile" | "desktop" | null;
  /** A country name ("United Kingdom"), or null when the address could not be placed. */
  place: string | null;
  /** ISO 8601: when it was signed in, and when it was last used. */
  signedInAt: string;
  lastActiveAt: string;
}

const SESSION_NOT_FOUND = "That session has already ended.";

const whose = (userId: string) => eq(sql`json_extract(${sessions.sess}, '$.userId')`, userId);

/** A session's reference for its owner: a keyed digest of its row id. */
const referenceOf = (secret: string, sid: string) => keyedDigest(secret, `signed-in-session:${sid}`);

/** How a session's browser reads on /profile, in the page's language (issue 21). */
const messages = defineMessages<{ unknownBrowser: NoValues; browserOn: { browser: string; os: string } }>({
  unknownBrowser: {
    id: "server.citizen.sessions.unknownBrowser",
    defaultMessage: "Unknown browser",
    description: "A signed-in session whose browser is not known",
  },
  browserOn: {
    id: "server.citizen.sessions.browserOn",
    defaultMessage: "{browser} on {os}",
    description: "A browser and the system it runs on ('Chrome on Windows'); both names stay as they are",
  },
});

/** "GB" as "United Kingdom" (in `locale`); a code the runtime cannot name stays as it is. */
function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([intlTag(locale), "en-GB"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

function shown(data: SessionData, locale: Locale): Pick<SignedInSession, "browser" | "device" | "place"> {
  const intl = serverIntl(locale);
  const client = data.client;
  if (!client) return { browser: intl.formatMessage(messages.unknownBrowser), device: null, place: null };
  const browser = client.browser === "Other" ? intl.formatMessage(messages.unknownBrowser) : client.browser;
  return {
    browser: client.os === "Other" ? browser : intl.formatMessage(messages.browserOn, { browser, os: client.os }),
    device: client.device,
    place: client.country ? countryName(client.country, locale) : null,
  };
}

async function ownLiveSessions(db: Database, userId: string, now: number) {
  const rows = await db
    .select({ sid: sessions.sid, sess: sessions.sess, expire: sessions.expire })
    .from(sessions)
    .where(and(whose(userId), gt(sessions.expire, new Date(now))));
  return rows.filter((row) => isLive(row.sess, row.expire, now));
}

/** `userId`'s live sessions, the one in use first, then the most recently used; their words in `locale`. */
export async function listSignedInSessions(
  db: Database,
  secret: string,
  userId: string,
  currentSid: string,
  now = Date.now(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<SignedInSession[]> {
  const rows = await ownLiveSessions(db, userId, now);
  const listed = await Promise.all(
    rows.map(async (row) => ({
      id: await referenceOf(secret, row.sid),
      current: row.sid === currentSid,
      ...shown(row.sess, locale),
      signedInAt: new Date(row.sess.createdAt).toISOString(),
      lastActiveAt: new Date(row.sess.lastSeenAt).toISOString(),
    })),
  );
  return listed.sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
}

/**
 * Ends one of `userId`'s sessions by its reference. Answers whether it was the session in use (the
 * caller then clears its cookie) and the browser it was in; throws 404 `session_not_found` for
 * anything that is not a live session of theirs.
 */
async function signOutSession(
  db: Database,
  secret: string,
  userId: string,
  currentSid: string,
  reference: string,
  now = Date.now(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ current: boolean; browser: string }> {
  const notFound = new ServiceError(404, SESSION_NOT_FOUND, "session_not_found");
  if (!/^[0-9a-f]{64}$/.test(reference)) throw notFound;
  for (const row of await ownLiveSessions(db, userId, now)) {
    if ((await referenceOf(secret, row.sid)) !== reference) continue;
    // Bounded by the owner in the statement itself too.
    const [ended] = await db
      .delete(sessions)
      .where(and(eq(sessions.sid, row.sid), whose(userId)))
      .returning({ sid: sessions.sid });
    if (!ended) throw notFound;
    return { current: row.sid === currentSid, browser: shown(row.sess, locale).browser };
  }
  throw notFound;
}

/** The statement that ends every session of `userId` but `keepSid` (a password change batches it). */
export function otherSessionsOf(db: Database, userId: string, keepSid: string) {
  return db.delete(sessions).where(and(whose(userId), ne(sessions.sid, keepSid)));
}

/** Ends every session of `userId` but the one in use; answers how many were ended. */
async function signOutOtherSessions(db: Database, userId: string, currentSid: string): Promise<number> {
  const ended = await otherSessionsOf(db, userId, currentSid).returning({ sid: sessions.sid });
  return ended.length;
}

/**
 * "Sign out" beside one of the signed-in person's sessions (the API and /profile's form): ends it
 * (signOutSession) and audits the act.
 */
export async function signOutOwnSession(
  context: AccountsContext,
  session: ActiveSession,
  reference: string,
  from: ActOrigin,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ current: boolean; browser: string }> {
  const { user, sid } = session;
  const ended = await signOutSession(
    context.db,
    context.env.SESSION_SECRET,
    user.id,
    sid,
    reference,
    Date.now(),
    locale,
  );
  auditAct(context, from, user, { category: "auth", event: "session signed out", details: { current: ended.current } });
  return ended;
}

/** "Sign out everywhere else" (the API and /profile's form): ends every other session, audited; answers how many. */
export async function signOutElsewhere(
  context: AccountsContext,
  session: ActiveSession,
  from: ActOrigin,
): Promise<number> {
  const signedOut = await signOutOtherSessions(context.db, session.user.id, session.sid);
  auditAct(context, from, session.user, {
    category: "auth",
    event: "other sessions signed out",
    details: { signedOut },
  });
  return signedOut;
}
