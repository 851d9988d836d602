import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import { Certificate, ExtendedKeyUsage, Extension, KeyUsageFlags, SubjectAlternativeName } from "@peculiar/asn1-x509";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCertificate, createRootCertificate, extension, issueCertificate, subjectName } from "./certificates.ts";
import { type CredentialCrypto, webCrypto } from "./crypto.ts";
import { CredentialError } from "./errors.ts";
import { exportPublicJwk } from "./keys.ts";
import { ISS } from "./test-helpers.ts";
import { base64Decode, base64Encode, describeCertificate, MAX_CHAIN, verifyCertificateChain } from "./x509.ts";
import {
  ed25519Keys,
  handMade,
  ISSUER_HOST,
  issueIntermediate,
  issueLeaf,
  leafExtensions,
  makePki,
  NOT_AFTER,
  NOT_BEFORE,
  NOW_DATE,
  type Pki,
  p256Keys,
} from "./x509-test-helpers.ts";

let pki: Pki;
beforeAll(async () => {
  pki = await makePki();
});

/** The chain check's refusal: its code and which rule (the detail). */
async function refusal(x5c: unknown, roots: readonly string[] = [pki.root.certificate], now = NOW_DATE) {
  try {
    await verifyCertificateChain(x5c, roots, now);
  } catch (error) {
    if (error instanceof CredentialError) return { code: error.code, detail: error.detail };
    throw error;
  }
  throw new Error("the chain was accepted");
}

/** Replaces every occurrence of `from` in a certificate's DER with `to` (same length). */
function patchDer(certificate: string, from: readonly number[], to: readonly number[]): string {
  const der = base64Decode(certificate);
  let patched = 0;
  for (let i = 0; i + from.length <= der.length; i++) {
    if (from.every((byte, j) => der[i + j] === byte)) {
      der.set(to, i);
      patched++;
    }
  }
  expect(patched).toBeGreaterThan(0);
  return base64Encode(der);
}

const ECDSA_WITH_SHA256 = [0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02];
const ECDSA_WITH_SHA384 = [0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x03];

describe("certificates made by certificates.ts pass the chain check", () => {
  it("gives the leaf's key, its subjectAltName, its subject and the root it ends at", async () => {
    const certified = await verifyCertificateChain([pki.leaf.certificate], [pki.root.certificate], NOW_DATE);
    const { kty, crv, x, y } = await exportPublicJwk(pki.leaf.keys.publicKey);
    expect(certified).toEqual({
      publicJwk: { kty, crv, x, y },
      uris: [ISS],
      dnsNames: [ISSUER_HOST],
      subject: "CN=Home Office credential signing, O=Home Office",
      root: pki.root.certificate,
    });
  });

  it("accepts a chain through an intermediate CA, and finds its root among several", async () => {
    const intermediate = await issueIntermediate(pki.root);
    const leafKeys = await p256Keys();
    const leaf = await issueLeaf(intermediate, leafKeys);
    const other = await makePki();
    const certified = await verifyCertificateChain(
      [leaf, intermediate.certificate],
      [other.root.certificate, pki.root.certificate],
      NOW_DATE,
    );
    expect(certified.root).toBe(pki.root.certificate);
    expect(certified.uris).toEqual([ISS]);
  });

  it("certifies an Ed25519 key under a P-256 root, and an Ed25519 root's certificates", async () => {
    const edKeys = await ed25519Keys();
    const leaf = await issueLeaf(pki.root, edKeys);
    const certified = await verifyCertificateChain([leaf], [pki.root.certificate], NOW_DATE);
    const { kty, crv, x } = await exportPublicJwk(edKeys.publicKey);
    expect(certified.publicJwk).toEqual({ kty, crv, x });

    const edRoot = { keys: await ed25519Keys(), certificate: "" };
    edRoot.certificate = await createRootCertificate({
      commonName: "Ed root",
      keys: edRoot.keys,
      notBefore: NOT_BEFORE,
      notAfter: NOT_AFTER,
    });
    const underEd = await issueLeaf(edRoot, await p256Keys());
    expect((await verifyCertificateChain([underEd], [edRoot.certificate], NOW_DATE)).root).toBe(edRoot.certificate);
  });
});

