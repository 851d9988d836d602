import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { ukDate } from "#core/format/uk-time.ts";
import { PROFILE_UPDATED } from "#core/profile/items.ts";
import type { Database } from "#db/client.ts";
import * as schema from "#db/schema/index.ts";
import { credentialRow as cred, openTempDatabase } from "#tests/support/temp-database.ts";
import {
  EMAIL_IN_USE,
  getProfile,
  PASSKEYS_PATH,
  type ProfileInput,
  parseProfileForm,
  REQUEST_CREDENTIAL_PATH,
  savedMessage,
  saveProfileSection,
  UNKNOWN_INTENT,
  UNKNOWN_ITEM,
} from "./profile.ts";

/** The profile service (spec 000 §2 "/profile", §3 "Profile section", §4) against a real libSQL file. */
const NOW = new Date("2026-07-15T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

let db: Database;

beforeEach(async () => {
  const temp = await openTempDatabase("profile-test-");
  db = temp.db;
  return temp.close;
});

async function addUser(username: string, extra: Partial<typeof schema.users.$inferInsert> = {}) {
  const [row] = await db
    .insert(schema.users)
    .values({ username, passwordHash: "x", ...extra })
    .returning();
  return row!;
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

/** Parses a form that must be valid, for arranging saves. */
function valid(fields: Record<string, string>): ProfileInput {
  const parsed = parseProfileForm(form(fields), NOW);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.input;
}

const BASIC = {
  intent: "basic",
  firstName: "Sarah",
  lastName: "Thompson",
  email: "sarah@example.org",
  phone: "07700 900982",
  dateOfBirth: "1985-03-27",
};
const ADDRESS = {
  intent: "address",
  addressLine1: "10 Downing Street",
  addressLine2: "",
  town: "London",
  postcode: "sw1a2aa",
};
const EMERGENCY = {
  intent: "emergency",
  emergencyContactName: "Tom Thompson",
  emergencyContactPhone: "+44 7700 900123",
  emergencyContactRelationship: "Partner",
};
const PRIVACY = { intent: "privacy", shareAnalytics: "no", notifyOnVerification: "yes" };

describe("getProfile", () => {
  it("gives a new account six incomplete-or-complete sections from its real data, 0%", async () => {
    const me = await addUser("me");
    const profile = await getProfile(db, me.id, NOW);
    expect(profile.sections.map((s) => s.title)).toEqual([
      "Basic Information",
      "Address Information",
      "Identity Verification",
      "Emergency Contacts",
      "Security Settings",
      "Privacy Preferences",
    ]);
    expect(profile.sections.map((s) => s.status)).toEqual([
      "incomplete",
      "incomplete",
      "incomplete",
      "incomplete",
      "incomplete",
      "incomplete",
    ]);
    expect(profile.sections.map((s) => s.progress)).toEqual([0, 0, 0, 0, 50, 0]);
    expect(profile).toMatchObject({ completion: 0, completeSections: 0, totalSections: 6 });
    expect(profile.strength).toEqual({ identityVerified: false, contactInformation: false, emergencyContacts: false });
  });

  it("marks the password set and the passkey honestly not set up, pointing at where passkeys are added", async () => {
    const me = await addUser("me");
    const security = (await getProfile(db, me.id, NOW)).sections.find((s) => s.id === "security")!;
    expect(security.items).toEqual([
      { field: "Password", value: "Set", status: "complete" },
      { field: "Passkey", value: "Not set up", status: "incomplete", action: { kind: "link", to: PASSKEYS_PATH } },
    ]);
    expect(security.status).toBe("incomplete");
  });

  it("counts a passkey once one exists", async () => {
    const me = await addUser("me");
    await db.insert(schema.webauthnCredentials).values({ id: "cred-1", userId: me.id, publicKey: "pk" });
    const security = (await getProfile(db, me.id, NOW)).sections.find((s) => s.id === "security")!;
    expect(security).toMatchObject({ status: "complete", progress: 100 });
    expect(security.items[1]).toEqual({ field: "Passkey", value: "1 set up", status: "complete" });
  });

  it("verifies identity only with an active, unrevoked, unexpired credential of this user; else links to the wallet request", async () => {
    const me = await addUser("me");
    const other = await addUser("other");
    await db
      .insert(schema.credentials)
      .values([
        cred(me.id, { expiresAt: new Date(NOW.getTime() - DAY) }),
        cred(me.id, { status: "revoked", revokedAt: NOW }),
        cred(me.id, { status: "suspended" }),
        cred(other.id),
      ]);
    const identity = async () => (await getProfile(db, me.id, NOW)).sections.find((s) => s.id === "identity")!;
    expect((await identity()).items).toEqual([
      {
        field: "Identity verified by an authority",
        value: "Not verified",
        status: "incomplete",
        action: { kind: "link", to: REQUEST_CREDENTIAL_PATH },
      },
    ]);
    await db.insert(schema.credentials).values(cred(me.id, { expiresAt: new Date(NOW.getTime() + DAY) }));
    expect(await identity()).toMatchObject({
      status: "complete",
      progress: 100,
      items: [
        { field: "Identity verified by an authority", value: "Verified (1 active credential)", status: "complete" },
      ],
    });
  });

  it("computes each section's progress from its items and completion from whole sections", async () => {
    const me = await addUser("me", { firstName: "Sarah", lastName: "Thompson", email: "s@example.org" });
    await db.insert(schema.userProfiles).values({
      userId: me.id,
      phone: "07700 900982",
      town: "Leeds",
      shareAnalytics: true,
      notifyOnVerification: false,
    });
    const profile = await getProfile(db, me.id, NOW);
    const byId = Object.fromEntries(profile.sections.map((s) => [s.id, s]));
    expect(byId.basic!.progress).toBe(75); // name, email, phone; no date of birth
    expect(byId.address!.progress).toBe(33); // town only
    expect(byId.privacy).toMatchObject({ status: "complete", progress: 100 });
    expect(byId.privacy!.items.map((i) => i.value)).toEqual(["Shared", "Off"]);
    expect(profile).toMatchObject({ completeSections: 1, completion: 17 });
    expect(profile.strength.contactInformation).toBe(true);
    // An incomplete item says what is missing and opens a form for that item alone.
    expect(byId.basic!.items[3]).toEqual({
      field: "Date of birth",
      value: "Not provided",
      status: "incomplete",
      action: { kind: "edit", section: "basic", item: "dateOfBirth" },
    });
  });
});

describe("parseProfileForm", () => {
  const errorsFor = (fields: Record<string, string>) => {
    const parsed = parseProfileForm(form(fields), NOW);
    if (parsed.ok) throw new Error("expected the form to be refused");
    return parsed.fieldErrors;
  };

  it("refuses a missing or unknown intent", () => {
    for (const intent of [undefined, "", "security", "identity", "userId"]) {
      const parsed = parseProfileForm(form(intent === undefined ? {} : { intent }), NOW);
      expect(parsed).toMatchObject({ ok: false, section: null, message: UNKNOWN_INTENT });
    }
  });

  it("says which field is missing", () => {
    expect(errorsFor({ intent: "emergency" })).toEqual({
      emergencyContactName: ["Enter your emergency contact's name"],
      emergencyContactPhone: ["Enter your emergency contact's phone number"],
      emergencyContactRelationship: ["Enter how you know them, like partner, parent or friend"],
    });
    expect(errorsFor({ intent: "privacy" })).toEqual({
      shareAnalytics: ["Select whether to share usage analytics"],
      notifyOnVerification: ["Select whether to be notified when a credential is verified"],
    });
  });

  it("accepts UK postcodes in any case and spacing, stored as written; refuses others", () => {
    for (const [typed, stored] of [
      ["sw1a2aa", "SW1A 2AA"],
      ["M1 1AE", "M1 1AE"],
      ["b33 8th", "B33 8TH"],
      ["CR2 6XH", "CR2 6XH"],
      ["dn55 1pt", "DN55 1PT"],
      [" EC1A  1BB ", "EC1A 1BB"],
    ]) {
      const input = valid({ ...ADDRESS, postcode: typed! });
      expect(input.section === "address" && input.data.postcode).toBe(stored);
    }
    for (const postcode of ["12345", "SW1A", "SW1A 2A", "ABC 1AA", "SW1A 2AAA", "1W1A 2AA"]) {
      expect(errorsFor({ ...ADDRESS, postcode }).postcode, postcode).toEqual([
        "Enter a real UK postcode, like SW1A 2AA",
      ]);
    }
  });

  it("accepts UK and international phone numbers written with digits; refuses anything else", () => {
    for (const phone of [
      "07700 900982",
      "07700900982",
      "+44 7700 900982",
      "(020) 7946 0958",
      "020-7946-0958",
      "+33 1 23 45 67 89",
    ]) {
      expect(parseProfileForm(form({ ...BASIC, phone }), NOW).ok, phone).toBe(true);
    }
    for (const phone of [
      "077009009",
      "077009009821",
      "+44 07700 900982",
      "phone me",
      "07700 9OO982",
      "+0 123456789",
      "7700900982",
    ]) {
      expect(errorsFor({ ...BASIC, phone }).phone, phone).toEqual([
        "Enter a phone number using digits only, like 07700 900982 or +44 7700 900982",
      ]);
    }
  });

  it("accepts a real past date of birth only", () => {
    const today = ukDate(NOW);
    expect(today).toBe("2026-07-15");
    expect(parseProfileForm(form({ ...BASIC, dateOfBirth: "2026-07-14" }), NOW).ok).toBe(true);
    expect(errorsFor({ ...BASIC, dateOfBirth: "2023-02-29" }).dateOfBirth).toEqual([
      "Date of birth must be a real date, like 27 March 1985",
    ]);
    expect(errorsFor({ ...BASIC, dateOfBirth: "27/03/1985" }).dateOfBirth).toEqual([
      "Date of birth must be a real date, like 27 March 1985",
    ]);
    expect(errorsFor({ ...BASIC, dateOfBirth: today }).dateOfBirth).toEqual(["Date of birth must be in the past"]);
    expect(errorsFor({ ...BASIC, dateOfBirth: "2030-01-01" }).dateOfBirth).toEqual([
      "Date of birth must be in the past",
    ]);
    expect(errorsFor({ ...BASIC, dateOfBirth: "" }).dateOfBirth).toEqual(["Enter your date of birth"]);
    expect(errorsFor({ ...BASIC, dateOfBirth: "1890-01-01" }).dateOfBirth).toEqual([
      "Date of birth must be within the last 130 years",
    ]);
  });

  it("limits names to 100 characters of letters, spaces, hyphens, apostrophes and full stops", () => {
    expect(parseProfileForm(form({ ...BASIC, firstName: "Zoë-Anne", lastName: "O'Brien St. John" }), NOW).ok).toBe(
      true,
    );
    expect(parseProfileForm(form({ ...BASIC, firstName: "Siân", lastName: "Nguyễn" }), NOW).ok).toBe(true);
    expect(errorsFor({ ...BASIC, firstName: "a".repeat(101) }).firstName).toEqual([
      "First name must be 100 characters or fewer",
    ]);
    expect(errorsFor({ ...BASIC, lastName: "<script>" }).lastName).toEqual([
      "Last name must only include letters, spaces, hyphens, apostrophes and full stops",
    ]);
    expect(errorsFor({ ...BASIC, firstName: "   " }).firstName).toEqual(["Enter your first name"]);
    expect(errorsFor({ ...BASIC, email: "" }).email).toEqual(["Enter your email address"]);
    expect(errorsFor({ ...BASIC, email: "not-an-email" }).email).toEqual([
      "Enter an email address in the correct format, like name@example.com",
    ]);
  });

  it("with an item, reads and validates only that item's fields: Complete beside one missing field saves it alone", () => {
    // The section's other fields are empty, as on a new account: not required, not read.
    expect(
      parseProfileForm(form({ intent: "basic", item: "phone", phone: "07700 900982", firstName: "" }), NOW),
    ).toEqual({
      ok: true,
      input: { section: "basic", item: "phone", data: { phone: "07700 900982" } },
      values: { phone: "07700 900982" },
    });
    expect(
      parseProfileForm(
        form({ intent: "address", item: "address", addressLine1: " 1  High Street ", addressLine2: "" }),
        NOW,
      ),
    ).toMatchObject({
      ok: true,
      input: { section: "address", item: "address", data: { addressLine1: "1 High Street", addressLine2: null } },
    });
    // The item's own rules still apply, and only its messages come back.
    expect(errorsFor({ intent: "basic", item: "phone", phone: "phone me" })).toEqual({
      phone: ["Enter a phone number using digits only, like 07700 900982 or +44 7700 900982"],
    });
    expect(errorsFor({ intent: "basic", item: "fullName", firstName: "Sarah" })).toEqual({
      lastName: ["Enter your last name"],
    });
    expect(errorsFor({ intent: "privacy", item: "shareAnalytics" })).toEqual({
      shareAnalytics: ["Select whether to share usage analytics"],
    });
  });

  it("refuses an item that is not one of the section's", () => {
    for (const item of ["postcode", "password", "toString", "__proto__"]) {
      expect(parseProfileForm(form({ intent: "basic", item, phone: "07700 900982" }), NOW), item).toMatchObject({
        ok: false,
        section: "basic",
        message: UNKNOWN_ITEM,
      });
    }
  });

  it("gives back the values as typed with the messages", () => {
    const parsed = parseProfileForm(form({ ...ADDRESS, postcode: "nowhere" }), NOW);
    expect(parsed).toMatchObject({
      ok: false,
      section: "address",
      values: { addressLine1: "10 Downing Street", postcode: "nowhere" },
    });
  });
});

describe("saveProfileSection", () => {
  it("fills every editable section, and completion rises section by section", async () => {
    const me = await addUser("me");
    const completion = async () => (await getProfile(db, me.id, NOW)).completion;
    expect(await completion()).toBe(0);
    expect(await saveProfileSection(db, me.id, valid(BASIC), NOW)).toEqual({ ok: true });
    expect(await completion()).toBe(17);
    await saveProfileSection(db, me.id, valid(ADDRESS), NOW);
    expect(await completion()).toBe(33);
    await saveProfileSection(db, me.id, valid(EMERGENCY), NOW);
    expect(await completion()).toBe(50);
    await saveProfileSection(db, me.id, valid(PRIVACY), NOW);
    // Identity needs an authority and Security a passkey: 4 of 6.
    const profile = await getProfile(db, me.id, NOW);
    expect(profile).toMatchObject({ completion: 67, completeSections: 4 });
    expect(profile.strength).toEqual({ identityVerified: false, contactInformation: true, emergencyContacts: true });
    expect(profile.values.basic).toEqual({
      firstName: "Sarah",
      lastName: "Thompson",
      email: "sarah@example.org",
      phone: "07700 900982",
      dateOfBirth: "1985-03-27",
    });
    expect(profile.sections[0]!.items[3]!.value).toBe("27 March 1985");
    expect(profile.sections[1]!.items.map((i) => i.value)).toEqual(["10 Downing Street", "London", "SW1A 2AA"]);
    expect(profile.values.privacy).toEqual({ shareAnalytics: "no", notifyOnVerification: "yes" });
  });

  it("changes one section without touching the others, and only this user's rows", async () => {
    const me = await addUser("me");
    const other = await addUser("other", { firstName: "Other", email: "other@example.org" });
    await saveProfileSection(db, other.id, valid(EMERGENCY), NOW);
    await saveProfileSection(db, me.id, valid(ADDRESS), NOW);
    await saveProfileSection(db, me.id, valid({ ...EMERGENCY, emergencyContactName: "Ann Lee" }), NOW);
    const mine = (await db.select().from(schema.userProfiles).where(eq(schema.userProfiles.userId, me.id)))[0]!;
    expect(mine).toMatchObject({ town: "London", emergencyContactName: "Ann Lee", updatedAt: NOW });
    const theirs = (await db.select().from(schema.userProfiles).where(eq(schema.userProfiles.userId, other.id)))[0]!;
    expect(theirs).toMatchObject({ emergencyContactName: "Tom Thompson", town: null });
    const otherUser = (await db.select().from(schema.users).where(eq(schema.users.id, other.id)))[0]!;
    expect(otherUser).toMatchObject({ firstName: "Other", email: "other@example.org" });
  });

  it("saves one item without the rest of its section, and leaves the section's other fields as they were", async () => {
    const me = await addUser("me", { firstName: "Sarah", lastName: "Thompson", email: "sarah@example.org" });
    expect(
      await saveProfileSection(db, me.id, valid({ intent: "basic", item: "phone", phone: "07700 900982" }), NOW),
    ).toEqual({ ok: true });
    const profile = await getProfile(db, me.id, NOW);
    expect(profile.values.basic).toEqual({
      firstName: "Sarah",
      lastName: "Thompson",
      email: "sarah@example.org",
      phone: "07700 900982",
      dateOfBirth: "",
    });
    expect(profile.sections[0]!.items.map((i) => i.status)).toEqual(["complete", "complete", "complete", "incomplete"]);
    // The section is still incomplete: one item is missing, and Edit still asks for all of it.
    expect(profile.sections[0]!.status).toBe("incomplete");
    expect(parseProfileForm(form({ intent: "basic", phone: "07700 900982" }), NOW).ok).toBe(false);

    await saveProfileSection(
      db,
      me.id,
      valid({ intent: "emergency", item: "emergencyContactName", emergencyContactName: "Tom Thompson" }),
      NOW,
    );
    expect((await getProfile(db, me.id, NOW)).values.emergency).toEqual({
      emergencyContactName: "Tom Thompson",
      emergencyContactPhone: "",
      emergencyContactRelationship: "",
    });
  });

  it("records every save in the person's activity log, naming the item when one was completed alone", async () => {
    const me = await addUser("me");
    const other = await addUser("other");
    await saveProfileSection(db, me.id, valid(ADDRESS), new Date(NOW.getTime() - 1000));
    await saveProfileSection(db, me.id, valid({ intent: "basic", item: "phone", phone: "07700 900982" }), NOW);
    const events = await db
      .select()
      .from(schema.walletEvents)
      .where(eq(schema.walletEvents.userId, me.id))
      .orderBy(schema.walletEvents.createdAt);
    expect(events.map((e) => [e.kind, e.detail, e.createdAt])).toEqual([
      [PROFILE_UPDATED, { section: "address" }, new Date(NOW.getTime() - 1000)],
      [PROFILE_UPDATED, { section: "basic", item: "phone" }, NOW],
    ]);
    expect(await db.select().from(schema.walletEvents).where(eq(schema.walletEvents.userId, other.id))).toEqual([]);
    // A refused save records nothing.
    await addUser("taken", { email: "taken@example.org" });
    await saveProfileSection(db, me.id, valid({ intent: "basic", item: "email", email: "taken@example.org" }), NOW);
    expect(await db.select().from(schema.walletEvents).where(eq(schema.walletEvents.userId, me.id))).toHaveLength(2);
  });

  it("says what was saved: the section, or the item alone", () => {
    expect(savedMessage("basic")).toBe("Your basic information has been saved.");
    expect(savedMessage("basic", "phone")).toBe("Phone number saved.");
  });

  it("refuses an email address another account uses, and saves nothing", async () => {
    await addUser("other", { email: "taken@example.org" });
    const me = await addUser("me", { email: "me@example.org" });
    const result = await saveProfileSection(db, me.id, valid({ ...BASIC, email: "Taken@Example.org" }), NOW);
    expect(result).toEqual({ ok: false, status: 409, message: EMAIL_IN_USE, fieldErrors: { email: [EMAIL_IN_USE] } });
    const row = (await db.select().from(schema.users).where(eq(schema.users.id, me.id)))[0]!;
    expect(row).toMatchObject({ email: "me@example.org", firstName: null });
    expect(await db.select().from(schema.userProfiles)).toEqual([]);
    // Keeping one's own address is not a conflict.
    expect(await saveProfileSection(db, me.id, valid({ ...BASIC, email: "me@example.org" }), NOW)).toEqual({
      ok: true,
    });
  });
});
