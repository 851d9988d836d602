import { describe, expect, it } from "vitest";
import rfc9901 from "#tests/fixtures/credentials/rfc9901-presentation.json";
import { type CredentialCrypto, webCrypto } from "./crypto.ts";
import { presentCredential } from "./present.ts";
import {
  AUD,
  basePolicy,
  bind,
  CLAIMS,
  digestOf,
  encodeDisclosure,
  ISS,
  issueFor,
  makeWorld,
  NONCE,
  NOW,
  presentFor,
  reissue,
  STATUS_URI,
  splitIssued,
  VCT,
} from "./test-helpers.ts";
import { type SdJwtPolicy, verifyPresentation, verifySdJwtPresentation } from "./verify.ts";

describe("verifyPresentation: issue, present a subset, verify", () => {
  it("returns only the chosen claims, with the registered claims reported apart", async () => {
    const world = await makeWorld();
    const sdJwt = await issueFor(world);
    const result = await verifyPresentation(
      await presentFor(world, sdJwt, ["given_name", "nationalities"]),
      basePolicy(world),
    );
    expect(result).toEqual({
      valid: true,
      claims: { given_name: CLAIMS.given_name, nationalities: CLAIMS.nationalities },
      iss: ISS,
      vct: VCT,
      iat: NOW - 3600,
      exp: NOW + 365 * 24 * 3600,
      cnf: { jwk: { kty: "OKP", crv: "Ed25519", x: world.holder.publicJwk.x } },
      status: { idx: 42, uri: STATUS_URI },
      disclosedClaimNames: ["given_name", "nationalities"], // sorted
      keyBound: true,
      paper: false,
      statusChecked: false,
    });
  });

  it("discloses object-valued claims whole, and nothing when nothing is chosen", async () => {
    const world = await makeWorld();
    const sdJwt = await issueFor(world);
    const nested = await verifyPresentation(await presentFor(world, sdJwt, ["right_to_work"]), basePolicy(world));
    expect(nested).toMatchObject({ valid: true, claims: { right_to_work: CLAIMS.right_to_work } });
    const none = await verifyPresentation(await presentFor(world, sdJwt, []), basePolicy(world));
    expect(none).toMatchObject({ valid: true, claims: {}, disclosedClaimNames: [] });
  });

  it("accepts a holder-made nonce once in the offline flow (consumeNonce without expectedNonce)", async () => {
    const world = await makeWorld();
    const sdJwt = await issueFor(world);
    const used = new Set<string>();
    const consumeNonce = async (nonce: string) => {
      if (used.has(nonce)) return false;
      used.add(nonce);
      return true;
    };
    const policy = basePolicy(world, { expectedNonce: undefined, consumeNonce });
    const presentation = await presentCredential({
      sdJwt,
      disclose: ["given_name"],
      holderPrivateKey: world.holder.privateKey,
      nonce: "wallet-made-nonce-1",
      aud: AUD,
      iat: NOW,
    });
    expect(await verifyPresentation(presentation, policy)).toMatchObject({ valid: true });
    expect(await verifyPresentation(presentation, policy)).toMatchObject({ valid: false, code: "KB_NONCE_REUSED" });
  });

  it("consumes the nonce only after every other check passed, and fails closed when the store fails", async () => {
    const world = await makeWorld();
    const sdJwt = await issueFor(world);
    const consumed: string[] = [];
    const consumeNonce = async (nonce: string) => {
      consumed.push(nonce);
      return true;
    };
    const presentation = await presentFor(world, sdJwt);
    const expired = await verifyPresentation(presentation, basePolicy(world, { consumeNonce, now: NOW + 10 ** 9 }));
    expect(expired).toMatchObject({ valid: false, code: "EXPIRED" });
    expect(consumed).toEqual([]);
    expect(await verifyPresentation(presentation, basePolicy(world, { consumeNonce }))).toMatchObject({ valid: true });
    expect(consumed).toEqual([NONCE]);
    const broken = await verifyPresentation(
      presentation,
      basePolicy(world, { consumeNonce: () => Promise.reject(new Error("db down")) }),
    );
    expect(broken).toMatchObject({ valid: false, code: "KB_NONCE_UNVERIFIABLE" });
  });

  it("keeps a disclosed claim named __proto__ as data (issuance refuses the name, a forged token may carry it)", async () => {
    const world = await makeWorld();
    await expect(issueFor(world, { claims: JSON.parse('{"__proto__":{"admin":true}}') })).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
    });
    const sdJwt = await issueFor(world);
    const disclosure = encodeDisclosure(["c2FsdHNhbHRzYWx0c2FsdA", "__proto__", { admin: true }]);
    const digest = await digestOf(disclosure);
    const { issuerJwt } = splitIssued(
      await reissue(world, sdJwt, (jwt) => {
        jwt.payload._sd = [...(jwt.payload._sd as string[]), digest];
      }),
    );
    const result = await verifyPresentation(await bind(world, issuerJwt, [disclosure]), basePolicy(world));
    expect(result.valid).toBe(true);
    if (!result.valid) return;
    expect(Object.getPrototypeOf(result.claims)).toBe(Object.prototype);
    expect(Object.keys(result.claims)).toEqual(["__proto__"]);
    expect((result.claims as { admin?: unknown }).admin).toBeUndefined();
  });

  it("uses the crypto passed in the policy", async () => {
    const world = await makeWorld();
    const platform = webCrypto();
    const calls: string[] = [];
    const subtle = new Proxy(platform.subtle, {
      get(target, name) {
        const value = Reflect.get(target, name, target);
        return typeof value === "function"
          ? (...args: unknown[]) => {
              calls.push(String(name));
              return value.apply(target, args);
            }
          : value;
      },
    });
    const injected: CredentialCrypto = { subtle, randomBytes: platform.randomBytes };
    const result = await verifyPresentation(
      await presentFor(world, await issueFor(world)),
      basePolicy(world, { crypto: injected }),
    );
    expect(result.valid).toBe(true);
    expect(calls.filter((c) => c === "verify")).toHaveLength(2); // issuer JWT and KB-JWT
    // Digests are computed by @noble/hashes, synchronously (crypto.ts): not through subtle.
    expect(calls).not.toContain("digest");
  });
});

