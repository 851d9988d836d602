import { describe, expect, it } from "vitest";
import { type CredentialCrypto, webCrypto } from "./crypto.ts";
import { base64urlDecode } from "./encoding.ts";
import { issueCredential } from "./issue.ts";
import { RESERVED_CLAIM_NAMES } from "./profile.ts";
import {
  CLAIMS,
  decodeJwt,
  digestOf,
  disclosureContent,
  ISS,
  issueFor,
  makeWorld,
  NOW,
  STATUS_URI,
  splitIssued,
  VCT,
} from "./test-helpers.ts";

describe("issueCredential (SD-JWT VC)", () => {
  it("signs a dc+sd-jwt with alg EdDSA and the issuer's kid, and the registered claims in clear", async () => {
    const world = await makeWorld();
    const { issuerJwt } = splitIssued(await issueFor(world));
    const { header, payload } = decodeJwt(issuerJwt);
    expect(header).toEqual({ typ: "dc+sd-jwt", kid: world.issuer.publicJwk.kid, alg: "EdDSA" });
    expect(payload).toMatchObject({
      iss: ISS,
      vct: VCT,
      iat: NOW - 3600,
      exp: NOW + 365 * 24 * 3600,
      cnf: { jwk: { kty: "OKP", crv: "Ed25519", x: world.holder.publicJwk.x } },
      status: { status_list: { idx: 42, uri: STATUS_URI } },
      _sd_alg: "sha-256",
    });
    expect(Object.keys(payload.cnf as object)).toEqual(["jwk"]);
    expect(Object.keys((payload.cnf as { jwk: object }).jwk).sort()).toEqual(["crv", "kty", "x"]);
  });

  it("makes every personal claim selectively disclosable and never also in clear", async () => {
    const world = await makeWorld();
    const sdJwt = await issueFor(world);
    const { issuerJwt, disclosures } = splitIssued(sdJwt);
    const { payload } = decodeJwt(issuerJwt);
    for (const name of Object.keys(CLAIMS)) expect(payload).not.toHaveProperty(name);
    const byName = Object.fromEntries(disclosures.map((d) => [disclosureContent(d)[1], disclosureContent(d)[2]]));
    expect(byName).toEqual(CLAIMS);
    const digests = await Promise.all(disclosures.map(digestOf));
    expect([...(payload._sd as string[])].sort()).toEqual([...digests].sort());
    expect(sdJwt.endsWith("~")).toBe(true);
  });

  it("uses salts of at least 128 bits from the injected random source", async () => {
    const world = await makeWorld();
    let requested = 0;
    const platform = webCrypto();
    const counting: CredentialCrypto = {
      subtle: platform.subtle,
      randomBytes: (n) => {
        requested += n;
        return platform.randomBytes(n);
      },
    };
    const sdJwt = await issueFor(world, { crypto: counting });
    for (const d of splitIssued(sdJwt).disclosures) {
      expect(base64urlDecode(disclosureContent(d)[0] as string).length).toBeGreaterThanOrEqual(16);
    }
    expect(requested).toBeGreaterThanOrEqual(16 * Object.keys(CLAIMS).length);
  });

  it("adds decoy digests that have no disclosure", async () => {
    const world = await makeWorld();
    const { issuerJwt, disclosures } = splitIssued(await issueFor(world, { decoys: 3 }));
    expect((decodeJwt(issuerJwt).payload._sd as string[]).length).toBe(disclosures.length + 3);
  });

  it("refuses every reserved claim name as a personal claim", async () => {
    const world = await makeWorld();
    for (const name of RESERVED_CLAIM_NAMES) {
      await expect(issueFor(world, { claims: { [name]: "x" } })).rejects.toMatchObject({
        code: "RESERVED_CLAIM_NOT_ALLOWED",
      });
    }
    await expect(issueFor(world, { claims: { address: { _sd: ["x"] } } })).rejects.toMatchObject({
      code: "RESERVED_CLAIM_NOT_ALLOWED",
    });
  });

  it("refuses bad inputs: non-https issuer or status URI, exp before iat, private holder key, non-JSON values", async () => {
    const world = await makeWorld();
    const invalid = { code: "INVALID_ARGUMENT" };
    await expect(issueFor(world, { status: { idx: 1, uri: "http://status.example/1" } })).rejects.toMatchObject(
      invalid,
    );
    await expect(issueFor(world, { status: { idx: -1, uri: STATUS_URI } })).rejects.toMatchObject(invalid);
    await expect(issueFor(world, { exp: NOW - 7200 })).rejects.toMatchObject(invalid);
    await expect(issueFor(world, { holderPublicJwk: { ...world.holder.publicJwk, d: "AAAA" } })).rejects.toMatchObject(
      invalid,
    );
    await expect(issueFor(world, { claims: { n: Number.NaN } })).rejects.toMatchObject(invalid);
    await expect(issueFor(world, { claims: { d: new Date() } })).rejects.toMatchObject(invalid);
    await expect(
      issueCredential({
        issuer: { iss: "http://insecure.example", kid: "k", privateKey: world.issuer.privateKey },
        vct: VCT,
        holderPublicJwk: world.holder.publicJwk,
        claims: {},
        status: { idx: 0, uri: STATUS_URI },
        iat: NOW,
        exp: NOW + 1,
      }),
    ).rejects.toMatchObject(invalid);
  });
});
