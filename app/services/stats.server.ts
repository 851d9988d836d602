/**
 * The home dashboard's figures (spec 000 §2 "Home dashboard", §3 "Dashboard stats"). The
 * prototype filled them from a random simulator (spec 000 §9); here every figure is a query on
 * the database, documented where it is computed. Where a feature has no data yet the true value
 * is shown: 0, an empty list, or `null` ("No data") for a rate with nothing to divide by.
 *
 * Only the signed-in role's figures are computed, in one libSQL batch (one round trip): the
 * page polls every 2 s (spec 000 §9), so each poll must stay cheap.
 */
import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, notExists, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  analyticsEvents,
  assistedSessions,
  credentials,
  errorLogs,
  performanceMetrics,
  presentations,
  systemLogs,
  users,
  verificationRequests,
  webauthnCredentials,
} from "../../db/schema/index.ts";
import { effectiveRole, type KnownRole, type PublicUser } from "../utils/account-schemas.ts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** How many rows the recent-activity style lists show. */
export const RECENT_LIMIT = 5;
/** The metric type the request logger records per API request (same name the analytics screen reads, spec 000 §7). */
export const RESPONSE_TIME_METRIC = "response_time";
const ALERT_SEVERITIES = ["high", "critical"];
const STAFF_ROLES = ["admin", "verifier", "operator"];

export type Tone = "ok" | "warn" | "bad" | "neutral";

export interface ActivityItem {
  id: string;
  title: string;
  detail: string;
  /** ISO 8601 instant. */
  at: string;
  tone: Tone;
}

export interface StatusRow {
  label: string;
  value: string;
  tone: Tone;
}

interface Common {
  /** ISO instant the figures were read: the "last updated" time. */
  lastUpdated: string;
  activity: ActivityItem[];
  status: StatusRow[];
}

export type Dashboard =
  | (Common & { role: "admin"; stats: { totalUsers: number; systemHealth: number | null; uptime: number | null; activeAlerts: number } })
  | (Common & { role: "verifier"; stats: { pendingVerifications: number; completedToday: number; successRate: number | null } })
  | (Common & { role: "operator"; stats: { activeSessions: number; requestsProcessed: number; avgResponseTime: number | null } })
  | (Common & {
      role: "citizen";
      stats: { myCredentials: number; recentShares: number; profileStatus: number };
      profile: ProfileCheck[];
    });

export interface ProfileCheck {
  label: string;
  complete: boolean;
}

export async function getDashboard(db: Database, user: PublicUser, now = new Date()): Promise<Dashboard> {
  const role: KnownRole = effectiveRole(user.role);
  switch (role) {
    case "admin":
      return adminDashboard(db, now);
    case "verifier":
      return verifierDashboard(db, now);
    case "operator":
      return operatorDashboard(db, now);
    default:
      return citizenDashboard(db, user, now);
  }
}

/** Percentage with one decimal, or null when there is nothing to measure. */
export function percent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((Math.max(0, Math.min(part, whole)) / whole) * 1000) / 10;
}

/**
 * Midnight at the start of `now`'s day in the UK (Europe/London), as an instant: "today" for
 * a UK service follows UK clocks, including the days the clocks change.
 */
export function startOfUkDay(now: Date): Date {
  const wall = (instant: Date) => {
    const parts = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    }).formatToParts(instant);
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return {
      y: get("year"),
      m: get("month"),
      d: get("day"),
      ms: Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")),
    };
  };
  const offsetAt = (instant: Date) => wall(instant).ms - Math.floor(instant.getTime() / 1000) * 1000;
  const today = wall(now);
  const midnightAsUtc = Date.UTC(today.y, today.m - 1, today.d);
  // The offset at midnight can differ from the offset now (clock change at 01:00): settle it.
  const guess = new Date(midnightAsUtc - offsetAt(now));
  return new Date(midnightAsUtc - offsetAt(guess));
}

