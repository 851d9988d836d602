import { eq, lt, sql } from "drizzle-orm";
import { reduceUserAgent } from "#core/analytics/user-agent.ts";
import { base64urlEncode } from "#core/credentials/encoding.ts";
import { isBackgroundPoll } from "#core/dashboard/background-poll.ts";
import type { Database } from "#db/client.ts";
import { type SessionData, sessions, type User, users } from "#db/schema/accounts.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { keyedDigest } from "./keyed-digest.ts";

/**
 * Server-side login sessions (OWASP ASVS 5.0 session management; ADR 003). The cookie holds a
 * 256-bit random token; the database holds only its HMAC-SHA-256 under SESSION_SECRET (`sid`), so
 * a leaked sessions table cannot be replayed as cookies, and write access to the database alone
 * cannot plant a session (a row is found only by a token whose keyed digest it holds). Sessions are revocable (logout deletes the row) and expire on
 * an idle timeout (sliding with the person's requests, not with background polls) and an
 * absolute timeout (from creation), whichever comes first.
 */
export const SESSION_COOKIE = "__Host-identity_session";
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** Sliding the idle timeout costs a write; at most one per minute per session is plenty. */
const TOUCH_INTERVAL_MS = 60 * 1000;

type Db = Database;

export type SessionBindings = { SESSION_SECRET: string };
/** What reading or writing a session needs: the database, work after the response, and the key sids are made with. */
export type SessionContext = Pick<RequestContext<SessionBindings>, "db" | "ctx" | "env">;

export interface ActiveSession {
  sid: string;
  data: SessionData;
  user: User;
}

/** `bytes` random bytes, base64url without padding: a session token (32 bytes, 43 chars) travels so, and its digest is the row key. */
export function randomToken(bytes = 32): string {
  return base64urlEncode(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** The row key of a token: HMAC-SHA-256 keyed with SESSION_SECRET. */
export const sessionIdFor = (secret: string, token: string): Promise<string> => keyedDigest(secret, token);

// Anything else in the cookie is not a token we issued; refuse before touching the database.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The first value of the cookie `name` the request carries, or null. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eqAt = part.indexOf("=");
    if (eqAt < 0) continue;
    if (part.slice(0, eqAt).trim() === name) return part.slice(eqAt + 1).trim();
  }
  return null;
}

function readSessionToken(request: Request): string | null {
  const value = readCookie(request, SESSION_COOKIE);
  return value !== null && TOKEN.test(value) ? value : null;
}

/** Idle expiry, capped by the absolute limit so `expire` alone answers "is this row dead?". */
function expiryFor(data: SessionData): Date {
  return new Date(Math.min(data.lastSeenAt + IDLE_TIMEOUT_MS, data.createdAt + ABSOLUTE_TIMEOUT_MS));
}

export function isLive(data: SessionData, expire: Date, now: number): boolean {
  return (
    now < expire.getTime() && now - data.lastSeenAt < IDLE_TIMEOUT_MS && now - data.createdAt < ABSOLUTE_TIMEOUT_MS
  );
}

