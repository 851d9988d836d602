import { env } from "cloudflare:test";
import { desc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { systemLogs } from "#db/schema/observability.ts";
import { DEMO_PASSWORD } from "#db/seed.ts";
import { type HousekeeperBinding, housekeeper } from "#server/analytics/housekeeping.ts";
import { hashAddress } from "#server/analytics/privacy.ts";
import {
  call,
  login,
  registerUser,
  sessionTokenFrom,
  throttles,
  uniqueAddress,
  uniqueName,
} from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";
import { ACCOUNT_THROTTLE, ADDRESS_THROTTLE, PAIR_THROTTLE, throttleKeys } from "./throttle.ts";

const INVALID = { message: "Invalid username or password" };

const throttleFor = (key: string) => throttles.get(throttles.idFromName(key));

/** `n` addresses of one IPv6 /64 of its own: what one client can use freely (issue 20). */
function oneNetwork(n: number): string[] {
  const prefix = uniqueAddress().split(":").slice(0, 4).join(":");
  return Array.from(
    { length: n },
    (_, i) => `${prefix}:${(i + 1).toString(16)}:${crypto.randomUUID().slice(0, 4)}:1:2`,
  );
}

/** The audit lines about one username, once the background writes have landed. */
async function auditLines(username: string, expected: number) {
  let rows: (typeof systemLogs.$inferSelect)[] = [];
  for (let i = 0; i < 100; i++) {
    rows = await db()
      .select()
      .from(systemLogs)
      .where(like(systemLogs.message, `% user="${username}"%`));
    if (rows.length >= expected) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return rows.map((row) => row.message.split(" user=")[0]);
}

describe("POST /api/auth/login", () => {
  it("signs a demo user in: 200 with the public user and a __Host- session cookie", async () => {
    const { response, cookie } = await login("verifier", DEMO_PASSWORD);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      username: "verifier",
      firstName: "James",
      lastName: "Patel",
      role: "verifier",
      profileImageUrl: null,
    });
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^__Host-identity_session=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain("Path=/");
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("Secure");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).not.toContain("Domain=");
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await call("/api/auth/user", { cookie });
    expect(me.status).toBe(200);
    const user = (await me.json()) as Record<string, unknown>;
    expect(user).toEqual(body);
    expect(user).not.toHaveProperty("passwordHash");
    expect(JSON.stringify(user)).not.toContain("argon2");
  });

  it("answers a wrong password and an unknown user with the identical 401", async () => {
    const wrong = await login("citizen", "not-the-password");
    const unknown = await login(uniqueName("nobody"), "not-the-password");
    expect(wrong.response.status).toBe(401);
    expect(unknown.response.status).toBe(401);
    const [a, b] = [await wrong.response.text(), await unknown.response.text()];
    expect(JSON.parse(a)).toEqual(INVALID);
    expect(a).toBe(b);
    expect(wrong.cookie).toBeNull();
    expect(unknown.cookie).toBeNull();
  });

  it("is case-sensitive on the password", async () => {
    const { response } = await login("operator", DEMO_PASSWORD.toUpperCase());
    expect(response.status).toBe(401);
  });

  it("rejects invalid input with 400 and zod's message", async () => {
    const missing = await call("/api/auth/login", { body: { username: "admin" } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      message: "Required",
      errors: { fieldErrors: { password: ["Required"] } },
    });

    const empty = await call("/api/auth/login", { body: { username: "", password: "x" } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: "String must contain at least 1 character(s)" });

    const wrongType = await call("/api/auth/login", { body: { username: ["admin"], password: 1 } });
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as { message: string }).message).toBe("Expected string, received array");
  });

  it("answers malformed JSON with 400, never 500", async () => {
    const response = await call("/api/auth/login", {
      rawBody: '{"username": ',
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Request body must be valid JSON" });
  });

  it("answers other methods with 405 and Allow", async () => {
    for (const method of ["GET", "PUT", "DELETE"]) {
      const response = await call("/api/auth/login", { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
    }
  });

  it("gives a new session id at every login and replaces the session presented with it", async () => {
    const first = await login("citizen", DEMO_PASSWORD);
    const second = await call("/api/auth/login", {
      body: { username: "citizen", password: DEMO_PASSWORD },
      cookie: first.cookie,
    });
    const secondCookie = sessionTokenFrom(second);
    expect(second.status).toBe(200);
    expect(secondCookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secondCookie).not.toBe(first.cookie);
    expect((await call("/api/auth/user", { cookie: first.cookie })).status).toBe(401);
    expect((await call("/api/auth/user", { cookie: secondCookie })).status).toBe(200);
  });

  it("records successes and failures in system_logs without letting the username forge a line", async () => {
    const marker = uniqueName("log");
    const forged = `${marker}\nlogin succeeded user="admin"`;
    await login(forged, "whatever-password");
    await login("admin", DEMO_PASSWORD);
    // Audit rows are written in waitUntil; give them a moment.
    let rows: (typeof systemLogs.$inferSelect)[] = [];
    for (let i = 0; i < 50 && rows.length === 0; i++) {
      rows = await db()
        .select()
        .from(systemLogs)
        .where(like(systemLogs.message, `%${marker}%`));
      if (rows.length === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.category).toBe("auth");
    expect(row.level).toBe("warn");
    expect(row.message).toBe(
      `login failed user="${marker}\\u000alogin succeeded user=\\"admin\\"" reason=unknown_user`,
    );
    expect(row.message).not.toContain("\n");
    expect((row.metadata as { at: string }).at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const [success] = await db()
      .select()
      .from(systemLogs)
      .where(eq(systemLogs.message, 'login succeeded user="admin"'))
      .orderBy(desc(systemLogs.timestamp))
      .limit(1);
    expect(success?.category).toBe("auth");
    expect(success?.userId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps no client address in the audit trail, only the day's keyed code of it (issue 20, ADR 031)", async () => {
    const name = uniqueName("addr");
    const address = uniqueAddress();
    const other = uniqueAddress();
    await login(name, "not-the-password", address);
    await login(name, "not-the-password", address);
    await login(name, "not-the-password", other);
    expect(await auditLines(name, 3)).toEqual(["login failed", "login failed", "login failed"]);
    const rows = await db()
      .select()
      .from(systemLogs)
      .where(like(systemLogs.message, `% user="${name}"%`));
    const salt = (await housekeeper(env as unknown as HousekeeperBinding).dailySalt()).salt;
    const [code, otherCode] = [await hashAddress(salt, address), await hashAddress(salt, other)];
    // One address gives one code all day (so an attack can be traced), another address another.
    expect(rows.map((row) => row.metadata?.ip).sort()).toEqual([code, code, otherCode].sort());
    expect(code).toMatch(/^[0-9a-f]{64}$/);
    for (const row of rows) {
      expect(JSON.stringify(row)).not.toContain(address);
      expect(JSON.stringify(row)).not.toContain(other);
    }
  });
});

describe("login throttling (LoginThrottle Durable Object)", () => {
  it("locks one address out of an account after 10 consecutive failures, with Retry-After; another account from there still signs in", {
    timeout: 30_000,
  }, async () => {
    const victim = await registerUser();
    const other = await registerUser();
    const ip = uniqueAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++)
      statuses.push((await login(victim.username, `wrong-${i}-password`, ip)).response.status);
    expect(statuses).toEqual(Array(9).fill(401));

    const tenth = await login(victim.username, "wrong-again-password", ip);
    expect(tenth.response.status).toBe(429);
    const retryAfter = Number(tenth.response.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(((await tenth.response.json()) as { message: string }).message).toMatch(/^Too many failed sign-in attempts/);

    // Even the right password is refused from there while locked; the username's case doesn't matter.
    const locked = await login(victim.username.toUpperCase(), victim.password, ip);
    expect(locked.response.status).toBe(429);
    expect(Number(locked.response.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);

    const fine = await login(other.username, other.password, ip);
    expect(fine.response.status).toBe(200);
  });

  it("lets nobody lock the owner out: however many addresses fail, the owner's own browser signs in at once", {
    timeout: 30_000,
  }, async () => {
    const owner = await registerUser();
    // The owner signed in on their browser once: it is a known device of the account from then on.
    const first = await login(owner.username, owner.password);
    expect(first.response.status).toBe(200);
    expect(first.device).toMatch(/^[A-Za-z0-9_-]{22}\.[0-9a-f]{64}$/);
    expect(first.response.headers.getSetCookie().find((c) => c.startsWith("__Host-identity_device="))).toMatch(
      /; Path=\/; HttpOnly; Secure; SameSite=Lax; Max-Age=\d+$/,
    );

    // Strangers everywhere: each of their addresses locked out of the account, and the account making strangers wait.
    const strangers = Array.from({ length: 3 }, () => uniqueAddress());
    for (const ip of strangers) {
      const pair = throttleFor(throttleKeys.pair(owner.username, ip));
      for (let i = 0; i < PAIR_THROTTLE.limit; i++) await pair.attempt(PAIR_THROTTLE);
    }
    const account = throttleFor(throttleKeys.account(owner.username));
    for (let i = 0; i < ACCOUNT_THROTTLE.limit; i++) await account.attempt(ACCOUNT_THROTTLE);
    for (const ip of strangers) expect((await login(owner.username, owner.password, ip)).response.status).toBe(429);
    // A browser the account has never seen waits (the trade-off, ADR 007); a passkey would not.
    const newBrowser = await login(owner.username, owner.password);
    expect(newBrowser.response.status).toBe(429);
    expect(Number(newBrowser.response.headers.get("Retry-After"))).toBeGreaterThan(0);

    // The owner's own browser, from any address, even one of the strangers': straight in.
    const own = await login(owner.username, owner.password, uniqueAddress(), first.device!);
    expect(own.response.status).toBe(200);
    expect(own.cookie).not.toBeNull();
    expect((await login(owner.username, owner.password, strangers[0], first.device!)).response.status).toBe(200);
  });

  it("gives strangers no more guesses from many addresses than from one: past 10 failures the account makes every stranger wait", {
    timeout: 60_000,
  }, async () => {
    const victim = await registerUser();
    const statuses: number[] = [];
    // One guess each from ten addresses (no address reaches its own limit).
    for (let i = 0; i < 10; i++)
      statuses.push((await login(victim.username, `spread-guess-${i}`, uniqueAddress())).response.status);
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    // The tenth failure starts the account's delays (1 s, then doubling): its answer says to wait.
    expect(statuses[9]).toBe(429);
    const next = await login(victim.username, "spread-guess-next", uniqueAddress());
    expect(next.response.status).toBe(429);
    // Nothing was checked past the tenth.
    const lines = await auditLines(victim.username, 11);
    expect(lines.filter((l) => l === "login failed")).toHaveLength(10);
    expect(lines.filter((l) => l === "login refused")).toHaveLength(1);
  });

  it("locks a known browser's cookie after 10 failures with it, and only that browser", {
    timeout: 60_000,
  }, async () => {
    const owner = await registerUser();
    const { device } = await login(owner.username, owner.password);
    const ip = uniqueAddress();
    for (let i = 0; i < 9; i++)
      expect((await login(owner.username, `device-guess-${i}`, uniqueAddress(), device!)).response.status).toBe(401);
    expect((await login(owner.username, "device-guess-last", uniqueAddress(), device!)).response.status).toBe(429);
    expect((await login(owner.username, owner.password, ip, device!)).response.status).toBe(429);
    // The cookie's failures were not the account's: from elsewhere the owner signs in.
    expect((await login(owner.username, owner.password, ip)).response.status).toBe(200);
  });

  it("treats a device cookie sealed to another account, or forged, as no device at all", {
    timeout: 30_000,
  }, async () => {
    const [mine, theirs] = [await registerUser(), await registerUser()];
    const { device } = await login(mine.username, mine.password);
    const forged = `${device!.split(".")[0]}.${"0".repeat(64)}`;
    for (const cookie of [device!, forged]) {
      const ip = uniqueAddress();
      expect((await login(theirs.username, "not-their-password", ip, cookie)).response.status).toBe(401);
      // Counted as a stranger's attempt: against the account-and-address pair, not a device.
      expect((await throttleFor(throttleKeys.pair(theirs.username, ip)).attempt(PAIR_THROTTLE)).count).toBe(2);
    }
  });

  it("clears an account's count on success", { timeout: 30_000 }, async () => {
    const account = await registerUser();
    for (let i = 0; i < 9; i++) expect((await login(account.username, `nope-${i}-password`)).response.status).toBe(401);
    expect((await login(account.username, account.password)).response.status).toBe(200);
    // Nine more failures would have made the account wait had the count survived the success.
    for (let i = 0; i < 9; i++) expect((await login(account.username, `nope-${i}-again`)).response.status).toBe(401);
    expect((await login(account.username, account.password)).response.status).toBe(200);
  });

  it("lets at most 10 of 15 simultaneous wrong passwords be checked; the rest, and then the right one, get 429", {
    timeout: 60_000,
  }, async () => {
    const victim = await registerUser();
    const ip = uniqueAddress();
    const attempts = await Promise.all(
      Array.from({ length: 15 }, (_, i) => login(victim.username, `parallel-guess-${i}`, ip)),
    );
    const statuses = attempts.map((a) => a.response.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    for (const attempt of attempts.filter((a) => a.response.status === 429)) {
      expect(Number(attempt.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    // No more than 10 passwords were checked at all: the rest were refused before the hash.
    const lines = await auditLines(victim.username, 15);
    expect(lines.filter((l) => l === "login failed")).toHaveLength(10);
    expect(lines.filter((l) => l === "login refused")).toHaveLength(5);

    const right = await login(victim.username, victim.password, ip);
    expect(right.response.status).toBe(429);
    expect(Number(right.response.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
  });

  it("counts a success from an address as nothing, but never lets it wipe the address's failures", {
    timeout: 30_000,
  }, async () => {
    const ip = uniqueAddress();
    const account = await registerUser();
    for (let i = 0; i < 3; i++) expect((await login(uniqueName(), "spray-password", ip)).response.status).toBe(401);
    expect((await login(account.username, account.password, ip)).response.status).toBe(200);
    // The next attempt is the address's fourth: the three failures stand, the success did not count.
    expect((await throttleFor(throttleKeys.address(ip)).attempt(ADDRESS_THROTTLE)).count).toBe(4);
  });

  it("does not count against the address, or the pair, an attempt the account's delay refused", {
    timeout: 30_000,
  }, async () => {
    const ip = uniqueAddress();
    const account = await registerUser();
    const accountKey = throttleFor(throttleKeys.account(account.username));
    // At the limit: the account makes strangers wait 30 s, so the attempt below is refused.
    for (let i = 0; i < ACCOUNT_THROTTLE.limit; i++) await accountKey.attempt(ACCOUNT_THROTTLE);
    expect((await login(account.username, account.password, ip)).response.status).toBe(429);
    expect((await throttleFor(throttleKeys.address(ip)).attempt(ADDRESS_THROTTLE)).count).toBe(1);
    expect((await throttleFor(throttleKeys.pair(account.username, ip)).attempt(PAIR_THROTTLE)).count).toBe(1);
  });

  it("refuses every account from an address that reached the address limit", { timeout: 30_000 }, async () => {
    const ip = uniqueAddress();
    const account = await registerUser();
    // Bring the address to one short of its limit directly in the object the worker consults (100
    // password checks through the API would only slow the test), then fail once through the API.
    const stub = throttleFor(throttleKeys.address(ip));
    for (let i = 0; i < ADDRESS_THROTTLE.limit - 1; i++)
      expect((await stub.attempt(ADDRESS_THROTTLE)).allowed).toBe(true);
    const last = await login(uniqueName(), "some-password", ip);
    expect(last.response.status).toBe(429);
    expect(Number(last.response.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);

    const refused = await login(account.username, account.password, ip);
    expect(refused.response.status).toBe(429);
    expect(Number(refused.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    // The same account from elsewhere is unaffected: the address limit is not the account's.
    expect((await login(account.username, account.password, uniqueAddress())).response.status).toBe(200);
  });
});

describe("login throttling counts a client's network, not its address (issue 20)", () => {
  it("locks a /64 out of an account after 10 failures, though each came from another address of it", {
    timeout: 60_000,
  }, async () => {
    const victim = await registerUser();
    const addresses = oneNetwork(11);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await login(victim.username, `rotating-guess-${i}`, addresses[i])).response.status);
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    // The network's pair lock (15 minutes), not only the account's short delay for strangers.
    const right = await login(victim.username, victim.password, addresses[10]);
    expect(right.response.status).toBe(429);
    expect(Number(right.response.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
  });

  it("refuses every address of a /64 whose network reached the address limit", { timeout: 30_000 }, async () => {
    const [first, second, third] = oneNetwork(3);
    const stub = throttleFor(throttleKeys.address(first!));
    for (let i = 0; i < ADDRESS_THROTTLE.limit - 1; i++)
      expect((await stub.attempt(ADDRESS_THROTTLE)).allowed).toBe(true);
    const last = await login(uniqueName(), "spray-password", second);
    expect(last.response.status).toBe(429);
    const account = await registerUser();
    expect((await login(account.username, account.password, third)).response.status).toBe(429);
    // An IPv4 client is its own address, as before.
    expect((await login(account.username, account.password, "198.51.100.77")).response.status).toBe(200);
  });
});

describe("sign-in names", () => {
  it("signs in whatever the case and surrounding spaces, as registration treats names", {
    timeout: 30_000,
  }, async () => {
    const username = uniqueName("MixedCase");
    const password = "a long passphrase 42";
    expect((await call("/api/auth/register", { body: { username, password } })).status).toBe(201);
    for (const typed of [username, username.toLowerCase(), ` ${username} `, username.toUpperCase()]) {
      const { response } = await login(typed, password);
      expect(response.status, JSON.stringify(typed)).toBe(200);
      expect(((await response.json()) as { username: string }).username).toBe(username);
    }
  });

  it("counts failures against the one account whatever case or spacing is typed", { timeout: 30_000 }, async () => {
    const account = await registerUser();
    const forms = [account.username, account.username.toUpperCase(), ` ${account.username}`];
    for (let i = 0; i < 9; i++) expect((await login(forms[i % 3]!, `wrong-${i}-password`)).response.status).toBe(401);
    expect((await login(`${account.username.toUpperCase()} `, "wrong-last-password")).response.status).toBe(429);
  });
});

describe("GET /api/auth/user", () => {
  it("answers 401 JSON without a session, or with a token it never issued", async () => {
    const none = await call("/api/auth/user");
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: "Unauthorized" });
    const forged = await call("/api/auth/user", { cookie: "A".repeat(43) });
    expect(forged.status).toBe(401);
  });

  it("sees a role change at once", async () => {
    const account = await registerUser();
    expect(((await (await call("/api/auth/user", { cookie: account.cookie })).json()) as { role: string }).role).toBe(
      "citizen",
    );
    const { users } = await import("#db/schema/accounts.ts");
    await db().update(users).set({ role: "verifier" }).where(eq(users.id, account.user.id));
    expect(((await (await call("/api/auth/user", { cookie: account.cookie })).json()) as { role: string }).role).toBe(
      "verifier",
    );
    // Demoted: the next request is refused what the role allowed.
    const admin = await registerUser();
    await db().update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
    expect((await call("/api/analytics/dashboard", { cookie: admin.cookie })).status).toBe(200);
    await db().update(users).set({ role: "citizen" }).where(eq(users.id, admin.user.id));
    expect((await call("/api/analytics/dashboard", { cookie: admin.cookie })).status).toBe(403);
  });

  it("sees an account removed at once: its session opens nothing", async () => {
    const account = await registerUser();
    expect((await call("/api/auth/user", { cookie: account.cookie })).status).toBe(200);
    const { users } = await import("#db/schema/accounts.ts");
    await db().delete(users).where(eq(users.id, account.user.id));
    expect((await call("/api/auth/user", { cookie: account.cookie })).status).toBe(401);
    expect((await call("/wallet", { cookie: account.cookie })).headers.get("Location")).toBe("/login");
  });
});

describe("GET /api/login", () => {
  it("redirects to /login", async () => {
    const response = await call("/api/login");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
  });
});
