import { beforeAll, describe, expect, it } from "vitest";
import { createRootCertificate, issueCertificate } from "./certificates.ts";
import { ISS } from "./test-helpers.ts";
import { issueLeaf, makePki, NOT_AFTER, NOT_BEFORE, type Pki, p256Keys } from "./x509-test-helpers.ts";

let pki: Pki;
beforeAll(async () => {
  pki = await makePki();
});

describe("certificates.ts refuses to make a certificate the chain check would refuse", () => {
  const leafInput = (overrides: Partial<Parameters<typeof issueCertificate>[0]> = {}) => ({
    commonName: "Home Office credential signing",
    subjectPublicKey: pki.leaf.keys.publicKey,
    issuer: { certificate: pki.root.certificate, privateKey: pki.root.keys.privateKey },
    uris: [ISS],
    notBefore: NOT_BEFORE,
    notAfter: NOT_AFTER,
    ...overrides,
  });

  it("under an issuer that is not a CA", async () => {
    const leafIssuer = { certificate: pki.leaf.certificate, privateKey: pki.leaf.keys.privateKey };
    await expect(issueCertificate(leafInput({ issuer: leafIssuer }))).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
      detail: "issuer.certificate is not a CA certificate",
    });
  });

  it("signed by a key that is not the issuer certificate's", async () => {
    const wrongKey = { certificate: pki.root.certificate, privateKey: (await p256Keys()).privateKey };
    await expect(issueCertificate(leafInput({ issuer: wrongKey }))).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
      detail: "issuer.privateKey is not the key of issuer.certificate",
    });
  });

  it("with its validity the wrong way round, a name out of bounds, or a SAN that is not ASCII", async () => {
    for (const overrides of [
      { notBefore: NOT_AFTER, notAfter: NOT_BEFORE },
      { commonName: "" },
      { commonName: "x".repeat(65) },
      { uris: ["https://gwasanaeth.llyw.cymru/cyhoeddwr/ŵ"] },
      { dnsNames: ["has space.example"] },
    ]) {
      await expect(issueCertificate(leafInput(overrides))).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    }
  });

  it("for a key other than P-256 or Ed25519, and a root without a private key", async () => {
    const p384 = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-384" }, false, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    await expect(issueCertificate(leafInput({ subjectPublicKey: p384.publicKey }))).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
    });
    const keys = await p256Keys();
    await expect(
      createRootCertificate({
        commonName: "Root",
        keys: { publicKey: keys.publicKey, privateKey: keys.publicKey },
        notBefore: NOT_BEFORE,
        notAfter: NOT_AFTER,
      }),
    ).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
  });

  it("while the same input with the right issuer makes a leaf", async () => {
    await expect(issueLeaf(pki.root, await p256Keys())).resolves.toMatch(/^MII[A-Za-z0-9+/]+=*$/);
  });
});