async function adminDashboard(db: Database, now: Date): Promise<Dashboard> {
  const since24h = new Date(now.getTime() - DAY_MS);
  const since30d = new Date(now.getTime() - 30 * DAY_MS);
  const requestsSince = (since: Date) =>
    db
      .select({ n: count() })
      .from(performanceMetrics)
      .where(and(eq(performanceMetrics.metricType, RESPONSE_TIME_METRIC), gte(performanceMetrics.timestamp, since)));
  const serverErrorsSince = (since: Date) => db.select({ n: count() }).from(errorLogs).where(gte(errorLogs.timestamp, since));

  const [citizens, requests24h, errors24h, requests30d, errors30d, alerts, unresolved, avgMs, events] = await db.batch([
    // totalUsers ("Active citizens"): accounts whose effective role is citizen (spec 000 §6: any
    // role other than the three staff roles counts as citizen).
    db.select({ n: count() }).from(users).where(notInArray(users.role, STAFF_ROLES)),
    // systemHealth: share of the last 24 h's API requests (one response_time metric each) not
    // matched by a server error (one error_logs row each, DESIGN.md "Observability").
    requestsSince(since24h),
    serverErrorsSince(since24h),
    // uptime: the same ratio over 30 days, the availability figure.
    requestsSince(since30d),
    serverErrorsSince(since30d),
    // activeAlerts: unresolved errors of high or critical severity.
    db
      .select({ n: count() })
      .from(errorLogs)
      .where(and(eq(errorLogs.resolved, false), inArray(errorLogs.severity, ALERT_SEVERITIES))),
    // System Status "Unresolved errors": every unresolved error, any severity.
    db.select({ n: count() }).from(errorLogs).where(eq(errorLogs.resolved, false)),
    // System Status "Average response (24 h)".
    db
      .select({ ms: sql<number | null>`avg(${performanceMetrics.value})`.mapWith((v) => (v === null ? null : Number(v))) })
      .from(performanceMetrics)
      .where(and(eq(performanceMetrics.metricType, RESPONSE_TIME_METRIC), gte(performanceMetrics.timestamp, since24h))),
    // System Events: the newest system_logs rows (sign-ins, refusals, …).
    db
      .select({ id: systemLogs.id, level: systemLogs.level, category: systemLogs.category, message: systemLogs.message, at: systemLogs.timestamp })
      .from(systemLogs)
      .orderBy(desc(systemLogs.timestamp))
      .limit(RECENT_LIMIT),
  ]);

  const n = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);
  const systemHealth = percent(n(requests24h) - n(errors24h), n(requests24h));
  const uptime = percent(n(requests30d) - n(errors30d), n(requests30d));
  const averageMs = avgMs[0]?.ms ?? null;
  return {
    role: "admin",
    lastUpdated: now.toISOString(),
    stats: { totalUsers: n(citizens), systemHealth, uptime, activeAlerts: n(alerts) },
    activity: events.map((e) => ({
      id: e.id,
      title: e.message,
      detail: `${e.level.toUpperCase()} · ${e.category}`,
      at: e.at.toISOString(),
      tone: e.level === "error" ? "bad" : e.level === "warn" ? "warn" : "neutral",
    })),
    status: [
      // This very read succeeded, so the database answers.
      { label: "Database", value: "Connected", tone: "ok" },
      { label: "Request success (24 h)", value: formatPercent(systemHealth), tone: rateTone(systemHealth) },
      { label: "Availability (30 days)", value: formatPercent(uptime), tone: rateTone(uptime) },
      { label: "Average response (24 h)", value: averageMs === null ? "No data" : `${Math.round(averageMs)} ms`, tone: "neutral" },
      { label: "Unresolved errors", value: String(n(unresolved)), tone: n(unresolved) > 0 ? "warn" : "ok" },
    ],
  };
}

async function verifierDashboard(db: Database, now: Date): Promise<Dashboard> {
  const today = startOfUkDay(now);
  const answered = (requestId: typeof verificationRequests.id) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(presentations)
        .where(eq(presentations.requestId, requestId)),
    );

  const [pending, expiredUnanswered, completedToday, validToday, results, recent] = await db.batch([
    // pendingVerifications: requests still open (not expired) that no presentation answered yet.
    db
      .select({ n: count() })
      .from(verificationRequests)
      .where(and(gt(verificationRequests.expiresAt, now), answered(verificationRequests.id))),
    // Verification Status "Expired without response".
    db
      .select({ n: count() })
      .from(verificationRequests)
      .where(and(lte(verificationRequests.expiresAt, now), answered(verificationRequests.id))),
    // completedToday: presentations verified (any result) since midnight UK time.
    db
      .select({ n: count() })
      .from(presentations)
      .where(and(gte(presentations.verifiedAt, today), isNotNull(presentations.verificationResult))),
    db
      .select({ n: count() })
      .from(presentations)
      .where(and(gte(presentations.verifiedAt, today), eq(presentations.verificationResult, "valid"))),
    // successRate: share of verified presentations whose result is valid, all time.
    db
      .select({ valid: sql<number>`sum(case when ${presentations.verificationResult} = 'valid' then 1 else 0 end)`.mapWith(Number), total: count() })
      .from(presentations)
      .where(isNotNull(presentations.verificationResult)),
    // Recent Verifications: the newest presentations with the credential type presented.
    db
      .select({
        id: presentations.id,
        purpose: presentations.purpose,
        result: presentations.verificationResult,
        at: presentations.verifiedAt,
        type: credentials.type,
      })
      .from(presentations)
      .leftJoin(credentials, eq(credentials.id, presentations.credentialId))
      .orderBy(desc(presentations.verifiedAt))
      .limit(RECENT_LIMIT),
  ]);

  const n = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);
  const successRate = percent(Number(results[0]?.valid ?? 0), Number(results[0]?.total ?? 0));
  return {
    role: "verifier",
    lastUpdated: now.toISOString(),
    stats: { pendingVerifications: n(pending), completedToday: n(completedToday), successRate },
    activity: recent.map((p) => ({
      id: p.id,
      title: p.purpose,
      detail: `${credentialTypeName(p.type)} · ${p.result ?? "pending"}`,
      at: p.at.toISOString(),
      tone: p.result === "valid" ? "ok" : p.result ? "bad" : "neutral",
    })),
    status: [
      { label: "Open requests", value: String(n(pending)), tone: "neutral" },
      { label: "Valid today", value: String(n(validToday)), tone: "ok" },
      { label: "Failed today", value: String(n(completedToday) - n(validToday)), tone: n(completedToday) - n(validToday) > 0 ? "warn" : "ok" },
      { label: "Expired without response", value: String(n(expiredUnanswered)), tone: n(expiredUnanswered) > 0 ? "warn" : "neutral" },
    ],
  };
}

