import { SDJwtVcInstance } from "@sd-jwt/sd-jwt-vc";
import { describe, expect, it } from "vitest";
import { sha256, webCrypto } from "./crypto.ts";
import { base64urlDecode, utf8Encode } from "./encoding.ts";
import { credentialClaims, disclosableClaims, presentCredential } from "./present.ts";
import { encodeStatusList, issueStatusListToken } from "./status-list.ts";
import {
  AUD,
  CLAIMS,
  decodeJwt,
  digestOf,
  disclosureContent,
  issueFor,
  makeWorld,
  NONCE,
  NOW,
  presentFor,
  STATUS_URI,
} from "./test-helpers.ts";

describe("presentCredential (RFC 9901 section 7.2, key binding section 4.3)", () => {
  it("lists the claims a holder can choose", async () => {
    const world = await makeWorld();
    expect(await disclosableClaims(await issueFor(world))).toEqual(Object.keys(CLAIMS).sort());
  });

  it("reads back every disclosed claim with its value for the holder's own view", async () => {
    const world = await makeWorld();
    const claims = await credentialClaims(await issueFor(world));
    expect(claims).toEqual(CLAIMS);
    expect(Object.keys(claims)).not.toContain("iss");
  });

  it("sends only the chosen disclosures, then a kb+jwt with nonce, aud, iat and sd_hash over what is sent", async () => {
    const world = await makeWorld();
    const sdJwt = await issueFor(world);
    const presentation = await presentFor(world, sdJwt, ["birthdate"]);
    const segments = presentation.split("~");
    expect(segments).toHaveLength(3);
    expect(segments[0]).toBe(sdJwt.split("~")[0]);
    expect(disclosureContent(segments[1]!)[1]).toBe("birthdate");
    const kb = decodeJwt(segments[2]!);
    expect(kb.header).toEqual({ typ: "kb+jwt", alg: "EdDSA" });
    expect(kb.payload).toEqual({
      iat: NOW,
      aud: AUD,
      nonce: NONCE,
      sd_hash: await digestOf(`${segments[0]}~${segments[1]}~`),
    });
    const [h, p, s] = segments[2]!.split(".");
    expect(
      await crypto.subtle.verify(
        "Ed25519",
        world.holder.publicKey,
        base64urlDecode(s!) as Uint8Array<ArrayBuffer>,
        utf8Encode(`${h}.${p}`) as Uint8Array<ArrayBuffer>,
      ),
    ).toBe(true);
  });

  it("can disclose nothing but still binds the presentation", async () => {
    const world = await makeWorld();
    const presentation = await presentFor(world, await issueFor(world), []);
    expect(presentation.split("~")).toHaveLength(2);
  });

  it("refuses a claim that is not disclosable, and a credential that already carries a KB-JWT", async () => {
    const world = await makeWorld();
    const sdJwt = await issueFor(world);
    await expect(presentFor(world, sdJwt, ["iss"])).rejects.toMatchObject({ code: "CLAIM_NOT_DISCLOSABLE" });
    await expect(presentFor(world, sdJwt, ["email"])).rejects.toMatchObject({ code: "CLAIM_NOT_DISCLOSABLE" });
    const presented = await presentFor(world, sdJwt);
    await expect(presentFor(world, presented)).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
  });

  it("interoperates: @sd-jwt/sd-jwt-vc 0.19 verifies our credential, presentation and status list token", async () => {
    const world = await makeWorld();
    const presentation = await presentFor(world, await issueFor(world));
    const statusToken = await issueStatusListToken({
      sub: STATUS_URI,
      iat: NOW - 10,
      exp: NOW + 600,
      bits: 1,
      lst: await encodeStatusList(new Uint8Array(1024), 1),
      kid: world.issuer.publicJwk.kid!,
      privateKey: world.issuer.privateKey,
    });
    const verifyWith = (key: CryptoKey) => async (data: string, signature: string) =>
      crypto.subtle.verify(
        "Ed25519",
        key,
        base64urlDecode(signature) as Uint8Array<ArrayBuffer>,
        utf8Encode(data) as Uint8Array<ArrayBuffer>,
      );
    const library = new SDJwtVcInstance({
      hasher: (data, alg) => {
        expect(alg).toBe("sha-256");
        return sha256(webCrypto(), data);
      },
      verifier: verifyWith(world.issuer.publicKey),
      kbVerifier: verifyWith(world.holder.publicKey),
      statusListFetcher: async (uri) => {
        expect(uri).toBe(STATUS_URI);
        return statusToken;
      },
    });
    const result = await library.verify(presentation, { keyBindingNonce: NONCE, currentDate: NOW });
    expect(result.payload).toMatchObject({ given_name: CLAIMS.given_name, family_name: CLAIMS.family_name });
    expect(result.kb?.payload.aud).toBe(AUD);
  });

  it("signs the KB-JWT with ES256 when the holder key is P-256", async () => {
    const world = await makeWorld();
    const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    const { exportPublicJwk } = await import("./keys.ts");
    const sdJwt = await issueFor(world, { holderPublicJwk: await exportPublicJwk(pair.publicKey) });
    const presentation = await presentCredential({
      sdJwt,
      disclose: [],
      holderPrivateKey: pair.privateKey,
      nonce: NONCE,
      aud: AUD,
      iat: NOW,
    });
    expect(decodeJwt(presentation.split("~").at(-1)!).header).toEqual({ typ: "kb+jwt", alg: "ES256" });
  });
});
