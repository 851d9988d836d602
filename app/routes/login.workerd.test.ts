import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "#app/entry.worker.ts";
import { DEMO_PASSWORD } from "#db/seed.ts";
import { PAIR_THROTTLE, throttleKeys } from "#server/accounts/throttle.ts";
import { NOT_A_FORM, UNREADABLE_FORM } from "#server/http/form.ts";
import {
  call,
  ORIGIN,
  postForm,
  registerUser,
  sessionTokenFrom,
  throttles,
  uniqueAddress,
} from "#tests/support/web-client.ts";

/** GET `path` from the web worker deployed with DEMO_MODE `demoMode` (unset: as production's wrangler.toml leaves it off). */
async function asDeployed(path: string, demoMode: string | undefined): Promise<Response> {
  const { DEMO_MODE: _configured, ...bindings } = env as Record<string, unknown>;
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, {
    headers: { "CF-Connecting-IP": uniqueAddress() },
  }) as Parameters<typeof worker.fetch>[0];
  const response = await worker.fetch(
    request,
    demoMode === undefined ? bindings : { ...bindings, DEMO_MODE: demoMode },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

// Spec 000 §2's Quick Demo Login, only where the deployment says it is a demo (ADR 028).
describe("GET /login: Quick Demo Login only on a demo deployment", () => {
  it('shows the four demo buttons with the demo accounts from the loader when DEMO_MODE is "true"', async () => {
    const page = await asDeployed("/login", "true");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Quick Demo Login");
    for (const label of ["Admin User", "Citizen", "Verifier", "Operator"]) expect(html).toContain(`>${label}</button>`);
    const data = await asDeployed("/login?_data=routes%2F(%24lang).login", "true");
    expect(data.headers.get("Cache-Control")).toBe("no-store");
    expect(((await data.json()) as { demoLogins: unknown }).demoLogins).toEqual([
      { role: "admin", username: "admin", password: DEMO_PASSWORD },
      { role: "citizen", username: "citizen", password: DEMO_PASSWORD },
      { role: "verifier", username: "verifier", password: DEMO_PASSWORD },
      { role: "operator", username: "operator", password: DEMO_PASSWORD },
    ]);
  });

  it.each([undefined, "false"])("shows no demo block and no demo password when DEMO_MODE is %s", async (demoMode) => {
    const page = await asDeployed("/login", demoMode);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Sign In");
    expect(html).not.toContain("Quick Demo Login");
    expect(html).not.toContain(DEMO_PASSWORD);
    const data = await asDeployed("/login?_data=routes%2F(%24lang).login", demoMode);
    const body = await data.text();
    expect(JSON.parse(body)).toMatchObject({ demoLogins: null });
    expect(body).not.toContain(DEMO_PASSWORD);
  });

  it("is off in the production configuration (root wrangler.toml) the web worker runs with here", () => {
    expect((env as Record<string, unknown>).DEMO_MODE).toBe("false");
  });
});

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

// Issue 21: the sign-in page in the language of its address, and signing in from it keeps that language.
describe("/cy/login: signing in in Welsh", () => {
  it("renders the page in Welsh: <html lang>, its heading, its title", async () => {
    const page = await call("/cy/login");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="cy" dir="ltr"');
    expect(html).toMatch(/<h1[^>]*>Mewngofnodi<\/h1>/);
    expect(html).toContain("<title>Mewngofnodi | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toContain("Neidio i&#x27;r prif gynnwys");
    expect(html).not.toContain("Sign in to hold, share and check your digital credentials.");
  });

  it("signs in through the form without JavaScript and keeps Welsh (the lang cookie), with the English address home", async () => {
    const account = await registerUser();
    const response = await postForm("/cy/login", { username: account.username, password: account.password });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(sessionTokenFrom(response)).not.toBeNull();
    expect(response.headers.get("Set-Cookie")).toMatch(/(?:^|, )lang=cy;/);
  });

  it("signs in through POST /api/auth/login from the Welsh page (its Referer) and keeps Welsh", async () => {
    const account = await registerUser();
    const response = await call("/api/auth/login", {
      body: { username: account.username, password: account.password },
      headers: { Referer: `${ORIGIN}/cy/login` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toMatch(/(?:^|, )lang=cy;/);
  });

  it("tells a refused sign-in in Welsh, from the form and from the API; the page's checks too", async () => {
    const account = await registerUser();
    const form = await postForm("/cy/login", { username: account.username, password: "not the password" });
    expect(form.status).toBe(401);
    expect(await form.text()).toContain("Enw defnyddiwr neu gyfrinair annilys");
    const api = await call("/api/auth/login", {
      body: { username: account.username, password: "not the password" },
      headers: { Referer: `${ORIGIN}/cy/login` },
    });
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ message: "Enw defnyddiwr neu gyfrinair annilys" });
    const blank = await postForm("/cy/login", { username: "", password: "" });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toMatch(/<p id="field-username-error"[^>]*>.*Mae angen hwn/);
  });

  it("tells a lockout in Welsh, its wait in minutes", async () => {
    const account = await registerUser();
    const ip = uniqueAddress();
    const key = throttles.get(throttles.idFromName(throttleKeys.pair(account.username, ip)));
    for (let i = 0; i < PAIR_THROTTLE.limit; i++) await key.attempt(PAIR_THROTTLE);
    const response = await postForm("/cy/login", { username: account.username, password: account.password }, { ip });
    expect(response.status).toBe(429);
    expect(await response.text()).toContain(
      "Gormod o ymdrechion aflwyddiannus i fewngofnodi. Rhowch gynnig arall arni ymhen 15 munud.",
    );
  });
});