async function operatorDashboard(db: Database, now: Date): Promise<Dashboard> {
  const today = startOfUkDay(now);
  const since24h = new Date(now.getTime() - DAY_MS);
  const completedToday = and(eq(assistedSessions.status, "completed"), gte(assistedSessions.completedAt, today));

  const [active, paused, awaitingApproval, processed, avgMs, avgSessionMs, recent] = await db.batch([
    // activeSessions ("Citizens being assisted"): assisted sessions in status active.
    db.select({ n: count() }).from(assistedSessions).where(eq(assistedSessions.status, "active")),
    db.select({ n: count() }).from(assistedSessions).where(eq(assistedSessions.status, "paused")),
    // Support Metrics "Awaiting supervisor": active dual-control sessions no supervisor has joined.
    db
      .select({ n: count() })
      .from(assistedSessions)
      .where(and(eq(assistedSessions.status, "active"), eq(assistedSessions.requiresDualControl, true), isNull(assistedSessions.supervisorId))),
    // requestsProcessed ("Today"): assisted sessions completed since midnight UK time.
    db.select({ n: count() }).from(assistedSessions).where(completedToday),
    // avgResponseTime: mean recorded API response time over the last 24 h, in milliseconds.
    db
      .select({ ms: sql<number | null>`avg(${performanceMetrics.value})`.mapWith((v) => (v === null ? null : Number(v))) })
      .from(performanceMetrics)
      .where(and(eq(performanceMetrics.metricType, RESPONSE_TIME_METRIC), gte(performanceMetrics.timestamp, since24h))),
    // Support Metrics "Average session (today)": completedAt − startedAt of today's completed sessions.
    db
      .select({
        ms: sql<number | null>`avg(${assistedSessions.completedAt} - ${assistedSessions.startedAt})`.mapWith((v) => (v === null ? null : Number(v))),
      })
      .from(assistedSessions)
      .where(completedToday),
    // Recent Support: the newest assisted sessions.
    db
      .select({
        id: assistedSessions.id,
        clientName: assistedSessions.clientName,
        assistanceType: assistedSessions.assistanceType,
        status: assistedSessions.status,
        at: assistedSessions.startedAt,
      })
      .from(assistedSessions)
      .orderBy(desc(assistedSessions.startedAt))
      .limit(RECENT_LIMIT),
  ]);

  const n = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);
  const averageMs = avgMs[0]?.ms ?? null;
  const sessionMs = avgSessionMs[0]?.ms ?? null;
  return {
    role: "operator",
    lastUpdated: now.toISOString(),
    stats: { activeSessions: n(active), requestsProcessed: n(processed), avgResponseTime: averageMs === null ? null : Math.round(averageMs) },
    activity: recent.map((s) => ({
      id: s.id,
      title: s.clientName,
      // Spec 000 §4: status active is shown as "In Progress".
      detail: `${s.assistanceType} · ${s.status === "active" ? "In Progress" : capitalise(s.status)}`,
      at: s.at.toISOString(),
      tone: s.status === "completed" ? "ok" : s.status === "paused" ? "warn" : "neutral",
    })),
    status: [
      { label: "Paused sessions", value: String(n(paused)), tone: n(paused) > 0 ? "warn" : "neutral" },
      { label: "Awaiting supervisor", value: String(n(awaitingApproval)), tone: n(awaitingApproval) > 0 ? "warn" : "ok" },
      { label: "Completed today", value: String(n(processed)), tone: "ok" },
      {
        label: "Average session (today)",
        value: sessionMs === null ? "No data" : `${Math.max(1, Math.round(sessionMs / 60000))} min`,
        tone: "neutral",
      },
    ],
  };
}

