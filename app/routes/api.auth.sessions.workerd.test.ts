import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "#db/schema/accounts.ts";
import type { SignedInSession } from "#server/accounts/signed-in-sessions.ts";
import { call, registerUser, sessionTokenFrom, uniqueAddress } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * Change password, where one is signed in, and signing out elsewhere (issue 20; ADR 030), through
 * the real web worker.
 */

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** Signs in as `username` from a browser of its own (user agent, address): its session token. */
async function signIn(username: string, password: string, userAgent = FIREFOX_WINDOWS, ip = uniqueAddress()) {
  const response = await call("/api/auth/login", {
    body: { username, password },
    ip,
    headers: { "User-Agent": userAgent },
  });
  expect(response.status).toBe(200);
  return sessionTokenFrom(response)!;
}

const signedIn = async (cookie: string) => (await call("/api/auth/user", { cookie })).status === 200;

async function listFor(cookie: string) {
  const response = await call("/api/auth/sessions", { cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return (await response.json()) as SignedInSession[];
}

const changePassword = (cookie: string, body: unknown) => call("/api/auth/password", { body, cookie });

async function activityOf(cookie: string) {
  const dashboard = (await (await call("/api/dashboard/stats", { cookie })).json()) as {
    activity: { title: string; detail: string }[];
  };
  return dashboard.activity;
}

describe("POST /api/auth/password", () => {
  it("needs the current password, and the new one meets the registration rules; a refusal changes nothing", {
    timeout: 60_000,
  }, async () => {
    const account = await registerUser();
    const wrong = await changePassword(account.cookie, {
      currentPassword: "not it at all",
      newPassword: "a brand new passphrase 7",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      code: "wrong_password",
      errors: { fieldErrors: { currentPassword: [expect.any(String)] } },
    });
    const short = await changePassword(account.cookie, { currentPassword: account.password, newPassword: "short" });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ errors: { fieldErrors: { newPassword: [expect.any(String)] } } });
    const common = await changePassword(account.cookie, {
      currentPassword: account.password,
      newPassword: "Password123",
    });
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({
      code: "common_password",
      errors: { fieldErrors: { newPassword: [expect.stringMatching(/too common/)] } },
    });
    const missing = await changePassword(account.cookie, { newPassword: "a brand new passphrase 7" });
    expect(missing.status).toBe(400);
    // Nothing changed: the old password still signs in.
    await signIn(account.username, account.password);
  });

  it("changes it, ends every other session (this one stays), and says so in Recent Activity", {
    timeout: 60_000,
  }, async () => {
    const account = await registerUser();
    const elsewhere = [
      await signIn(account.username, account.password),
      await signIn(account.username, account.password, SAFARI_IPHONE),
    ];
    const newPassword = `a brand new passphrase ${crypto.randomUUID()}`;
    const changed = await changePassword(account.cookie, { currentPassword: account.password, newPassword });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ signedOut: 2 });

    expect(await signedIn(account.cookie)).toBe(true);
    for (const cookie of elsewhere) expect(await signedIn(cookie)).toBe(false);
    const old = await call("/api/auth/login", { body: { username: account.username, password: account.password } });
    expect(old.status).toBe(401);
    await signIn(account.username, newPassword);
    expect(await activityOf(account.cookie)).toContainEqual(expect.objectContaining({ title: "Password changed" }));
  });

  it("answers 401 signed out and 405 to other methods", async () => {
    expect((await changePassword("", { currentPassword: "x", newPassword: "y" })).status).toBe(401);
    const account = await registerUser();
    expect((await call("/api/auth/password", { cookie: account.cookie })).status).toBe(405);
  });
});

describe("where one is signed in (GET /api/auth/sessions)", () => {
  it("lists the person's own live sessions, this one first, with browser, device and when; no address or user agent is stored", {
    timeout: 30_000,
  }, async () => {
    const account = await registerUser();
    const ip = uniqueAddress();
    const phone = await signIn(account.username, account.password, SAFARI_IPHONE, ip);
    const other = await registerUser();

    const listed = await listFor(phone);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ current: true, browser: "Safari on iOS", device: "mobile" });
    expect(listed[1]).toMatchObject({ current: false });
    for (const session of listed) {
      expect(session.id).toMatch(/^[0-9a-f]{64}$/);
      expect(Date.parse(session.signedInAt)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(session.lastActiveAt)).toBeGreaterThanOrEqual(Date.parse(session.signedInAt));
    }
    // Another person's sessions are not in it.
    expect((await listFor(other.cookie)).map((s) => s.id)).not.toContain(listed[0]!.id);

    const rows = await db()
      .select()
      .from(sessions)
      .where(eq(sql`json_extract(${sessions.sess}, '$.userId')`, account.user.id));
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(ip);
    expect(stored).not.toContain(ip.split("::")[0]);
    expect(stored).not.toContain("Mobile/15E148");
    // The reference is not the row id.
    for (const row of rows) expect(listed.map((s) => s.id)).not.toContain(row.sid);
  });

  it("signs out one session by its reference; someone else's answers 404 and stays", { timeout: 30_000 }, async () => {
    const account = await registerUser();
    const laptop = await signIn(account.username, account.password);
    const stranger = await registerUser();
    const target = (await listFor(account.cookie)).find((s) => !s.current)!;

    const theft = await call(`/api/auth/sessions/${target.id}`, { method: "DELETE", cookie: stranger.cookie });
    expect(theft.status).toBe(404);
    expect(await signedIn(laptop)).toBe(true);

    const ended = await call(`/api/auth/sessions/${target.id}`, { method: "DELETE", cookie: account.cookie });
    expect(ended.status).toBe(204);
    expect(ended.headers.get("Set-Cookie")).toBeNull();
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(account.cookie)).toBe(true);
    expect((await call(`/api/auth/sessions/${target.id}`, { method: "DELETE", cookie: account.cookie })).status).toBe(
      404,
    );
    expect(
      (await call("/api/auth/sessions/not-a-reference", { method: "DELETE", cookie: account.cookie })).status,
    ).toBe(404);
  });

  it("signs out everywhere else: every other session ends, this one stays", { timeout: 30_000 }, async () => {
    const account = await registerUser();
    const others = [
      await signIn(account.username, account.password),
      await signIn(account.username, account.password, SAFARI_IPHONE),
    ];
    const bystander = await registerUser();

    const answer = await call("/api/auth/sessions", { method: "DELETE", cookie: account.cookie });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ signedOut: 2 });
    for (const cookie of others) expect(await signedIn(cookie)).toBe(false);
    expect(await signedIn(account.cookie)).toBe(true);
    expect(await signedIn(bystander.cookie)).toBe(true);
    expect(await listFor(account.cookie)).toHaveLength(1);
  });

  it("answers 401 signed out", async () => {
    expect((await call("/api/auth/sessions")).status).toBe(401);
    expect((await call("/api/auth/sessions", { method: "DELETE" })).status).toBe(401);
    expect((await call(`/api/auth/sessions/${"0".repeat(64)}`, { method: "DELETE" })).status).toBe(401);
  });
});
