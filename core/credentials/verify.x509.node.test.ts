/**
 * An independent verification of an x5c-signed credential: @sd-jwt/sd-jwt-vc processes the SD-JWT,
 * and the issuer's key comes from the x5c chain as Node's own X.509 (OpenSSL) reads and checks it,
 * so neither our chain checker nor our verifier is involved.
 */
import { verify, X509Certificate } from "node:crypto";
import { SDJwtVcInstance } from "@sd-jwt/sd-jwt-vc";
import { describe, expect, it } from "vitest";
import { sha256, webCrypto } from "./crypto.ts";
import { base64urlDecode } from "./encoding.ts";
import { issueCredential } from "./issue.ts";
import { encodeStatusList, issueStatusListToken } from "./status-list.ts";
import { AUD, CLAIMS, decodeJwt, ISS, makeWorld, NONCE, NOW, presentFor, STATUS_URI, VCT } from "./test-helpers.ts";
import { makePki } from "./x509-test-helpers.ts";

describe("an x5c-signed credential, verified without our verifier", () => {
  it("verifies with @sd-jwt/sd-jwt-vc and a key from the chain as OpenSSL checks it", async () => {
    const [world, pki] = await Promise.all([makeWorld(), makePki()]);
    const sdJwt = await issueCredential({
      issuer: {
        iss: ISS,
        kid: "home-office-haip-1",
        privateKey: pki.leaf.keys.privateKey,
        x5c: [pki.leaf.certificate],
      },
      vct: VCT,
      holderPublicJwk: world.holder.publicJwk,
      claims: CLAIMS,
      status: { idx: 42, uri: STATUS_URI },
      iat: NOW - 3600,
      exp: NOW + 3600,
    });
    const presentation = await presentFor(world, sdJwt);

    // The chain, read by OpenSSL: the leaf issued and signed by the root, not a CA, naming iss.
    const { header, payload } = decodeJwt(presentation.split("~")[0]!);
    const x5c = header.x5c as string[];
    const root = new X509Certificate(Buffer.from(pki.root.certificate, "base64"));
    const leaf = new X509Certificate(Buffer.from(x5c[0]!, "base64"));
    expect(x5c).toHaveLength(1);
    expect(leaf.checkIssued(root) && leaf.verify(root.publicKey) && !leaf.ca).toBe(true);
    expect(leaf.subjectAltName?.split(", ")).toContain(`URI:${payload.iss}`);

    const statusToken = await issueStatusListToken({
      sub: STATUS_URI,
      iat: NOW - 10,
      exp: NOW + 600,
      bits: 1,
      lst: await encodeStatusList(new Uint8Array(1024), 1),
      kid: "home-office-haip-1",
      privateKey: pki.leaf.keys.privateKey,
      x5c: [pki.leaf.certificate],
    });
    const library = new SDJwtVcInstance({
      statusListFetcher: async (uri) => {
        expect(uri).toBe(STATUS_URI);
        return statusToken;
      },
      hasher: (data) => sha256(webCrypto(), data),
      verifier: async (data, signature) =>
        header.alg === "ES256" &&
        verify(
          "sha256",
          Buffer.from(data),
          { key: leaf.publicKey, dsaEncoding: "ieee-p1363" },
          base64urlDecode(signature),
        ),
      kbVerifier: async (data, signature) =>
        crypto.subtle.verify(
          "Ed25519",
          world.holder.publicKey,
          base64urlDecode(signature) as Uint8Array<ArrayBuffer>,
          new TextEncoder().encode(data),
        ),
    });
    const result = await library.verify(presentation, { keyBindingNonce: NONCE, currentDate: NOW });
    expect(result.payload).toMatchObject({ iss: ISS, given_name: CLAIMS.given_name });
    expect(result.kb?.payload.aud).toBe(AUD);
  });
});
