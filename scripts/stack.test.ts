import { X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ISSUER_IDS } from "#core/issuers/registry.ts";
import { loadCertifiedKeys } from "#server/credentials/certified-keys.ts";
import { loadDocumentSigner } from "#server/credentials/document-signer.ts";
import { loadIssuerKeys, loadIssuerTrust } from "#server/credentials/issuer-keys.ts";
import { loadTrustAnchorKey, loadVerifierPublicKeys, loadVerifierServiceKey } from "#server/verification/keys.ts";
import { demoIacaRoot, generateDemoIacaSecret, generateIssuerKeysSecret, issuerPublicKeysFor } from "./issuer-keys.ts";
import { ensureDevVars, parseDevVars } from "./stack.ts";

const dir = mkdtempSync(join(tmpdir(), "dev-vars-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the local secrets (.dev.vars)", () => {
  it("gives stacks starting together on a fresh clone the same secrets, and writes them once", async () => {
    const path = join(dir, ".dev.vars");
    const [first, second] = await Promise.all([ensureDevVars(path), ensureDevVars(path)]);
    expect(first.LIBSQL_AUTH_TOKEN).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).toEqual(first);
    expect(parseDevVars(readFileSync(path, "utf8"))).toEqual(first);
  });

  it("keeps what the file has and adds only what it lacks", async () => {
    const path = join(dir, "partial.dev.vars");
    writeFileSync(path, "SESSION_SECRET=kept-by-the-developer");
    const vars = await ensureDevVars(path);
    expect(vars.SESSION_SECRET).toBe("kept-by-the-developer");
    expect(Object.keys(vars).sort()).toEqual([
      "ISSUER_PUBLIC_KEYS",
      "ISSUER_SIGNING_KEYS",
      "ISSUER_X509_SIGNING_KEYS",
      "LIBSQL_AUTH_TOKEN",
      "MDOC_DOCUMENT_SIGNER_KEY",
      "MDOC_IACA_SIGNING_KEY",
      "SESSION_SECRET",
      "STATUS_LIST_SIGNING_KEYS",
      "STATUS_LIST_X509_SIGNING_KEYS",
      "TRUST_ANCHOR_SIGNING_KEY",
      "VERIFIER_PUBLIC_KEYS",
      "VERIFIER_SIGNING_KEYS",
    ]);
    expect(await ensureDevVars(path)).toEqual(vars);
  });

  it("upgrades a file from before ADR 028: the status-list keys are added, the public keys derived from the kept credential keys", async () => {
    const path = join(dir, "before-028.dev.vars");
    const issuerKeys = await generateIssuerKeysSecret();
    writeFileSync(path, `ISSUER_SIGNING_KEYS='${issuerKeys}'\n`);
    const vars = await ensureDevVars(path);
    expect(vars.ISSUER_SIGNING_KEYS).toBe(issuerKeys);
    const { x509Roots, ...publicKeys } = JSON.parse(vars.ISSUER_PUBLIC_KEYS!) as { x509Roots: string[] };
    expect(publicKeys).toEqual(JSON.parse(issuerPublicKeysFor(issuerKeys, vars.STATUS_LIST_SIGNING_KEYS!)));
    expect(x509Roots).toHaveLength(1);
    const trust = await loadIssuerTrust(vars.ISSUER_PUBLIC_KEYS);
    for (const [id, key] of await loadIssuerKeys(vars.ISSUER_SIGNING_KEYS))
      expect(
        trust.credentialKeys.get(id)?.map((jwk) => jwk.kid),
        id,
      ).toEqual([key.kid]);
  });

  it("upgrades a file from before ADR 053: the DVLA's document signer is certified by the IACA the file already keeps", async () => {
    const path = join(dir, "before-053.dev.vars");
    const iaca = await generateDemoIacaSecret();
    writeFileSync(path, `MDOC_IACA_SIGNING_KEY='${iaca}'\n`);
    const vars = await ensureDevVars(path);
    expect(vars.MDOC_IACA_SIGNING_KEY).toBe(iaca);
    const signer = await loadDocumentSigner(vars.MDOC_DOCUMENT_SIGNER_KEY);
    expect(signer?.x5chain).toHaveLength(1);
    expect((JSON.parse(vars.MDOC_DOCUMENT_SIGNER_KEY!) as { iaca: string }).iaca).toBe(demoIacaRoot(iaca));
    // Node's own X.509 reader sees the critical mdlDS purpose (ISO/IEC 18013-5 Annex B.1.4) and the country.
    const certificate = new X509Certificate(Buffer.from(signer!.x5chain[0]!, "base64"));
    expect(certificate.checkIssued(new X509Certificate(Buffer.from(demoIacaRoot(iaca), "base64")))).toBe(true);
    expect(certificate.subject).toContain("C=GB");
    expect(certificate.keyUsage).toEqual(["1.0.18013.5.1.2"]);
    expect(await ensureDevVars(path)).toEqual(vars);
  });

  it("upgrades a file from before ADR 047: HAIP's certified keys are added, chained to a root the public keys now carry", async () => {
    const path = join(dir, "before-047.dev.vars");
    const issuerKeys = await generateIssuerKeysSecret();
    const statusListKeys = await generateIssuerKeysSecret();
    const publicKeys = issuerPublicKeysFor(issuerKeys, statusListKeys);
    writeFileSync(
      path,
      `ISSUER_SIGNING_KEYS='${issuerKeys}'\nSTATUS_LIST_SIGNING_KEYS='${statusListKeys}'\nISSUER_PUBLIC_KEYS='${publicKeys}'\n`,
    );
    const vars = await ensureDevVars(path);
    expect(vars.ISSUER_SIGNING_KEYS).toBe(issuerKeys);
    const trust = await loadIssuerTrust(vars.ISSUER_PUBLIC_KEYS);
    expect(trust.x509Roots).toHaveLength(1);
    for (const name of ["ISSUER_X509_SIGNING_KEYS", "STATUS_LIST_X509_SIGNING_KEYS"] as const) {
      const keys = await loadCertifiedKeys(name, vars[name], trust);
      // Named at npm start's local origins, as the web worker mints identifiers there.
      expect([...keys!.keys()].sort()).toEqual([...ISSUER_IDS].sort());
    }
    expect(parseDevVars(readFileSync(path, "utf8"))).toEqual(vars);
    expect(await ensureDevVars(path)).toEqual(vars);
  });

  it("upgrades a file from before ADR 034: the trust anchor's key leaves VERIFIER_SIGNING_KEYS for the web worker's TRUST_ANCHOR_SIGNING_KEY, both kept", async () => {
    const path = join(dir, "before-034.dev.vars");
    const p256 = async () => {
      const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
        "sign",
      ])) as CryptoKeyPair;
      const { kty, crv, x, y, d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
      return { kty, crv, x, y, d };
    };
    const anchor = await p256();
    const service = await p256();
    writeFileSync(
      path,
      `SESSION_SECRET=kept\nVERIFIER_SIGNING_KEYS='${JSON.stringify({ "trust-anchor": anchor, "verifier-service": service })}'\n`,
    );
    const vars = await ensureDevVars(path);
    expect(vars.SESSION_SECRET).toBe("kept");
    expect(JSON.parse(vars.VERIFIER_SIGNING_KEYS!)).toEqual({ "verifier-service": service });
    // Kept, and certified by the fresh root as the verifiers' CA (ADR 051).
    expect(JSON.parse(vars.TRUST_ANCHOR_SIGNING_KEY!)).toEqual({ ...anchor, x5c: [expect.any(String)] });
    const [root] = (JSON.parse(vars.ISSUER_PUBLIC_KEYS!) as { x509Roots: string[] }).x509Roots;
    const [certificate] = (JSON.parse(vars.TRUST_ANCHOR_SIGNING_KEY!) as { x5c: string[] }).x5c;
    const caCertificate = new X509Certificate(Buffer.from(certificate!, "base64"));
    expect(caCertificate.ca).toBe(true);
    expect(caCertificate.verify(new X509Certificate(Buffer.from(root!, "base64")).publicKey)).toBe(true);
    expect(caCertificate.publicKey.export({ format: "jwk" })).toMatchObject({ x: anchor.x, y: anchor.y });
    // The public halves match the kept keys: each worker loads its own against them.
    const published = await loadVerifierPublicKeys(vars.VERIFIER_PUBLIC_KEYS);
    expect((await loadTrustAnchorKey(vars.TRUST_ANCHOR_SIGNING_KEY, published)).kid).toBe(
      published["trust-anchor"].kid,
    );
    expect((await loadVerifierServiceKey(vars.VERIFIER_SIGNING_KEYS, published)).kid).toBe(
      published["verifier-service"].kid,
    );
    expect(parseDevVars(readFileSync(path, "utf8"))).toEqual(vars);
    expect(await ensureDevVars(path)).toEqual(vars);
  });
});
