import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, jwtVerify } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PROOF_TYP as SERVER_PROOF_TYP } from "#server/credentials/issuance.ts";
import {
  createCopyKeys,
  createHolderKeyPair,
  HolderKeyUnavailableError,
  listHolderKeys,
  PROOF_TYP,
  signIssuanceProof,
} from "./holder-key.client.ts";

/**
 * The device key's cryptography in Node's WebCrypto (the same API the browser has). IndexedDB
 * storage is exercised in Chromium by tests/e2e/wallet.spec.ts; here, its absence.
 */
describe("device holder key", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is a P-256 pair whose private key cannot be exported", async () => {
    const key = await createHolderKeyPair();
    expect(key.privateKey.extractable).toBe(false);
    expect(key.privateKey.algorithm).toMatchObject({ name: "ECDSA", namedCurve: "P-256" });
    await expect(crypto.subtle.exportKey("jwk", key.privateKey)).rejects.toThrow();
    // The public JWK carries the public members only.
    expect(Object.keys(key.publicJwk).sort()).toEqual(["crv", "kty", "x", "y"]);
    expect(key.publicJwk).toMatchObject({ kty: "EC", crv: "P-256" });
  });

  it("names the key by its RFC 7638 thumbprint, as the server does", async () => {
    const key = await createHolderKeyPair();
    expect(key.thumbprint).toBe(await calculateJwkThumbprint(key.publicJwk as never, "sha256"));
  });

  it("signs an issuance proof the server's checks accept: typ, ES256, embedded public jwk, nonce, aud, iat", async () => {
    expect(PROOF_TYP).toBe(SERVER_PROOF_TYP);
    const key = await createHolderKeyPair();
    const aud = "https://identity.example/issuers/home-office";
    const proof = await signIssuanceProof(key, { nonce: "n-123", aud, iat: 1_800_000_000 });
    const header = decodeProtectedHeader(proof);
    expect(header).toEqual({ alg: "ES256", typ: "openid4vci-proof+jwt", jwk: key.publicJwk });
    const { payload } = await jwtVerify(proof, EmbeddedJWK, {
      typ: "openid4vci-proof+jwt",
      algorithms: ["ES256"],
      audience: aud,
      currentDate: new Date(1_800_000_000_000),
      requiredClaims: ["iat", "nonce"],
    });
    expect(payload).toEqual({ nonce: "n-123", aud, iat: 1_800_000_000 });
  });

  it("a proof signed by one device does not verify as another device's key", async () => {
    const mine = await createHolderKeyPair();
    const other = await createHolderKeyPair();
    const forged = await signIssuanceProof(
      { privateKey: other.privateKey, publicJwk: mine.publicJwk },
      { nonce: "n", aud: "https://a.example/issuers/dbs" },
    );
    await expect(jwtVerify(forged, EmbeddedJWK, { algorithms: ["ES256"] })).rejects.toThrow(/signature/);
  });

  it("says clearly, rather than crashing, when the browser has no IndexedDB (private mode, storage blocked)", async () => {
    vi.stubGlobal("indexedDB", undefined);
    await expect(listHolderKeys()).rejects.toBeInstanceOf(HolderKeyUnavailableError);
    // The page words the reason in the person's language (device-key.ts keyUnavailableMessages).
    await expect(createCopyKeys(3)).rejects.toMatchObject({ reason: "storage" });
  });

  it("says so when opening the store fails", async () => {
    vi.stubGlobal("indexedDB", {
      open() {
        throw new DOMException("The user denied permission to access the database.", "SecurityError");
      },
    });
    await expect(listHolderKeys()).rejects.toThrow(HolderKeyUnavailableError);
  });
});
