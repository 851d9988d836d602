import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import {
  call,
  registerUser,
  sessionTokenFrom,
  throttles,
  uniqueAddress,
  uniqueName,
  validRegistration,
} from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";
import { REGISTRATION_THROTTLE, throttleKeys } from "./throttle.ts";

async function register(body: unknown) {
  const response = await call("/api/auth/register", { body });
  return {
    response,
    json: (await response.json()) as { message: string; errors?: { fieldErrors: Record<string, string[]> } },
  };
}

describe("POST /api/auth/register", () => {
  it("creates a citizen, answers 201 with the public user, and signs them in", async () => {
    const input = validRegistration("reg");
    const response = await call("/api/auth/register", { body: input });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      username: input.username,
      firstName: "Ada",
      lastName: "Lovelace",
      role: "citizen",
      profileImageUrl: null,
    });
    const cookie = sessionTokenFrom(response);
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await call("/api/auth/user", { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(body);

    const [row] = await db().select().from(users).where(eq(users.username, input.username));
    expect(row?.email).toBe(input.email);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("accepts a registration with only username and password", async () => {
    const username = uniqueName("min");
    const { response, json } = await register({ username, password: "a long passphrase 42" });
    expect(response.status).toBe(201);
    expect(json).toMatchObject({ username, firstName: null, lastName: null });
  });

  it.each([
    ["Required for a missing username", { username: undefined }, "username", "Required"],
    ["the minimum for a short username", { username: "ab" }, "username", "String must contain at least 3 character(s)"],
    ["Invalid email for a malformed address", { email: "not-an-email" }, "email", "Invalid email"],
    [
      "the minimum for a short password",
      { password: "short" },
      "password",
      "String must contain at least 8 character(s)",
    ],
  ] as const)("says %s", async (_, change, field, message) => {
    const { response, json } = await register({ ...validRegistration("reg"), ...change });
    expect(response.status).toBe(400);
    expect(json.message).toBe(message);
    expect(json.errors?.fieldErrors[field]).toEqual([message]);
  });

  it("refuses the commonest passwords, in any case", async () => {
    for (const password of ["password", "12345678", "Password1", "qwerty123", "ILOVEYOU"]) {
      const { response, json } = await register({ ...validRegistration("reg"), password });
      expect(response.status, password).toBe(400);
      expect(json.message).toBe("This password is too common. Choose a password that is harder to guess.");
    }
  });

  it("answers 409 for a username already taken, whatever its case", async () => {
    const existing = await registerUser();
    const same = await register({ ...validRegistration("reg"), username: existing.username });
    expect(same.response.status).toBe(409);
    expect(same.json).toEqual({ message: "Username already taken" });
    const upper = await register({ ...validRegistration("reg"), username: existing.username.toUpperCase() });
    expect(upper.response.status).toBe(409);
    expect(upper.json).toEqual({ message: "Username already taken" });
  });

  it("folds compatibility forms (NFKC) and refuses look-alike or invisible characters: no second 'admin'", async () => {
    const base = uniqueName("fold");
    expect((await register({ ...validRegistration("reg"), username: base })).response.status).toBe(201);
    // Fullwidth letters fold to the same name: taken.
    const fullwidth = [...base].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join("");
    const folded = await register({ ...validRegistration("reg"), username: fullwidth });
    expect(folded.response.status).toBe(409);
    expect(folded.json.message).toBe("Username already taken");
    // The seeded administrator's name, dressed up three ways (issue 13, all accepted before).
    for (const username of ["ADMİN", "ａｄｍｉｎ", "ad\u200bmin"]) {
      const { response } = await register({ ...validRegistration("reg"), username });
      expect(response.status, JSON.stringify(username)).not.toBe(201);
    }
    for (const username of [
      "ADMİN",
      `ad\u200bmin${base}`,
      `${base}\u202e`,
      `${base}é`,
      `-${base}`,
      `${base}.`,
      `${base} x`,
    ]) {
      const { response, json } = await register({ ...validRegistration("reg"), username });
      expect(response.status, JSON.stringify(username)).toBe(400);
      expect(json.errors?.fieldErrors.username).toEqual([
        "Use only letters A to Z, numbers, and dots, hyphens or underscores between them",
      ]);
    }
    // A name typed in fullwidth signs in to the account it folds to.
    const { username, password } = await registerUser();
    const typed = [...username].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join("");
    expect((await call("/api/auth/login", { body: { username: typed, password } })).status).toBe(200);
  });

  it("answers 409 for an email already registered", async () => {
    const existing = await registerUser();
    const { response, json } = await register({
      ...validRegistration("reg"),
      email: `${existing.username}@EXAMPLE.org`,
    });
    expect(response.status).toBe(409);
    expect(json).toEqual({ message: "Email already registered" });
  });

  it("lets exactly one of two simultaneous sign-ups for one username through", async () => {
    const input = validRegistration("reg");
    const [a, b] = await Promise.all([
      call("/api/auth/register", { body: input }),
      call("/api/auth/register", { body: { ...input, email: `other.${input.email}` } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(await loser.json()).toEqual({ message: "Username already taken" });
    expect(await db().select().from(users).where(eq(users.username, input.username))).toHaveLength(1);
  });

  it("answers malformed JSON with 400 and other methods with 405", async () => {
    const bad = await call("/api/auth/register", { rawBody: "not json" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Request body must be valid JSON" });
    const get = await call("/api/auth/register");
    expect(get.status).toBe(405);
    const patch = await call("/api/auth/register", { method: "PATCH", body: validRegistration("reg") });
    expect(patch.status).toBe(405);
  });

  it("throttles per address: 20 attempts an hour, refusals included, then 429 with Retry-After", {
    timeout: 30_000,
  }, async () => {
    const ip = uniqueAddress();
    const key = throttles.get(throttles.idFromName(throttleKeys.registration(ip)));
    for (let i = 0; i < REGISTRATION_THROTTLE.limit - 2; i++) await key.attempt(REGISTRATION_THROTTLE);
    // A taken name counts too: probing for accounts is what the limit slows.
    const existing = await registerUser();
    expect(
      (await call("/api/auth/register", { body: { ...validRegistration("reg"), username: existing.username }, ip }))
        .status,
    ).toBe(409);
    expect((await call("/api/auth/register", { body: validRegistration("reg"), ip })).status).toBe(201);

    const input = validRegistration("reg");
    const refused = await call("/api/auth/register", { body: input, ip });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(59 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Too many registrations from this address\. Try again in 60 minute\(s\)\.$/,
    );
    expect(sessionTokenFrom(refused)).toBeNull();
    expect(await db().select().from(users).where(eq(users.username, input.username))).toHaveLength(0);
    // Another address is unaffected.
    expect((await call("/api/auth/register", { body: input, ip: uniqueAddress() })).status).toBe(201);
  });

  it("counts a client's /64 as one: 20 attempts from rotating addresses of one network, then 429", {
    timeout: 30_000,
  }, async () => {
    const existing = await registerUser();
    const prefix = uniqueAddress().split(":").slice(0, 4).join(":");
    const address = (i: number) => `${prefix}:${(i + 1).toString(16)}:0:0:1`;
    // Probing with a taken name, each from another address of the same /64 (no password is hashed).
    for (let i = 0; i < REGISTRATION_THROTTLE.limit; i++) {
      const probe = { ...validRegistration("reg"), username: existing.username };
      expect((await call("/api/auth/register", { body: probe, ip: address(i) })).status).toBe(409);
    }
    const refused = await call("/api/auth/register", { body: validRegistration("reg"), ip: address(99) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(59 * 60);
  });

  it("never lets a client choose its own role", async () => {
    const { response, json } = await register({ ...validRegistration("reg"), role: "admin" });
    expect(response.status).toBe(201);
    expect((json as unknown as { role: string }).role).toBe("citizen");
  });
});
