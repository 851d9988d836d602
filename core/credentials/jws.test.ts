import { describe, expect, it } from "vitest";
import rfc8037 from "#tests/fixtures/credentials/rfc8037-ed25519.json";
import { webCrypto } from "./crypto.ts";
import { base64urlEncodeText } from "./encoding.ts";
import { CredentialError } from "./errors.ts";
import { importVerificationKey, jwkMatchesAlgorithm, parseCompactJws, verifyJwsSignature } from "./jws.ts";

const options = { maxDepth: 8, malformedCode: "MALFORMED_PRESENTATION" as const };
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return "ok";
  } catch (error) {
    return error instanceof CredentialError ? error.code : "other";
  }
};

describe("compact JWS", () => {
  it("verifies the RFC 8037 Appendix A.4 Ed25519 JWS and rejects it when one byte of the payload changes", async () => {
    const crypto = webCrypto();
    const key = await importVerificationKey(crypto, rfc8037.publicJwk, "EdDSA", "BAD_SIGNATURE");
    // The A.4 payload is not a JSON object, so build the parsed form by hand.
    const [h, p, s] = rfc8037.jws.split(".");
    const jws = parseCompactJws(`${h}.${base64urlEncodeText("{}")}.${s}`, options);
    expect(await verifyJwsSignature(crypto, { ...jws, signingInput: `${h}.${p}` }, "EdDSA", key)).toBe(true);
    expect(await verifyJwsSignature(crypto, { ...jws, signingInput: `${h}.${p}x` }, "EdDSA", key)).toBe(false);
  });

  it("parses header and payload as JSON objects and reports the caller's code for malformed tokens", () => {
    const h = base64urlEncodeText('{"alg":"EdDSA"}');
    const p = base64urlEncodeText('{"a":1}');
    expect(parseCompactJws(`${h}.${p}.AA`, options).payload).toEqual({ a: 1 });
    expect(codeOf(() => parseCompactJws(`${h}.${p}`, options))).toBe("MALFORMED_PRESENTATION");
    expect(
      codeOf(() =>
        parseCompactJws(`${h}.${base64urlEncodeText("[1]")}.AA`, { ...options, malformedCode: "KB_MALFORMED" }),
      ),
    ).toBe("KB_MALFORMED");
    expect(codeOf(() => parseCompactJws(`${h}.${base64urlEncodeText('{"a":1,"a":2}')}.AA`, options))).toBe(
      "DUPLICATE_JSON_MEMBER",
    );
    expect(codeOf(() => parseCompactJws(`${h}.${base64urlEncodeText('{"a":[[[[[[[[[1]]]]]]]]]}')}.AA`, options))).toBe(
      "INPUT_TOO_LARGE",
    );
  });

  it("accepts only public keys of the type an algorithm needs", () => {
    expect(jwkMatchesAlgorithm(rfc8037.publicJwk, "EdDSA")).toBe(true);
    expect(jwkMatchesAlgorithm(rfc8037.publicJwk, "ES256")).toBe(false);
    expect(jwkMatchesAlgorithm(rfc8037.privateJwk, "EdDSA")).toBe(false);
    expect(jwkMatchesAlgorithm({ ...rfc8037.publicJwk, alg: "ES256" }, "EdDSA")).toBe(false);
    expect(jwkMatchesAlgorithm({ ...rfc8037.publicJwk, use: "enc" }, "EdDSA")).toBe(false);
  });
});
