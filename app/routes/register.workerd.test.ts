import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { REGISTRATION_THROTTLE, throttleKeys } from "#server/accounts/throttle.ts";
import { NOT_A_FORM, UNREADABLE_FORM } from "#server/http/form.ts";
import {
  call,
  ORIGIN,
  postForm,
  registerUser,
  sessionTokenFrom,
  throttles,
  uniqueAddress,
  uniqueName,
  validRegistration,
} from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

// The registration form's action, as a browser without JavaScript uses it.
describe("POST /register (no-JS form)", () => {
  it("creates the account, signs it in and redirects home", async () => {
    const input = validRegistration("form");
    const response = await postForm("/register", input);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const cookie = sessionTokenFrom(response);
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await call("/api/auth/user", { cookie });
    expect(await me.json()).toMatchObject({
      username: input.username,
      firstName: "Ada",
      lastName: "Lovelace",
      role: "citizen",
    });
    const [row] = await db().select().from(users).where(eq(users.username, input.username));
    expect(row?.email).toBe(input.email);
  });

  it("treats blank optional fields as absent", async () => {
    const username = uniqueName("blank");
    const response = await postForm("/register", {
      username,
      email: "",
      password: "a long passphrase 42",
      firstName: "",
      lastName: "",
    });
    expect(response.status).toBe(302);
    const [row] = await db().select().from(users).where(eq(users.username, username));
    expect(row).toMatchObject({ email: null, firstName: null, lastName: null });
  });

  it("re-renders the page with each field's message and 400 for invalid input", async () => {
    const response = await postForm("/register", {
      ...validRegistration("form"),
      username: "ab",
      email: "not-an-email",
      password: "short",
    });
    expect(response.status).toBe(400);
    expect(sessionTokenFrom(response)).toBeNull();
    const html = await response.text();
    expect(html).toMatch(/<p id="field-username-error"[^>]*>.*String must contain at least 3 character\(s\)/);
    expect(html).toMatch(/<p id="field-email-error"[^>]*>.*Invalid email/);
    expect(html).toMatch(/<p id="field-password-error"[^>]*>.*String must contain at least 8 character\(s\)/);
  });

  it("says Required for a blank username, as the page's own check does", async () => {
    const response = await postForm("/register", { ...validRegistration("form"), username: "" });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/<p id="field-username-error"[^>]*>.*Required/);
  });

  it("refuses a common password and a taken username with the API's messages", async () => {
    const common = await postForm("/register", { ...validRegistration("form"), password: "password123" });
    expect(common.status).toBe(400);
    expect(await common.text()).toMatch(/<p id="field-password-error"[^>]*>.*This password is too common/);

    const existing = await registerUser();
    const taken = await postForm("/register", {
      ...validRegistration("form"),
      username: existing.username.toUpperCase(),
    });
    expect(taken.status).toBe(409);
    expect(sessionTokenFrom(taken)).toBeNull();
    expect(await taken.text()).toContain("Username already taken");
  });

  it("answers a JSON body with 415 and an unreadable form with 400, never 500; no account is created", async () => {
    const input = validRegistration("form");
    const asJson = await call("/register", { body: input });
    expect(asJson.status).toBe(415);
    expect(await asJson.text()).toContain(NOT_A_FORM);
    const broken = await call("/register", {
      rawBody: "garbage",
      headers: { "Content-Type": "multipart/form-data; boundary=nope" },
    });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain(UNREADABLE_FORM);
    expect(await db().select().from(users).where(eq(users.username, input.username))).toHaveLength(0);
  });

  it("answers 429 with Retry-After once the address has registered too often", async () => {
    const ip = uniqueAddress();
    const key = throttles.get(throttles.idFromName(throttleKeys.registration(ip)));
    for (let i = 0; i < REGISTRATION_THROTTLE.limit; i++) await key.attempt(REGISTRATION_THROTTLE);
    const input = validRegistration("form");
    const response = await postForm("/register", input, { ip });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(59 * 60);
    expect(await response.text()).toContain("Too many registrations from this address");
    expect(await db().select().from(users).where(eq(users.username, input.username))).toHaveLength(0);
  });
});

// Issue 21: registration in the language of its address, right to left for Urdu.
describe("/ur/register: registering in Urdu", () => {
  it("renders the page in Urdu, right to left: <html lang dir>, its heading, its title", async () => {
    const page = await call("/ur/register");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="ur" dir="rtl"');
    expect(html).toMatch(/<h1[^>]*>اکاؤنٹ بنائیں<\/h1>/);
    expect(html).toContain("<title>اکاؤنٹ بنائیں | UK Digital Identity</title>");
    expect(html).toContain("ای میل (اختیاری)");
  });

  it("tells each field's problem, a common password and a taken username in Urdu", async () => {
    const blank = await postForm("/ur/register", { ...validRegistration("form"), username: "", password: "short" });
    expect(blank.status).toBe(400);
    const html = await blank.text();
    expect(html).toMatch(/<p id="field-username-error"[^>]*>.*یہ ضروری ہے/);
    expect(html).toMatch(/<p id="field-password-error"[^>]*>.*کم از کم 8 حروف درج کریں/);

    const common = await postForm("/ur/register", { ...validRegistration("form"), password: "password123" });
    expect(common.status).toBe(400);
    expect(await common.text()).toContain("یہ پاس ورڈ بہت عام ہے۔");

    const existing = await registerUser();
    const taken = await postForm("/ur/register", { ...validRegistration("form"), username: existing.username });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("یہ صارف نام پہلے سے لیا جا چکا ہے");
  });

  it("tells the address's registration limit in Welsh from the API called by the Welsh page", async () => {
    const ip = uniqueAddress();
    const key = throttles.get(throttles.idFromName(throttleKeys.registration(ip)));
    for (let i = 0; i < REGISTRATION_THROTTLE.limit; i++) await key.attempt(REGISTRATION_THROTTLE);
    const response = await call("/api/auth/register", {
      body: validRegistration("api"),
      ip,
      headers: { Referer: `${ORIGIN}/cy/register` },
    });
    expect(response.status).toBe(429);
    expect(((await response.json()) as { message: string }).message).toBe(
      "Gormod o gofrestriadau o'r cyfeiriad hwn. Rhowch gynnig arall arni ymhen 60 munud.",
    );
  });
});
