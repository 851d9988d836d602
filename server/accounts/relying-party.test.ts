import { describe, expect, it } from "vitest";
import { originProblem, relyingPartyFrom, webauthnOriginBinding } from "./relying-party.ts";

describe("the passkey relying party (ADR 021)", () => {
  it("takes WEBAUTHN_ORIGIN first, else PUBLIC_BASE_URL's origin; the RP ID is its host name", () => {
    expect(
      relyingPartyFrom({
        WEBAUTHN_ORIGIN: "http://localhost:8787",
        PUBLIC_BASE_URL: "https://identity.service.gov.uk",
      }),
    ).toEqual({
      id: "localhost",
      origin: "http://localhost:8787",
      name: "UK Digital Identity",
    });
    expect(relyingPartyFrom({ PUBLIC_BASE_URL: "https://identity.service.gov.uk/" })).toMatchObject({
      id: "identity.service.gov.uk",
      origin: "https://identity.service.gov.uk",
    });
  });

  it("has none when nothing is configured, or when the public base names an IP address", () => {
    expect(relyingPartyFrom({})).toBeNull();
    expect(relyingPartyFrom({ PUBLIC_BASE_URL: "https://203.0.113.7" })).toBeNull();
  });

  it("accepts an https origin, or plain http for localhost only; never an IP address, a path or a non-URL", () => {
    expect(originProblem("https://identity.example")).toBeNull();
    expect(originProblem("https://identity.example:8443/")).toBeNull();
    expect(originProblem("http://localhost:8787")).toBeNull();
    expect(originProblem("http://identity.example")).toMatch(/https/);
    expect(originProblem("http://127.0.0.1:8787")).toMatch(/IP address.*localhost/);
    expect(originProblem("https://[::1]:8443")).toMatch(/IP address/);
    expect(originProblem("https://identity.example/app")).toMatch(/origin only/);
    expect(originProblem("https://identity.example/?x=1")).toMatch(/origin only/);
    expect(originProblem("identity.example")).toBe("must be a URL");
    expect(webauthnOriginBinding.safeParse("http://127.0.0.1:8787").success).toBe(false);
    expect(webauthnOriginBinding.safeParse("http://localhost:8787").success).toBe(true);
  });
});