describe("the x5c value is refused before parsing unless it is a short array of base64 certificates", () => {
  it.each([
    ["not an array", "MIIB"],
    ["an empty array", []],
    ["a non-string entry", [42]],
    ["an oversized entry", ["A".repeat(12_000)]],
  ])("%s", async (_, x5c) => {
    expect(await refusal(x5c)).toMatchObject({ code: "CERTIFICATE_INVALID" });
  });

  it("more than MAX_CHAIN certificates", async () => {
    expect(await refusal(Array(MAX_CHAIN + 1).fill(pki.leaf.certificate))).toEqual({
      code: "CERTIFICATE_INVALID",
      detail: "x5c holds too many certificates",
    });
  });

  it("base64url instead of base64, and bytes that are no certificate", async () => {
    const url = pki.leaf.certificate.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect(url).not.toBe(pki.leaf.certificate);
    expect(await refusal([url])).toEqual({ code: "CERTIFICATE_INVALID", detail: "a certificate is not base64" });
    expect(await refusal([base64Encode(new Uint8Array(300).fill(0x30))])).toEqual({
      code: "CERTIFICATE_INVALID",
      detail: "a certificate does not parse",
    });
  });

  it("refuses roots that are no certificates as a policy error", async () => {
    expect(await refusal([pki.leaf.certificate], [])).toMatchObject({ code: "POLICY_INVALID" });
    expect(await refusal([pki.leaf.certificate], ["bm90IGEgY2VydA=="])).toMatchObject({ code: "POLICY_INVALID" });
  });
});

describe("HAIP 1.0 section 6.1.1: the signing certificate is not self-signed and the root is not in x5c", () => {
  it("refuses the trusted root inside the chain", async () => {
    expect(await refusal([pki.leaf.certificate, pki.root.certificate])).toEqual({
      code: "CERTIFICATE_INVALID",
      detail: "a trusted root is included in the chain",
    });
  });

  it("refuses a self-issued leaf (issuer name = subject name) even when the root signed it", async () => {
    const leaf = await handMade({
      subject: pki.rootName,
      issuerName: pki.rootName,
      subjectPublicKey: pki.leaf.keys.publicKey,
      signingKey: pki.root.keys.privateKey,
      extensions: leafExtensions(),
    });
    expect(await refusal([leaf])).toEqual({ code: "CERTIFICATE_INVALID", detail: "the leaf is self-issued" });
  });

  it("refuses a self-signed leaf (its own key verifies it) even when that key is the root's", async () => {
    const leaf = await handMade({
      issuerName: pki.rootName,
      subjectPublicKey: pki.root.keys.publicKey,
      signingKey: pki.root.keys.privateKey,
      extensions: leafExtensions(),
    });
    expect(await refusal([leaf])).toEqual({ code: "CERTIFICATE_INVALID", detail: "the leaf is self-signed" });
  });
});

