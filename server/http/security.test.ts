import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createCspNonce, refuseCrossSiteMutation, withSecurityHeaders } from "./security.ts";

const SITE = "https://identity.example";
const req = (method: string, headers: Record<string, string> = {}) =>
  new Request(`${SITE}/api/auth/login`, { method, headers });

describe("refuseCrossSiteMutation: CSRF defence on every state change", () => {
  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
    it(`refuses a ${method} from another origin with 403 JSON`, async () => {
      const refusal = refuseCrossSiteMutation(req(method, { Origin: "https://evil.example" }));
      expect(refusal?.status).toBe(403);
      expect(await refusal?.json()).toEqual({ message: "Cross-site request refused" });
    });
  }

  it("refuses a WebSocket handshake from another origin (not bound by CORS), and lets our own through", () => {
    const upgrade = (origin: string) => req("GET", { Upgrade: "websocket", Origin: origin });
    expect(refuseCrossSiteMutation(upgrade("https://evil.example"))?.status).toBe(403);
    expect(refuseCrossSiteMutation(upgrade(SITE))).toBeNull();
    // A plain GET from another site is a navigation, not a handshake.
    expect(refuseCrossSiteMutation(req("GET", { Origin: "https://evil.example" }))).toBeNull();
  });

  it("refuses a mutation the browser labels cross-site even without Origin", () => {
    expect(refuseCrossSiteMutation(req("POST", { "Sec-Fetch-Site": "cross-site" }))?.status).toBe(403);
  });

  it("refuses an opaque (null) origin", () => {
    expect(refuseCrossSiteMutation(req("POST", { Origin: "null" }))?.status).toBe(403);
  });

  it("refuses the same host on another scheme or port", () => {
    expect(refuseCrossSiteMutation(req("POST", { Origin: "http://identity.example" }))?.status).toBe(403);
    expect(refuseCrossSiteMutation(req("POST", { Origin: "https://identity.example:8443" }))?.status).toBe(403);
  });

  it("lets a same-origin mutation through", () => {
    expect(refuseCrossSiteMutation(req("POST", { Origin: SITE, "Sec-Fetch-Site": "same-origin" }))).toBeNull();
  });

  it("lets a mutation with neither header through (not a browser carrying another site's cookies)", () => {
    expect(refuseCrossSiteMutation(req("POST"))).toBeNull();
  });

  it("never refuses a safe method, whoever asks", () => {
    expect(
      refuseCrossSiteMutation(req("GET", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" })),
    ).toBeNull();
  });
});

describe("security headers", () => {
  it("makes a distinct 128-bit nonce each time", () => {
    const a = createCspNonce();
    const b = createCspNonce();
    expect(a).not.toBe(b);
    expect(atob(a)).toHaveLength(16);
  });

  it("allows scripts only from self or with the nonce, and no framing", () => {
    const csp = contentSecurityPolicy("abc123");
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'wasm-unsafe-eval';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // WebAssembly may be compiled (the QR decoder); JavaScript eval may not.
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("sets every header and keeps status, body and the handler's own headers", async () => {
    const secured = withSecurityHeaders(
      new Response("body", { status: 201, headers: { "Content-Type": "text/plain" } }),
      "n0nce",
    );
    expect(secured.status).toBe(201);
    expect(await secured.text()).toBe("body");
    expect(secured.headers.get("Content-Type")).toBe("text/plain");
    expect(secured.headers.get("Content-Security-Policy")).toContain("'nonce-n0nce'");
    expect(secured.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(secured.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(secured.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(secured.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("works on a response whose headers are immutable (as fetch and service bindings return)", () => {
    const immutable = Response.redirect(`${SITE}/login`, 302);
    expect(() => immutable.headers.set("X-Test", "1")).toThrow(TypeError);
    const secured = withSecurityHeaders(immutable, "n");
    expect(secured.status).toBe(302);
    expect(secured.headers.get("Location")).toBe(`${SITE}/login`);
    expect(secured.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("keeps a policy the handler set for its own response", () => {
    const own = new Response("x", { headers: { "Content-Security-Policy": "sandbox" } });
    expect(withSecurityHeaders(own, "n").headers.get("Content-Security-Policy")).toBe("sandbox");
    const noReferrer = new Response("x", { headers: { "Referrer-Policy": "no-referrer" } });
    expect(withSecurityHeaders(noReferrer, "n").headers.get("Referrer-Policy")).toBe("no-referrer");
  });
});

describe("media sources for configured podcast audio", () => {
  it("allows only our own media by default and adds exactly the configured origin", () => {
    expect(contentSecurityPolicy("n")).toContain("media-src 'self' blob:;");
    const policy = contentSecurityPolicy("n", ["https://audio.example.org"]);
    expect(policy).toContain("media-src 'self' blob: https://audio.example.org;");
    // Nothing else widens: scripts stay nonce-only (WebAssembly compilation aside).
    expect(policy).toContain("script-src 'self' 'nonce-n' 'wasm-unsafe-eval';");
  });
});
