import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { errorLogs, presentations, systemLogs, users, verificationRequests, walletEvents } from "#db/schema/index.ts";
import { openTempDatabase } from "#tests/support/temp-database.ts";
import { newestEvents, readPlatformEvents } from "./events.ts";
import { afterCursor } from "./review-state.ts";

/** The platform's events as the agents read them, on a database of the test's own. */

let db: Database;
let statements: string[];

beforeEach(async () => {
  statements = [];
  const temp = await openTempDatabase("gabriel-events-test-");
  db = temp.db;
  // The reads go out as one batch (drizzle's logger does not see batches): keep the SQL sent.
  const batch = temp.client.batch.bind(temp.client);
  temp.client.batch = ((stmts: Parameters<typeof batch>[0], mode?: Parameters<typeof batch>[1]) => {
    statements.push(
      ...stmts.map((stmt) => (typeof stmt === "string" ? stmt : Array.isArray(stmt) ? stmt[0] : stmt.sql)),
    );
    return batch(stmts, mode);
  }) as typeof batch;
  return temp.close;
});

const NOW = new Date("2026-11-30T12:00:00Z");
const MINUTE = 60_000;
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * MINUTE);
const FROM = ago(60);

async function person(role = "citizen", createdAt = ago(50)) {
  const [row] = await db
    .insert(users)
    .values({
      username: `u${crypto.randomUUID().slice(0, 12)}`,
      passwordHash: "x",
      role,
      firstName: "Private",
      lastName: "Person",
      createdAt,
    })
    .returning();
  return row!;
}

/** One row of every source in the window, beside rows that are not events and rows outside it. */
async function arrange() {
  const citizen = await person();
  const operator = await person("operator", ago(90));
  await person("admin", ago(40));
  await person("citizen", ago(90));
  const [issued, revoked] = await db
    .insert(walletEvents)
    .values([
      {
        userId: citizen.id,
        kind: "credential_issued",
        credentialId: "cred-1",
        detail: { type: "rtw", delivery: "paper", address: "1 Private Road" },
        createdAt: ago(45),
      },
      {
        userId: citizen.id,
        kind: "credential_revoked",
        credentialId: "cred-1",
        detail: { type: 7, reason: "Permission ended" },
        createdAt: ago(44),
      },
      { userId: citizen.id, kind: "share_viewed", credentialId: "cred-1", detail: {}, createdAt: ago(43) },
    ])
    .returning();
  const [request] = await db
    .insert(verificationRequests)
    .values({
      credentialType: "rtw",
      requestedAttributes: ["name"],
      purpose: "Job",
      nonce: "n",
      expiresAt: NOW,
      createdAt: ago(30),
      result: { presentedAttributes: { name: "Private Person" } },
    })
    .returning();
  const [presented] = await db
    .insert(presentations)
    .values({
      purpose: "Check",
      verificationResult: "STATUS_REVOKED",
      mode: "offline",
      checkType: "rtw",
      presentedAttributes: { name: "Private Person" },
      verifiedAt: ago(20),
    })
    .returning();
  const [assisted, failed] = await db
    .insert(systemLogs)
    .values([
      {
        level: "info",
        category: "assisted",
        message: "Session started",
        userId: operator.id,
        metadata: { sessionId: "s-1", officeId: "o-1", event: "Session started", username: "private" },
        timestamp: ago(15),
      },
      {
        level: "warn",
        category: "auth",
        message: "login failed",
        userId: citizen.id,
        metadata: { event: "login failed", reason: "bad_password", ip: "192.0.2.1", username: "private" },
        timestamp: ago(10),
      },
      // Not events: a sign-in that succeeded (newer than the failure), an assisted row without a session, a refusal.
      {
        level: "info",
        category: "auth",
        message: "login succeeded",
        metadata: { event: "login succeeded" },
        timestamp: ago(5),
      },
      {
        level: "info",
        category: "assisted",
        message: "Office opened",
        metadata: { officeId: "o-1" },
        timestamp: ago(6),
      },
      {
        level: "warn",
        category: "authz",
        message: "permission denied",
        metadata: { event: "permission denied" },
        timestamp: ago(4),
      },
    ])
    .returning();
  const [error] = await db
    .insert(errorLogs)
    .values({
      component: "wallet",
      errorType: "TypeError",
      message: "boom",
      stackTrace: "at secret",
      timestamp: ago(8),
    })
    .returning();
  return {
    citizen,
    operator,
    issued: issued!,
    revoked: revoked!,
    request: request!,
    presented: presented!,
    assisted: assisted!,
    failed: failed!,
    error: error!,
  };
}

