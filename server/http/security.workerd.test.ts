import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "#db/seed.ts";
import { call, login, uniqueName } from "#tests/support/web-client.ts";

const HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Frame-Options": "DENY",
};

function expectSecurityHeaders(response: Response) {
  for (const [name, value] of Object.entries(HEADERS)) expect(response.headers.get(name), name).toBe(value);
  const csp = response.headers.get("Content-Security-Policy") ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='/);
  expect(csp).toContain("frame-ancestors 'none'");
  return csp;
}

describe("cross-site request refusal (entry worker)", () => {
  it("refuses a cross-origin POST with 403 before the handler runs", async () => {
    const response = await call("/api/auth/login", {
      body: { username: "admin", password: DEMO_PASSWORD },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Cross-site request refused" });
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expectSecurityHeaders(response);
  });

  it("refuses a cross-site register by Sec-Fetch-Site alone: no account is created", async () => {
    const username = uniqueName("csrf");
    const response = await call("/api/auth/register", {
      body: { username, password: "a long passphrase 42" },
      headers: { Origin: "https://identity.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(403);
    const again = await call("/api/auth/register", { body: { username, password: "a long passphrase 42" } });
    expect(again.status).toBe(201);
  });

  it("refuses a cross-origin logout, so another site cannot sign a user out", async () => {
    const { cookie } = await login("operator", DEMO_PASSWORD);
    const response = await call("/api/auth/logout", {
      method: "POST",
      cookie,
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect((await call("/api/auth/user", { cookie })).status).toBe(200);
  });
});

describe("security headers on every response", () => {
  it("on a page, with a fresh nonce each time that every inline script carries", async () => {
    // /login is never edge-cached (pitch pages use script hashes instead: edge-cache.workerd.test.ts).
    const a = await call("/login");
    const b = await call("/login");
    expect(a.status).toBe(200);
    expect(a.headers.get("Content-Type")).toContain("text/html");
    const [cspA, cspB] = [expectSecurityHeaders(a), expectSecurityHeaders(b)];
    expect(cspA).not.toBe(cspB);
    // Remix inlines its hydration scripts: each must carry this response's nonce or the page stays inert.
    const nonce = /'nonce-([^']+)'/.exec(cspA)![1]!;
    const html = await a.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) {
      if (/\bsrc=/.test(tag)) continue;
      expect(tag).toContain(`nonce="${nonce}"`);
    }
    // The nonce is in the scripts' attributes and nowhere else: not in the page's data, where any script could read it.
    expect(html.split(nonce).length - 1).toBe(scripts.filter((tag) => tag.includes(`nonce="${nonce}"`)).length);
  });

  it("on JSON API answers, errors included", async () => {
    expectSecurityHeaders(await call("/api/auth/user"));
    expectSecurityHeaders(await call("/api/auth/login", { rawBody: "{" }));
  });

  it("on redirects", async () => {
    const response = await call("/api/login");
    expect(response.status).toBe(302);
    expectSecurityHeaders(response);
  });

  it("on the status worker's responses forwarded through the web worker", async () => {
    const response = await call("/status/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, service: "status" });
    expectSecurityHeaders(response);
  });
});