describe("the path ends at a trusted root", () => {
  it("refuses a chain from another root", async () => {
    const other = await makePki();
    expect(await refusal([other.leaf.certificate])).toEqual({
      code: "CERTIFICATE_UNTRUSTED",
      detail: "no trusted root issued the chain",
    });
  });

  it("refuses a root with the right key under another name (names chain, RFC 5280 section 6.1)", async () => {
    const renamed = await createRootCertificate({
      commonName: "Another platform root",
      keys: pki.root.keys,
      notBefore: NOT_BEFORE,
      notAfter: NOT_AFTER,
    });
    expect(await refusal([pki.leaf.certificate], [renamed])).toEqual({
      code: "CERTIFICATE_UNTRUSTED",
      detail: "no trusted root issued the chain",
    });
  });

  it("refuses a leaf naming the root but signed by another key", async () => {
    const forged = await handMade({
      issuerName: pki.rootName,
      subjectPublicKey: pki.leaf.keys.publicKey,
      signingKey: (await p256Keys()).privateKey,
      extensions: leafExtensions(),
    });
    expect(await refusal([forged])).toEqual({
      code: "CERTIFICATE_UNTRUSTED",
      detail: "no trusted root issued the chain",
    });
  });

  it("refuses a leaf whose signature was altered", async () => {
    const der = base64Decode(pki.leaf.certificate);
    der[der.length - 2] = der[der.length - 2]! ^ 0x01;
    expect(await refusal([base64Encode(der)])).toMatchObject({ code: "CERTIFICATE_UNTRUSTED" });
  });

  it("refuses intermediates out of order, or one that did not issue the certificate before it", async () => {
    const intermediate = await issueIntermediate(pki.root);
    const leaf = await issueLeaf(intermediate, await p256Keys());
    expect(await refusal([intermediate.certificate, leaf])).toMatchObject({ code: "CERTIFICATE_INVALID" });
    // Another CA of the same name: the name chains, the signature does not.
    const stranger = await issueIntermediate(pki.root);
    expect(await refusal([leaf, stranger.certificate])).toEqual({
      code: "CERTIFICATE_UNTRUSTED",
      detail: "a certificate's signature does not verify",
    });
    expect(await refusal([pki.leaf.certificate, intermediate.certificate])).toEqual({
      code: "CERTIFICATE_UNTRUSTED",
      detail: "a certificate is not issued by the next one",
    });
  });
});

describe("every certificate of the path is valid at now", () => {
  it("refuses an expired leaf and a leaf not valid yet", async () => {
    const expired = await issueLeaf(pki.root, pki.leaf.keys, {
      notBefore: NOT_BEFORE,
      notAfter: new Date(NOW_DATE.getTime() - 1000),
    });
    expect(await refusal([expired])).toEqual({
      code: "CERTIFICATE_EXPIRED",
      detail: "the leaf is outside its validity",
    });
    const early = await issueLeaf(pki.root, pki.leaf.keys, {
      notBefore: new Date(NOW_DATE.getTime() + 60_000),
      notAfter: NOT_AFTER,
    });
    expect(await refusal([early])).toEqual({ code: "CERTIFICATE_EXPIRED", detail: "the leaf is outside its validity" });
  });

  it("refuses an expired intermediate, and a root past its own validity", async () => {
    const intermediate = await issueIntermediate(pki.root, { notAfter: new Date(NOW_DATE.getTime() - 1000) });
    const leaf = await issueLeaf(intermediate, await p256Keys());
    expect(await refusal([leaf, intermediate.certificate])).toEqual({
      code: "CERTIFICATE_EXPIRED",
      detail: "a CA certificate is outside its validity",
    });
    const longLeaf = await issueLeaf(pki.root, await p256Keys(), {
      notAfter: new Date(NOT_AFTER.getTime() + 365 * 24 * 3600 * 1000),
    });
    const afterRoot = new Date(NOT_AFTER.getTime() + 24 * 3600 * 1000);
    expect(await refusal([longLeaf], [pki.root.certificate], afterRoot)).toEqual({
      code: "CERTIFICATE_EXPIRED",
      detail: "a CA certificate is outside its validity",
    });
  });
});

