/**
 * The platform's events as Gabriel's agents read them (issue 11; core/gabriel/events.ts): one
 * query per source over a time window, each row mapped to a PlatformEvent. The sources are the
 * product's own records: accounts, the wallet's log, verification requests and results, the audit
 * log (assisted sessions, failed sign-ins) and server errors. Read only.
 *
 * Only the columns an event carries are read (never a presentation's attributes, a request's
 * result, a log row's username or address), and which rows are events is decided in SQL, so the
 * cheap look at what is new (`newestEvents`) and the full read agree on it.
 */
import { and, desc, eq, gt, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect } from "drizzle-orm/sqlite-core";
import type { PlatformEvent } from "#core/gabriel/events.ts";
import type { Database } from "#db/client.ts";
import { errorLogs, presentations, systemLogs, users, verificationRequests, walletEvents } from "#db/schema/index.ts";
import type { EventCursor } from "./review-state.ts";

/** At most this many events of each source per read: a flood cannot make a run unbounded. */
const MAX_EVENTS_PER_SOURCE = 2_000;

const iso = (date: Date) => date.toISOString();
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A JSON document's field when it is a string, else null: read in SQL, so nothing else of the document leaves the database. */
const jsonText = (column: SQLiteColumn, path: string) =>
  sql<string | null>`case when json_type(${column}, ${path}) = 'text' then json_extract(${column}, ${path}) end`;

/**
 * Each source, by the name its events' ids start with: its table, a row's id and time, and which of
 * its rows are events (the rest are never read).
 */
const SOURCES = {
  users: { table: users, id: users.id, at: users.createdAt, events: eq(users.role, "citizen") },
  wallet_events: {
    table: walletEvents,
    id: walletEvents.id,
    at: walletEvents.createdAt,
    events: inArray(walletEvents.kind, ["credential_issued", "credential_reissued", "credential_revoked"]),
  },
  verification_requests: {
    table: verificationRequests,
    id: verificationRequests.id,
    at: verificationRequests.createdAt,
    events: undefined,
  },
  presentations: { table: presentations, id: presentations.id, at: presentations.verifiedAt, events: undefined },
  system_logs: {
    table: systemLogs,
    id: systemLogs.id,
    at: systemLogs.timestamp,
    // Assisted sessions' events, and failed sign-ins: not every sign-in or refusal the log holds.
    events: sql`((${systemLogs.category} = 'assisted' and json_type(${systemLogs.metadata}, '$.sessionId') = 'text') or (${systemLogs.category} = 'auth' and json_extract(${systemLogs.metadata}, '$.event') = 'login failed'))`,
  },
  error_logs: { table: errorLogs, id: errorLogs.id, at: errorLogs.timestamp, events: undefined },
} satisfies Record<string, { table: unknown; id: SQLiteColumn; at: SQLiteColumn; events: SQL | undefined }>;

type Source = (typeof SOURCES)[keyof typeof SOURCES];

/** The events of `source` in (from, to], newest first (by time, then id, as the cursor orders them), at most `limit`. */
function newestOf<T extends SQLiteSelect>(query: T, source: Source, from: Date, to: Date, limit: number): T {
  return query
    .where(and(gt(source.at, from), lte(source.at, to), source.events))
    .orderBy(desc(source.at), desc(source.id))
    .limit(limit) as T;
}

