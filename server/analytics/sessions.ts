import { eq, sql } from "drizzle-orm";
import * as z from "zod";
import { DEVICE_CLASSES, reduceUserAgent } from "#core/analytics/user-agent.ts";
import { isoDateTime } from "#core/validation/wording.ts";
import { userSessions } from "#db/schema/index.ts";
import { clientAddress, unauthorized } from "#server/accounts/authentication.ts";
import { ABSOLUTE_TIMEOUT_MS, getActiveSession } from "#server/accounts/session.ts";
import { assertMethod, parseBody } from "#server/http/json.ts";
import type { RequestContext } from "#server/worker/context.ts";
import type { HousekeeperBinding } from "./housekeeping.ts";
import { hashAddress, mayTrack, referrerOrigin, trackingSessionId, visitorSalt } from "./privacy.ts";

/**
 * The client session lifecycle (spec 000 §4, §7 POST /api/session/start, /sync, /end,
 * /emergency-end): one user_sessions row per login session, started once after login, synced
 * while the person uses the app, ended on sign out or by a beacon when the page unloads.
 *
 * The row is tied to the login session by `trackingSessionId` (a keyed hash of the login's sid),
 * never the sid or the cookie, so nothing in user_sessions can be replayed. What the server can
 * derive itself it does: the start time is its own clock; browser, OS and device class come from
 * the request's User-Agent (reduced, the raw header is not kept: user_agent stays null); the address
 * is kept only as the day's keyed hash (./privacy.ts); the referrer only as its origin.
 *
 * Every write is safe to retry: start inserts once (a second start changes nothing, unless the
 * row was ended by a page unload and the person is still signed in, which reopens it); sync and
 * end only raise the counters (max of stored and sent) and only touch an active row, so an end
 * after an end changes nothing. Sync and end create the row if the start never arrived.
 */

/** A session cannot outlive its login session (absolute timeout, 12 hours). */
const MAX_SESSION_SECONDS = ABSOLUTE_TIMEOUT_MS / 1000;
const MAX_COUNT = 1_000_000;

const instant = isoDateTime({ offset: true, error: "must be an ISO 8601 date and time" });
const seconds = z
  .number({ error: (issue) => (issue.input === undefined ? undefined : "must be a number of seconds") })
  .int("must be whole seconds")
  .min(0, "cannot be negative")
  .max(MAX_SESSION_SECONDS, `cannot exceed ${MAX_SESSION_SECONDS} seconds`);
const count = z
  .number({ error: (issue) => (issue.input === undefined ? undefined : "must be a number") })
  .int("must be a whole number")
  .min(0, "cannot be negative")
  .max(MAX_COUNT);
/** Flat, bounded maps the client may send and the server does not keep (see SessionSyncBody). */
const flatMap = z
  .record(z.string().max(50), z.union([z.string().max(200), z.number().finite(), z.boolean(), z.null()]))
  .refine((m) => Object.keys(m).length <= 20, "Too many keys");

export const SessionStartBody = z
  .object({
    startTime: instant,
    userAgent: z.string().max(1000),
    referrer: z.string().max(2000),
    device: z.enum(DEVICE_CLASSES, { error: "device must be tablet, mobile or desktop" }),
    browser: z.string().max(100),
    os: z.string().max(100),
  })
  .strict();

/**
 * `userPreferences` and `formData` are accepted (spec 000 §7) but never stored: what a person types
 * into a form is personal data that belongs with the form's own record once they submit it (where
 * they can see, correct and delete it); a copy in a usage table would outlive their choices and
 * escape the analytics opt-out's purpose. The portal's client sends none of it.
 */
export const SessionSyncBody = z
  .object({
    sessionData: z.object({ duration: seconds, lastActivity: instant, pendingData: z.boolean() }).strict(),
    userPreferences: flatMap.optional(),
    formData: flatMap.optional(),
    sessionMetrics: z
      .object({ pageViews: count, timeSpent: seconds, lastSyncTime: instant.nullable(), actions: count.optional() })
      .strict(),
  })
  .strict();

export const SessionEndBody = z
  .object({ endTime: instant, duration: seconds, pageViews: count, finalSync: z.boolean() })
  .strict();

export const SessionEmergencyEndBody = z
  .object({
    endTime: instant,
    duration: seconds,
    unexpectedEnd: z.literal(true, { error: "unexpectedEnd must be true" }),
  })
  .strict();

