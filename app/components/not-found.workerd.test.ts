import { describe, expect, it } from "vitest";
import { call } from "#tests/support/web-client.ts";

/**
 * Spec 000 §2: one "404 Page Not Found" page with the developer-style hint, whether no route
 * matches the path or a route answers 404 itself (the root error boundary).
 */
const HINT = "Did you forget to add the page to the router?";

describe("the not-found page", () => {
  it("for a path no route matches", async () => {
    const response = await call("/no/such/page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("404 Page Not Found");
    expect(html).toContain(HINT);
    expect(html).toContain("/no/such/page");
  });

  it("for a route that answers 404 itself: a coming-soon slug that is not a feature", async () => {
    const response = await call("/coming-soon/bad_slug");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("<title>404 Page Not Found | UK Digital Identity</title>");
    expect(html).toMatch(/<h1[^>]*>404 Page Not Found<\/h1>/);
    expect(html).toContain(HINT);
    expect(html).toContain("/coming-soon/bad_slug");
  });

  it("in the page's language: a Welsh page's route that answers 404 itself", async () => {
    const response = await call("/cy/coming-soon/bad_slug");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<html lang="cy" dir="ltr"');
    expect(html).toContain("<title>404 Heb ddod o hyd i&#x27;r dudalen | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>404 Heb ddod o hyd i&#x27;r dudalen<\/h1>/);
    expect(html).toMatch(/Does dim byd yn <code dir="ltr"[^>]*>\/cy\/coming-soon\/bad_slug<\/code>\./);
    expect(html).toContain("Neidio i&#x27;r prif gynnwys");
  });

  it("in English, whole, when the root loader itself refused the address (a language the page is not offered in)", async () => {
    const response = await call("/pl/about");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>404 Page Not Found<\/h1>/);
    expect(html).toMatch(/Nothing lives at <code dir="ltr"[^>]*>\/pl\/about<\/code>\./);
    expect(html).toContain(HINT);
    expect(html).toContain('aria-label="Notifications (F8)"');
    expect(html).not.toMatch(/\{\w+\}/);
  });
});
