/**
 * HAIP 1.0's issuer profile (section 6.1.1): SD-JWT VCs and status list tokens signed ES256 with an
 * x5c chain to a platform root, issued by the core and accepted by the verifier only through the
 * issuer's configured roots.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { subjectName } from "./certificates.ts";
import { sha256Base64url, webCrypto } from "./crypto.ts";
import { issueCredential } from "./issue.ts";
import { encodeStatusList, issueStatusListToken, verifyStatusListToken } from "./status-list.ts";
import {
  AUD,
  basePolicy,
  CLAIMS,
  decodeJwt,
  ISS,
  issueFor,
  makeWorld,
  NONCE,
  NOW,
  OTHER_ISS,
  presentFor,
  reissue,
  STATUS_PREFIX,
  STATUS_URI,
  signJwt,
  splitIssued,
  VCT,
  type World,
} from "./test-helpers.ts";
import type { PresentationPolicy, StatusPolicy, TrustedIssuer } from "./verify.ts";
import { verifyPresentation } from "./verify.ts";
import { handMade, issueLeaf, leafExtensions, makePki, NOW_DATE, type Pki, p256Keys } from "./x509-test-helpers.ts";

let world: World;
let pki: Pki;
beforeAll(async () => {
  [world, pki] = await Promise.all([makeWorld(), makePki()]);
});

/** The Home Office as a HAIP issuer: its Ed25519 key as today, ES256 pinned too, and the platform root. */
function haipIssuer(overrides: Partial<TrustedIssuer> = {}): TrustedIssuer {
  return {
    keys: [world.issuer.publicJwk],
    algorithms: ["EdDSA", "ES256"],
    x509Roots: [pki.root.certificate],
    ...overrides,
  };
}

function policy(issuer: TrustedIssuer = haipIssuer(), overrides: Partial<PresentationPolicy> = {}): PresentationPolicy {
  return basePolicy(world, { trustedIssuers: { [ISS]: issuer }, ...overrides });
}

/** An ES256 credential whose header carries `x5c` (default: the Home Office leaf, signed by its key). */
function issueHaip(x5c: readonly string[] = [pki.leaf.certificate], privateKey = pki.leaf.keys.privateKey) {
  return issueCredential({
    issuer: { iss: ISS, kid: "home-office-haip-1", privateKey, x5c },
    vct: VCT,
    holderPublicJwk: world.holder.publicJwk,
    claims: CLAIMS,
    status: { idx: 42, uri: STATUS_URI },
    iat: NOW - 3600,
    exp: NOW + 30 * 24 * 3600,
  });
}

async function verifyHaip(sdJwt: string, issuer?: TrustedIssuer, overrides?: Partial<PresentationPolicy>) {
  return verifyPresentation(await presentFor(world, sdJwt), policy(issuer, overrides));
}

