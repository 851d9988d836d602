import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "#db/seed.ts";
import { type OpenBrowser, openBrowser } from "./browser.ts";
import { pageJson } from "./wallet-helpers.ts";

/**
 * The session cookie keeps its `__Host-` name and Secure flag even on the http loopback used
 * locally: Chromium treats http://127.0.0.1 as a secure context, so no fallback name is needed
 * (ADR "sessions"). And the CSP with its per-response nonce leaves the page working.
 */
let browser: OpenBrowser;
beforeEach(async () => {
  browser = await openBrowser();
});
afterEach(async () => {
  await browser.close();
});

const api = (path: string, body?: unknown) => pageJson<Record<string, unknown>>(browser.page, path, body);

describe("session cookie in Chromium over http loopback", () => {
  it("is set with __Host-, HttpOnly, Secure, SameSite=Lax, sent back, and gone after logout", async () => {
    expect(new URL(browser.baseUrl).protocol).toBe("http:");
    const violations: string[] = [];
    browser.page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await browser.page.goto("/");

    const login = await api("/api/auth/login", { username: "citizen", password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.username).toBe("citizen");

    const cookies = await browser.context.cookies();
    const session = cookies.find((c) => c.name === "__Host-identity_session");
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session?.httpOnly).toBe(true);
    expect(session?.secure).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect(session?.path).toBe("/");
    // HttpOnly: page scripts cannot read it.
    expect(await browser.page.evaluate(() => document.cookie)).not.toContain("identity_session");

    const me = await api("/api/auth/user");
    expect(me).toEqual({ status: 200, body: expect.objectContaining({ username: "citizen", role: "citizen" }) });

    expect((await api("/api/auth/logout", {})).status).toBe(200);
    expect((await browser.context.cookies()).some((c) => c.name === "__Host-identity_session")).toBe(false);
    expect((await api("/api/auth/user")).status).toBe(401);
    expect(violations).toEqual([]);
  });
});

describe("static assets (served before the worker)", () => {
  it("carry the security headers from public/_headers", async () => {
    await browser.page.goto("/");
    const src = await browser.page
      .locator("script[src], link[rel=modulepreload]")
      .first()
      .evaluate((el) => el.getAttribute("src") ?? el.getAttribute("href"));
    expect(src).toMatch(/^\/build\//);
    const response = await browser.context.request.get(src!);
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
