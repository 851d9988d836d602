import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { users, webauthnChallenges, webauthnCredentials } from "#db/schema/accounts.ts";
import { SoftwareAuthenticator } from "#tests/support/software-authenticator.ts";
import { call, ORIGIN, postForm, registerUser, uniqueAddress } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * "Confirm it's you" (issue 20; ADR 030) through the real web worker: adding or removing a passkey
 * and changing the email need a password or passkey confirmation at most five minutes old, recorded
 * on the session; and checking whether an email address is taken is rate limited.
 *
 * The clock: the worker runs in this test's isolate, so a faked `Date` (vi.setSystemTime) is the
 * clock it reads. Each test that moves it puts it back (afterEach).
 */

type Account = Awaited<ReturnType<typeof registerUser>>;

const FIVE_MINUTES = 5 * 60_000;

afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock the worker reads forward by `ms`. */
function later(ms: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now + ms);
}

async function addPasskey(account: Account, authenticator = new SoftwareAuthenticator(ORIGIN)) {
  const options = await call("/api/auth/passkey/register/options", { body: {}, cookie: account.cookie });
  expect(options.status).toBe(200);
  const body = (await options.json()) as { ceremonyId: string; options: PublicKeyCredentialCreationOptionsJSON };
  const verify = await call("/api/auth/passkey/register/verify", {
    body: { ceremonyId: body.ceremonyId, name: "Work laptop", response: await authenticator.create(body.options) },
    cookie: account.cookie,
  });
  expect(verify.status).toBe(201);
  return authenticator;
}

const passkeysOf = (userId: string) =>
  db().select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId));

const registrationCeremoniesOf = (userId: string) =>
  db()
    .select()
    .from(webauthnChallenges)
    .where(and(eq(webauthnChallenges.userId, userId), eq(webauthnChallenges.purpose, "registration")));

/** The refusal every guarded change answers without a recent confirmation. */
async function expectReauthRequired(response: Response) {
  expect(response.status).toBe(403);
  expect(await response.json()).toMatchObject({ code: "reauth_required", message: expect.stringMatching(/confirm/i) });
}

describe("adding and removing a passkey need a recent confirmation", () => {
  it("refuses both with 403 reauth_required once the confirmation is over five minutes old, and changes nothing", async () => {
    const account = await registerUser();
    const authenticator = await addPasskey(account);
    const ceremoniesBefore = (await registrationCeremoniesOf(account.user.id)).length;

    later(FIVE_MINUTES + 1000);
    // The session itself is still signed in (idle timeout 30 minutes).
    expect((await call("/api/auth/user", { cookie: account.cookie })).status).toBe(200);
    await expectReauthRequired(await call("/api/auth/passkey/register/options", { body: {}, cookie: account.cookie }));
    expect(await registrationCeremoniesOf(account.user.id)).toHaveLength(ceremoniesBefore);
    await expectReauthRequired(
      await call(`/api/auth/passkeys/${authenticator.id}`, { method: "DELETE", cookie: account.cookie }),
    );
    expect(await passkeysOf(account.user.id)).toHaveLength(1);
  });

  it("allows both again after the password is confirmed, for five minutes", async () => {
    const account = await registerUser();
    const authenticator = await addPasskey(account);
    later(FIVE_MINUTES + 1000);

    const wrong = await call("/api/auth/reauth", { body: { password: "not the password" }, cookie: account.cookie });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      code: "wrong_password",
      errors: { fieldErrors: { password: [expect.any(String)] } },
    });
    await expectReauthRequired(await call("/api/auth/passkey/register/options", { body: {}, cookie: account.cookie }));

    const confirmed = await call("/api/auth/reauth", { body: { password: account.password }, cookie: account.cookie });
    expect(confirmed.status).toBe(200);
    const { confirmedUntil } = (await confirmed.json()) as { confirmedUntil: string };
    expect(Date.parse(confirmedUntil)).toBe(Date.now() + FIVE_MINUTES);
    expect((await call("/api/auth/passkey/register/options", { body: {}, cookie: account.cookie })).status).toBe(200);
    const removed = await call(`/api/auth/passkeys/${authenticator.id}`, { method: "DELETE", cookie: account.cookie });
    expect(removed.status).toBe(204);
  });

  it("takes a confirmation with one of the person's own passkeys, and not with someone else's", async () => {
    const account = await registerUser();
    const authenticator = await addPasskey(account);
    const other = await registerUser();
    const othersKey = await addPasskey(other);
    later(FIVE_MINUTES + 1000);

    const start = async () => {
      const options = await call("/api/auth/reauth/passkey/options", { body: {}, cookie: account.cookie });
      expect(options.status).toBe(200);
      return (await options.json()) as { ceremonyId: string; options: PublicKeyCredentialRequestOptionsJSON };
    };
    const mine = await start();
    expect(mine.options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
    // Someone else's passkey, over this person's ceremony: refused, and nothing is confirmed.
    const theirs = await call("/api/auth/reauth/passkey/verify", {
      body: { ceremonyId: mine.ceremonyId, response: await othersKey.get({ ...mine.options, allowCredentials: [] }) },
      cookie: account.cookie,
    });
    expect(theirs.status).toBe(401);
    await expectReauthRequired(await call("/api/auth/passkey/register/options", { body: {}, cookie: account.cookie }));

    const again = await start();
    const verified = await call("/api/auth/reauth/passkey/verify", {
      body: { ceremonyId: again.ceremonyId, response: await authenticator.get(again.options) },
      cookie: account.cookie,
    });
    expect(verified.status).toBe(200);
    expect((await call("/api/auth/passkey/register/options", { body: {}, cookie: account.cookie })).status).toBe(200);
  });

  it("stops guessing the password through the confirmation: 10 wrong in a row, then 429 with Retry-After", {
    timeout: 60_000,
  }, async () => {
    const account = await registerUser();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push(
        (await call("/api/auth/reauth", { body: { password: `guess-${i}` }, cookie: account.cookie })).status,
      );
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(400));
    expect(statuses[9]).toBe(429);
    const locked = await call("/api/auth/reauth", { body: { password: account.password }, cookie: account.cookie });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
  });

  it("puts each added or removed passkey in the person's Recent Activity", async () => {
    const account = await registerUser();
    const authenticator = await addPasskey(account);
    expect(
      (await call(`/api/auth/passkeys/${authenticator.id}`, { method: "DELETE", cookie: account.cookie })).status,
    ).toBe(204);
    const dashboard = (await (await call("/api/dashboard/stats", { cookie: account.cookie })).json()) as {
      activity: { title: string; detail: string }[];
    };
    expect(dashboard.activity).toContainEqual(
      expect.objectContaining({
        title: "Passkey added",
        detail: expect.stringContaining("“Work laptop” can now sign you in"),
      }),
    );
    expect(dashboard.activity).toContainEqual(
      expect.objectContaining({ title: "Passkey removed", detail: "“Work laptop” can no longer sign you in." }),
    );
  });
});