describe("the platform's events", () => {
  it("are each source's rows in the window that are events, mapped, oldest first", async () => {
    const rows = await arrange();
    const events = await readPlatformEvents(db, FROM, NOW);
    expect(events).toEqual([
      {
        id: `users:${rows.citizen.id}`,
        kind: "registration",
        at: ago(50).toISOString(),
        data: { userId: rows.citizen.id },
      },
      {
        id: `wallet_events:${rows.issued.id}`,
        kind: "credential_issued",
        at: ago(45).toISOString(),
        data: { userId: rows.citizen.id, credentialId: "cred-1", type: "rtw", delivery: "paper" },
      },
      // A type that is not text reads as unknown.
      {
        id: `wallet_events:${rows.revoked.id}`,
        kind: "credential_revoked",
        at: ago(44).toISOString(),
        data: { userId: rows.citizen.id, credentialId: "cred-1", type: "unknown", reason: "Permission ended" },
      },
      {
        id: `verification_requests:${rows.request.id}`,
        kind: "verification_request",
        at: ago(30).toISOString(),
        data: {
          requestId: rows.request.id,
          organisationId: null,
          credentialType: "rtw",
          requestedAttributes: ["name"],
          purpose: "Job",
        },
      },
      {
        id: `presentations:${rows.presented.id}`,
        kind: "verification_result",
        at: ago(20).toISOString(),
        data: { credentialId: null, organisationId: null, checkType: "rtw", mode: "offline", result: "STATUS_REVOKED" },
      },
      {
        id: `system_logs:${rows.assisted.id}`,
        kind: "assisted_event",
        at: ago(15).toISOString(),
        data: { sessionId: "s-1", officeId: "o-1", event: "Session started", detail: "", actorId: rows.operator.id },
      },
      {
        id: `system_logs:${rows.failed.id}`,
        kind: "sign_in_failure",
        at: ago(10).toISOString(),
        data: { userId: rows.citizen.id, reason: "bad_password" },
      },
      {
        id: `error_logs:${rows.error.id}`,
        kind: "server_error",
        at: ago(8).toISOString(),
        data: { component: "wallet", errorType: "TypeError", message: "boom" },
      },
    ]);
  });

  it("read only the columns an event carries: no attributes, results, addresses or usernames", async () => {
    await arrange();
    statements.length = 0;
    const json = JSON.stringify(await readPlatformEvents(db, FROM, NOW));
    expect(json).not.toMatch(/Private|192\.0\.2\.1|address|secret/);
    expect(statements).toHaveLength(6);
    // The columns each source's rows are read for (what precedes "from"): no attributes, request results, addresses, names.
    const selected = statements.map((sql) => /^select (.*?) from "/s.exec(sql)![1]!).join("\n");
    for (const column of [
      '"presented_attributes"',
      '"result"',
      '"ip_address"',
      '"user_agent"',
      '"stack_trace"',
      '"password_hash"',
      '"first_name"',
      '"username"',
      '"context"',
    ]) {
      expect(selected).not.toContain(column);
    }
    // JSON documents are read field by field (json_extract), never whole.
    expect(selected.replace(/json_(type|extract)\("(metadata|detail)"/g, "")).not.toMatch(/"(metadata|detail)"/);
  });

  it("keep the newest of each source in a flood", async () => {
    const citizen = await person();
    await db.insert(errorLogs).values([1, 2, 3].map((n) => ({ component: "c", message: `e${n}`, timestamp: ago(n) })));
    const events = await readPlatformEvents(db, FROM, NOW, 2);
    expect(events.filter((e) => e.kind === "server_error").map((e) => (e.data as { message: string }).message)).toEqual(
      ["e2", "e1"],
    );
    expect(events.some((e) => e.id === `users:${citizen.id}`)).toBe(true);
  });
});

describe("the newest event of each source", () => {
  it("is one per source with events in the window, as the full read would end it", async () => {
    const rows = await arrange();
    const newest = await newestEvents(db, FROM, NOW);
    expect(newest.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: `error_logs:${rows.error.id}`, at: ago(8).toISOString() },
        { id: `presentations:${rows.presented.id}`, at: ago(20).toISOString() },
        // The failed sign-in, not the later successful one (not an event).
        { id: `system_logs:${rows.failed.id}`, at: ago(10).toISOString() },
        { id: `users:${rows.citizen.id}`, at: ago(50).toISOString() },
        { id: `verification_requests:${rows.request.id}`, at: ago(30).toISOString() },
        // The revocation, not the later share view (not an event).
        { id: `wallet_events:${rows.revoked.id}`, at: ago(44).toISOString() },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    // Nothing is after the newest full read's last event; anything written later is.
    const events = await readPlatformEvents(db, FROM, NOW);
    const cursor = events.at(-1)!;
    expect(newest.some((e) => afterCursor(e, cursor))).toBe(false);
    await db.insert(presentations).values({ purpose: "Later", verificationResult: "valid", verifiedAt: ago(1) });
    expect((await newestEvents(db, FROM, NOW)).some((e) => afterCursor(e, cursor))).toBe(true);
  });

  it("orders rows written at the same instant by id, as the cursor does", async () => {
    const at = ago(5);
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await db.insert(errorLogs).values(ids.map((id) => ({ id, component: "c", timestamp: at })));
    const [newest] = await newestEvents(db, FROM, NOW);
    expect(newest).toEqual({ id: `error_logs:${[...ids].sort().at(-1)}`, at: at.toISOString() });
    const events = await readPlatformEvents(db, FROM, NOW);
    expect(events.at(-1)!.id).toBe(newest!.id);
  });

  it("is nothing when no source has an event in the window", async () => {
    await person("citizen", ago(120));
    await db.insert(systemLogs).values({
      level: "info",
      category: "auth",
      message: "login succeeded",
      metadata: { event: "login succeeded" },
      timestamp: ago(1),
    });
    expect(await newestEvents(db, FROM, NOW)).toEqual([]);
  });
});
