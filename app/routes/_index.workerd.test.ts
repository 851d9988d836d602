import { describe, expect, it } from "vitest";
import { call, login, ORIGIN, registerUser, registerUserWithRole } from "#tests/support/web-client.ts";

/** The signed-in home page through the real web worker (spec 000 §2 "Home dashboard", "Routing overview"). */

/** Every same-site link target on a page: <a href> values on this origin, without fragments, each once. */
function sameSiteLinks(html: string): string[] {
  const targets = new Set<string>();
  for (const [, raw] of html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)) {
    const href = raw!.replace(/&amp;/g, "&");
    if (href.startsWith("#") || (/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith(ORIGIN))) continue;
    const url = new URL(href, `${ORIGIN}/`);
    if (url.origin !== ORIGIN) continue;
    targets.add(`${url.pathname}${url.search}`);
  }
  return [...targets].sort();
}

/** The header's and the footer's links, on every signed-in page. */
const SHELL_LINKS = [
  "/",
  "/wallet",
  "/verifier",
  "/assisted",
  "/gabriel",
  "/privacy-policy",
  "/terms-of-service",
  "/ministers",
  "/government",
  "/marketing",
  "/coming-soon/api-docs",
  "/coming-soon/cookies",
  "/coming-soon/gdpr",
  "/coming-soon/security",
  "/coming-soon/system-status",
];

/** Each role's stat cards, tools and panel button (spec 000 §2 table), each target once. */
const ROLE_LINKS: Record<string, string[]> = {
  admin: [
    "/analytics",
    "/coming-soon/user-management",
    "/coming-soon/security-monitoring",
    "/coming-soon/system-settings",
  ],
  verifier: ["/verifier-portal", "/analytics", "/coming-soon/qr-scanner", "/coming-soon/workflows"],
  operator: [
    "/assisted-digital",
    "/analytics",
    "/coming-soon/process-requests",
    "/coming-soon/help-desk",
    "/coming-soon/call-center",
  ],
  citizen: ["/credentials", "/shares", "/profile", "/wallet?action=request", "/wallet?action=share"],
};

describe("the dashboard's links", () => {
  it.each(["admin", "verifier", "operator", "citizen"])(
    "never land a signed-in %s on the 404 page or a server error",
    async (role) => {
      const { cookie } = await registerUserWithRole(role);
      const home = await call("/", { cookie });
      expect(home.status).toBe(200);
      const links = sameSiteLinks(await home.text());
      // Exactly the role's cards and tools, the header and the footer: a link added or lost shows here.
      expect(links).toEqual([...new Set([...SHELL_LINKS, ...ROLE_LINKS[role]!])].sort());
      const broken: string[] = [];
      for (const link of links) {
        const response = await call(link, { cookie });
        if (response.status === 404 || response.status >= 500) broken.push(`${link} answered ${response.status}`);
        await response.body?.cancel();
      }
      expect(broken, `links on the ${role} dashboard`).toEqual([]);
    },
  );
});

describe("the greeting", () => {
  it("welcomes a newly registered person in the session registering opened, and says Welcome back in one opened by signing in", async () => {
    const { username, password, cookie } = await registerUser({ firstName: "Ada" });
    const first = await (await call("/", { cookie })).text();
    expect(first).toMatch(/<h1[^>]*>Welcome, (<!-- -->)?Ada<\/h1>/);
    expect(first).not.toMatch(/<h1[^>]*>Welcome back/);

    // The registration session keeps its greeting on every visit; a session opened by signing in says "Welcome back".
    expect(await (await call("/", { cookie })).text()).toMatch(/<h1[^>]*>Welcome, (<!-- -->)?Ada<\/h1>/);
    const again = await login(username, password);
    expect(again.response.status).toBe(200);
    const later = await (await call("/", { cookie: again.cookie })).text();
    expect(later).toMatch(/<h1[^>]*>Welcome back, (<!-- -->)?Ada<\/h1>/);
    // In Welsh (issue 21): the same home at its Welsh address.
    const welsh = await (await call("/cy/", { cookie: again.cookie })).text();
    expect(welsh).toContain('<html lang="cy" dir="ltr"');
    expect(welsh).toMatch(/<h1[^>]*>Croeso’n ôl, Ada<\/h1>/);
    expect(welsh).toContain("Eich waled hunaniaeth ddigidol");
    expect(welsh).toContain("Fy Nhystlythyrau");
  });
});
