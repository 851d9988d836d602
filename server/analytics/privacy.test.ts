import { describe, expect, it } from "vitest";
import { clientNetwork, describeUserAgent, hashAddress, reduceUserAgent, referrerOrigin, trackingSessionId, utcDay } from "./privacy.ts";

/** Real user agents of the browsers people use most in the UK (as each sends it). */
const AGENTS: [string, string, { browser: string; os: string; device: string }][] = [
  ["Chrome on Windows", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", { browser: "Chrome", os: "Windows", device: "desktop" }],
  ["Edge on Windows", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", { browser: "Edge", os: "Windows", device: "desktop" }],
  ["Safari on a Mac", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", { browser: "Safari", os: "macOS", device: "desktop" }],
  ["Safari on an iPhone", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", { browser: "Safari", os: "iOS", device: "mobile" }],
  ["Chrome on an iPhone", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1", { browser: "Chrome", os: "iOS", device: "mobile" }],
  ["Safari on an iPad", "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", { browser: "Safari", os: "iOS", device: "tablet" }],
  ["Samsung Internet on a phone", "Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36", { browser: "Samsung Internet", os: "Android", device: "mobile" }],
  ["Chrome on an Android tablet", "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", { browser: "Chrome", os: "Android", device: "tablet" }],
  ["Firefox on Linux", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", { browser: "Firefox", os: "Linux", device: "desktop" }],
  ["headless Chromium", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36", { browser: "Chrome", os: "Linux", device: "desktop" }],
  ["Opera on ChromeOS", "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0", { browser: "Opera", os: "ChromeOS", device: "desktop" }],
];

describe("reduceUserAgent", () => {
  it.each(AGENTS)("%s: browser, OS and device class only", (_name, ua, expected) => {
    expect(reduceUserAgent(ua)).toEqual(expected);
  });

  it("says Other for what it does not know, and a desktop when nothing says otherwise", () => {
    expect(reduceUserAgent("curl/8.5.0")).toEqual({ browser: "Other", os: "Other", device: "desktop" });
    expect(reduceUserAgent(null)).toEqual({ browser: "Other", os: "Other", device: "desktop" });
    expect(describeUserAgent(reduceUserAgent(AGENTS[3]![1]))).toBe("Safari on iOS (mobile)");
  });
});

describe("hashAddress", () => {
  const salt = (byte: number) => new Uint8Array(32).fill(byte).buffer;

  it("is HMAC-SHA256 keyed by the day's salt: alike for one address under one salt, different by address and by salt", async () => {
    const a = await hashAddress(salt(1), "203.0.113.9");
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashAddress(salt(1), "203.0.113.9")).toBe(a);
    expect(await hashAddress(salt(1), "203.0.113.10")).not.toBe(a);
    // The next day's salt: the same visitor cannot be linked across days.
    expect(await hashAddress(salt(2), "203.0.113.9")).not.toBe(a);
    const key = await crypto.subtle.importKey("raw", salt(1), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    expect(a).toBe(Buffer.from(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode("address:203.0.113.9"))).toString("hex"));
  });

  it("names a UTC day by its date", () => {
    expect(utcDay(new Date("2026-11-24T23:59:59.999Z"))).toBe("2026-11-24");
    expect(utcDay(new Date("2026-11-25T00:00:00Z"))).toBe("2026-11-25");
  });
});

describe("clientNetwork", () => {
  it("is the whole IPv4 address, and an IPv6 address's /64 however it is written", () => {
    expect(clientNetwork("203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("2001:db8:85a3:0042:1000:8a2e:0370:7334")).toBe("2001:db8:85a3:42::/64");
    expect(clientNetwork("2001:DB8:85A3:42::1")).toBe("2001:db8:85a3:42::/64");
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
  });
});

describe("trackingSessionId", () => {
  it("is a keyed hash of the login's sid: neither the sid nor guessable without the secret", async () => {
    const sid = "9f".repeat(32);
    const id = await trackingSessionId("s".repeat(32), sid);
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(id).not.toBe(sid);
    expect(await trackingSessionId("t".repeat(32), sid)).not.toBe(id);
    expect(await trackingSessionId("s".repeat(32), sid)).toBe(id);
  });
});

describe("referrerOrigin", () => {
  it("keeps only the origin of an http(s) referrer", () => {
    expect(referrerOrigin("https://www.gov.uk/prove-right-to-work?name=jane")).toBe("https://www.gov.uk");
    expect(referrerOrigin("http://localhost:8787/verify/abc")).toBe("http://localhost:8787");
    expect(referrerOrigin("")).toBeNull();
    expect(referrerOrigin("android-app://com.google.android.gm/")).toBeNull();
    expect(referrerOrigin("not a url")).toBeNull();
  });
});
