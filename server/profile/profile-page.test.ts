import { beforeEach, describe, expect, it } from "vitest";
import { ukDate } from "#core/format/uk-time.ts";
import type { Database } from "#db/client.ts";
import * as schema from "#db/schema/index.ts";
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
    expect(await saveProfileForm(db, me.id, parsed(privacy), NOW)).toEqual({
      status: 200,
      answer: { ok: true, section: "privacy", message: SAVED_MESSAGES.privacy },
    });
    expect(
      await saveProfileForm(db, me.id, parsed({ intent: "basic", item: "phone", phone: "07700 900982" }), NOW),
    ).toEqual({ status: 200, answer: { ok: true, section: "basic", message: "Phone number saved." } });
  });

  it("answers a refused save with its status, the field's message and what was typed", async () => {
    await addUser("other", "taken@example.org");
    const me = await addUser("me", "me@example.org");
    const form = parsed({ intent: "basic", item: "email", email: "taken@example.org" });
    expect(await saveProfileForm(db, me.id, form, NOW)).toEqual({
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

describe("profilePageData", () => {
  it("gives the profile, no passkeys, today in the UK and no passkey origin when none is configured", async () => {
    const me = await addUser("me", "me@example.org");
    const page = await profilePageData({ db, env: {} }, me.id, NOW);
    expect(page).toMatchObject({ today: ukDate(NOW), passkeys: [], passkeyOrigin: null });
    expect(page.profile.totalSections).toBe(6);
  });

  it("gives the origin passkeys are registered for", async () => {
    const me = await addUser("me", "me@example.org");
    const page = await profilePageData({ db, env: { PUBLIC_BASE_URL: "https://id.example.gov.uk/app" } }, me.id, NOW);
    expect(page.passkeyOrigin).toBe("https://id.example.gov.uk");
  });
});
