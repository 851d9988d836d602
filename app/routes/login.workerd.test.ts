import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "#db/seed.ts";
import { PAIR_THROTTLE, throttleKeys } from "#server/accounts/throttle.ts";
import { NOT_A_FORM, UNREADABLE_FORM } from "#server/http/form.ts";
import { call, postForm, registerUser, sessionTokenFrom, throttles, uniqueAddress } from "#tests/support/web-client.ts";

// The sign-in form's action, as a browser without JavaScript uses it.
describe("POST /login (no-JS form)", () => {
  it("signs in and redirects home with a session cookie", async () => {
    for (const multipart of [false, true]) {
      const response = await postForm("/login", { username: "citizen", password: DEMO_PASSWORD }, { multipart });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
      const cookie = sessionTokenFrom(response);
      expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const me = await call("/api/auth/user", { cookie });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { username: string }).username).toBe("citizen");
    }
  });

  it("re-renders the page with each field's message and 400 for invalid input", async () => {
    const response = await postForm("/login", { username: "", password: "" });
    expect(response.status).toBe(400);
    expect(sessionTokenFrom(response)).toBeNull();
    const html = await response.text();
    expect(html).toMatch(/<p id="field-username-error"[^>]*>.*Required/);
    expect(html).toMatch(/<p id="field-password-error"[^>]*>.*Required/);
  });

  it("re-renders with the one message for any bad credential and 401", async () => {
    const response = await postForm("/login", { username: "citizen", password: "not the password" });
    expect(response.status).toBe(401);
    expect(sessionTokenFrom(response)).toBeNull();
    expect(await response.text()).toContain("Invalid username or password");
  });

  it("answers a JSON or text body with 415 and a message, never 500", async () => {
    const asJson = await call("/login", { body: { username: "citizen", password: DEMO_PASSWORD } });
    expect(asJson.status).toBe(415);
    expect(sessionTokenFrom(asJson)).toBeNull();
    expect(await asJson.text()).toContain(NOT_A_FORM);
    const asText = await call("/login", { rawBody: "username=citizen", headers: { "Content-Type": "text/plain" } });
    expect(asText.status).toBe(415);
    const noType = await call("/login", { rawBody: "username=citizen" });
    expect(noType.status).toBe(415);
  });

  it("answers a form body it cannot read with 400, never 500", async () => {
    const response = await call("/login", {
      rawBody: "garbage",
      headers: { "Content-Type": "multipart/form-data; boundary=nope" },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(UNREADABLE_FORM);
  });

  it("passes on a lockout's 429 with Retry-After", async () => {
    const account = await registerUser();
    // Ten failures from this address: it is locked out of the account for 15 minutes.
    const ip = uniqueAddress();
    const key = throttles.get(throttles.idFromName(throttleKeys.pair(account.username, ip)));
    for (let i = 0; i < PAIR_THROTTLE.limit; i++) await key.attempt(PAIR_THROTTLE);
    const response = await postForm("/login", { username: account.username, password: account.password }, { ip });
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await response.text()).toContain("Too many failed sign-in attempts");
  });
});