describe("an ES256 SD-JWT VC with an x5c chain", () => {
  it("is issued with typ, kid and the chain in its protected header", async () => {
    const { header } = decodeJwt(splitIssued(await issueHaip()).issuerJwt);
    expect(header).toEqual({ alg: "ES256", typ: "dc+sd-jwt", kid: "home-office-haip-1", x5c: [pki.leaf.certificate] });
  });

  it("verifies through the issuer's roots, and says whose certificate signed it", async () => {
    const result = await verifyHaip(await issueHaip());
    expect(result).toMatchObject({
      valid: true,
      iss: ISS,
      claims: { given_name: "Amara", family_name: "Okafor" },
      keyBound: true,
      issuerCertificateSubject: "CN=Home Office credential signing, O=Home Office",
    });
  });

  it("still verifies the issuer's kid-selected Ed25519 credentials, which name no certificate", async () => {
    const result = await verifyHaip(await issueFor(world));
    expect(result.valid).toBe(true);
    expect(result).not.toHaveProperty("issuerCertificateSubject");
  });

  it("is refused with a chain to another root", async () => {
    const other = await makePki();
    const sdJwt = await issueHaip([other.leaf.certificate], other.leaf.keys.privateKey);
    expect(await verifyHaip(sdJwt)).toMatchObject({ valid: false, code: "CERTIFICATE_UNTRUSTED" });
  });

  it("is refused with the root inside the chain", async () => {
    const sdJwt = await issueHaip([pki.leaf.certificate, pki.root.certificate]);
    expect(await verifyHaip(sdJwt)).toMatchObject({
      valid: false,
      code: "CERTIFICATE_INVALID",
      detail: "a trusted root is included in the chain",
    });
  });

  it("is refused when signed through a self-signed certificate", async () => {
    const keys = await p256Keys();
    const name = subjectName({ commonName: "Home Office credential signing", organisation: "Home Office" });
    const selfSigned = await handMade({
      subject: name,
      issuerName: name,
      subjectPublicKey: keys.publicKey,
      signingKey: keys.privateKey,
      extensions: leafExtensions(),
    });
    const result = await verifyHaip(
      await issueHaip([selfSigned], keys.privateKey),
      haipIssuer({ x509Roots: [selfSigned] }),
    );
    expect(result).toMatchObject({ valid: false, code: "CERTIFICATE_INVALID" });
  });

  it("is refused when iss is not a subjectAltName URI of the leaf", async () => {
    const keys = await p256Keys();
    const leaf = await issueLeaf(pki.root, keys, { uris: [OTHER_ISS] });
    expect(await verifyHaip(await issueHaip([leaf], keys.privateKey))).toMatchObject({
      valid: false,
      code: "CERTIFICATE_NAME_MISMATCH",
    });
  });

  it("is refused when the leaf has expired at the policy's now", async () => {
    const keys = await p256Keys();
    const leaf = await issueLeaf(pki.root, keys, { notAfter: new Date(NOW_DATE.getTime() - 60_000) });
    expect(await verifyHaip(await issueHaip([leaf], keys.privateKey))).toMatchObject({
      valid: false,
      code: "CERTIFICATE_EXPIRED",
    });
  });

  it("is refused when the issuer has no roots, as any key named by the token", async () => {
    const sdJwt = await issueHaip();
    expect(await verifyHaip(sdJwt, haipIssuer({ x509Roots: undefined }))).toMatchObject({
      valid: false,
      code: "KEY_HEADER_NOT_ALLOWED",
    });
    expect(await verifyHaip(sdJwt, haipIssuer({ x509Roots: [] }))).toMatchObject({ code: "KEY_HEADER_NOT_ALLOWED" });
  });

  it("is refused when its alg is not pinned for the issuer, or does not match the leaf's key", async () => {
    const sdJwt = await issueHaip();
    expect(await verifyHaip(sdJwt, haipIssuer({ algorithms: ["EdDSA"] }))).toMatchObject({ code: "ALG_NOT_ALLOWED" });
    const claimsEdDsa = await reissue(
      world,
      sdJwt,
      (jwt) => {
        jwt.header.alg = "EdDSA";
      },
      pki.leaf.keys.privateKey,
    );
    expect(await verifyHaip(claimsEdDsa)).toMatchObject({ valid: false, code: "ALG_NOT_ALLOWED" });
  });

  it("is refused when signed by another key than the certified one", async () => {
    const sdJwt = await issueHaip([pki.leaf.certificate], (await p256Keys()).privateKey);
    expect(await verifyHaip(sdJwt)).toMatchObject({ valid: false, code: "BAD_SIGNATURE" });
  });

  it("leaves jwk, jku and x5u refused, and x5c in the key-binding JWT too", async () => {
    const sdJwt = await issueHaip();
    for (const [name, value] of [
      ["jwk", world.attacker.publicJwk],
      ["jku", "https://attacker.example/jwks"],
      ["x5u", "https://attacker.example/chain.pem"],
    ] as const) {
      const forged = await reissue(
        world,
        sdJwt,
        (jwt) => {
          jwt.header[name] = value;
        },
        pki.leaf.keys.privateKey,
      );
      expect(await verifyHaip(forged), name).toMatchObject({ code: "KEY_HEADER_NOT_ALLOWED" });
    }
    const withoutKb = (await presentFor(world, sdJwt)).replace(/[^~]*$/, "");
    const kb = await signJwt(
      { alg: "EdDSA", typ: "kb+jwt", x5c: [pki.leaf.certificate] },
      { iat: NOW, aud: AUD, nonce: NONCE, sd_hash: await sha256Base64url(webCrypto(), withoutKb) },
      world.holder.privateKey,
    );
    expect(await verifyPresentation(withoutKb + kb, policy())).toMatchObject({ code: "KEY_HEADER_NOT_ALLOWED" });
  });
});

/** A status list token for STATUS_URI, every entry valid, signed ES256 through `x5c` (or with no x5c). */
async function statusToken(privateKey: CryptoKey, x5c?: readonly string[]): Promise<string> {
  return issueStatusListToken({
    sub: STATUS_URI,
    iat: NOW - 30,
    exp: NOW + 600,
    ttl: 60,
    bits: 1,
    lst: await encodeStatusList(new Uint8Array(1024), 1),
    kid: "home-office-status-haip-1",
    privateKey,
    ...(x5c ? { x5c } : {}),
  });
}

