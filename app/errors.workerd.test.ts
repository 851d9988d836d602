import { describe, expect, it } from "vitest";
import { call, registerUser } from "#tests/support/web-client.ts";

/** The page's text, scripts and styles left out. */
const textOf = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

/** Every inline <script> carries this response's nonce, or the browser refuses to run it. */
function expectScriptsAllowed(html: string, csp: string) {
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThanOrEqual(3); // theme boot, Remix context, route modules
  for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
}

describe("error pages", () => {
  const form = { rawBody: "a=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } };

  it.each([
    ["POST", "/about"],
    ["PUT", "/wallet"],
    ["DELETE", "/"],
  ])("%s %s gets a 405 page that says what happened, with the usual headers", async (method, path) => {
    const { cookie } = await registerUser();
    const response = await call(path, { method, cookie, ...form });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const html = await response.text();
    expectScriptsAllowed(html, response.headers.get("content-security-policy")!);
    const text = textOf(html);
    expect(text).toContain("405 Method not allowed");
    expect(text).toContain("This page cannot handle that kind of request: it can only be viewed.");
    expect(text).not.toMatch(/Unexpected Server Error|problem with the service/);
  });

  it("the 404 page's scripts carry the nonce too", async () => {
    const response = await call("/no/such/page");
    expect(response.status).toBe(404);
    expectScriptsAllowed(await response.text(), response.headers.get("content-security-policy")!);
  });
});
