import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "#server/accounts/session.ts";
import { call, registerUser, uniqueAddress } from "#tests/support/web-client.ts";
import { hashedContentSecurityPolicy, inlineScripts, isCacheablePitchRequest } from "./edge-cache.ts";

// ADR 008: anonymous pitch pages come from the edge cache without rendering; anything that may
// depend on the visitor never does.
const themed = (theme: string) => ({ headers: { Cookie: `theme=${theme}` } });

describe("edge-cached pitch pages", () => {
  it("renders an anonymous pitch page once, then serves the stored copy without rendering", async () => {
    // A host of its own (the cache key begins with the origin), so no other test, in this file or
    // another sharing the worker, has warmed this cache entry.
    const origin = `https://fresh-${crypto.randomUUID()}.identity.example`;
    const fetchHome = () =>
      SELF.fetch(`${origin}/`, { headers: { Host: new URL(origin).host, "CF-Connecting-IP": uniqueAddress() } });
    const first = await fetchHome();
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=86400");
    const firstHtml = await first.text();
    // The page itself, whole, on the first (rendering) answer too.
    expect(firstHtml).toMatch(/^<!DOCTYPE html>/);
    expect(firstHtml).toContain("Right-to-Work | Right-to-Rent | DBS Checks");
    expect(firstHtml).toContain("</html>");

    let second = await fetchHome();
    // The store happens after the first response (waitUntil): give it a moment if needed.
    for (let i = 0; i < 20 && second.headers.get("x-cache") !== "HIT"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      second = await fetchHome();
    }
    expect(second.headers.get("x-cache")).toBe("HIT");
    // Every render carries a fresh nonce in its inline data; an identical body proves no render ran.
    expect(await second.text()).toBe(firstHtml);
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  });

  it("allows exactly the cached page's own inline scripts, by hash, not by a shared nonce", async () => {
    const response = await call("/", themed("dark"));
    const html = await response.text();
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).not.toContain("nonce-");
    expect(inlineScripts(html).length).toBeGreaterThan(0);
    expect(csp).toBe(await hashedContentSecurityPolicy(html));
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("never serves a page cached in English to a Welsh request, nor the reverse (issue 21)", async () => {
    // A host of its own, so this test alone warms these entries.
    const origin = `https://languages-${crypto.randomUUID()}.identity.example`;
    const get = (path: string, cookie?: string) =>
      SELF.fetch(`${origin}${path}`, {
        headers: {
          Host: new URL(origin).host,
          "CF-Connecting-IP": uniqueAddress(),
          "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36",
          ...(cookie ? { Cookie: cookie } : {}),
        },
        redirect: "manual",
      });
    const warmed = async (path: string) => {
      let response = await get(path);
      for (let i = 0; i < 20 && response.headers.get("x-cache") !== "HIT"; i++) {
        await response.body?.cancel();
        await new Promise((r) => setTimeout(r, 50));
        response = await get(path);
      }
      return response;
    };
    const english = await warmed("/about");
    expect(english.headers.get("x-cache")).toBe("HIT");
    expect(await english.text()).toMatch(/<html lang="en-GB"/);

    // Welsh asked for by its address: its own entry, rendered in Welsh, never the English one.
    const welsh = await get("/cy/about");
    expect(welsh.headers.get("x-cache")).toBe("MISS");
    expect(await welsh.text()).toMatch(/<html lang="cy"/);
    // Welsh asked for by the remembered choice at the English address: sent to the Welsh address, uncached.
    const chosen = await get("/about", "lang=cy");
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get("Location")).toBe("/cy/about");
    expect(chosen.headers.get("x-cache")).toBeNull();

    // And the reverse: the cached Welsh page is never the English answer.
    expect(await (await warmed("/cy/about")).text()).toMatch(/<html lang="cy"/);
    const again = await get("/about", "lang=en");
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(await again.text()).toMatch(/<html lang="en-GB"/);
  });

  it("keeps light and dark variants apart", async () => {
    const dark = await (await call("/", themed("dark"))).text();
    const light = await (await call("/", themed("light"))).text();
    expect(dark).toMatch(/<html[^>]*class="[^"]*dark/);
    expect(light).not.toMatch(/<html[^>]*class="[^"]*dark/);
  });

  it("never caches or serves a cached page to a signed-in visitor", async () => {
    // Warm the anonymous copy of /.
    await call("/");
    await call("/");
    const { cookie } = await registerUser({ firstName: "Cachetest" });
    const response = await call("/", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-cache")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-security-policy")).toContain("nonce-");
    const html = await response.text();
    expect(html).toContain("Cachetest");
  });

  it("does not cache application screens or data requests", () => {
    const get = (path: string, cookie?: string) =>
      new Request(`https://identity.example${path}`, { headers: cookie ? { Cookie: cookie } : {} });
    expect(isCacheablePitchRequest(get("/about"))).toBe(true);
    expect(isCacheablePitchRequest(get("/login"))).toBe(false);
    expect(isCacheablePitchRequest(get("/wallet"))).toBe(false);
    expect(isCacheablePitchRequest(get("/about?_data=root"))).toBe(false);
    expect(isCacheablePitchRequest(get("/about", `${SESSION_COOKIE}=abc`))).toBe(false);
    expect(isCacheablePitchRequest(new Request("https://identity.example/about", { method: "POST" }))).toBe(false);
  });
});
