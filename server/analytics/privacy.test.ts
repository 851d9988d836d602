import { describe, expect, it } from "vitest";
import { clientNetwork, hashAddress, referrerOrigin, trackingSessionId, utcDay } from "./privacy.ts";

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
    expect(a).toBe(
      Buffer.from(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode("address:203.0.113.9"))).toString(
        "hex",
      ),
    );
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
