/**
 * An independent reading of what certificates.ts makes: Node's own X.509 (OpenSSL) parses and
 * checks the certificates, so the maker is not tested only by our checker (x509.ts).
 */
import { X509Certificate } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ISS } from "./test-helpers.ts";
import {
  ed25519Keys,
  ISSUER_HOST,
  issueIntermediate,
  issueLeaf,
  makePki,
  NOT_AFTER,
  NOT_BEFORE,
  type Pki,
  p256Keys,
} from "./x509-test-helpers.ts";

const read = (base64: string) => new X509Certificate(Buffer.from(base64, "base64"));

let pki: Pki;
beforeAll(async () => {
  pki = await makePki();
});

describe("OpenSSL reads the platform root", () => {
  it("as a self-signed CA for its own key, valid from notBefore to notAfter", () => {
    const root = read(pki.root.certificate);
    expect(root.ca).toBe(true);
    expect(root.subject).toBe("O=UK Identity Platform\nCN=UK Identity Platform Root");
    expect(root.issuer).toBe(root.subject);
    expect(root.checkIssued(root)).toBe(true);
    expect(root.verify(root.publicKey)).toBe(true);
    expect(root.validToDate.getTime()).toBe(NOT_AFTER.getTime() - (NOT_AFTER.getTime() % 1000));
    expect(root.validFromDate.getTime()).toBe(NOT_BEFORE.getTime() - (NOT_BEFORE.getTime() % 1000));
    expect(root.publicKey.asymmetricKeyDetails?.namedCurve).toBe("prime256v1");
  });
});

describe("OpenSSL reads an authority's signing certificate", () => {
  it("as issued and signed by the root, not a CA, naming the issuer URL and host", () => {
    const root = read(pki.root.certificate);
    const leaf = read(pki.leaf.certificate);
    expect(leaf.ca).toBe(false);
    expect(leaf.checkIssued(root)).toBe(true);
    expect(leaf.verify(root.publicKey)).toBe(true);
    expect(leaf.verify(leaf.publicKey)).toBe(false);
    expect(leaf.subjectAltName).toBe(`URI:${ISS}, DNS:${ISSUER_HOST}`);
    expect(leaf.subject).toBe("O=Home Office\nCN=Home Office credential signing");
    expect(leaf.issuer).toBe(root.subject);
    expect(leaf.validFromDate.getTime()).toBeLessThan(leaf.validToDate.getTime());
  });

  it("with the key it was given", async () => {
    const leaf = read(pki.leaf.certificate);
    const given = Buffer.from(await crypto.subtle.exportKey("spki", pki.leaf.keys.publicKey));
    expect(Buffer.from(leaf.publicKey.export({ type: "spki", format: "der" })).equals(given)).toBe(true);
  });

  it("through an intermediate CA, and for an Ed25519 key", async () => {
    const root = read(pki.root.certificate);
    const intermediate = await issueIntermediate(pki.root);
    const leaf = read(await issueLeaf(intermediate, await p256Keys()));
    const ca = read(intermediate.certificate);
    expect(ca.ca).toBe(true);
    expect(ca.checkIssued(root) && ca.verify(root.publicKey)).toBe(true);
    expect(leaf.checkIssued(ca) && leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.checkIssued(root)).toBe(false);

    const ed = read(await issueLeaf(pki.root, await ed25519Keys()));
    expect(ed.publicKey.asymmetricKeyType).toBe("ed25519");
    expect(ed.verify(root.publicKey)).toBe(true);
  });
});
