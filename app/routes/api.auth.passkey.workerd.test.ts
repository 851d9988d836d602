import { env } from "cloudflare:test";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { base64urlEncodeText } from "#core/credentials/encoding.ts";
import { users, webauthnChallenges, webauthnCredentials } from "#db/schema/accounts.ts";
import { credentials } from "#db/schema/credentials.ts";
import { systemLogs } from "#db/schema/observability.ts";
import { CEREMONY_EXPIRED, SIGN_IN_FAILED } from "#server/accounts/passkeys.ts";
import { ACCOUNT_THROTTLE, type ThrottleBindings, throttleKeys } from "#server/accounts/throttle.ts";
import { FLAG_UP, FLAG_UV, SoftwareAuthenticator } from "#tests/support/software-authenticator.ts";
import {
  call,
  login,
  ORIGIN,
  postForm,
  registerUser,
  sessionTokenFrom,
  uniqueAddress,
} from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * The passkey API (ADR 021) through the real web worker, against a software authenticator: add a
 * passkey while signed in, sign in with it, list and remove it; and each way a ceremony must fail.
 * The worker's WEBAUTHN_ORIGIN is the test origin (vitest.config.ts), so its RP ID is that host.
 */

const RP_ID = new URL(ORIGIN).hostname;

type Account = Awaited<ReturnType<typeof registerUser>>;

async function registrationOptions(cookie: string | null) {
  const response = await call("/api/auth/passkey/register/options", { body: {}, cookie });
  return {
    response,
    body: (await response.json()) as { ceremonyId: string; options: PublicKeyCredentialCreationOptionsJSON },
  };
}

/** Adds a passkey made by `authenticator` to `account`: the answer to the verify call. */
async function addPasskey(
  account: Account,
  authenticator = new SoftwareAuthenticator(ORIGIN),
  name = "Work laptop",
  choices = {},
) {
  const { body } = await registrationOptions(account.cookie);
  const response = await authenticator.create(body.options, choices);
  const verify = await call("/api/auth/passkey/register/verify", {
    body: { ceremonyId: body.ceremonyId, name, response },
    cookie: account.cookie,
  });
  return { verify, authenticator };
}

async function signInOptions() {
  const response = await call("/api/auth/passkey/login/options", { body: {} });
  expect(response.status).toBe(200);
  return (await response.json()) as { ceremonyId: string; options: PublicKeyCredentialRequestOptionsJSON };
}

/** One passkey sign-in: fresh options, the authenticator's assertion (with `choices`), the verify answer. */
async function signInWith(authenticator: SoftwareAuthenticator, choices = {}, ip?: string) {
  const { ceremonyId, options } = await signInOptions();
  const response = await authenticator.get(options, choices);
  const body = { ceremonyId, response };
  return { verify: await call("/api/auth/passkey/login/verify", { body, ip }), body, options };
}

const storedPasskey = async (id: string) =>
  (await db().select().from(webauthnCredentials).where(eq(webauthnCredentials.id, id)))[0];

