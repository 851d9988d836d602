import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "#db/schema/accounts.ts";
import { credentials } from "#db/schema/credentials.ts";
import { userProfiles } from "#db/schema/wallet.ts";
import { SESSION_COOKIE } from "#server/accounts/session.ts";
import type { SignedInSession } from "#server/accounts/signed-in-sessions.ts";
import type { Profile } from "#server/profile/profile.ts";
import { call, login, postForm, registerUser } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/** /profile through the real web worker (spec 000 §2 "/profile", §3 "Profile section", §4). */

type LoaderData = { profile: Profile; editing: string | null; today: string };

/** The route's loader data, as Remix's client asks for it. */
async function profileData(cookie: string, search = ""): Promise<LoaderData> {
  const response = await call(`/profile?${search ? `${search}&` : ""}_data=routes%2Fprofile`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as LoaderData;
}

/** A no-JS form post from a signed-in browser (or a signed-out one: null). */
const postProfile = (cookie: string | null, fields: Record<string, string>) => postForm("/profile", fields, { cookie });

const profileRow = async (userId: string) =>
  (await db().select().from(userProfiles).where(eq(userProfiles.userId, userId)))[0] ?? null;

const BASIC = {
  intent: "basic",
  firstName: "Sarah",
  lastName: "Thompson",
  phone: "07700 900982",
  dateOfBirth: "1985-03-27",
};
const ADDRESS = {
  intent: "address",
  addressLine1: "1 High Street",
  addressLine2: "Flat 2",
  town: "Leeds",
  postcode: "ls1 4ap",
};
const EMERGENCY = {
  intent: "emergency",
  emergencyContactName: "Tom Thompson",
  emergencyContactPhone: "07700 900123",
  emergencyContactRelationship: "Partner",
};
const PRIVACY = { intent: "privacy", shareAnalytics: "yes", notifyOnVerification: "no" };

describe("GET /profile", () => {
  it("sends a signed-out visitor to /login", async () => {
    const response = await call("/profile");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
  });

  it("shows a new citizen the completion computed from their data: 0 of 6", async () => {
    const { cookie } = await registerUser();
    const response = await call("/profile", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const html = await response.text();
    expect(html).toContain("<title>My Profile | UK Digital Identity</title>");
    expect(html).toMatch(/<h1[^>]*>My Profile<\/h1>/);
    expect(html).toMatch(/data-testid="profile-completion"[^>]*>0%</);
    expect(html).toContain("0 of 6 sections complete");
    for (const title of [
      "Basic Information",
      "Address Information",
      "Identity Verification",
      "Emergency Contacts",
      "Security Settings",
      "Privacy Preferences",
    ]) {
      expect(html, title).toMatch(new RegExp(`<h2 id="section-[a-z]+-heading"[^>]*>${title}</h2>`));
    }
    expect(html).toContain("Complete Remaining Sections");
    for (const card of ["Update Contact Info", "Emergency Contacts", "Security Settings", "Privacy Settings"])
      expect(html).toContain(card);
    // Registered with names and an email: those items are complete; the rest offer Complete.
    expect(html).toContain('href="/profile?edit=basic#edit-basic"');
    expect(html).toContain('href="/wallet?action=request"');
    expect(html).toContain('href="#passkeys"');
    expect(html).toContain("Not set up");
  });

  it("opens the asked-for section's form, and ignores a section that has none", async () => {
    const { cookie } = await registerUser();
    const html = await (await call("/profile?edit=emergency", { cookie })).text();
    expect(html).toMatch(/<form[^>]*id="edit-emergency"/);
    expect(html).toContain('name="intent" value="emergency"');
    for (const name of ["emergencyContactName", "emergencyContactPhone", "emergencyContactRelationship"])
      expect(html).toContain(`name="${name}"`);
    for (const edit of ["identity", "security", "nonsense"]) {
      const other = await (await call(`/profile?edit=${edit}`, { cookie })).text();
      expect(other, edit).not.toMatch(/<form[^>]*id="edit-/);
      expect((await profileData(cookie, `edit=${edit}`)).editing).toBeNull();
    }
  });
});

describe("POST /profile", () => {
  it("saves each section and the completion (and the dashboard's Profile Status) rises with it", async () => {
    const { cookie, user, username } = await registerUser();
    const before = await profileData(cookie);
    expect(before.profile.completion).toBe(0);

    const steps: [Record<string, string>, number, string][] = [
      [{ ...BASIC, email: `${username}@example.org` }, 17, "Your basic information has been saved."],
      [ADDRESS, 33, "Your address has been saved."],
      [EMERGENCY, 50, "Your emergency contact has been saved."],
      [PRIVACY, 67, "Your privacy preferences have been saved."],
    ];
    for (const [fields, completion, message] of steps) {
      const response = await postProfile(cookie, fields);
      expect(response.status, fields.intent).toBe(200);
      const html = await response.text();
      // Without JavaScript the outcome is on the page, with the new figure.
      expect(html).toContain(message);
      expect(html).toMatch(new RegExp(`data-testid="profile-completion"[^>]*>${completion}%<`));
      expect((await profileData(cookie)).profile.completion).toBe(completion);
    }

    const row = await profileRow(user.id);
    expect(row).toMatchObject({
      phone: "07700 900982",
      dateOfBirth: "1985-03-27",
      addressLine1: "1 High Street",
      addressLine2: "Flat 2",
      town: "Leeds",
      postcode: "LS1 4AP",
      emergencyContactName: "Tom Thompson",
      emergencyContactPhone: "07700 900123",
      emergencyContactRelationship: "Partner",
      shareAnalytics: true,
      notifyOnVerification: false,
    });

    // The dashboard agrees: same percentage, and its three items from the same data.
    const stats = (await (await call("/api/dashboard/stats", { cookie })).json()) as {
      stats: { profileStatus: number };
      profile: { label: string; complete: boolean }[];
    };
    expect(stats.stats.profileStatus).toBe(67);
    expect(stats.profile).toEqual([
      { label: "Identity Verified", complete: false },
      { label: "Contact Information", complete: true },
      { label: "Emergency Contacts", complete: true },
    ]);

    // An authority's credential completes Identity Verification: 5 of 6 (no passkey yet).
    await db()
      .insert(credentials)
      .values({ userId: user.id, type: "rtw", vcJwt: "jwt", issuer: "https://home-office.example" });
    const after = await profileData(cookie);
    expect(after.profile).toMatchObject({ completion: 83, completeSections: 5 });
    expect(after.profile.sections.find((s) => s.id === "security")?.status).toBe("incomplete");
    expect(
      ((await (await call("/api/dashboard/stats", { cookie })).json()) as { stats: { profileStatus: number } }).stats
        .profileStatus,
    ).toBe(83);
  });

  it("answers bad input with 400, each field's message and the values typed, and saves nothing", async () => {
    const { cookie, user } = await registerUser();
    const response = await postProfile(cookie, { ...ADDRESS, addressLine1: "", postcode: "not a postcode" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/<p id="field-addressLine1-error"[^>]*>.*Enter the first line of your address/);
    expect(html).toMatch(/<p id="field-postcode-error"[^>]*>.*Enter a real UK postcode, like SW1A 2AA/);
    expect(html).toContain("There is a problem");
    // The form stays open with what was typed.
    expect(html).toMatch(/<form[^>]*id="edit-address"/);
    expect(html).toContain('value="not a postcode"');
    expect(await profileRow(user.id)).toBeNull();

    for (const fields of [
      { ...BASIC, email: "someone@example.org", phone: "call me", dateOfBirth: "2999-01-01" },
      { ...BASIC, email: "someone@example.org", firstName: "x".repeat(101) },
      { ...EMERGENCY, emergencyContactPhone: "12" },
      { ...PRIVACY, shareAnalytics: "maybe" },
      { intent: "security" },
      { intent: "basic" },
    ]) {
      const refused = await postProfile(cookie, fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
    }
    expect(await profileRow(user.id)).toBeNull();
    const account = (await db().select().from(users).where(eq(users.id, user.id)))[0]!;
    expect(account).toMatchObject({ firstName: "Test", lastName: "User" });
  });

  it("Complete beside one missing item opens that item alone and saves it, though the section's other items are still empty", async () => {
    // Registered with names and an email; no phone number and no date of birth.
    const { cookie, user } = await registerUser();
    const page = await (await call("/profile", { cookie })).text();
    expect(page).toContain('href="/profile?edit=basic&amp;item=phone#edit-basic"');

    const form = await (await call("/profile?edit=basic&item=phone", { cookie })).text();
    expect(form).toMatch(
      /<form[^>]*id="edit-basic"[^>]*aria-label="Complete Phone number"|<form[^>]*aria-label="Complete Phone number"[^>]*id="edit-basic"/,
    );
    expect(form).toContain('name="item" value="phone"');
    expect(form).toContain('name="phone"');
    for (const other of ["firstName", "email", "dateOfBirth"]) expect(form, other).not.toContain(`name="${other}"`);

    // Its own rule still applies …
    const refused = await postProfile(cookie, { intent: "basic", item: "phone", phone: "call me" });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toMatch(/<p id="field-phone-error"[^>]*>.*Enter a phone number using digits only/);
    expect(refusedHtml).not.toContain("Enter your date of birth");
    // … and a real number is saved alone, with the date of birth still missing.
    const saved = await postProfile(cookie, { intent: "basic", item: "phone", phone: "07700 900982" });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Phone number saved.");
    expect(await profileRow(user.id)).toMatchObject({ phone: "07700 900982", dateOfBirth: null });
    const basic = (await profileData(cookie)).profile.sections.find((s) => s.id === "basic")!;
    expect(basic.items.map((i) => [i.field, i.status])).toEqual([
      ["Full name", "complete"],
      ["Email address", "complete"],
      ["Phone number", "complete"],
      ["Date of birth", "incomplete"],
    ]);
    // Edit (the whole section) still asks for every field.
    expect((await postProfile(cookie, { intent: "basic", phone: "07700 900982" })).status).toBe(400);
  });

  it("puts each save in the person's Recent Activity on the dashboard, not in the wallet's log", async () => {
    const { cookie } = await registerUser();
    expect((await postProfile(cookie, { intent: "basic", item: "phone", phone: "07700 900982" })).status).toBe(200);
    const dashboard = (await (await call("/api/dashboard/stats", { cookie })).json()) as {
      activity: { title: string; detail: string }[];
    };
    expect(dashboard.activity).toContainEqual(
      expect.objectContaining({ title: "Profile updated", detail: "Phone number saved in Basic Information" }),
    );
    const answer = await call("/wallet", { cookie });
    expect(answer.status).toBe(200);
    const wallet = await answer.text();
    // The wallet's own log is there, and says nothing of the profile.
    expect(wallet).toContain("Recent Activity");
    expect(wallet).not.toContain("Profile updated");
  });

  it("refuses an email address another account has, with 409 and the field's message", async () => {
    const first = await registerUser();
    const second = await registerUser();
    const response = await postProfile(second.cookie, { ...BASIC, email: `${first.username}@example.org` });
    expect(response.status).toBe(409);
    expect(await response.text()).toMatch(/<p id="field-email-error"[^>]*>.*already used by another account/);
    expect(await profileRow(second.user.id)).toBeNull();
  });

  it("writes only the signed-in user's profile, whatever user id the form carries", async () => {
    const first = await registerUser();
    const second = await registerUser();
    expect((await postProfile(first.cookie, EMERGENCY)).status).toBe(200);

    const response = await postProfile(second.cookie, {
      ...EMERGENCY,
      emergencyContactName: "Mallory Smith",
      userId: first.user.id,
      user_id: first.user.id,
      id: first.user.id,
    });
    expect(response.status).toBe(200);
    expect(await profileRow(first.user.id)).toMatchObject({ emergencyContactName: "Tom Thompson" });
    expect(await profileRow(second.user.id)).toMatchObject({ emergencyContactName: "Mallory Smith" });
    // And the second user's page shows only their own data.
    const seen = JSON.stringify(await profileData(second.cookie));
    expect(seen).toContain("Mallory Smith");
    expect(seen).not.toContain("Tom Thompson");
  });

  it("sends a signed-out post to /login and saves nothing", async () => {
    const { user } = await registerUser();
    const response = await postProfile(null, { ...EMERGENCY, userId: user.id });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(await profileRow(user.id)).toBeNull();
  });

  it("answers a body that is not a form with 415, never 500", async () => {
    const { cookie } = await registerUser();
    const response = await call("/profile", { cookie, body: EMERGENCY });
    expect(response.status).toBe(415);
  });
});

/**
 * Security Settings' forms without JavaScript (issue 20): each posts to /profile with its intent
 * and does what its API does, for the signed-in person's own account and sessions only.
 */
describe("POST /profile: Security Settings without JavaScript", () => {
  const signedIn = async (cookie: string) => (await call("/api/auth/user", { cookie })).status === 200;
  const sessionsOf = async (cookie: string) =>
    (await (await call("/api/auth/sessions", { cookie })).json()) as SignedInSession[];
  /** Another browser of the same person: its session token. */
  const elsewhere = async (account: { username: string; password: string }) =>
    (await login(account.username, account.password)).cookie!;

  it("signs out one of the person's own sessions by its reference; another person's is 404 and stays", {
    timeout: 30_000,
  }, async () => {
    const account = await registerUser();
    const other = await elsewhere(account);
    const stranger = await registerUser();
    // The other browser's own session: the first of its list.
    const [theirs] = await sessionsOf(other);
    const strangers = await sessionsOf(stranger.cookie);

    // Another person's session, named by the reference their own list gave: nothing ends.
    const refused = await postProfile(account.cookie, { intent: "sign-out-session", session: strangers[0]!.id });
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("That session has already ended.");
    expect(await signedIn(stranger.cookie)).toBe(true);

    const ended = await postProfile(account.cookie, { intent: "sign-out-session", session: theirs!.id });
    expect(ended.status).toBe(200);
    expect(await ended.text()).toContain(`${theirs!.browser} has been signed out.`);
    expect([await signedIn(account.cookie), await signedIn(other)]).toEqual([true, false]);
  });

  it("signs out everywhere else, and goes to sign-in when the session signed out is the one in use", {
    timeout: 30_000,
  }, async () => {
    const account = await registerUser();
    const others = [await elsewhere(account), await elsewhere(account)];
    const ended = await postProfile(account.cookie, { intent: "sign-out-others" });
    expect(ended.status).toBe(200);
    expect(await ended.text()).toContain("2 other sessions have been signed out.");
    for (const cookie of others) expect(await signedIn(cookie)).toBe(false);

    const [own] = await sessionsOf(account.cookie);
    const out = await postProfile(account.cookie, { intent: "sign-out-session", session: own!.id });
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/login");
    expect(out.headers.getSetCookie().join(";")).toMatch(/identity_session=;/);
    expect(await signedIn(account.cookie)).toBe(false);
  });

  it("changes the password: the current one is required, the new one meets the rules, every other session ends", {
    timeout: 60_000,
  }, async () => {
    const account = await registerUser();
    const other = await elsewhere(account);
    const newPassword = `a brand new passphrase ${crypto.randomUUID()}`;
    const wrong = await postProfile(account.cookie, {
      intent: "change-password",
      currentPassword: "not it at all",
      newPassword,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(
      /<p id="field-currentPassword-error"[^>]*>.*The password is not right\. Check it and try again\./,
    );
    const short = await postProfile(account.cookie, {
      intent: "change-password",
      currentPassword: account.password,
      newPassword: "short",
    });
    expect(short.status).toBe(400);
    expect(await short.text()).toMatch(/<p id="field-newPassword-error"/);
    expect(await signedIn(other)).toBe(true);

    const changed = await postProfile(account.cookie, {
      intent: "change-password",
      currentPassword: account.password,
      newPassword,
    });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain(
      "Your password has been changed. You have been signed out on your other devices.",
    );
    expect([await signedIn(account.cookie), await signedIn(other)]).toEqual([true, false]);
    expect((await login(account.username, newPassword)).response.status).toBe(200);
  });

  it("confirms it's you with the password, after which a new email address is saved", { timeout: 60_000 }, async () => {
    const account = await registerUser();
    // The confirmation that signing in made is six minutes old.
    await db()
      .update(sessions)
      .set({ sess: sql`json_set(${sessions.sess}, '$.confirmedAt', ${Date.now() - 6 * 60_000})` as never })
      .where(eq(sql`json_extract(${sessions.sess}, '$.userId')`, account.user.id));
    const email = { intent: "basic", item: "email", email: `new.${account.username}@example.org` };
    const asked = await postProfile(account.cookie, email);
    expect(asked.status).toBe(403);
    // The page asks in itself, with a form that posts the password here.
    expect(await asked.text()).toMatch(/<form[^>]*aria-label="Confirm it’s you"/);

    const wrong = await postProfile(account.cookie, { intent: "confirm-identity", password: "not it at all" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/<p id="field-password-error"[^>]*>.*The password is not right/);
    expect((await postProfile(account.cookie, email)).status).toBe(403);

    const confirmed = await postProfile(account.cookie, { intent: "confirm-identity", password: account.password });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("You’ve confirmed it’s you.");
    expect((await postProfile(account.cookie, email)).status).toBe(200);
    const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, account.user.id));
    expect(row?.email).toBe(email.email);
  });
});

/** A signed-in browser's request carrying the `lang` cookie too. */
const withLanguage = (cookie: string, lang: string) => ({
  cookie: null,
  headers: { Cookie: `${SESSION_COOKIE}=${cookie}; lang=${lang}` },
});

const savedLanguage = async (userId: string) =>
  (await db().select({ language: users.language }).from(users).where(eq(users.id, userId)))[0]?.language;

describe("the language setting on /profile (issue 21)", () => {
  it("offers every citizen language named in itself, and saves the one chosen on the profile and in the lang cookie", async () => {
    const { user, cookie } = await registerUser();
    const before = await (await call("/profile", { cookie })).text();
    expect(before).toMatch(/<h2 id="language-heading"[^>]*>Language<\/h2>/);
    expect(before).toContain("You have not chosen a language yet.");
    expect(before).toContain('name="intent" value="language"');
    expect(before).toMatch(/value="cy"[^>]*\/><span lang="cy" dir="ltr">Cymraeg<\/span>/);
    expect(before).toMatch(/value="ur"[^>]*\/><span lang="ur" dir="rtl">اردو<\/span>/);

    const saved = await postProfile(cookie, { intent: "language", language: "cy" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/profile#language");
    expect(saved.headers.get("Set-Cookie")).toMatch(/^lang=cy;.*Path=\//);
    expect(await savedLanguage(user.id)).toBe("cy");

    // The next page, with the cookie this browser now has, is in Welsh and shows the choice.
    const response = await call("/profile", withLanguage(cookie, "cy"));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="cy" dir="ltr"');
    expect(html).toContain("<title>Fy Mhroffil | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>Fy Mhroffil<\/h1>/);
    expect(html).toMatch(/<h2 id="section-basic-heading"[^>]*>Gwybodaeth Sylfaenol<\/h2>/);
    expect(html).toContain('Rydych yn darllen y gwasanaeth hwn yn <span lang="cy" dir="ltr">Cymraeg</span>.');
    expect(html.match(/<input[^>]*name="language"[^>]*value="cy"[^>]*>/)?.[0]).toContain('checked=""');
    // On a device without the cookie, the profile's choice still holds.
    expect(await (await call("/profile", { cookie })).text()).toContain('<html lang="cy" dir="ltr"');
  });

  it("refuses a language that is not offered with 400 and a clear message, in the page's language, and saves nothing", async () => {
    const { user, cookie } = await registerUser();
    for (const language of ["xx", "de", ""]) {
      const refused = await postProfile(cookie, { intent: "language", language });
      expect(refused.status, language).toBe(400);
      expect(refused.headers.get("Set-Cookie"), language).toBeNull();
      expect(await refused.text()).toContain("Choose one of the languages listed.");
    }
    const inWelsh = await call("/profile", {
      ...withLanguage(cookie, "cy"),
      method: "POST",
      rawBody: "intent=language&language=fr",
      headers: {
        ...withLanguage(cookie, "cy").headers,
        "Content-Type": "application/x-www-form-urlencoded",
      },
    });
    expect(inWelsh.status).toBe(400);
    expect(await inWelsh.text()).toContain("Dewiswch un o’r ieithoedd a restrir.");
    expect(await savedLanguage(user.id)).toBeNull();
  });

  it("shows the profile right to left in Urdu", async () => {
    const { cookie } = await registerUser();
    const html = await (await call("/profile", withLanguage(cookie, "ur"))).text();
    expect(html).toContain('<html lang="ur" dir="rtl"');
    expect(html).toMatch(/<h1[^>]*>میری پروفائل<\/h1>/);
    expect(html).toMatch(/<h2 id="section-security-heading"[^>]*>سیکیورٹی کی ترتیبات<\/h2>/);
    // Where the person is signed in: a browser the server cannot name, said in Urdu (issue 21).
    const [english] = (await (await call("/api/auth/sessions", { cookie })).json()) as SignedInSession[];
    expect(english!.browser).toBe("Unknown browser");
    const data = (await (await call("/profile?_data=routes%2Fprofile", withLanguage(cookie, "ur"))).json()) as {
      sessions: SignedInSession[];
    };
    expect(data.sessions.map((s) => s.browser)).toEqual(["نامعلوم براؤزر"]);
  });
});
