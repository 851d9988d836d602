import { calculateJwkThumbprint } from "jose";
import { describe, expect, it } from "vitest";
import rfc8037 from "#tests/fixtures/credentials/rfc8037-ed25519.json";
import { webCrypto } from "./crypto.ts";
import { base64urlEncodeText } from "./encoding.ts";
import { signBase64url } from "./jws.ts";
import {
  buildJwks,
  exportPublicJwk,
  generateSigningKeyPair,
  importPrivateJwk,
  importPublicJwk,
  jwkThumbprint,
} from "./keys.ts";

describe("keys", () => {
  it("computes the RFC 7638 thumbprint of the RFC 8037 Appendix A.2 key as Appendix A.3 gives it", async () => {
    expect(await jwkThumbprint(rfc8037.publicJwk)).toBe(rfc8037.thumbprint);
  });

  it("agrees with jose's calculateJwkThumbprint for generated Ed25519 and P-256 keys", async () => {
    const ed = await generateSigningKeyPair();
    expect(ed.publicJwk.kid).toBe(await calculateJwkThumbprint(ed.publicJwk as never, "sha256"));
    const ec = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    const ecJwk = await exportPublicJwk(ec.publicKey);
    expect(ecJwk).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(ecJwk.kid).toBe(await calculateJwkThumbprint(ecJwk as never, "sha256"));
  });

  it("generates Ed25519 pairs with a non-extractable private key and a public JWK carrying kid, alg and use", async () => {
    const pair = await generateSigningKeyPair();
    expect(pair.privateKey.algorithm.name).toBe("Ed25519");
    expect(pair.privateKey.extractable).toBe(false);
    expect(Object.keys(pair.publicJwk).sort()).toEqual(["alg", "crv", "kid", "kty", "use", "x"]);
    expect(pair.publicJwk).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" });
    await expect(crypto.subtle.exportKey("jwk", pair.privateKey)).rejects.toThrow();
  });

  it("signs the RFC 8037 Appendix A.4 example with the Appendix A.1 key (Ed25519 is deterministic)", async () => {
    const privateKey = await importPrivateJwk(rfc8037.privateJwk);
    const [header, payload, signature] = rfc8037.jws.split(".");
    expect(payload).toBe(base64urlEncodeText(rfc8037.payloadText));
    expect(await signBase64url(webCrypto(), `${header}.${payload}`, privateKey)).toBe(signature);
    const publicKey = await importPublicJwk(rfc8037.publicJwk);
    expect(publicKey.algorithm.name).toBe("Ed25519");
  });

  it("builds a JWKS of public keys only, with distinct kids", async () => {
    const a = await generateSigningKeyPair();
    const b = await generateSigningKeyPair();
    const jwks = buildJwks([a.publicJwk, b.publicJwk]);
    expect(jwks.keys.map((k) => k.kid)).toEqual([a.publicJwk.kid, b.publicJwk.kid]);
    expect(() => buildJwks([{ ...rfc8037.privateJwk, kid: "x" }])).toThrow(/private/);
    expect(() => buildJwks([a.publicJwk, a.publicJwk])).toThrow(/duplicate kid/);
    expect(() => buildJwks([{ ...a.publicJwk, kid: undefined }])).toThrow(/kid/);
  });
});