/** The audit rows with `event` for `userId`, once the background writes have landed. */
async function auditRows(event: string, userId: string, expected = 1) {
  let rows: (typeof systemLogs.$inferSelect)[] = [];
  for (let i = 0; i < 100; i++) {
    rows = await db()
      .select()
      .from(systemLogs)
      .where(and(eq(systemLogs.userId, userId), like(systemLogs.message, `${event}%`)));
    if (rows.length >= expected) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return rows;
}

describe("adding a passkey (POST /api/auth/passkey/register/options, /verify)", () => {
  it("asks for a discoverable credential with user verification for this RP ID, and stores the verified one under its name", async () => {
    const account = await registerUser();
    const { response, body } = await registrationOptions(account.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(body.ceremonyId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.options).toMatchObject({
      rp: { id: RP_ID, name: "UK Digital Identity" },
      user: { name: account.username, displayName: "Test User" },
      attestation: "none",
      authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
      excludeCredentials: [],
    });
    // The challenge is kept on the server for this ceremony and this person only.
    const [ceremony] = await db().select().from(webauthnChallenges).where(eq(webauthnChallenges.id, body.ceremonyId));
    expect(ceremony).toMatchObject({
      purpose: "registration",
      userId: account.user.id,
      challenge: body.options.challenge,
    });
    expect(ceremony!.expiresAt.getTime() - Date.now()).toBeGreaterThan(4 * 60 * 1000);

    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const verify = await call("/api/auth/passkey/register/verify", {
      body: {
        ceremonyId: body.ceremonyId,
        name: "  Work   laptop ",
        response: await authenticator.create(body.options),
      },
      cookie: account.cookie,
    });
    expect(verify.status).toBe(201);
    const added = (await verify.json()) as Record<string, unknown>;
    expect(added).toEqual({
      id: authenticator.id,
      name: "Work laptop",
      createdAt: expect.any(String),
      lastUsed: null,
      deviceType: "singleDevice",
      backedUp: false,
    });
    expect(await storedPasskey(authenticator.id)).toMatchObject({
      userId: account.user.id,
      counter: 0,
      transports: ["internal"],
      name: "Work laptop",
    });
    // The ceremony is spent.
    expect(await db().select().from(webauthnChallenges).where(eq(webauthnChallenges.id, body.ceremonyId))).toEqual([]);

    const list = await call("/api/auth/passkeys", { cookie: account.cookie });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([added]);
    const [audited] = await auditRows("passkey added", account.user.id);
    expect(audited).toMatchObject({
      category: "auth",
      level: "info",
      message: `passkey added user="${account.username}"`,
    });
    expect(audited!.metadata).toMatchObject({ credentialId: authenticator.id, name: "Work laptop" });

    // Next time the options exclude it, so the same authenticator is not registered twice.
    const again = await registrationOptions(account.cookie);
    expect(again.body.options.excludeCredentials).toEqual([
      { id: authenticator.id, type: "public-key", transports: ["internal"] },
    ]);
  });

  it("answers 401 to every passkey endpoint but sign-in when signed out, and changes nothing", async () => {
    const { response } = await registrationOptions(null);
    expect(response.status).toBe(401);
    expect(
      (
        await call("/api/auth/passkey/register/verify", {
          body: { ceremonyId: "x".repeat(43), name: "x", response: {} },
        })
      ).status,
    ).toBe(401);
    expect((await call("/api/auth/passkeys")).status).toBe(401);
    expect((await call("/api/auth/passkeys/abc", { method: "DELETE" })).status).toBe(401);
  });

  it("refuses an attestation from another origin, for another RP ID, or without user verification", async () => {
    const account = await registerUser();
    for (const choices of [{ origin: "https://evil.example" }, { rpId: "evil.example" }, { flags: FLAG_UP }]) {
      const { verify, authenticator } = await addPasskey(account, undefined, "Phone", choices);
      expect(verify.status, JSON.stringify(choices)).toBe(400);
      expect(await verify.json()).toMatchObject({ message: "Your passkey could not be verified. Please try again." });
      expect(await storedPasskey(authenticator.id)).toBeUndefined();
    }
    expect(await (await call("/api/auth/passkeys", { cookie: account.cookie })).json()).toEqual([]);
  });

  it("accepts a ceremony once, only from the person who started it, and not after it expired", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const { body } = await registrationOptions(owner.cookie);
    const response = await new SoftwareAuthenticator(ORIGIN).create(body.options);
    const payload = { ceremonyId: body.ceremonyId, name: "Phone", response };
    // Someone else cannot finish (or spend) it.
    const stolen = await call("/api/auth/passkey/register/verify", { body: payload, cookie: other.cookie });
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toMatchObject({ message: CEREMONY_EXPIRED });
    expect((await call("/api/auth/passkey/register/verify", { body: payload, cookie: owner.cookie })).status).toBe(201);
    const replay = await call("/api/auth/passkey/register/verify", { body: payload, cookie: owner.cookie });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ message: CEREMONY_EXPIRED });

    const late = await registrationOptions(owner.cookie);
    await db()
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.id, late.body.ceremonyId));
    const expired = await call("/api/auth/passkey/register/verify", {
      body: {
        ceremonyId: late.body.ceremonyId,
        name: "Tablet",
        response: await new SoftwareAuthenticator(ORIGIN).create(late.body.options),
      },
      cookie: owner.cookie,
    });
    expect(expired.status).toBe(400);
    expect(await (await call("/api/auth/passkeys", { cookie: owner.cookie })).json()).toHaveLength(1);
  });

  it("refuses a credential id someone already registered (409), whoever holds it", async () => {
    const first = await registerUser();
    const { authenticator } = await addPasskey(first);
    const second = await registerUser();
    const { body } = await registrationOptions(second.cookie);
    // The same credential id presented again, with a new key.
    const verify = await call("/api/auth/passkey/register/verify", {
      body: { ceremonyId: body.ceremonyId, name: "Copy", response: await authenticator.create(body.options) },
      cookie: second.cookie,
    });
    expect(verify.status).toBe(409);
    expect(await storedPasskey(authenticator.id)).toMatchObject({ userId: first.user.id });
  });

  it("answers malformed input with a clear 400, never a 500", async () => {
    const account = await registerUser();
    const { body } = await registrationOptions(account.cookie);
    const response = await new SoftwareAuthenticator(ORIGIN).create(body.options);
    const cases: unknown[] = [
      {},
      { ceremonyId: body.ceremonyId, name: "", response },
      { ceremonyId: body.ceremonyId, name: "x".repeat(61), response },
      { ceremonyId: body.ceremonyId, name: "Phone\u202e", response },
      { ceremonyId: body.ceremonyId, name: "Phone", response: { ...response, type: "other" } },
      {
        ceremonyId: body.ceremonyId,
        name: "Phone",
        response: { ...response, response: { ...response.response, attestationObject: "%%%" } },
      },
      { ceremonyId: "short", name: "Phone", response },
    ];
    for (const bad of cases) {
      const answer = await call("/api/auth/passkey/register/verify", { body: bad, cookie: account.cookie });
      expect(answer.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toBeTruthy();
    }
    expect(
      (await call("/api/auth/passkey/register/options", { body: { extra: 1 }, cookie: account.cookie })).status,
    ).toBe(400);
    expect((await call("/api/auth/passkey/register/options", { rawBody: "{", cookie: account.cookie })).status).toBe(
      400,
    );
    // A garbage attestation that fits the schema is a refusal, not a fault.
    const garbage = { ...response, response: { ...response.response, attestationObject: "AAAA" } };
    expect(
      (
        await call("/api/auth/passkey/register/verify", {
          body: { ceremonyId: body.ceremonyId, name: "Phone", response: garbage },
          cookie: account.cookie,
        })
      ).status,
    ).toBe(400);
  });

  it("refuses cross-site requests like every other mutation (403)", async () => {
    const account = await registerUser();
    const foreign = await call("/api/auth/passkey/register/options", {
      body: {},
      cookie: account.cookie,
      headers: { Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    const crossSite = await call("/api/auth/passkey/login/options", {
      body: {},
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const removal = await call("/api/auth/passkeys/abc", {
      method: "DELETE",
      cookie: account.cookie,
      headers: { Origin: "https://evil.example" },
    });
    expect(removal.status).toBe(403);
  });
});

describe("signing in with a passkey (POST /api/auth/passkey/login/options, /verify)", () => {
  it("signs in as the passkey's owner with a new session, as a password sign-in does, and moves the counter and last use", async () => {
    const account = await registerUser();
    const { authenticator } = await addPasskey(account);
    const { ceremonyId, options } = await signInOptions();
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: "required" });
    expect(options.allowCredentials ?? []).toEqual([]);

    const before = Date.now();
    const verify = await call("/api/auth/passkey/login/verify", {
      body: { ceremonyId, response: await authenticator.get(options) },
    });
    expect(verify.status).toBe(200);
    expect(verify.headers.get("Cache-Control")).toBe("no-store");
    // The same answer and cookie as POST /api/auth/login.
    const user = (await verify.json()) as Record<string, unknown>;
    expect(user).toEqual({
      id: account.user.id,
      username: account.username,
      firstName: "Test",
      lastName: "User",
      role: "citizen",
      profileImageUrl: null,
    });
    expect(verify.headers.get("Set-Cookie")).toMatch(
      /^__Host-identity_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Lax/,
    );
    const cookie = sessionTokenFrom(verify);
    const me = await call("/api/auth/user", { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(user);

    const stored = await storedPasskey(authenticator.id);
    expect(stored!.counter).toBe(1);
    expect(stored!.lastUsed!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [listed] = (await (await call("/api/auth/passkeys", { cookie })).json()) as { lastUsed: string | null }[];
    expect(listed!.lastUsed).toBe(stored!.lastUsed!.toISOString());
    const [audited] = await auditRows("passkey sign-in succeeded", account.user.id);
    expect(audited).toMatchObject({ category: "auth", level: "info" });
    expect(audited!.metadata).toMatchObject({ credentialId: authenticator.id });

    // Again: the counter keeps moving forward.
    expect((await signInWith(authenticator)).verify.status).toBe(200);
    expect((await storedPasskey(authenticator.id))!.counter).toBe(2);
  });

  it("refuses a replayed assertion: the ceremony's challenge answers once", async () => {
    const account = await registerUser();
    const { authenticator } = await addPasskey(account);
    const { verify, body, options } = await signInWith(authenticator);
    expect(verify.status).toBe(200);
    const replay = await call("/api/auth/passkey/login/verify", { body });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ message: CEREMONY_EXPIRED });
    expect(sessionTokenFrom(replay)).toBeNull();
    // The same challenge signed afresh, with a higher counter, is no better: the ceremony is gone.
    const resigned = await call("/api/auth/passkey/login/verify", {
      body: { ceremonyId: body.ceremonyId, response: await authenticator.get(options) },
    });
    expect(resigned.status).toBe(400);
    expect((await storedPasskey(authenticator.id))!.counter).toBe(1);
  });

  it("refuses an assertion from another origin, for another RP ID, or without user verification (401, audited, no session)", async () => {
    const account = await registerUser();
    const { authenticator } = await addPasskey(account);
    for (const choices of [
      { origin: "https://evil.example" },
      { origin: "http://identity.example" },
      { rpId: "evil.example" },
      { flags: FLAG_UP },
      { flags: FLAG_UV },
    ]) {
      const { verify } = await signInWith(authenticator, choices);
      expect(verify.status, JSON.stringify(choices)).toBe(401);
      expect(await verify.json()).toMatchObject({ message: SIGN_IN_FAILED });
      expect(sessionTokenFrom(verify)).toBeNull();
    }
    const failures = await auditRows("passkey sign-in failed", account.user.id, 5);
    expect(failures).toHaveLength(5);
    expect(
      failures.every(
        (row) => row.level === "warn" && row.category === "auth" && row.message.endsWith("reason=verification_failed"),
      ),
    ).toBe(true);
    // None of the refused assertions moved the counter or the last use.
    expect(await storedPasskey(authenticator.id)).toMatchObject({ counter: 0, lastUsed: null });
  });

  it("refuses a counter that did not go up (a cloned authenticator), and keeps the stored counter", async () => {
    const account = await registerUser();
    const { authenticator } = await addPasskey(account);
    expect((await signInWith(authenticator, { counter: 5 })).verify.status).toBe(200);
    for (const counter of [5, 3]) {
      const { verify } = await signInWith(authenticator, { counter });
      expect(verify.status).toBe(401);
    }
    expect((await storedPasskey(authenticator.id))!.counter).toBe(5);
    const failures = await auditRows("passkey sign-in failed", account.user.id, 2);
    expect(failures.map((row) => row.message)).toEqual([
      `passkey sign-in failed user="${account.username}" reason=counter_regression`,
      `passkey sign-in failed user="${account.username}" reason=counter_regression`,
    ]);
    expect((await signInWith(authenticator, { counter: 6 })).verify.status).toBe(200);
  });

  it("refuses an unknown passkey, or one whose user handle names someone else", async () => {
    const stranger = new SoftwareAuthenticator(ORIGIN);
    await stranger.create({ ...(await registrationOptions((await registerUser()).cookie)).body.options });
    // Made but never registered here.
    expect((await signInWith(stranger)).verify.status).toBe(401);

    const account = await registerUser();
    const { authenticator } = await addPasskey(account);
    const other = await registerUser();
    authenticator.userHandle = base64urlEncodeText(other.user.id);
    expect((await signInWith(authenticator)).verify.status).toBe(401);
    const [failure] = await auditRows("passkey sign-in failed", account.user.id);
    expect(failure!.message).toContain("reason=user_handle_mismatch");
  });

  it("is never stopped by the password lockout of the account", async () => {
    const account = await registerUser();
    const { authenticator } = await addPasskey(account);
    const throttles = (env as unknown as ThrottleBindings).LOGIN_THROTTLE;
    const key = throttles.get(throttles.idFromName(throttleKeys.account(account.username)));
    for (let i = 0; i < ACCOUNT_THROTTLE.limit; i++) await key.attempt(ACCOUNT_THROTTLE);
    expect((await login(account.username, account.password, uniqueAddress())).response.status).toBe(429);
    const { verify } = await signInWith(authenticator, {}, uniqueAddress());
    expect(verify.status).toBe(200);
    expect(sessionTokenFrom(verify)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("answers malformed input with a clear 400 and an unknown ceremony with 400, never a 500", async () => {
    for (const bad of [
      {},
      { ceremonyId: "x" },
      { ceremonyId: "x".repeat(43), response: { id: "a", rawId: "a", type: "public-key", response: {} } },
      [],
    ]) {
      expect((await call("/api/auth/passkey/login/verify", { body: bad })).status).toBe(400);
    }
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await authenticator.create((await registrationOptions((await registerUser()).cookie)).body.options);
    const { options } = await signInOptions();
    const unknown = await call("/api/auth/passkey/login/verify", {
      body: { ceremonyId: "A".repeat(43), response: await authenticator.get(options) },
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ message: CEREMONY_EXPIRED });
    expect((await call("/api/auth/passkey/login/verify")).status).toBe(405);
  });
});

describe("removing a passkey (DELETE /api/auth/passkeys/{id})", () => {
  it("removes the person's own passkey; someone else's answers 404 and stays", async () => {
    const owner = await registerUser();
    const { authenticator } = await addPasskey(owner);
    const other = await registerUser();

    const theft = await call(`/api/auth/passkeys/${authenticator.id}`, { method: "DELETE", cookie: other.cookie });
    expect(theft.status).toBe(404);
    const refusal = await theft.json();
    expect(refusal).toMatchObject({ message: "Passkey not found" });
    expect(await storedPasskey(authenticator.id)).toMatchObject({ userId: owner.user.id });
    expect(await (await call("/api/auth/passkeys", { cookie: other.cookie })).json()).toEqual([]);

    const removed = await call(`/api/auth/passkeys/${authenticator.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(removed.status).toBe(204);
    expect(await storedPasskey(authenticator.id)).toBeUndefined();
    expect(await (await call("/api/auth/passkeys", { cookie: owner.cookie })).json()).toEqual([]);
    const [audited] = await auditRows("passkey removed", owner.user.id);
    expect(audited!.metadata).toMatchObject({ credentialId: authenticator.id, name: "Work laptop" });
    // Gone: a second removal is a 404, and it can no longer sign in.
    expect(
      (await call(`/api/auth/passkeys/${authenticator.id}`, { method: "DELETE", cookie: owner.cookie })).status,
    ).toBe(404);
    expect((await signInWith(authenticator)).verify.status).toBe(401);
    // Someone else's passkey reads exactly like one that does not exist, or an id no passkey could have.
    const nonsense = await call("/api/auth/passkeys/not%20an%20id", { method: "DELETE", cookie: owner.cookie });
    expect(nonsense.status).toBe(404);
    expect(await nonsense.json()).toEqual(refusal);
    expect((await call(`/api/auth/passkeys/${authenticator.id}`, { cookie: owner.cookie })).status).toBe(405);
  });

  it("goes with the account: deleting a user deletes their passkeys", async () => {
    const owner = await registerUser();
    const { authenticator } = await addPasskey(owner);
    await db().delete(users).where(eq(users.id, owner.user.id));
    expect(await storedPasskey(authenticator.id)).toBeUndefined();
  });
});

describe("where passkeys show", () => {
  it("the wallet's Passkey Enabled and the profile's Security Settings read the passkeys, and the profile can reach 100%", async () => {
    const account = await registerUser();
    const before = await (await call("/wallet", { cookie: account.cookie })).text();
    expect(before).toMatch(/Passkey Enabled<\/span>.*?Not set up/s);
    const profileBefore = await (await call("/profile", { cookie: account.cookie })).text();
    expect(profileBefore).toContain("You have no passkeys yet.");

    // Every other section complete: the person's forms, and a credential from an authority.
    const forms: Record<string, string>[] = [
      {
        intent: "basic",
        firstName: "Sarah",
        lastName: "Thompson",
        email: `${account.username}@example.org`,
        phone: "07700 900982",
        dateOfBirth: "1985-03-27",
      },
      { intent: "address", addressLine1: "10 Downing Street", addressLine2: "", town: "London", postcode: "SW1A 2AA" },
      {
        intent: "emergency",
        emergencyContactName: "Tom Thompson",
        emergencyContactPhone: "07700 900123",
        emergencyContactRelationship: "Partner",
      },
      { intent: "privacy", shareAnalytics: "no", notifyOnVerification: "yes" },
    ];
    for (const fields of forms) {
      expect((await postForm("/profile", fields, { cookie: account.cookie })).status, fields.intent).toBe(200);
    }
    await db()
      .insert(credentials)
      .values({ userId: account.user.id, type: "rtw", vcJwt: "issued.by.an.authority", issuer: "home-office" });
    const fiveOfSix = await (await call("/profile", { cookie: account.cookie })).text();
    expect(fiveOfSix).toMatch(/data-testid="profile-completion"[^>]*>83(<!-- -->)?%/);

    await addPasskey(account, undefined, "Kitchen tablet");
    const after = await (await call("/wallet", { cookie: account.cookie })).text();
    expect(after).toMatch(/Passkey Enabled<\/span>.*?Yes<\/span>/s);
    expect(after).toMatch(/Biometric Auth<\/span>.*?With passkey<\/span>/s);
    const profile = await (await call("/profile", { cookie: account.cookie })).text();
    expect(profile).toContain("Kitchen tablet");
    expect(profile).toContain("Not used yet");
    expect(profile).toMatch(/data-testid="profile-completion"[^>]*>100(<!-- -->)?%/);
  });
});
