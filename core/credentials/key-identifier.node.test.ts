/**
 * The `aki` a request names for a trusted root (ADR 052), checked with Node's own X.509 (OpenSSL)
 * and hashes: the root's SubjectKeyIdentifier where it has one, and for a root without one RFC 5280
 * section 4.2.1.2 method (1), the SHA-1 of its subjectPublicKey bits.
 */
import { createHash, X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildCertificate, createRootCertificate, subjectName } from "./certificates.ts";
import { rootKeyIdentifier } from "./key-identifier.ts";

const NOT_BEFORE = new Date("2026-01-01T00:00:00Z");
const NOT_AFTER = new Date("2036-01-01T00:00:00Z");
const p256 = () => crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);

/** The subjectPublicKey bits of a P-256 key: its uncompressed point, the last 65 bytes of the SPKI. */
const publicKeyBits = (base64: string) =>
  (
    new X509Certificate(Buffer.from(base64, "base64")).publicKey.export({ type: "spki", format: "der" }) as Buffer
  ).subarray(-65);

describe("rootKeyIdentifier", () => {
  it("is the root's SubjectKeyIdentifier in base64url (certificates.ts writes RFC 7093 method 1)", async () => {
    const root = await createRootCertificate({
      commonName: "Test Root",
      keys: (await p256()) as CryptoKeyPair,
      notBefore: NOT_BEFORE,
      notAfter: NOT_AFTER,
    });
    // RFC 7093 section 2 method 1: the leftmost 160 bits of the SHA-256 of the key bits.
    const expected = createHash("sha256").update(publicKeyBits(root)).digest().subarray(0, 20).toString("base64url");
    expect(await rootKeyIdentifier(root)).toBe(expected);
  });

  it("for a root without a SubjectKeyIdentifier, the SHA-1 of its subjectPublicKey bits", async () => {
    const keys = (await p256()) as CryptoKeyPair;
    const name = subjectName({ commonName: "Root without SKI" });
    const root = await buildCertificate({
      subject: name,
      issuer: name,
      subjectPublicKey: keys.publicKey,
      signingKey: keys.privateKey,
      notBefore: NOT_BEFORE,
      notAfter: NOT_AFTER,
      extensions: [],
    });
    const expected = createHash("sha1").update(publicKeyBits(root)).digest().toString("base64url");
    expect(await rootKeyIdentifier(root)).toBe(expected);
  });

  it("is undefined for text that is not a certificate", async () => {
    expect(await rootKeyIdentifier("not a certificate")).toBeUndefined();
    expect(await rootKeyIdentifier("AAAA")).toBeUndefined();
  });
});
