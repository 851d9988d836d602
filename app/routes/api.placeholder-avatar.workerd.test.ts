import { describe, expect, it } from "vitest";
import { call, registerUser } from "#tests/support/web-client.ts";

/** GET /api/placeholder-avatar (spec 000 §2, the header's avatar fallback path). */
describe("GET /api/placeholder-avatar", () => {
  it("draws a neutral silhouette for a visitor, private to the browser and varying by cookie", async () => {
    const response = await call("/api/placeholder-avatar");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/^private\b/);
    expect(response.headers.get("vary")).toBe("Cookie");
    const svg = await response.text();
    expect(svg).toContain('aria-label="User"');
    expect(svg).not.toContain("<text");
  });

  it("draws the signed-in person's initials from the session", async () => {
    const { cookie } = await registerUser({ firstName: "Grace", lastName: "Hopper" });
    const response = await call("/api/placeholder-avatar", { cookie });
    expect(response.headers.get("cache-control")).toMatch(/^private\b/);
    expect(response.headers.get("vary")).toBe("Cookie");
    const svg = await response.text();
    expect(svg).toContain('aria-label="Grace Hopper"');
    expect(svg).toMatch(/>GH<\/text>/);
  });

  it("ignores a name in the query: nobody's name comes from the URL", async () => {
    const anonymous = await (await call("/api/placeholder-avatar?name=Mallory%20Evil")).text();
    expect(anonymous).toContain('aria-label="User"');
    expect(anonymous).not.toContain("Mallory");
    const { cookie } = await registerUser({ firstName: "Grace", lastName: "Hopper" });
    const signedIn = await (await call("/api/placeholder-avatar?name=Mallory%20Evil", { cookie })).text();
    expect(signedIn).toContain('aria-label="Grace Hopper"');
    expect(signedIn).not.toContain("Mallory");
  });

  it("is the picture the signed-in header shows, at the bare path", async () => {
    const { cookie } = await registerUser({ firstName: "Grace", lastName: "Hopper" });
    const html = await (await call("/", { cookie })).text();
    expect(html).toContain('src="/api/placeholder-avatar"');
    expect(html).not.toContain("placeholder-avatar?name=");
  });
});