type TrackingContext = Pick<RequestContext<{ SESSION_SECRET: string } & HousekeeperBinding>, "db" | "ctx" | "env">;

/** Who is tracked and as which row; null for a signed-in person who opted out. */
export interface TrackedSession {
  sessionId: string;
  userId: string;
}

/**
 * The signed-in person's tracking row id, null when they opted out of usage analytics, or a thrown
 * 401. Tracking calls are not the person's own requests, so they do not slide the idle timeout.
 */
async function requireTrackedSession(request: Request, context: TrackingContext): Promise<TrackedSession | null> {
  const session = await getActiveSession(request, context, Date.now(), { slide: false });
  if (!session) throw unauthorized();
  if (!(await mayTrack(context.db, session.user.id))) return null;
  return { sessionId: await trackingSessionId(context.env.SESSION_SECRET, session.sid), userId: session.user.id };
}

/** What the request itself tells about the visit, reduced as ./privacy.ts says. */
async function visitFacts(request: Request, context: TrackingContext, now: Date, claimedUserAgent?: string) {
  const { browser, os, device } = reduceUserAgent(request.headers.get("User-Agent") ?? claimedUserAgent);
  return {
    browser,
    os,
    device,
    ipAddress: await hashAddress(await visitorSalt(context.env, now), clientAddress(request)),
    userAgent: null,
  };
}

export async function startSession(
  request: Request,
  context: TrackingContext,
  tracked: TrackedSession,
  body: z.infer<typeof SessionStartBody>,
  now = new Date(),
) {
  await context.db
    .insert(userSessions)
    .values({
      sessionId: tracked.sessionId,
      userId: tracked.userId,
      startTime: now,
      referrer: referrerOrigin(body.referrer),
      ...(await visitFacts(request, context, now, body.userAgent)),
    })
    // Reopens a row a page unload ended while the person stayed signed in (a reload); a second
    // start of a live row changes nothing.
    .onConflictDoUpdate({
      target: userSessions.sessionId,
      set: { isActive: true, endTime: null },
      setWhere: eq(userSessions.isActive, false),
    });
}

export interface SessionProgress {
  duration: number;
  pageViews?: number;
  actions?: number;
  /** Set for an end: the row becomes inactive with this end time. */
  endedAt?: Date;
}

const raise = (
  column: typeof userSessions.duration | typeof userSessions.pageViews | typeof userSessions.actions,
  excluded: string,
) => sql`max(coalesce(${column}, 0), ${sql.raw(`excluded.${excluded}`)})`;

/** Sync and both ends: raise the counters of the live row (created if the start never arrived), and end it when asked. */
export async function recordProgress(
  request: Request,
  context: TrackingContext,
  tracked: TrackedSession,
  progress: SessionProgress,
  now = new Date(),
) {
  const ending = progress.endedAt ? { endTime: progress.endedAt, isActive: false } : {};
  await context.db
    .insert(userSessions)
    .values({
      sessionId: tracked.sessionId,
      userId: tracked.userId,
      startTime: new Date(now.getTime() - progress.duration * 1000),
      duration: progress.duration,
      pageViews: progress.pageViews ?? 0,
      actions: progress.actions ?? 0,
      ...(await visitFacts(request, context, now)),
      ...ending,
    })
    .onConflictDoUpdate({
      target: userSessions.sessionId,
      set: {
        duration: raise(userSessions.duration, "duration"),
        pageViews: raise(userSessions.pageViews, "page_views"),
        actions: raise(userSessions.actions, "actions"),
        ...ending,
      },
      setWhere: eq(userSessions.isActive, true),
    });
}

/**
 * One tracking call (POST only): the signed-in person's row (401 signed out), the body checked
 * against `schema` (400), then `work` unless they opted out. Every call answers the same: whether
 * anything was recorded (false for an opted-out citizen).
 */
export async function trackingCall<S extends z.ZodType>(
  request: Request,
  context: TrackingContext,
  schema: S,
  work: (tracked: TrackedSession, body: z.infer<S>) => Promise<void>,
): Promise<Response> {
  assertMethod(request, "POST");
  const tracked = await requireTrackedSession(request, context);
  const body = await parseBody(request, schema);
  if (tracked) await work(tracked, body);
  return Response.json({ tracked: tracked !== null }, { headers: { "Cache-Control": "no-store" } });
}
