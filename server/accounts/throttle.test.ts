import { describe, expect, it } from "vitest";
import { clientKey, throttleKeys } from "./throttle.ts";

describe("clientKey: the client a limit counts", () => {
  it("is an IPv4 address itself, and an IPv6 address's /64", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("2001:db8:85a3:42:1000:8a2e:370:7334")).toBe("2001:db8:85a3:42::/64");
    expect(clientKey("2001:DB8:85A3:42::1")).toBe("2001:db8:85a3:42::/64");
  });

  it("reads an IPv4 address written as IPv6 as the IPv4 client", () => {
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("keeps a label that is no address as it is", () => {
    expect(clientKey("assisted:5b1f0c1e-8f9a-4b7e-9d2c-0a1b2c3d4e5f")).toBe(
      "assisted:5b1f0c1e-8f9a-4b7e-9d2c-0a1b2c3d4e5f",
    );
    expect(clientKey("unknown")).toBe("unknown");
  });

  it("gives every address of one /64 the same sign-in and registration keys", () => {
    const a = "2001:db8:1:2:aaaa::1";
    const b = "2001:db8:1:2:bbbb:cccc:dddd:eeee";
    expect(throttleKeys.address(a)).toBe(throttleKeys.address(b));
    expect(throttleKeys.pair("Ada", a)).toBe(throttleKeys.pair("ada", b));
    expect(throttleKeys.registration(a)).toBe(throttleKeys.registration(b));
    expect(throttleKeys.address("2001:db8:1:3::1")).not.toBe(throttleKeys.address(a));
  });
});