describe("verifyPresentation never throws", () => {
  it("answers every malformed input with a code", async () => {
    const world = await makeWorld();
    const sdJwt = await issueFor(world);
    const inputs: unknown[] = [
      undefined,
      null,
      42,
      {},
      [],
      "",
      "~",
      "~~",
      "a.b.c~",
      "a.b~",
      "..~",
      `${sdJwt}x`,
      "é~",
      "x".repeat(200_000),
      sdJwt.replace(/~/g, "~~"),
    ];
    for (const input of inputs) {
      const result = await verifyPresentation(input, basePolicy(world));
      expect(result.valid).toBe(false);
      expect(typeof (result as { code: string }).code).toBe("string");
    }
  });

  it("reports an unusable policy as POLICY_INVALID instead of guessing", async () => {
    const world = await makeWorld();
    const presentation = await presentFor(world, await issueFor(world));
    const bad = [
      basePolicy(world, { expectedAudience: undefined }),
      basePolicy(world, { expectedNonce: undefined }),
      basePolicy(world, { requireKeyBinding: undefined as never }),
      basePolicy(world, { now: Date.now() }), // milliseconds
      basePolicy(world, { limits: { maxDepth: 0 } }),
      basePolicy(world, { status: { check: undefined as never, allowedUriPrefixes: [], maxInflatedBytes: 1 } }),
      undefined as never,
    ];
    for (const policy of bad)
      expect(await verifyPresentation(presentation, policy)).toMatchObject({ valid: false, code: "POLICY_INVALID" });
  });
});

describe("RFC 9901 section 5.2 presentation (known answer)", () => {
  const presentation = rfc9901.presentationLines.join("");
  const kb = rfc9901.keyBindingJwtPayload;
  // The RFC's example is signed with ES256 by the Appendix A.5 key. ES256 is allowed for this
  // test issuer only; production policies pin EdDSA.
  const policy = (overrides: Partial<SdJwtPolicy> = {}): SdJwtPolicy => ({
    trustedIssuers: { [rfc9901.issuer]: { keys: [rfc9901.issuerPublicJwk], algorithms: ["ES256"] } },
    acceptedTyps: [rfc9901.issuerTyp],
    requireKeyBinding: true,
    expectedNonce: kb.nonce,
    expectedAudience: kb.aud,
    kbAlgorithms: ["ES256"],
    maxKbAgeSeconds: 300,
    clockSkewSeconds: 60,
    now: kb.iat + 30, // pinned clock: 30 s after the KB-JWT was made
    ...overrides,
  });

  it("verifies, with the RFC's processed payload and its four disclosures", async () => {
    const result = await verifySdJwtPresentation(presentation, policy());
    expect(result).toMatchObject({ valid: true, keyBound: true, header: { alg: "ES256", typ: "example+sd-jwt" } });
    if (!result.valid) return;
    expect(result.payload).toEqual(rfc9901.processedPayload);
    expect([...result.disclosedClaimNames].sort()).toEqual(["address", "family_name", "given_name", "nationalities.0"]);
  });

  it("is refused under the production algorithm pin (EdDSA only)", async () => {
    const production = policy({
      trustedIssuers: { [rfc9901.issuer]: { keys: [rfc9901.issuerPublicJwk], algorithms: ["EdDSA"] } },
    });
    expect(await verifySdJwtPresentation(presentation, production)).toMatchObject({
      valid: false,
      code: "ALG_NOT_ALLOWED",
    });
  });

  it("is refused as an SD-JWT VC: its typ is example+sd-jwt and it has no vct", async () => {
    const result = await verifyPresentation(presentation, { ...policy(), allowedVcts: undefined });
    expect(result).toMatchObject({ valid: false, code: "WRONG_TYP" });
  });

  it("is refused with another nonce, another audience, or a clock past the KB window", async () => {
    expect(await verifySdJwtPresentation(presentation, policy({ expectedNonce: "0987654321" }))).toMatchObject({
      code: "KB_NONCE_MISMATCH",
    });
    expect(
      await verifySdJwtPresentation(presentation, policy({ expectedAudience: "https://verifier.example.com" })),
    ).toMatchObject({ code: "KB_AUDIENCE_MISMATCH" });
    expect(await verifySdJwtPresentation(presentation, policy({ now: kb.iat + 3600 }))).toMatchObject({
      code: "KB_TOO_OLD",
    });
  });

  it("is refused when a disclosure is withheld after the holder bound it (sd_hash)", async () => {
    const segments = presentation.split("~");
    const withoutGivenName = [...segments.slice(0, 3), ...segments.slice(4)].join("~");
    expect(await verifySdJwtPresentation(withoutGivenName, policy())).toMatchObject({
      valid: false,
      code: "KB_SD_HASH_MISMATCH",
    });
  });
});
