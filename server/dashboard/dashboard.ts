/**
 * The home dashboard's figures (spec 000 §2 "Home dashboard", §3 "Dashboard stats"). The
 * prototype filled them from a random simulator (spec 000 §9); here every figure is a query on
 * the database, documented where it is computed. Where a feature has no data yet the true value
 * is shown: 0, an empty list, or `null` ("No data") for a rate or mean with nothing to divide by.
 *
 * Scope (authorisation per object): a verifier sees only their own requests and presentations
 * (verifierId = the signed-in user), an operator only their own assisted sessions (operatorId),
 * a citizen only their own credentials and activity; the admin dashboard is platform-wide.
 *
 * Only the signed-in role's figures are computed, in one libSQL batch (one round trip): the
 * page polls every 2 s (spec 000 §9), so each poll must stay cheap.
 */
import { defineMessages } from "@formatjs/intl";
import {
  and,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { effectiveRole, type KnownRole, type PublicUser } from "#core/accounts/users.ts";
import { capitalise, formatPercent } from "#core/format/format.ts";
import type { Tone } from "#core/format/tone.ts";
import { startOfUkDay } from "#core/format/uk-time.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { walletTypeNames } from "#core/issuers/registry.ts";
import { resultBadge } from "#core/verification/reasons.ts";
import type { Database } from "#db/client.ts";
import {
  assistedSessions,
  credentials,
  errorGroups,
  presentations,
  sessions,
  shares,
  systemLogs,
  userSessions,
  users,
  verificationRequests,
  walletEvents,
} from "#db/schema/index.ts";
import { requestTotals } from "#server/analytics/dashboard.ts";
import { describeWalletEvent } from "#server/credentials/activity.ts";
import { countCredentials, heldBy } from "#server/credentials/credentials.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { profileFromRows, profileQueries } from "#server/profile/profile.ts";
import { madeBy } from "#server/shares/shares.ts";
import { describeAuditEvent } from "./audit-events.ts";

/** The words of a citizen's dashboard the server writes (issue 21): the profile strength's checks. */
const messages = defineMessages({
  identityVerified: { id: "server.citizen.dashboard.identityVerified", defaultMessage: "Identity Verified" },
  contactInformation: { id: "server.citizen.dashboard.contactInformation", defaultMessage: "Contact Information" },
  emergencyContacts: { id: "server.citizen.dashboard.emergencyContacts", defaultMessage: "Emergency Contacts" },
});

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** An audit row with the account it is about (server/dashboard/audit-events.ts reads it). */
const auditColumns = {
  id: systemLogs.id,
  level: systemLogs.level,
  category: systemLogs.category,
  metadata: systemLogs.metadata,
  username: users.username,
  at: systemLogs.timestamp,
};

/** How many rows the recent-activity style lists show. */
const RECENT_LIMIT = 5;
/** "Active" citizens: signed in now, or a visit started within this many days. */
const ACTIVE_CITIZEN_DAYS = 30;

const ALERT_SEVERITIES = ["high", "critical"];
const STAFF_ROLES = ["admin", "verifier", "operator"];

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
  | (Common & {
      role: "admin";
      stats: { totalUsers: number; systemHealth: number | null; uptime: number | null; activeAlerts: number };
    })
  | (Common & {
      role: "verifier";
      stats: { pendingVerifications: number; completedToday: number; successRate: number | null };
    })
  | (Common & {
      role: "operator";
      /** avgResponseTime: minutes, one decimal (see operatorDashboard). */
      stats: { activeSessions: number; requestsProcessed: number; avgResponseTime: number | null };
    })
  | (Common & {
      role: "citizen";
      stats: { myCredentials: number; recentShares: number; profileStatus: number };
      profile: ProfileCheck[];
    });

interface ProfileCheck {
  label: string;
  complete: boolean;
}

/**
 * The dashboard of `user`'s role at `now`. A citizen's rows (their activity, their profile's
 * checks) are worded in `locale`, the page's language; the staff dashboards' stay English.
 */
export async function getDashboard(
  db: Database,
  user: PublicUser,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<Dashboard> {
  const role: KnownRole = effectiveRole(user.role);
  switch (role) {
    case "admin":
      return adminDashboard(db, now);
    case "verifier":
      return verifierDashboard(db, user, now);
    case "operator":
      return operatorDashboard(db, user, now);
    default:
      return citizenDashboard(db, user, now, locale);
  }
}

/**
 * Percentage with one decimal, or null when there is nothing to measure. Not clamped: a part
 * larger than the whole means the two were counted over different populations, and that must
 * show rather than be hidden.
 */
export function percent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}

/** The single value of a `count()` query. */
const countOf = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);

/** A SQL `avg(...)` read back as a number, or null over no rows. */
const average = (expression: SQL) =>
  sql<number | null>`avg(${expression})`.mapWith((v) => (v === null ? null : Number(v)));