describe("CA constraints (RFC 5280 sections 4.2.1.3 and 4.2.1.9)", () => {
  it("refuses an intermediate that is not a CA", async () => {
    const notCa = { keys: await p256Keys(), certificate: "" };
    notCa.certificate = await issueLeaf(pki.root, notCa.keys);
    const leaf = await handMade({
      issuerName: subjectName({ commonName: "Home Office credential signing", organisation: "Home Office" }),
      subjectPublicKey: (await p256Keys()).publicKey,
      signingKey: notCa.keys.privateKey,
      extensions: leafExtensions(),
    });
    expect(await refusal([leaf, notCa.certificate])).toEqual({
      code: "CERTIFICATE_INVALID",
      detail: "an issuing certificate is not a CA",
    });
  });

  it("refuses a chain longer than a pathLenConstraint allows, at an intermediate and at the root", async () => {
    const rootKeys = await p256Keys();
    const rootName = subjectName({ commonName: "Root with pathLen 0" });
    const root = {
      keys: rootKeys,
      certificate: await handMade({
        subject: rootName,
        issuerName: rootName,
        subjectPublicKey: rootKeys.publicKey,
        signingKey: rootKeys.privateKey,
        extensions: leafExtensions({
          ca: true,
          pathLen: 0,
          keyUsage: KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign,
        }),
      }),
    };
    // Directly under the root, a leaf is fine; one intermediate is one too many.
    expect(
      (await verifyCertificateChain([await issueLeaf(root, await p256Keys())], [root.certificate], NOW_DATE)).root,
    ).toBe(root.certificate);
    const intermediate = await issueIntermediate(root);
    const leaf = await issueLeaf(intermediate, await p256Keys());
    expect(await refusal([leaf, intermediate.certificate], [root.certificate])).toEqual({
      code: "CERTIFICATE_UNTRUSTED",
      detail: "a pathLenConstraint is exceeded",
    });

    const constrainedKeys = await p256Keys();
    const constrainedName = subjectName({ commonName: "Intermediate with pathLen 0" });
    const constrained = {
      keys: constrainedKeys,
      certificate: await handMade({
        subject: constrainedName,
        issuerName: pki.rootName,
        subjectPublicKey: constrainedKeys.publicKey,
        signingKey: pki.root.keys.privateKey,
        extensions: leafExtensions({ ca: true, pathLen: 0, keyUsage: KeyUsageFlags.keyCertSign }),
      }),
    };
    const below = await issueIntermediate(constrained);
    const deepLeaf = await issueLeaf(below, await p256Keys());
    expect(await refusal([deepLeaf, below.certificate, constrained.certificate])).toEqual({
      code: "CERTIFICATE_INVALID",
      detail: "a pathLenConstraint is exceeded",
    });
  });

  it("refuses a leaf that is a CA", async () => {
    const caLeaf = await issueIntermediate(pki.root);
    expect(await refusal([caLeaf.certificate])).toEqual({ code: "CERTIFICATE_INVALID", detail: "the leaf is a CA" });
  });

  it("refuses a leaf whose keyUsage lacks digitalSignature", async () => {
    const leaf = await handMade({
      issuerName: pki.rootName,
      subjectPublicKey: pki.leaf.keys.publicKey,
      signingKey: pki.root.keys.privateKey,
      extensions: leafExtensions({ keyUsage: KeyUsageFlags.keyAgreement }),
    });
    expect(await refusal([leaf])).toEqual({
      code: "CERTIFICATE_INVALID",
      detail: "the leaf's keyUsage lacks digitalSignature",
    });
  });
});