async function citizenDashboard(db: Database, user: PublicUser, now: Date): Promise<Dashboard> {
  const [account, held, verified, passkeys, events, logs] = await db.batch([
    db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, user.id)),
    // myCredentials: this user's credentials that are not revoked.
    db
      .select({ n: count() })
      .from(credentials)
      .where(and(eq(credentials.userId, user.id), isNull(credentials.revokedAt), ne(credentials.status, "revoked"))),
    // Profile check "Identity Verified": at least one active credential that has not expired.
    db
      .select({ n: count() })
      .from(credentials)
      .where(
        and(
          eq(credentials.userId, user.id),
          eq(credentials.status, "active"),
          isNull(credentials.revokedAt),
          or(isNull(credentials.expiresAt), gte(credentials.expiresAt, now)),
        ),
      ),
    // Profile check "Passkey Security": a registered passkey.
    db.select({ n: count() }).from(webauthnCredentials).where(eq(webauthnCredentials.userId, user.id)),
    // Recent Activity: this user's tracked actions …
    db
      .select({
        id: analyticsEvents.id,
        action: analyticsEvents.eventAction,
        category: analyticsEvents.eventCategory,
        label: analyticsEvents.eventLabel,
        page: analyticsEvents.page,
        at: analyticsEvents.timestamp,
      })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, user.id))
      .orderBy(desc(analyticsEvents.timestamp))
      .limit(RECENT_LIMIT),
    // … and the audit entries about their account (sign-ins, sign-outs, registration).
    db
      .select({
        id: systemLogs.id,
        message: systemLogs.message,
        category: systemLogs.category,
        metadata: systemLogs.metadata,
        at: systemLogs.timestamp,
      })
      .from(systemLogs)
      .where(eq(systemLogs.userId, user.id))
      .orderBy(desc(systemLogs.timestamp))
      .limit(RECENT_LIMIT),
  ]);

  const n = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);
  const me = account[0];
  const profile: ProfileCheck[] = [
    { label: "Basic Information", complete: Boolean(me?.firstName && me?.lastName) },
    { label: "Contact Information", complete: Boolean(me?.email) },
    { label: "Identity Verified", complete: n(verified) > 0 },
    { label: "Passkey Security", complete: n(passkeys) > 0 },
    // No emergency contacts are stored yet (the profile screen comes in a later release).
    { label: "Emergency Contacts", complete: false },
  ];
  const activity: ActivityItem[] = [
    ...events.map((e) => ({
      id: e.id,
      title: capitalise(e.action.replace(/_/g, " ")) + (e.label ? `: ${e.label}` : ""),
      detail: e.page ? `${e.category} · ${e.page}` : e.category,
      at: e.at.toISOString(),
      tone: (e.category === "error" ? "bad" : "neutral") as Tone,
    })),
    ...logs.map((l) => {
      const event = typeof l.metadata?.event === "string" ? l.metadata.event : l.message;
      return { id: l.id, title: capitalise(event), detail: "Account security", at: l.at.toISOString(), tone: "neutral" as Tone };
    }),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, RECENT_LIMIT);

  const profileStatus = Math.round((profile.filter((p) => p.complete).length / profile.length) * 100);
  return {
    role: "citizen",
    lastUpdated: now.toISOString(),
    // recentShares: sharing (spec 000 /shares) has no table yet, so nobody has shared anything.
    stats: { myCredentials: n(held), recentShares: 0, profileStatus },
    profile,
    activity,
    status: [],
  };
}

export function formatPercent(value: number | null): string {
  return value === null ? "No data" : `${value.toFixed(1)}%`;
}

function rateTone(value: number | null): Tone {
  if (value === null) return "neutral";
  return value >= 99 ? "ok" : value >= 95 ? "warn" : "bad";
}

const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** Spec 000 §3 "Wallet credential" type names. */
function credentialTypeName(type: string | null): string {
  switch (type) {
    case "rtw":
      return "Right to Work";
    case "rtr":
      return "Right to Rent";
    case "dbs":
      return "DBS Enhanced";
    default:
      return "Credential";
  }
}