async function adminDashboard(db: Database, now: Date): Promise<Dashboard> {
  const since30d = new Date(now.getTime() - ACTIVE_CITIZEN_DAYS * DAY_MS);
  // Health, uptime and the average response read the analytics figures (server/analytics/dashboard.ts):
  // the measured API requests (not the dashboard's own polling, server/observability/request-outcomes.ts)
  // and, of the same requests, those answered with a server error, so the ratio compares like with
  // like. From the hourly rollups, so the 30 days cost the same however busy they were: the last
  // 24 h and 30 days count from the start of the hour they begin in.
  const [[last24h, last30d], [activeCitizens, alerts, unresolved, events]] = await Promise.all([
    requestTotals(db, [now.getTime() - DAY_MS, since30d.getTime()], now),
    db.batch([
      // totalUsers ("Active citizens"): citizen accounts (spec 000 §6: any role other than the three
      // staff roles) that are signed in now (a login session not yet expired) or started a visit
      // (user_sessions, spec 000 §7 POST /api/session/start) in the last 30 days. Accounts that
      // were registered and never came back are not active.
      db
        .select({ n: count() })
        .from(users)
        .where(
          and(
            notInArray(users.role, STAFF_ROLES),
            or(
              exists(
                db
                  .select({ one: sql`1` })
                  .from(sessions)
                  .where(and(eq(sql`json_extract(${sessions.sess}, '$.userId')`, users.id), gt(sessions.expire, now))),
              ),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(userSessions)
                  .where(and(eq(userSessions.userId, users.id), gte(userSessions.startTime, since30d))),
              ),
            ),
          ),
        ),
      // activeAlerts: unresolved error groups (the Errors tab's rows) of high or critical severity.
      db
        .select({ n: count() })
        .from(errorGroups)
        .where(and(eq(errorGroups.resolved, false), inArray(errorGroups.severity, ALERT_SEVERITIES))),
      // System Status "Unresolved errors": every unresolved error group, any severity.
      db.select({ n: count() }).from(errorGroups).where(eq(errorGroups.resolved, false)),
      // System Events: the newest system_logs rows (sign-ins, refusals, …), with the account each names.
      db
        .select(auditColumns)
        .from(systemLogs)
        .leftJoin(users, eq(users.id, systemLogs.userId))
        .orderBy(desc(systemLogs.timestamp))
        .limit(RECENT_LIMIT),
    ]),
  ]);

  // systemHealth: share of the last 24 h's measured API requests not answered by a server error;
  // uptime: the same over 30 days, the availability people experienced.
  const systemHealth = percent(last24h!.requests - last24h!.failures, last24h!.requests);
  const uptime = percent(last30d!.requests - last30d!.failures, last30d!.requests);
  const averageMs = last24h!.requests ? last24h!.totalMs / last24h!.requests : null;
  return {
    role: "admin",
    lastUpdated: now.toISOString(),
    stats: { totalUsers: countOf(activeCitizens), systemHealth, uptime, activeAlerts: countOf(alerts) },
    activity: events.map((e) => ({ id: e.id, at: e.at.toISOString(), ...describeAuditEvent(e, "admin") })),
    status: [
      // This very read succeeded, so the database answers.
      { label: "Database", value: "Connected", tone: "ok" },
      { label: "Request success (24 h)", value: formatPercent(systemHealth), tone: rateTone(systemHealth) },
      { label: "Uptime (30 days)", value: formatPercent(uptime), tone: rateTone(uptime) },
      {
        label: "Average response (24 h)",
        value: averageMs === null ? "No data" : `${Math.round(averageMs)} ms`,
        tone: "neutral",
      },
      { label: "Unresolved errors", value: String(countOf(unresolved)), tone: countOf(unresolved) > 0 ? "warn" : "ok" },
    ],
  };
}

