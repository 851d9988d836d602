import { describe, expect, it } from "vitest";
import { issueCertificate } from "#core/credentials/certificates.ts";
import { DateOnly } from "#core/mdoc/codec.ts";
import { generateKey, issueMdoc, presentMdoc } from "#core/mdoc/test-helpers.ts";
import { verifyDeviceResponse } from "#core/mdoc/verify.ts";
import { demoIacaRoot, generateDemoIacaSecret } from "./issuer-keys.ts";

/**
 * The demo's mdoc IACA (issue 23, ADR 050): what npm start keeps in MDOC_IACA_SIGNING_KEY must let
 * a DVLA mdoc issuer certify a document signer whose mdocs verify against the root the stack puts
 * on the trust list.
 */
describe("the demo IACA secret", () => {
  it("certifies a document signer whose mDL verifies against the seeded root", async () => {
    const now = new Date();
    const secret = await generateDemoIacaSecret(now);
    const { x5c, ...privateJwk } = JSON.parse(secret) as Record<string, unknown> & { x5c: string[] };
    const root = demoIacaRoot(secret);
    expect(x5c).toEqual([root]);
    const rootKey = await crypto.subtle.importKey(
      "jwk",
      privateJwk as JsonWebKey,
      { name: "ECDSA", namedCurve: "P-256" },
      false,
      ["sign"],
    );
    const signerKey = await generateKey("P-256");
    const signerCertificate = await issueCertificate({
      commonName: "DVLA document signer",
      organisation: "Driver and Vehicle Licensing Agency",
      subjectPublicKey: signerKey.keys.publicKey,
      issuer: { certificate: root, privateKey: rootKey },
      notBefore: new Date(now.getTime() - 60_000),
      notAfter: new Date(now.getTime() + 86_400_000),
    });
    const device = await generateKey("Ed25519");
    const handover = {
      flow: "redirect" as const,
      clientId: "verifier_attestation:https://localhost:8787/verifiers/1",
      nonce: "n",
      jwkThumbprint: null,
      responseUri: "https://localhost:8787/api/presentations/response",
    };
    const claims = [["org.iso.18013.5.1", "age_over_18"]] as const;
    const issuerSigned = await issueMdoc({
      iaca: { root, signerCertificate, signerKey },
      docType: "org.iso.18013.5.1.mDL",
      nameSpaces: { "org.iso.18013.5.1": { age_over_18: true, birth_date: new DateOnly("1990-05-01") } },
      devicePublicJwk: device.publicJwk,
      validity: { signed: now, validFrom: now, validUntil: new Date(now.getTime() + 86_400_000) },
    });
    const deviceResponse = await presentMdoc({
      issuerSigned,
      docType: "org.iso.18013.5.1.mDL",
      claims,
      handover,
      devicePrivateJwk: device.privateJwk,
    });
    const verified = await verifyDeviceResponse({
      deviceResponse,
      docType: "org.iso.18013.5.1.mDL",
      claims,
      handover,
      roots: [root],
      now: new Date(now.getTime() + 1000),
    });
    expect(verified).toMatchObject({ valid: true, elements: { "org.iso.18013.5.1": { age_over_18: true } } });
  });
});