describe("algorithms and extensions", () => {
  it("refuses a P-384 key", async () => {
    const p384 = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-384" }, false, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    // certificates.ts makes only P-256 and Ed25519 certificates; the checker must refuse others anyway.
    await expect(
      buildCertificate({
        subject: subjectName({ commonName: "P-384" }),
        issuer: pki.rootName,
        subjectPublicKey: p384.publicKey,
        signingKey: pki.root.keys.privateKey,
        notBefore: NOT_BEFORE,
        notAfter: NOT_AFTER,
        extensions: leafExtensions(),
      }),
    ).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    // The same leaf with its key's curve renamed secp384r1 in its DER.
    const renamed = patchDer(
      pki.leaf.certificate,
      [0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07],
      [0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x06],
    );
    expect(await refusal([renamed])).toEqual({ code: "CERTIFICATE_INVALID", detail: "unsupported public key" });
  });

  it("refuses a signature algorithm other than ecdsa-with-SHA256 and Ed25519", async () => {
    const sha384 = patchDer(pki.leaf.certificate, ECDSA_WITH_SHA256, ECDSA_WITH_SHA384);
    expect(await refusal([sha384])).toEqual({
      code: "CERTIFICATE_INVALID",
      detail: "unsupported signature algorithm",
    });
  });

  it("refuses a certificate whose outer signature algorithm differs from its signed one", async () => {
    const der = base64Decode(pki.leaf.certificate);
    // The outer AlgorithmIdentifier is the last occurrence, just before the signature BIT STRING.
    let last = -1;
    for (let i = 0; i + ECDSA_WITH_SHA256.length <= der.length; i++)
      if (ECDSA_WITH_SHA256.every((byte, j) => der[i + j] === byte)) last = i;
    der.set(ECDSA_WITH_SHA384, last);
    expect(await refusal([base64Encode(der)])).toEqual({
      code: "CERTIFICATE_INVALID",
      detail: "the signature algorithms inside and outside differ",
    });
  });

  it("refuses an unknown critical extension, and name constraints, which it does not process", async () => {
    const unknown = await handMade({
      issuerName: pki.rootName,
      subjectPublicKey: pki.leaf.keys.publicKey,
      signingKey: pki.root.keys.privateKey,
      extensions: [...leafExtensions(), new Extension({ extnID: "1.3.6.1.4.1.99999.1", critical: true })],
    });
    expect(await refusal([unknown])).toEqual({
      code: "CERTIFICATE_INVALID",
      detail: "an unknown critical extension",
    });
    const nameConstraints = await handMade({
      issuerName: pki.rootName,
      subjectPublicKey: pki.leaf.keys.publicKey,
      signingKey: pki.root.keys.privateKey,
      extensions: [...leafExtensions(), new Extension({ extnID: "2.5.29.30", critical: true })],
    });
    expect(await refusal([nameConstraints])).toMatchObject({ detail: "an unknown critical extension" });
    const ignored = await handMade({
      issuerName: pki.rootName,
      subjectPublicKey: pki.leaf.keys.publicKey,
      signingKey: pki.root.keys.privateKey,
      extensions: [...leafExtensions(), new Extension({ extnID: "1.3.6.1.4.1.99999.1", critical: false })],
    });
    expect((await verifyCertificateChain([ignored], [pki.root.certificate], NOW_DATE)).uris).toEqual([ISS]);
  });

  it("refuses an extension that appears twice", async () => {
    const twice = await handMade({
      issuerName: pki.rootName,
      subjectPublicKey: pki.leaf.keys.publicKey,
      signingKey: pki.root.keys.privateKey,
      extensions: [...leafExtensions(), extension("2.5.29.17", false, new SubjectAlternativeName([]))],
    });
    expect(await refusal([twice])).toEqual({ code: "CERTIFICATE_INVALID", detail: "an extension appears twice" });
  });
});