async function verifierDashboard(db: Database, user: PublicUser, now: Date): Promise<Dashboard> {
  const today = startOfUkDay(now);
  // This verifier's organisation's requests and checks (issue 9: API keys act for the organisation
  // too), or, without an organisation, this verifier's own.
  const organisation = sql`(select ${users.organisationId} from ${users} where ${users.id} = ${user.id})`;
  const myRequests = or(
    eq(verificationRequests.verifierId, user.id),
    eq(verificationRequests.organisationId, organisation),
  );
  const toMe = or(eq(presentations.verifierId, user.id), eq(presentations.organisationId, organisation));
  // The request's own status, written through by its single writer (docs/decisions/016): answered
  // requests are completed or declined; one still pending past its expiry was never answered.
  const unanswered = inArray(verificationRequests.status, ["pending", "expired"]);

  const [pending, expiredUnanswered, completedToday, validToday, results, recent] = await db.batch([
    // pendingVerifications: this verifier's requests still open (not expired) that no presentation answered yet.
    db
      .select({ n: count() })
      .from(verificationRequests)
      .where(and(myRequests, eq(verificationRequests.status, "pending"), gt(verificationRequests.expiresAt, now))),
    // Verification Status "Expired without response".
    db
      .select({ n: count() })
      .from(verificationRequests)
      .where(and(myRequests, lte(verificationRequests.expiresAt, now), unanswered)),
    // completedToday: presentations to this verifier verified (any result) since midnight UK time.
    db
      .select({ n: count() })
      .from(presentations)
      .where(and(toMe, gte(presentations.verifiedAt, today), isNotNull(presentations.verificationResult))),
    db
      .select({ n: count() })
      .from(presentations)
      .where(and(toMe, gte(presentations.verifiedAt, today), eq(presentations.verificationResult, "valid"))),
    // successRate: share of this verifier's verified presentations whose result is valid, all time.
    db
      .select({
        valid: sql<number>`sum(case when ${presentations.verificationResult} = 'valid' then 1 else 0 end)`.mapWith(
          Number,
        ),
        total: count(),
      })
      .from(presentations)
      .where(and(toMe, isNotNull(presentations.verificationResult))),
    // Recent Verifications: this verifier's newest presentations with the credential type presented.
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
      .where(toMe)
      .orderBy(desc(presentations.verifiedAt))
      .limit(RECENT_LIMIT),
  ]);

  const successRate = percent(Number(results[0]?.valid ?? 0), Number(results[0]?.total ?? 0));
  const failedToday = countOf(completedToday) - countOf(validToday);
  return {
    role: "verifier",
    lastUpdated: now.toISOString(),
    stats: { pendingVerifications: countOf(pending), completedToday: countOf(completedToday), successRate },
    activity: recent.map((p) => ({
      id: p.id,
      title: p.purpose,
      detail: `${walletTypeNames(p.type ?? "").title} · ${p.result ? resultBadge(p.result === "valid", p.result) : "pending"}`,
      at: p.at.toISOString(),
      tone: p.result === "valid" ? "ok" : p.result ? "bad" : "info",
    })),
    status: [
      { label: "Open requests", value: String(countOf(pending)), tone: "neutral" },
      { label: "Valid today", value: String(countOf(validToday)), tone: "ok" },
      { label: "Failed today", value: String(failedToday), tone: failedToday > 0 ? "warn" : "ok" },
      {
        label: "Expired without response",
        value: String(countOf(expiredUnanswered)),
        tone: countOf(expiredUnanswered) > 0 ? "warn" : "neutral",
      },
    ],
  };
}

async function operatorDashboard(db: Database, user: PublicUser, now: Date): Promise<Dashboard> {
  const today = startOfUkDay(now);
  const since24h = new Date(now.getTime() - DAY_MS);
  // Only the assisted sessions this operator runs.
  const mine = eq(assistedSessions.operatorId, user.id);
  const completedSince = (since: Date) =>
    and(mine, eq(assistedSessions.status, "completed"), gte(assistedSessions.completedAt, since));

  const [active, paused, awaitingApproval, processedToday, completed24h, handling, recent] = await db.batch([
    // activeSessions ("Citizens being assisted"): this operator's assisted sessions in status active.
    db
      .select({ n: count() })
      .from(assistedSessions)
      .where(and(mine, eq(assistedSessions.status, "active"))),
    db
      .select({ n: count() })
      .from(assistedSessions)
      .where(and(mine, eq(assistedSessions.status, "paused"))),
    // Support Metrics "Awaiting supervisor": active dual-control sessions no supervisor has joined.
    db
      .select({ n: count() })
      .from(assistedSessions)
      .where(
        and(
          mine,
          eq(assistedSessions.status, "active"),
          eq(assistedSessions.requiresDualControl, true),
          isNull(assistedSessions.supervisorId),
        ),
      ),
    // requestsProcessed ("Today"): this operator's sessions completed since midnight UK time.
    db.select({ n: count() }).from(assistedSessions).where(completedSince(today)),
    db.select({ n: count() }).from(assistedSessions).where(completedSince(since24h)),
    // avgResponseTime: the support response time of spec 000 §9 ("about 2.5 to 4.5 min"), not
    // HTTP latency: the mean time from startedAt to completedAt of this operator's sessions
    // completed in the last 24 h, i.e.
    //   avg(completed_at - started_at) where operator_id = :me and status = 'completed'
    //                                    and completed_at >= :now - 24 h
    // in milliseconds, shown in minutes. Null ("No data") when none completed.
    db
      .select({ ms: average(sql`${assistedSessions.completedAt} - ${assistedSessions.startedAt}`) })
      .from(assistedSessions)
      .where(completedSince(since24h)),
    // Recent Support: this operator's newest assisted sessions.
    db
      .select({
        id: assistedSessions.id,
        clientName: assistedSessions.clientName,
        assistanceType: assistedSessions.assistanceType,
        status: assistedSessions.status,
        at: assistedSessions.startedAt,
      })
      .from(assistedSessions)
      .where(mine)
      .orderBy(desc(assistedSessions.startedAt))
      .limit(RECENT_LIMIT),
  ]);

  const handlingMs = handling[0]?.ms ?? null;
  return {
    role: "operator",
    lastUpdated: now.toISOString(),
    stats: {
      activeSessions: countOf(active),
      requestsProcessed: countOf(processedToday),
      avgResponseTime: handlingMs === null ? null : Math.round((handlingMs / MINUTE_MS) * 10) / 10,
    },
    activity: recent.map((s) => ({
      id: s.id,
      title: s.clientName,
      // Spec 000 §4: status active is shown as "In Progress".
      detail: `${s.assistanceType} · ${s.status === "active" ? "In Progress" : capitalise(s.status)}`,
      at: s.at.toISOString(),
      tone: s.status === "completed" ? "ok" : s.status === "paused" ? "warn" : "info",
    })),
    status: [
      { label: "Paused sessions", value: String(countOf(paused)), tone: countOf(paused) > 0 ? "warn" : "neutral" },
      {
        label: "Awaiting supervisor",
        value: String(countOf(awaitingApproval)),
        tone: countOf(awaitingApproval) > 0 ? "warn" : "ok",
      },
      // The population the average response time is taken over.
      { label: "Completed (24 h)", value: String(countOf(completed24h)), tone: "ok" },
    ],
  };
}

