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
});
