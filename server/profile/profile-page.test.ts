import { beforeEach, describe, expect, it } from "vitest";
import { ukDate } from "#core/format/uk-time.ts";
import type { Database } from "#db/client.ts";
import * as schema from "#db/schema/index.ts";
import type { ThrottleBindings, ThrottlePolicy } from "#server/accounts/throttle.ts";
import { openTempDatabase } from "#tests/support/temp-database.ts";
import { EMAIL_IN_USE, parseProfileForm, SAVED_MESSAGES } from "./profile.ts";
import { profilePageData, saveProfileForm } from "./profile-page.ts";

/** /profile's page data and the answer to its saves (spec 000 §2 "/profile", §3) against a real libSQL file. */
const NOW = new Date("2026-07-15T12:00:00Z");

let db: Database;

beforeEach(async () => {
  const temp = await openTempDatabase("profile-page-test-");
  db = temp.db;
  return temp.close;
});

async function addUser(username: string, email: string) {
  const [row] = await db.insert(schema.users).values({ username, passwordHash: "x", email }).returning();
  return row!;
}

/**
 * A LoginThrottle namespace for one test: one counter per key, with the fixed-window policies'
 * limits (the object itself, and its windows, are tested in workers/durable-objects).
 */
function throttles() {
  const counts = new Map<string, number>();
  const stub = (key: string) => ({
    attempt: async (policy: ThrottlePolicy) => {
      const count = (counts.get(key) ?? 0) + 1;
      if (count > policy.limit)
        return { allowed: false, count: policy.limit, retryAfterSeconds: policy.lockoutMs / 1000 };
      counts.set(key, count);
      return { allowed: true, count, retryAfterSeconds: 0 };
    },
    undo: async () => {
      counts.set(key, Math.max(0, (counts.get(key) ?? 0) - 1));
    },
    clear: async () => {
      counts.delete(key);
    },
  });
  const namespace = { idFromName: (name: string) => name, get: (id: string) => stub(id) };
  return { LOGIN_THROTTLE: namespace as unknown as ThrottleBindings["LOGIN_THROTTLE"] };
}

/** The person saving, signed in (and confirmed) at `confirmedAt`. */
const saver = (user: { id: string; email: string | null }, confirmedAt = NOW.getTime()) => ({
  session: { user, data: { userId: user.id, createdAt: confirmedAt, lastSeenAt: confirmedAt, confirmedAt } },
  address: "2001:db8:5:6::1",
});

/** A form that parses, as the route hands it over. */
function parsed(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const result = parseProfileForm(form, NOW);
  if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
  return result;
}

describe("saveProfileForm", () => {
  it("answers 200 with the sentence for the section, or for the one item saved", async () => {
    const me = await addUser("me", "me@example.org");
    const privacy = { intent: "privacy", shareAnalytics: "no", notifyOnVerification: "yes" };
    const context = { db, env: throttles() };
    expect(await saveProfileForm(context, saver(me), parsed(privacy), NOW)).toEqual({
      status: 200,
      answer: { ok: true, section: "privacy", message: SAVED_MESSAGES.privacy },
    });
    expect(
      await saveProfileForm(context, saver(me), parsed({ intent: "basic", item: "phone", phone: "07700 900982" }), NOW),
    ).toEqual({ status: 200, answer: { ok: true, section: "basic", message: "Phone number saved." } });
  });

  it("answers a refused save with its status, the field's message and what was typed", async () => {
    await addUser("other", "taken@example.org");
    const me = await addUser("me", "me@example.org");
    const form = parsed({ intent: "basic", item: "email", email: "taken@example.org" });
    expect(await saveProfileForm({ db, env: throttles() }, saver(me), form, NOW)).toEqual({
      status: 409,
      answer: {
        ok: false,
        section: "basic",
        item: "email",
        message: EMAIL_IN_USE,
        fieldErrors: { email: [EMAIL_IN_USE] },
        values: form.values,
      },
    });
  });
});

describe("saveProfileForm: a new email address", () => {
  it("needs a confirmation at most five minutes old: 403 reauth_required after that, and nothing saved", async () => {
    const me = await addUser("me", "me@example.org");
    const form = parsed({ intent: "basic", item: "email", email: "new@example.org" });
    const stale = saver(me, NOW.getTime() - 5 * 60_000 - 1);
    const refused = await saveProfileForm({ db, env: throttles() }, stale, form, NOW);
    expect(refused).toMatchObject({ status: 403, answer: { ok: false, code: "reauth_required" } });
    const [row] = await db.select().from(schema.users);
    expect(row?.email).toBe("me@example.org");
    // Exactly five minutes is still fresh; the email the person already has needs nothing.
    const fresh = saver(me, NOW.getTime() - 5 * 60_000);
    expect((await saveProfileForm({ db, env: throttles() }, fresh, form, NOW)).status).toBe(200);
    const same = parsed({ intent: "basic", item: "email", email: "new@example.org" });
    expect(
      (
        await saveProfileForm(
          { db, env: throttles() },
          { ...stale, session: { ...stale.session, user: { id: me.id, email: "new@example.org" } } },
          same,
          NOW,
        )
      ).status,
    ).toBe(200);
  });

  it("checks at most 10 new addresses an hour per person: then 429 with the wait", async () => {
    await addUser("other", "taken@example.org");
    const me = await addUser("me", "me@example.org");
    const context = { db, env: throttles() };
    for (let i = 0; i < 10; i++) {
      const form = parsed({ intent: "basic", item: "email", email: `probe${i}@example.org` });
      expect((await saveProfileForm(context, saver({ id: me.id, email: "x@example.org" }), form, NOW)).status).toBe(
        200,
      );
    }
    const form = parsed({ intent: "basic", item: "email", email: "taken@example.org" });
    const limited = await saveProfileForm(context, saver({ id: me.id, email: "x@example.org" }), form, NOW);
    expect(limited).toMatchObject({
      status: 429,
      retryAfterSeconds: 3600,
      answer: { ok: false, code: "too_many_attempts" },
    });
  });
});

describe("profilePageData", () => {
  it("gives the profile, no passkeys, today in the UK and no passkey origin when none is configured", async () => {
    const me = await addUser("me", "me@example.org");
    const page = await profilePageData({ db, env: { SESSION_SECRET: "s".repeat(32) } }, { sid: "none", user: me }, NOW);
    expect(page).toMatchObject({ today: ukDate(NOW), passkeys: [], passkeyOrigin: null, sessions: [] });
    expect(page.profile.totalSections).toBe(6);
  });

  it("gives the origin passkeys are registered for", async () => {
    const me = await addUser("me", "me@example.org");
    const env = { PUBLIC_BASE_URL: "https://id.example.gov.uk/app", SESSION_SECRET: "s".repeat(32) };
    const page = await profilePageData({ db, env }, { sid: "none", user: me }, NOW);
    expect(page.passkeyOrigin).toBe("https://id.example.gov.uk");
  });
});