const basicWithEmail = (email: string) => ({
  intent: "basic",
  firstName: "Sarah",
  lastName: "Thompson",
  email,
  phone: "07700 900982",
  dateOfBirth: "1985-03-27",
});

const emailOf = async (userId: string) =>
  (await db().select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;

describe("changing the email on /profile", () => {
  it("needs a recent confirmation for a new address (403, nothing saved), but not to keep the same one", async () => {
    const account = await registerUser();
    const current = `${account.username}@example.org`;
    later(FIVE_MINUTES + 1000);
    const refused = await postForm("/profile", basicWithEmail(`new.${current}`), { cookie: account.cookie });
    expect(refused.status).toBe(403);
    expect(await emailOf(account.user.id)).toBe(current);
    // The same address: nothing to confirm, the rest is saved.
    expect((await postForm("/profile", basicWithEmail(current), { cookie: account.cookie })).status).toBe(200);

    expect(
      (await call("/api/auth/reauth", { body: { password: account.password }, cookie: account.cookie })).status,
    ).toBe(200);
    expect((await postForm("/profile", basicWithEmail(`new.${current}`), { cookie: account.cookie })).status).toBe(200);
    expect(await emailOf(account.user.id)).toBe(`new.${current}`);
  });

  it("checks at most 10 new addresses an hour per person: then 429 with Retry-After, and no answer about the address", async () => {
    const account = await registerUser();
    const taken = await registerUser();
    const ip = uniqueAddress();
    for (let i = 0; i < 10; i++) {
      const probe = await postForm(
        "/profile",
        { intent: "basic", item: "email", email: `probe${i}.${taken.username}@example.org` },
        {
          cookie: account.cookie,
          ip,
        },
      );
      expect(probe.status).toBe(200);
    }
    const limited = await postForm(
      "/profile",
      { intent: "basic", item: "email", email: `${taken.username}@example.org` },
      { cookie: account.cookie, ip: uniqueAddress() },
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(59 * 60);
    const page = await limited.text();
    expect(page).toContain("Too many email address changes");
    expect(page).not.toContain("already used by another account");
  });

  it("checks at most 30 new addresses an hour from one network, whoever asks", { timeout: 60_000 }, async () => {
    const prefix = uniqueAddress().split(":").slice(0, 4).join(":");
    const people = await Promise.all([registerUser(), registerUser(), registerUser(), registerUser()]);
    let n = 0;
    for (const person of people.slice(0, 3))
      for (let i = 0; i < 10; i++) {
        const probe = await postForm(
          "/profile",
          { intent: "basic", item: "email", email: `net${n}.${person.username}@example.org` },
          {
            cookie: person.cookie,
            ip: `${prefix}:${(++n).toString(16)}:0:0:1`,
          },
        );
        expect(probe.status).toBe(200);
      }
    const fourth = people[3]!;
    const limited = await postForm(
      "/profile",
      { intent: "basic", item: "email", email: `new.${fourth.username}@example.org` },
      { cookie: fourth.cookie, ip: `${prefix}:ffff:0:0:1` },
    );
    expect(limited.status).toBe(429);
    // From another network the same person is not held up.
    const elsewhere = await postForm(
      "/profile",
      { intent: "basic", item: "email", email: `new.${fourth.username}@example.org` },
      { cookie: fourth.cookie, ip: uniqueAddress() },
    );
    expect(elsewhere.status).toBe(200);
  });
});