describe("extendedKeyUsage (RFC 5280 section 4.2.1.12; ISO/IEC 18013-5 Annex B.1.4's mdlDS)", () => {
  const MDL_DS = "1.0.18013.5.1.2";
  const CLIENT_AUTH = "1.3.6.1.5.5.7.3.2";
  const leafWith = (extnValue: Extension["extnValue"] | undefined, purposes: string[] = [], critical = true) =>
    handMade({
      issuerName: pki.rootName,
      subjectPublicKey: pki.leaf.keys.publicKey,
      signingKey: pki.root.keys.privateKey,
      extensions: [
        ...leafExtensions(),
        extnValue
          ? new Extension({ extnID: "2.5.29.37", critical, extnValue })
          : extension("2.5.29.37", critical, new ExtendedKeyUsage(purposes)),
      ],
    });
  const required = (x5c: string[]) =>
    verifyCertificateChain(x5c, [pki.root.certificate], NOW_DATE, { extendedKeyUsage: MDL_DS });

  it("accepts it critical, and reads its purposes", async () => {
    const leaf = await leafWith(undefined, [MDL_DS]);
    const certified = await verifyCertificateChain([leaf], [pki.root.certificate], NOW_DATE);
    expect(certified.extendedKeyUsages).toEqual([MDL_DS]);
    expect((await required([leaf])).extendedKeyUsages).toEqual([MDL_DS]);
  });

  it("a leaf without one serves any purpose, a required one too", async () => {
    const certified = await required([pki.leaf.certificate]);
    expect(certified.extendedKeyUsages).toBeUndefined();
    expect(certified.uris).toEqual([ISS]);
  });

  it("refuses a leaf whose extendedKeyUsage names another purpose, or only anyExtendedKeyUsage, when one is required", async () => {
    for (const purposes of [[CLIENT_AUTH], ["2.5.29.37.0"]]) {
      const leaf = await leafWith(undefined, purposes);
      // Without a required purpose the same chain passes: only the caller knows what the key is for.
      expect((await verifyCertificateChain([leaf], [pki.root.certificate], NOW_DATE)).extendedKeyUsages).toEqual(
        purposes,
      );
      await expect(required([leaf])).rejects.toMatchObject({
        code: "CERTIFICATE_INVALID",
        detail: "the leaf's extendedKeyUsage does not name the purpose required",
      });
    }
  });

  it("a certificate from issueCertificate with extendedKeyUsage carries it critical", async () => {
    const leaf = await issueCertificate({
      commonName: "DVLA document signer",
      subjectPublicKey: (await p256Keys()).publicKey,
      issuer: { certificate: pki.root.certificate, privateKey: pki.root.keys.privateKey },
      notBefore: NOT_BEFORE,
      notAfter: NOT_AFTER,
      extendedKeyUsage: [MDL_DS],
    });
    const parsed = AsnConvert.parse(base64Decode(leaf), Certificate);
    const eku = parsed.tbsCertificate.extensions!.find((found) => found.extnID === "2.5.29.37")!;
    expect(eku.critical).toBe(true);
    expect((await required([leaf])).extendedKeyUsages).toEqual([MDL_DS]);
  });

  it("refuses an empty or unreadable extendedKeyUsage as CERTIFICATE_INVALID", async () => {
    // SEQUENCE {} and an INTEGER where the SEQUENCE OF KeyPurposeId belongs.
    const empty = await leafWith(new OctetString(Uint8Array.of(0x30, 0x00)));
    expect(await refusal([empty])).toMatchObject({ code: "CERTIFICATE_INVALID" });
    const garbage = await leafWith(new OctetString(Uint8Array.of(0x02, 0x01, 0x05)));
    expect(await refusal([garbage])).toMatchObject({ code: "CERTIFICATE_INVALID" });
  });
});

describe("hostile input", () => {
  it("refuses a certificate whose unsigned envelope is not DER (tags, lengths, unused bits)", async () => {
    const der = base64Decode(pki.leaf.certificate);
    // The signature BIT STRING's unused-bits octet (03 LL 00 30...): not signed, only DER pins it.
    const bitString = der.lastIndexOf(0x03, der.length - 70);
    expect(der[bitString + 2]).toBe(0);
    const unusedBits = der.slice();
    unusedBits[bitString + 2] = 5;
    // The outer SEQUENCE's tag with its constructed bit kept and another class.
    const outerTag = der.slice();
    outerTag[0] = 0xb0;
    for (const mangled of [unusedBits, outerTag]) {
      expect(await refusal([base64Encode(mangled)])).toEqual({
        code: "CERTIFICATE_INVALID",
        detail: "a certificate is not DER",
      });
    }
  });

  it("answers every mangled or truncated chain with a certificate refusal, never a crash", async () => {
    const codes = new Set(["CERTIFICATE_INVALID", "CERTIFICATE_UNTRUSTED", "CERTIFICATE_EXPIRED"]);
    const original = base64Decode(pki.leaf.certificate);
    // A fixed sequence of positions and values (a linear congruential walk), so a failure repeats.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let round = 0; round < 300; round++) {
      const der = original.slice();
      const changes = 1 + (next() % 3);
      for (let i = 0; i < changes; i++) der[next() % der.length] = next() % 256;
      const cut = round % 5 === 0 ? der.subarray(0, next() % der.length) : der;
      if (cut.length === 0 || base64Encode(cut) === pki.leaf.certificate) continue;
      const outcome = await refusal([base64Encode(cut)]).catch((error: unknown) => ({ code: String(error) }));
      expect(codes.has(outcome.code), `round ${round}: ${outcome.code}`).toBe(true);
    }
  });
});

