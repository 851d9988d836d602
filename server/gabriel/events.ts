/**
 * The platform's events as Gabriel's agents read them (issue 11; core/gabriel/events.ts): one
 * query per source over a time window, each row mapped to a PlatformEvent. The sources are the
 * product's own records: accounts, the wallet's log, verification requests and results, the audit
 * log (assisted sessions, failed sign-ins) and server errors. Read only.
 */
import { and, desc, eq, gt, inArray, lte } from "drizzle-orm";
import type { PlatformEvent } from "#core/gabriel/events.ts";
import type { Database } from "#db/client.ts";
import { errorLogs, presentations, systemLogs, users, verificationRequests, walletEvents } from "#db/schema/index.ts";

/** At most this many events of each source per read: a flood cannot make a run unbounded. */
export const MAX_EVENTS_PER_SOURCE = 2_000;

const iso = (date: Date) => date.toISOString();
const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** Every event in (from, to], oldest first: of each source the newest `limit` (in a flood, the latest matter most). */
export async function readPlatformEvents(db: Database, from: Date, to: Date, limit = MAX_EVENTS_PER_SOURCE): Promise<PlatformEvent[]> {
  const [accounts, wallet, requests, results, audit, errors] = await db.batch([
    db
      .select({ id: users.id, at: users.createdAt })
      .from(users)
      .where(and(eq(users.role, "citizen"), gt(users.createdAt, from), lte(users.createdAt, to)))
      .orderBy(desc(users.createdAt))
      .limit(limit),
    db
      .select()
      .from(walletEvents)
      .where(and(inArray(walletEvents.kind, ["credential_issued", "credential_reissued", "credential_revoked"]), gt(walletEvents.createdAt, from), lte(walletEvents.createdAt, to)))
      .orderBy(desc(walletEvents.createdAt))
      .limit(limit),
    db
      .select()
      .from(verificationRequests)
      .where(and(gt(verificationRequests.createdAt, from), lte(verificationRequests.createdAt, to)))
      .orderBy(desc(verificationRequests.createdAt))
      .limit(limit),
    db
      .select()
      .from(presentations)
      .where(and(gt(presentations.verifiedAt, from), lte(presentations.verifiedAt, to)))
      .orderBy(desc(presentations.verifiedAt))
      .limit(limit),
    db
      .select()
      .from(systemLogs)
      .where(and(gt(systemLogs.timestamp, from), lte(systemLogs.timestamp, to), inArray(systemLogs.category, ["assisted", "auth"])))
      .orderBy(desc(systemLogs.timestamp))
      .limit(limit),
    db
      .select()
      .from(errorLogs)
      .where(and(gt(errorLogs.timestamp, from), lte(errorLogs.timestamp, to)))
      .orderBy(desc(errorLogs.timestamp))
      .limit(limit),
  ]);
  const events: PlatformEvent[] = [];
  for (const row of accounts) events.push({ id: `users:${row.id}`, kind: "registration", at: iso(row.at), data: { userId: row.id } });
  for (const row of wallet) {
    const detail = row.detail ?? {};
    const type = text(detail.type) ?? "unknown";
    if (row.kind === "credential_revoked") {
      events.push({ id: `wallet_events:${row.id}`, kind: "credential_revoked", at: iso(row.createdAt), data: { userId: row.userId, credentialId: row.credentialId ?? "", type, reason: text(detail.reason) } });
    } else {
      const delivery = detail.delivery === "paper" ? "paper" : "device";
      events.push({ id: `wallet_events:${row.id}`, kind: "credential_issued", at: iso(row.createdAt), data: { userId: row.userId, credentialId: row.credentialId ?? "", type, delivery } });
    }
  }
  for (const row of requests) {
    events.push({
      id: `verification_requests:${row.id}`,
      kind: "verification_request",
      at: iso(row.createdAt),
      data: { requestId: row.id, organisationId: row.organisationId, credentialType: row.credentialType, requestedAttributes: row.requestedAttributes ?? [], purpose: row.purpose },
    });
  }
  for (const row of results) {
    events.push({
      id: `presentations:${row.id}`,
      kind: "verification_result",
      at: iso(row.verifiedAt),
      data: { credentialId: row.credentialId, organisationId: row.organisationId, checkType: row.checkType, mode: row.mode, result: row.verificationResult ?? "unknown" },
    });
  }
  for (const row of audit) {
    const metadata = row.metadata ?? {};
    if (row.category === "assisted" && typeof metadata.sessionId === "string") {
      events.push({
        id: `system_logs:${row.id}`,
        kind: "assisted_event",
        at: iso(row.timestamp),
        data: { sessionId: metadata.sessionId, officeId: text(metadata.officeId), event: text(metadata.event) ?? row.message, detail: text(metadata.detail) ?? "" },
      });
    } else if (row.category === "auth" && metadata.event === "login failed") {
      events.push({ id: `system_logs:${row.id}`, kind: "sign_in_failure", at: iso(row.timestamp), data: { userId: row.userId, reason: text(metadata.reason) } });
    }
  }
  for (const row of errors) {
    events.push({ id: `error_logs:${row.id}`, kind: "server_error", at: iso(row.timestamp), data: { component: row.component, errorType: row.errorType, message: row.message ?? "" } });
  }
  return events.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
}