/** Every event in (from, to], oldest first: of each source the newest `limit` (in a flood, the latest matter most). */
export async function readPlatformEvents(
  db: Database,
  from: Date,
  to: Date,
  limit = MAX_EVENTS_PER_SOURCE,
): Promise<PlatformEvent[]> {
  const s = SOURCES;
  const [accounts, wallet, requests, results, audit, errors] = await db.batch([
    newestOf(db.select({ id: users.id, at: users.createdAt }).from(users).$dynamic(), s.users, from, to, limit),
    newestOf(
      db
        .select({
          id: walletEvents.id,
          at: walletEvents.createdAt,
          kind: walletEvents.kind,
          userId: walletEvents.userId,
          credentialId: walletEvents.credentialId,
          type: jsonText(walletEvents.detail, "$.type"),
          reason: jsonText(walletEvents.detail, "$.reason"),
          delivery: jsonText(walletEvents.detail, "$.delivery"),
        })
        .from(walletEvents)
        .$dynamic(),
      s.wallet_events,
      from,
      to,
      limit,
    ),
    newestOf(
      db
        .select({
          id: verificationRequests.id,
          at: verificationRequests.createdAt,
          organisationId: verificationRequests.organisationId,
          credentialType: verificationRequests.credentialType,
          requestedAttributes: verificationRequests.requestedAttributes,
          purpose: verificationRequests.purpose,
        })
        .from(verificationRequests)
        .$dynamic(),
      s.verification_requests,
      from,
      to,
      limit,
    ),
    newestOf(
      db
        .select({
          id: presentations.id,
          at: presentations.verifiedAt,
          credentialId: presentations.credentialId,
          organisationId: presentations.organisationId,
          checkType: presentations.checkType,
          mode: presentations.mode,
          result: presentations.verificationResult,
        })
        .from(presentations)
        .$dynamic(),
      s.presentations,
      from,
      to,
      limit,
    ),
    newestOf(
      db
        .select({
          id: systemLogs.id,
          at: systemLogs.timestamp,
          category: systemLogs.category,
          message: systemLogs.message,
          userId: systemLogs.userId,
          sessionId: jsonText(systemLogs.metadata, "$.sessionId"),
          officeId: jsonText(systemLogs.metadata, "$.officeId"),
          event: jsonText(systemLogs.metadata, "$.event"),
          detail: jsonText(systemLogs.metadata, "$.detail"),
          reason: jsonText(systemLogs.metadata, "$.reason"),
        })
        .from(systemLogs)
        .$dynamic(),
      s.system_logs,
      from,
      to,
      limit,
    ),
    newestOf(
      db
        .select({
          id: errorLogs.id,
          at: errorLogs.timestamp,
          component: errorLogs.component,
          errorType: errorLogs.errorType,
          message: errorLogs.message,
        })
        .from(errorLogs)
        .$dynamic(),
      s.error_logs,
      from,
      to,
      limit,
    ),
  ]);
  const events: PlatformEvent[] = [];
  for (const row of accounts)
    events.push({ id: `users:${row.id}`, kind: "registration", at: iso(row.at), data: { userId: row.id } });
  for (const row of wallet) {
    const type = row.type ?? "unknown";
    if (row.kind === "credential_revoked") {
      events.push({
        id: `wallet_events:${row.id}`,
        kind: "credential_revoked",
        at: iso(row.at),
        data: { userId: row.userId, credentialId: row.credentialId ?? "", type, reason: row.reason },
      });
    } else {
      const delivery = row.delivery === "paper" ? "paper" : "device";
      events.push({
        id: `wallet_events:${row.id}`,
        kind: "credential_issued",
        at: iso(row.at),
        data: { userId: row.userId, credentialId: row.credentialId ?? "", type, delivery },
      });
    }
  }
  for (const row of requests) {
    events.push({
      id: `verification_requests:${row.id}`,
      kind: "verification_request",
      at: iso(row.at),
      data: {
        requestId: row.id,
        organisationId: row.organisationId,
        credentialType: row.credentialType,
        requestedAttributes: row.requestedAttributes ?? [],
        purpose: row.purpose,
      },
    });
  }
  for (const row of results) {
    events.push({
      id: `presentations:${row.id}`,
      kind: "verification_result",
      at: iso(row.at),
      data: {
        credentialId: row.credentialId,
        organisationId: row.organisationId,
        checkType: row.checkType,
        mode: row.mode,
        result: row.result ?? "unknown",
      },
    });
  }
  for (const row of audit) {
    const { sessionId } = row;
    if (row.category === "assisted" && sessionId !== null) {
      events.push({
        id: `system_logs:${row.id}`,
        kind: "assisted_event",
        at: iso(row.at),
        data: {
          sessionId,
          officeId: row.officeId,
          event: row.event ?? row.message,
          detail: row.detail ?? "",
          actorId: row.userId,
        },
      });
    } else if (row.category === "auth" && row.event === "login failed") {
      events.push({
        id: `system_logs:${row.id}`,
        kind: "sign_in_failure",
        at: iso(row.at),
        data: { userId: row.userId, reason: row.reason },
      });
    }
  }
  for (const row of errors) {
    events.push({
      id: `error_logs:${row.id}`,
      kind: "server_error",
      at: iso(row.at),
      data: { component: row.component, errorType: row.errorType, message: row.message ?? "" },
    });
  }
  // By time, then id, in the code-unit order the cursor compares them in (afterCursor), so the last event is the newest.
  return events.sort((a, b) => byCodeUnits(a.at, b.at) || byCodeUnits(a.id, b.id));
}

/**
 * The newest event of each source in (from, to], as a cursor (`at`, `id`): one batch of six
 * one-row answers (an id and a time each), to tell whether anything lies after the cursor before
 * reading the window. A source with no events in the window is left out.
 */
export async function newestEvents(db: Database, from: Date, to: Date): Promise<EventCursor[]> {
  const newest = (name: keyof typeof SOURCES) => {
    const source: Source = SOURCES[name];
    return newestOf(db.select({ id: source.id, at: source.at }).from(source.table).$dynamic(), source, from, to, 1);
  };
  const names = Object.keys(SOURCES) as (keyof typeof SOURCES)[];
  const [first, ...rest] = names.map(newest);
  const rows = await db.batch([first!, ...rest]);
  return rows.flatMap((found, i) =>
    found.map((row) => ({ at: iso(row.at as Date), id: `${names[i]}:${String(row.id)}` })),
  );
}