function cookie(value: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAgeSeconds}`;
}

export function clearSessionCookie(): string {
  return cookie("", 0);
}

/**
 * One session read per GET request: a document request runs the root loader and the route's
 * loader with the same load context, and both ask who is signed in. A GET changes no session
 * (nothing changes state on a GET), so the first read answers both. Other methods
 * read afresh, since their action may sign in or out before loaders run.
 */
const readsByRequest = new WeakMap<object, Promise<ActiveSession | null>>();

/**
 * Starts a session for a user who has just proved who they are. Any session presented with the
 * request is deleted first, so a token planted before sign-in (session fixation) is worthless and
 * every login gets a fresh id. Expired rows are purged in the background (sessions.expire index).
 */
export async function createSession(
  request: Request,
  context: SessionContext,
  userId: string,
  openedBy: NonNullable<SessionData["openedBy"]> = "sign-in",
  now = Date.now(),
): Promise<{ sid: string; setCookie: string }> {
  readsByRequest.delete(context);
  const previous = readSessionToken(request);
  if (previous)
    await context.db.delete(sessions).where(eq(sessions.sid, await sessionIdFor(context.env.SESSION_SECRET, previous)));
  const token = randomToken();
  const sid = await sessionIdFor(context.env.SESSION_SECRET, token);
  // Signing in or registering proves the password (or a passkey): the session starts confirmed.
  const data: SessionData = {
    userId,
    createdAt: now,
    lastSeenAt: now,
    openedBy,
    confirmedAt: now,
    client: clientOf(request),
  };
  await context.db.insert(sessions).values({ sid, sess: data, expire: expiryFor(data) });
  context.ctx.waitUntil(purgeExpiredSessions(context.db, now).catch(() => undefined));
  // The cookie lives as long as the absolute limit; the server decides idleness.
  return { sid, setCookie: cookie(token, ABSOLUTE_TIMEOUT_MS / 1000) };
}

/** A country code as Cloudflare gives it (ISO 3166-1 alpha-2); "XX" (unknown) and "T1" (Tor) are no place. */
const COUNTRY = /^[A-Z]{2}$/;

/**
 * What the session list shows of the browser a session began in (SessionData.client): the reduced
 * User-Agent and the country of the address (Cloudflare's `request.cf.country`), never the address.
 */
function clientOf(request: Request): NonNullable<SessionData["client"]> {
  const { browser, os, device } = reduceUserAgent(request.headers.get("User-Agent"));
  const country = (request as { cf?: { country?: unknown } }).cf?.country;
  return {
    browser,
    os,
    device,
    country: typeof country === "string" && COUNTRY.test(country) && country !== "XX" ? country : null,
  };
}

async function purgeExpiredSessions(db: Db, now = Date.now()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expire, new Date(now)));
}

export interface SessionReadOptions {
  /**
   * Whether this request counts as the person's activity and slides the idle timeout. By default
   * it does, unless the request is a background poll (X-Background-Poll: 1, the dashboard's 2 s
   * refresh): a tab left open must still time out.
   */
  slide?: boolean;
}

/**
 * The session and its user, read together on every request so a role change or a deleted
 * account takes effect at once (nothing about the user is cached in the session).
 */
export function getActiveSession(
  request: Request,
  context: SessionContext,
  now = Date.now(),
  options: SessionReadOptions = {},
): Promise<ActiveSession | null> {
  const slide = options.slide ?? !isBackgroundPoll(request);
  if (request.method !== "GET" && request.method !== "HEAD") return readSession(request, context, now, slide);
  let read = readsByRequest.get(context);
  if (!read) {
    read = readSession(request, context, now, slide);
    readsByRequest.set(context, read);
  }
  return read;
}

async function readSession(
  request: Request,
  context: SessionContext,
  now: number,
  slide: boolean,
): Promise<ActiveSession | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  const sid = await sessionIdFor(context.env.SESSION_SECRET, token);
  const [row] = await context.db
    .select({ sess: sessions.sess, expire: sessions.expire, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sql`json_extract(${sessions.sess}, '$.userId')`))
    .where(eq(sessions.sid, sid))
    .limit(1);
  if (!row) return null;
  if (!isLive(row.sess, row.expire, now)) {
    context.ctx.waitUntil(
      context.db
        .delete(sessions)
        .where(eq(sessions.sid, sid))
        .then(
          () => undefined,
          () => undefined,
        ),
    );
    return null;
  }
  if (slide && now - row.sess.lastSeenAt >= TOUCH_INTERVAL_MS) {
    const data: SessionData = { ...row.sess, lastSeenAt: now };
    // Awaited rather than deferred: a sliding refresh that silently failed would log the user out early.
    await context.db
      .update(sessions)
      .set({ sess: data, expire: expiryFor(data) })
      .where(eq(sessions.sid, sid));
    return { sid, data, user: row.user };
  }
  return { sid, data: row.sess, user: row.user };
}

/** Deletes the session presented with the request (logout); returns what it held, if anything. */
export async function destroySession(
  request: Request,
  context: Pick<SessionContext, "db" | "env">,
): Promise<SessionData | null> {
  readsByRequest.delete(context);
  const token = readSessionToken(request);
  if (!token) return null;
  const [row] = await context.db
    .delete(sessions)
    .where(eq(sessions.sid, await sessionIdFor(context.env.SESSION_SECRET, token)))
    .returning({ sess: sessions.sess });
  return row?.sess ?? null;
}