describe("a chain found good is kept by the isolate, only as long as it stays good", () => {
  /** WebCrypto counting its signature verifications. */
  function countingCrypto() {
    let verifications = 0;
    const counted = new Proxy(webCrypto().subtle, {
      get(target, name) {
        if (name === "verify") {
          return (...args: Parameters<SubtleCrypto["verify"]>) => {
            verifications++;
            return target.verify(...args);
          };
        }
        const value = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const counting: CredentialCrypto = { ...webCrypto(), subtle: counted };
    return { crypto: counting, verifications: () => verifications };
  }

  it("checks the same chain against the same roots again without verifying a signature, and gives the same answer", async () => {
    const intermediate = await issueIntermediate(pki.root);
    const leaf = await issueLeaf(intermediate, pki.leaf.keys);
    const x5c = [leaf, intermediate.certificate];
    const counting = countingCrypto();
    const first = await verifyCertificateChain(x5c, [pki.root.certificate], NOW_DATE, counting);
    const checked = counting.verifications();
    expect(checked).toBeGreaterThan(0);
    const again = await verifyCertificateChain(
      x5c,
      [pki.root.certificate],
      new Date(NOW_DATE.getTime() + 60_000),
      counting,
    );
    expect(counting.verifications()).toBe(checked);
    expect(again).toEqual(first);
    expect(Object.isFrozen(again) && Object.isFrozen(again.publicJwk)).toBe(true);
  });

  it("still refuses the kept chain once a certificate of its path has expired, or against roots without its own", async () => {
    const leaf = await issueLeaf(pki.root, pki.leaf.keys, {
      notBefore: NOT_BEFORE,
      notAfter: new Date(NOW_DATE.getTime() + 60_000),
    });
    await verifyCertificateChain([leaf], [pki.root.certificate], NOW_DATE);
    expect(await refusal([leaf], [pki.root.certificate], new Date(NOW_DATE.getTime() + 120_000))).toEqual({
      code: "CERTIFICATE_EXPIRED",
      detail: "the leaf is outside its validity",
    });
    const otherRoot = (await makePki()).root.certificate;
    expect((await refusal([leaf], [otherRoot])).code).toBe("CERTIFICATE_UNTRUSTED");
  });
});

describe("describeCertificate: what an administrator reads before trusting a certificate (ADR 050)", () => {
  it("a root: its names, validity, key, CA, self-signed, and the SHA-256 fingerprint of its DER", async () => {
    const summary = await describeCertificate(pki.root.certificate);
    const digest = new Uint8Array(
      await crypto.subtle.digest("SHA-256", base64Decode(pki.root.certificate) as Uint8Array<ArrayBuffer>),
    );
    expect(summary).toEqual({
      subject: "CN=UK Identity Platform Root, O=UK Identity Platform",
      issuer: "CN=UK Identity Platform Root, O=UK Identity Platform",
      notBefore: NOT_BEFORE,
      notAfter: NOT_AFTER,
      keyKind: "P-256",
      ca: true,
      selfSigned: true,
      fingerprint: [...digest].map((byte) => byte.toString(16).padStart(2, "0").toUpperCase()).join(":"),
    });
    expect(summary.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it("a signing certificate is neither a CA nor self-signed; an Ed25519 intermediate is a CA", async () => {
    expect(await describeCertificate(pki.leaf.certificate)).toMatchObject({
      subject: "CN=Home Office credential signing, O=Home Office",
      issuer: "CN=UK Identity Platform Root, O=UK Identity Platform",
      ca: false,
      selfSigned: false,
    });
    const intermediate = await issueIntermediate(pki.root);
    expect(await describeCertificate(intermediate.certificate)).toMatchObject({ ca: true, selfSigned: false });
    const edRoot = await createRootCertificate({
      commonName: "Ed root",
      keys: await ed25519Keys(),
      notBefore: NOT_BEFORE,
      notAfter: NOT_AFTER,
    });
    expect(await describeCertificate(edRoot)).toMatchObject({ keyKind: "Ed25519", ca: true, selfSigned: true });
  });

  it("refuses what is not one certificate of the profile, as CERTIFICATE_INVALID", async () => {
    for (const text of ["", "not base64!", base64Encode(new TextEncoder().encode("garbage")), "A".repeat(20_000)]) {
      await expect(describeCertificate(text)).rejects.toMatchObject({ code: "CERTIFICATE_INVALID" });
    }
  });
});