async function citizenDashboard(db: Database, user: PublicUser, now: Date, locale: Locale): Promise<Dashboard> {
  const [account, saved, verified, passkeys, held, shared, personLog, auditLog] = await db.batch([
    // The profile figures are /profile's own reads (server/profile/profile.ts), so the
    // dashboard and the profile page always agree.
    ...profileQueries(db, user.id, now),
    // myCredentials: the credentials this user holds, by the one definition the wallet and
    // /credentials list them by (heldBy): the three screens show the same number.
    db.select({ n: countCredentials() }).from(credentials).where(heldBy(user.id)),
    // recentShares: the shares this user has made (the /shares page's "Total Shares"; not certificate links).
    db.select({ n: count() }).from(shares).where(madeBy(user.id)),
    // Recent Activity, what the person did: their activity log (credentials added, shared,
    // revoked; profile saves) …
    db
      .select({
        id: walletEvents.id,
        kind: walletEvents.kind,
        detail: walletEvents.detail,
        createdAt: walletEvents.createdAt,
      })
      .from(walletEvents)
      .where(eq(walletEvents.userId, user.id))
      .orderBy(desc(walletEvents.createdAt))
      .limit(RECENT_LIMIT),
    // … and the audit entries about their account (registration, sign-ins, sign-outs). Page
    // views (analytics_events) are not activity: they stay on the analytics screens.
    db
      .select(auditColumns)
      .from(systemLogs)
      .leftJoin(users, eq(users.id, systemLogs.userId))
      .where(eq(systemLogs.userId, user.id))
      .orderBy(desc(systemLogs.timestamp))
      .limit(RECENT_LIMIT),
  ]);
  const myProfile = profileFromRows([account, saved, verified, passkeys]);

  // My Profile Strength: exactly the three items of spec 000 §2, from /profile's data: an
  // authority-verified identity, an email address and a phone number, a saved emergency contact.
  const intl = serverIntl(locale);
  const profile: ProfileCheck[] = [
    { label: intl.formatMessage(messages.identityVerified), complete: myProfile.strength.identityVerified },
    { label: intl.formatMessage(messages.contactInformation), complete: myProfile.strength.contactInformation },
    { label: intl.formatMessage(messages.emergencyContacts), complete: myProfile.strength.emergencyContacts },
  ];
  const activity: ActivityItem[] = [
    ...personLog.map((row) => {
      const event = describeWalletEvent(row, locale);
      return { id: event.id, title: event.title, detail: event.description, at: event.at, tone: event.tone };
    }),
    ...auditLog.map((row) => ({ id: row.id, at: row.at.toISOString(), ...describeAuditEvent(row, "self", locale) })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, RECENT_LIMIT);

  // Profile Status: /profile's completion, the rounded percentage of complete sections (spec 000 §4).
  const profileStatus = myProfile.completion;
  return {
    role: "citizen",
    lastUpdated: now.toISOString(),
    stats: { myCredentials: countOf(held), recentShares: countOf(shared), profileStatus },
    profile,
    activity,
    status: [],
  };
}

function rateTone(value: number | null): Tone {
  if (value === null) return "neutral";
  return value >= 99 ? "ok" : value >= 95 ? "warn" : "bad";
}