const listOptions = {
  trustedKeys: [],
  algorithms: ["ES256"] as const,
  expectedSub: STATUS_URI,
  now: NOW,
  clockSkewSeconds: 60,
  maxInflatedBytes: 4096,
  idx: 42,
};

describe("an ES256 status list token with an x5c chain", () => {
  let statusKeys: CryptoKeyPair;
  let statusLeaf: string;
  beforeAll(async () => {
    statusKeys = await p256Keys();
    statusLeaf = await issueLeaf(pki.root, statusKeys);
  });

  it("verifies with the roots and the credential's issuer, its header carrying the chain", async () => {
    const token = await statusToken(statusKeys.privateKey, [statusLeaf]);
    expect(decodeJwt(token).header).toMatchObject({ alg: "ES256", typ: "statuslist+jwt", x5c: [statusLeaf] });
    const result = await verifyStatusListToken(token, {
      ...listOptions,
      x509Roots: [pki.root.certificate],
      expectedIssuer: ISS,
    });
    expect(result).toMatchObject({ valid: true, sub: STATUS_URI, value: 0 });
  });

  it("is refused when its leaf names another issuer than the credential's", async () => {
    const token = await statusToken(statusKeys.privateKey, [statusLeaf]);
    expect(
      await verifyStatusListToken(token, {
        ...listOptions,
        x509Roots: [pki.root.certificate],
        expectedIssuer: OTHER_ISS,
      }),
    ).toMatchObject({
      valid: false,
      code: "STATUS_TOKEN_BAD_SIGNATURE",
      detail: "CERTIFICATE_NAME_MISMATCH: the status list's certificate names another issuer",
    });
  });

  it("is refused without roots, as today, and with roots of another platform", async () => {
    const token = await statusToken(statusKeys.privateKey, [statusLeaf]);
    expect(await verifyStatusListToken(token, { ...listOptions, expectedIssuer: ISS })).toMatchObject({
      code: "STATUS_TOKEN_BAD_SIGNATURE",
      detail: "token names its own key",
    });
    const other = await makePki();
    expect(
      await verifyStatusListToken(token, { ...listOptions, x509Roots: [other.root.certificate], expectedIssuer: ISS }),
    ).toMatchObject({ code: "STATUS_TOKEN_BAD_SIGNATURE", detail: expect.stringMatching(/^CERTIFICATE_UNTRUSTED/) });
  });

  it("needs the credential's issuer to be named with the roots", async () => {
    const token = await statusToken(statusKeys.privateKey, [statusLeaf]);
    expect(await verifyStatusListToken(token, { ...listOptions, x509Roots: [pki.root.certificate] })).toMatchObject({
      code: "POLICY_INVALID",
    });
  });

  it("checks a credential's status through verifyPresentation, the credential's iss expected of the list", async () => {
    const status = (token: string): StatusPolicy => ({
      check: async () => ({ kind: "token", token }),
      allowedUriPrefixes: [STATUS_PREFIX],
      maxInflatedBytes: 4096,
    });
    const sdJwt = await issueHaip();
    const good = await statusToken(statusKeys.privateKey, [statusLeaf]);
    expect(await verifyHaip(sdJwt, haipIssuer(), { status: status(good) })).toMatchObject({
      valid: true,
      statusChecked: true,
    });

    const dvlaKeys = await p256Keys();
    const dvlaLeaf = await issueLeaf(pki.root, dvlaKeys, { uris: [OTHER_ISS] });
    const anotherIssuers = await statusToken(dvlaKeys.privateKey, [dvlaLeaf]);
    expect(await verifyHaip(sdJwt, haipIssuer(), { status: status(anotherIssuers) })).toMatchObject({
      valid: false,
      code: "STATUS_TOKEN_BAD_SIGNATURE",
    });

    // The status policy's own roots replace the issuer's.
    const other = await makePki();
    expect(
      await verifyHaip(sdJwt, haipIssuer(), { status: { ...status(good), x509Roots: [other.root.certificate] } }),
    ).toMatchObject({ valid: false, code: "STATUS_TOKEN_BAD_SIGNATURE" });
  });
});

describe("issuing with x5c", () => {
  it("refuses an x5c that is not 1 to 5 base64 certificates", async () => {
    for (const x5c of [[], ["not base64!"], Array(6).fill(pki.leaf.certificate)]) {
      await expect(issueHaip(x5c)).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
      await expect(statusToken(pki.leaf.keys.privateKey, x5c)).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    }
  });
});
