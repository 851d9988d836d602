import { compactDecrypt, decodeProtectedHeader, exportJWK, generateKeyPair } from "jose";
import { describe, expect, it } from "vitest";
import { authorizationResponseFields, ResponseEncryptionError, readResponseEncryption } from "./response-encryption.ts";

/** A verifier's ephemeral key pair, as a direct_post.jwt request carries its public half. */
async function verifierKey() {
  const { publicKey, privateKey } = await generateKeyPair("ECDH-ES", { crv: "P-256", extractable: true });
  const { kty, crv, x, y } = await exportJWK(publicKey);
  return {
    privateKey,
    jwk: { kty, crv, x, y, kid: "request-1", alg: "ECDH-ES", use: "enc" } as Record<string, unknown>,
  };
}

const metadata = (key: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  jwks: { keys: [key] },
  ...extra,
});

async function refusal(clientMetadata: unknown): Promise<string> {
  const error = await readResponseEncryption(clientMetadata).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ResponseEncryptionError);
  return (error as Error).message;
}

describe("reading a request's encryption key (the wallet, before consent)", () => {
  it("takes one EC P-256 key, alg ECDH-ES or none, use enc or none, and the verifier's first content encryption it supports", async () => {
    const { jwk } = await verifierKey();
    const { kty, crv, x, y, kid } = jwk;
    expect(
      await readResponseEncryption(metadata(jwk, { encrypted_response_enc_values_supported: ["A256GCM", "A128GCM"] })),
    ).toEqual({ key: { kty, crv, x, y, kid }, enc: "A256GCM" });
    // No alg, no use, no kid: still a key to encrypt to; no list: A128GCM (OID4VP 1.0's default).
    expect(await readResponseEncryption(metadata({ kty, crv, x, y }))).toEqual({
      key: { kty, crv, x, y },
      enc: "A128GCM",
    });
    expect(
      (await readResponseEncryption(metadata(jwk, { encrypted_response_enc_values_supported: ["A192GCM", "A128GCM"] })))
        .enc,
    ).toBe("A128GCM");
  });

  it("refuses anything else, each with its reason", async () => {
    const { jwk } = await verifierKey();
    const other = (await verifierKey()).jwk;
    expect(await refusal(undefined)).toBe("client_metadata.jwks missing");
    expect(await refusal({ jwks: "keys" })).toBe("client_metadata.jwks missing");
    expect(await refusal({ jwks: { keys: [] } })).toBe("client_metadata.jwks must hold exactly one key");
    expect(await refusal({ jwks: { keys: [jwk, other] } })).toBe("client_metadata.jwks must hold exactly one key");
    expect(await refusal(metadata({ ...jwk, crv: "P-384" }))).toBe("key is not EC P-256");
    expect(await refusal(metadata({ kty: "OKP", crv: "X25519", x: jwk.x }))).toBe("key is not EC P-256");
    expect(await refusal(metadata({ ...jwk, alg: "ECDH-ES+A128KW" }))).toBe("key alg is not ECDH-ES");
    expect(await refusal(metadata({ ...jwk, alg: "RSA-OAEP-256" }))).toBe("key alg is not ECDH-ES");
    expect(await refusal(metadata({ ...jwk, use: "sig" }))).toBe("key use is not enc");
    expect(await refusal(metadata({ ...jwk, d: jwk.x }))).toBe("key is private");
    expect(await refusal(metadata({ ...jwk, y: "short" }))).toBe("key coordinates malformed");
    expect(await refusal(metadata({ ...jwk, kid: 7 }))).toBe("key kid malformed");
    // Well-formed coordinates of a point that is not on the curve.
    expect(await refusal(metadata({ ...jwk, y: jwk.x }))).toBe("key is not a point on P-256");
    expect(
      await refusal(metadata(jwk, { encrypted_response_enc_values_supported: ["A192GCM", "A128CBC-HS256"] })),
    ).toBe("no content encryption this wallet supports (A128GCM, A256GCM)");
    expect(await refusal(metadata(jwk, { encrypted_response_enc_values_supported: [] }))).toBe(
      "no content encryption this wallet supports (A128GCM, A256GCM)",
    );
    expect(await refusal(metadata(jwk, { encrypted_response_enc_values_supported: "A128GCM" }))).toBe(
      "encrypted_response_enc_values_supported malformed",
    );
  });
});

describe("the answer's form fields", () => {
  const answer = { vpToken: { rtw: ["eyJ.presentation~"] }, state: "state-1" };

  it("direct_post.jwt: one response field, a JWE (ECDH-ES, the chosen enc, the key's kid) only the request's key opens", async () => {
    for (const enc of ["A128GCM", "A256GCM"] as const) {
      const { jwk, privateKey } = await verifierKey();
      const encryption = await readResponseEncryption(
        metadata(jwk, { encrypted_response_enc_values_supported: [enc] }),
      );
      const fields = await authorizationResponseFields(answer, encryption);
      expect(Object.keys(fields)).toEqual(["response"]);
      expect(decodeProtectedHeader(fields.response!)).toMatchObject({ alg: "ECDH-ES", enc, kid: "request-1" });
      const { plaintext } = await compactDecrypt(fields.response!, privateKey);
      expect(JSON.parse(new TextDecoder().decode(plaintext))).toEqual({ vp_token: answer.vpToken, state: "state-1" });
      await expect(compactDecrypt(fields.response!, (await verifierKey()).privateKey)).rejects.toThrow();
    }
  });

  it("direct_post: vp_token (as JSON) and state in the clear", async () => {
    expect(await authorizationResponseFields(answer, null)).toEqual({
      vp_token: JSON.stringify(answer.vpToken),
      state: "state-1",
    });
  });
});
