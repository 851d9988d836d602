import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "#db/schema/accounts.ts";
import { DEMO_PASSWORD } from "#db/seed.ts";
import {
  call,
  login,
  registerUser,
  registerUserWithRole,
  SESSION_SECRET,
  sessionRowId,
  sessionTokenFrom,
} from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from "./session.ts";

async function sessionRow(token: string) {
  const [row] = await db()
    .select()
    .from(sessions)
    .where(eq(sessions.sid, await sessionRowId(token)));
  return row;
}

describe("server-side sessions", () => {
  it("stores only the HMAC-SHA-256 of the cookie token under SESSION_SECRET, with the user and timestamps", async () => {
    const before = Date.now();
    const account = await registerUser();
    // Found by its user, not by the code under test's own digest.
    const rows = await db()
      .select()
      .from(sessions)
      .where(eq(sql`json_extract(${sessions.sess}, '$.userId')`, account.user.id));
    expect(rows).toHaveLength(1);
    const row = rows[0];
    // Computed here with WebCrypto, not by the code under test: HMAC-SHA-256 keyed with the worker's SESSION_SECRET.
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(SESSION_SECRET),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(account.cookie));
    expect(row?.sid).toBe([...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join(""));
    // The token itself is nowhere in the table, in any column of any row.
    const everything = JSON.stringify(await db().select().from(sessions));
    expect(everything).toContain(row!.sid);
    expect(everything).not.toContain(account.cookie);
    expect(row?.sess.userId).toBe(account.user.id);
    expect(row?.sess.createdAt).toBeGreaterThanOrEqual(before);
    expect(row?.sess.lastSeenAt).toBe(row?.sess.createdAt);
    expect(row?.expire.getTime()).toBe(row!.sess.createdAt + IDLE_TIMEOUT_MS);
  });

  it("a session row planted with database write access alone opens nothing: without the key, no token finds it", async () => {
    const account = await registerUser();
    const admin = await registerUserWithRole("admin");
    // Someone who can write to the database but does not hold SESSION_SECRET plants a row for the
    // administrator, keyed the way an unkeyed store would be (the SHA-256 of a token they chose).
    const token = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
    const now = Date.now();
    await db()
      .insert(sessions)
      .values({
        sid: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join(""),
        sess: { userId: admin.user.id, createdAt: now, lastSeenAt: now },
        expire: new Date(now + 60_000),
      });
    expect((await call("/api/auth/user", { cookie: token })).status).toBe(401);
    // Nor can they copy a real row's id into a cookie: the row id is not a token.
    const [row] = await db()
      .select()
      .from(sessions)
      .where(eq(sql`json_extract(${sessions.sess}, '$.userId')`, account.user.id));
    expect((await call("/api/auth/user", { cookie: row!.sid.slice(0, 43) })).status).toBe(401);
    expect((await call("/api/auth/user", { cookie: account.cookie })).status).toBe(200);
  });

  it("logout deletes the session: the old cookie no longer works", async () => {
    const { cookie } = await login("admin", DEMO_PASSWORD);
    expect((await call("/api/auth/user", { cookie })).status).toBe(200);
    const out = await call("/api/auth/logout", { method: "POST", cookie });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ message: "Signed out" });
    expect(out.headers.get("Set-Cookie")).toMatch(
      /^__Host-identity_session=; Path=\/; HttpOnly; Secure; SameSite=Lax; Max-Age=0$/,
    );
    expect(await sessionRow(cookie!)).toBeUndefined();
    expect((await call("/api/auth/user", { cookie })).status).toBe(401);
  });

  it("logout without a session still answers 200 and clears the cookie", async () => {
    const out = await call("/api/auth/logout", { method: "POST" });
    expect(out.status).toBe(200);
    expect(sessionTokenFrom(out)).toBeNull();
    expect(out.headers.get("Set-Cookie")).toContain("Max-Age=0");
  });

  it("logout is POST only", async () => {
    const response = await call("/api/auth/logout");
    expect(response.status).toBe(405);
  });

  it("ends a session idle for longer than the idle timeout", async () => {
    const account = await registerUser();
    const now = Date.now();
    const idleSince = now - IDLE_TIMEOUT_MS - 1000;
    await db()
      .update(sessions)
      .set({
        sess: { userId: account.user.id, createdAt: idleSince, lastSeenAt: idleSince },
        expire: new Date(now + 60_000),
      })
      .where(eq(sessions.sid, await sessionRowId(account.cookie)));
    expect((await call("/api/auth/user", { cookie: account.cookie })).status).toBe(401);
  });

  it("ends a session past the absolute timeout even while in use", async () => {
    const account = await registerUser();
    const now = Date.now();
    await db()
      .update(sessions)
      .set({
        sess: { userId: account.user.id, createdAt: now - ABSOLUTE_TIMEOUT_MS - 1000, lastSeenAt: now - 5000 },
        expire: new Date(now + 60_000),
      })
      .where(eq(sessions.sid, await sessionRowId(account.cookie)));
    expect((await call("/api/auth/user", { cookie: account.cookie })).status).toBe(401);
  });

  it("ends a session whose expire has passed", async () => {
    const account = await registerUser();
    await db()
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, await sessionRowId(account.cookie)));
    expect((await call("/api/auth/user", { cookie: account.cookie })).status).toBe(401);
  });

  it("slides the idle timeout on use, at most once a minute", async () => {
    const account = await registerUser();
    const sid = await sessionRowId(account.cookie);
    const now = Date.now();
    const lastSeen = now - IDLE_TIMEOUT_MS + 60_000;
    await db()
      .update(sessions)
      .set({
        sess: { userId: account.user.id, createdAt: now - 3_600_000, lastSeenAt: lastSeen },
        expire: new Date(lastSeen + IDLE_TIMEOUT_MS),
      })
      .where(eq(sessions.sid, sid));
    expect((await call("/api/auth/user", { cookie: account.cookie })).status).toBe(200);
    const touched = await sessionRow(account.cookie);
    expect(touched!.sess.lastSeenAt).toBeGreaterThanOrEqual(now);
    expect(touched!.expire.getTime()).toBe(touched!.sess.lastSeenAt + IDLE_TIMEOUT_MS);

    // A second request within the minute writes nothing.
    expect((await call("/api/auth/user", { cookie: account.cookie })).status).toBe(200);
    const again = await sessionRow(account.cookie);
    expect(again!.sess.lastSeenAt).toBe(touched!.sess.lastSeenAt);

    // Seen 50 seconds ago: still no write. Seen 61 seconds ago: slid again.
    const setLastSeen = async (at: number) =>
      db()
        .update(sessions)
        .set({
          sess: { userId: account.user.id, createdAt: now - 3_600_000, lastSeenAt: at },
          expire: new Date(at + IDLE_TIMEOUT_MS),
        })
        .where(eq(sessions.sid, sid));
    const fiftySecondsAgo = Date.now() - 50_000;
    await setLastSeen(fiftySecondsAgo);
    expect((await call("/api/auth/user", { cookie: account.cookie })).status).toBe(200);
    expect((await sessionRow(account.cookie))!.sess.lastSeenAt).toBe(fiftySecondsAgo);
    const overAMinuteAgo = Date.now() - 61_000;
    await setLastSeen(overAMinuteAgo);
    const beforeRequest = Date.now();
    expect((await call("/api/auth/user", { cookie: account.cookie })).status).toBe(200);
    const slid = await sessionRow(account.cookie);
    expect(slid!.sess.lastSeenAt).toBeGreaterThanOrEqual(beforeRequest);
    expect(slid!.expire.getTime()).toBe(slid!.sess.lastSeenAt + IDLE_TIMEOUT_MS);
  });

  it("never slides past the absolute timeout", async () => {
    const account = await registerUser();
    const now = Date.now();
    const createdAt = now - ABSOLUTE_TIMEOUT_MS + 5 * 60_000;
    await db()
      .update(sessions)
      .set({ sess: { userId: account.user.id, createdAt, lastSeenAt: now - 120_000 }, expire: new Date(now + 60_000) })
      .where(eq(sessions.sid, await sessionRowId(account.cookie)));
    expect((await call("/api/auth/user", { cookie: account.cookie })).status).toBe(200);
    expect((await sessionRow(account.cookie))!.expire.getTime()).toBe(createdAt + ABSOLUTE_TIMEOUT_MS);
  });

  it("purges expired sessions at the next login", async () => {
    const stale = await registerUser();
    const sid = await sessionRowId(stale.cookie);
    await db()
      .update(sessions)
      .set({ expire: new Date(Date.now() - 60_000) })
      .where(eq(sessions.sid, sid));
    await login("citizen", DEMO_PASSWORD);
    let row = await sessionRow(stale.cookie);
    for (let i = 0; i < 50 && row; i++) {
      await new Promise((r) => setTimeout(r, 20));
      row = await sessionRow(stale.cookie);
    }
    expect(row).toBeUndefined();
  });
});
