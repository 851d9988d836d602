/**
 * Checking an `x5c` certificate chain (RFC 7515 section 4.1.6, RFC 5280 section 6) against the
 * platform's trusted roots, for HAIP 1.0's issuer profile (section 6.1.1: credentials and status
 * list tokens carry their signing certificate and its chain, "the trust anchor ... not included",
 * the signing certificate "not self-signed").
 *
 * What is checked, in order; each refusal is a CredentialError whose detail says which rule:
 * - the header value: 1 to MAX_CHAIN base64 (not base64url) DER strings of at most MAX_CERTIFICATE_BYTES,
 *   decoded and parsed under asn1js's resource limits before anything else (CERTIFICATE_INVALID);
 * - each certificate: version 3, the same signature algorithm inside and outside the signed part,
 *   ecdsa-with-SHA256 or Ed25519 signatures over P-256 or Ed25519 keys, no extension twice, no
 *   critical extension other than basicConstraints, keyUsage, subjectAltName and extendedKeyUsage
 *   (CERTIFICATE_INVALID);
 * - the profile: the leaf is not self-issued or self-signed, is not a CA and, when it has keyUsage,
 *   has digitalSignature; when the caller names a purpose (`extendedKeyUsage`) and the leaf has an
 *   extendedKeyUsage, it names that purpose (an mdoc's document signer: ISO 18013-5 Annex B's mdlDS);
 *   no trusted root inside the chain; every certificate above the leaf a CA
 *   (basicConstraints cA, keyCertSign when keyUsage is present) within its pathLenConstraint
 *   (CERTIFICATE_INVALID);
 * - the path: each certificate names the next as its issuer (names compared as DER) and is signed
 *   by its key; the last is signed by a trusted root of that name (CERTIFICATE_UNTRUSTED);
 * - time: every certificate of the path, and the root, valid at `now` (CERTIFICATE_EXPIRED).
 * Not checked: revocation of certificates (no CRL or OCSP is fetched: the roots are the platform's
 * own, and a withdrawn authority's certificate is withdrawn by rotating it), name constraints and
 * certificate policies (a critical one is refused as unknown), extended key usage of the CA
 * certificates above the leaf (read, never required: RFC 5280 leaves it to the application).
 */
import { AsnConvert } from "@peculiar/asn1-schema";
import {
  BasicConstraints,
  Certificate,
  ExtendedKeyUsage,
  id_ce_basicConstraints,
  id_ce_extKeyUsage,
  id_ce_keyUsage,
  id_ce_subjectAltName,
  KeyUsage,
  KeyUsageFlags,
  type Name,
  SubjectAlternativeName,
} from "@peculiar/asn1-x509";
import { type CredentialCrypto, resolveCrypto } from "./crypto.ts";
import { base64urlDecode, base64urlEncode } from "./encoding.ts";
import { CredentialError, type CredentialErrorCode } from "./errors.ts";
import type { PublicJwk } from "./jws.ts";

/** Object identifiers this module and certificates.ts use. */
export const OID = {
  /** RFC 5758 section 3.2. */
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  /** RFC 5480 section 2.1.1: id-ecPublicKey, and secp256r1 as its named curve. */
  ecPublicKey: "1.2.840.10045.2.1",
  p256: "1.2.840.10045.3.1.7",
  /** RFC 8410 section 3: the same identifier names the key and the signature. */
  ed25519: "1.3.101.112",
  commonName: "2.5.4.3",
  organisation: "2.5.4.10",
  country: "2.5.4.6",
  /** ISO/IEC 18013-5 Annex B.1.4: id-mdl-kp-mdlDS, the extended key usage of an mdoc's document signer. */
  mdlDocumentSigner: "1.0.18013.5.1.2",
} as const;

/** The most certificates an x5c may hold (leaf, intermediates); ours have one or two. */
export const MAX_CHAIN = 5;
/** The largest certificate accepted, checked on the base64 text before it is decoded. */
const MAX_CERTIFICATE_BYTES = 8 * 1024;

/** asn1js's limits for untrusted input (its defaults allow 16 MB and 10,000 nodes). */
const BER_LIMITS = { maxDepth: 24, maxNodes: 2000, maxContentLength: MAX_CERTIFICATE_BYTES };

/**
 * Extensions this checker understands, so they may be critical. extendedKeyUsage is read and, where
 * the caller names the purpose it needs, enforced on the leaf: ISO 18013-5 Annex B marks a document
 * signer's mdlDS usage critical, so a real IACA's chains need it understood.
 */
const UNDERSTOOD_CRITICAL = new Set([id_ce_basicConstraints, id_ce_keyUsage, id_ce_subjectAltName, id_ce_extKeyUsage]);

export interface CertifiedKey {
  /** The leaf certificate's public key as a JWK (kty EC crv P-256, or OKP Ed25519), for importVerificationKey. */
  publicJwk: PublicJwk;
  /** The leaf's subjectAltName URIs and DNS names. */
  uris: readonly string[];
  dnsNames: readonly string[];
  /** The leaf's subject, readable (for a verifier's result: who issued what they checked). */
  subject: string;
  /** The purposes in the leaf's extendedKeyUsage (OIDs); undefined when it has none (any purpose, RFC 5280 4.2.1.12). */
  extendedKeyUsages?: readonly string[];
  /** The root the chain ends at (base64 DER, as given in roots). */
  root: string;
}

interface ParsedCertificate {
  certificate: Certificate;
  subjectDer: string;
  issuerDer: string;
  spkiDer: string;
  keyKind: "P-256" | "Ed25519";
  basicConstraints?: BasicConstraints;
  keyUsage?: number;
  altNames?: SubjectAlternativeName;
  extendedKeyUsages?: string[];
}

/**
 * Checks an x5c header value (array of base64 DER, leaf first) against trusted roots at `now`.
 * With `extendedKeyUsage`, a leaf that has an extendedKeyUsage must name that purpose (a leaf
 * without one may be used for any purpose, RFC 5280 section 4.2.1.12); anyExtendedKeyUsage does not
 * stand in for it (RFC 5280 lets an application that needs a purpose refuse it). Throws CredentialError.
 */
export async function verifyCertificateChain(
  x5c: unknown,
  roots: readonly string[],
  now: Date,
  options: { crypto?: CredentialCrypto; extendedKeyUsage?: string } = {},
): Promise<CertifiedKey> {
  // Checked on the result, kept or fresh, so one chain kept for one caller serves another's purpose check too.
  const certified = await checkedChain(x5c, roots, now, options.crypto);
  const purpose = options.extendedKeyUsage;
  if (purpose !== undefined && certified.extendedKeyUsages && !certified.extendedKeyUsages.includes(purpose))
    throw invalid("the leaf's extendedKeyUsage does not name the purpose required");
  return certified;
}

async function checkedChain(
  x5c: unknown,
  roots: readonly string[],
  now: Date,
  crypto: CredentialCrypto | undefined,
): Promise<CertifiedKey> {
  if (!Array.isArray(roots) || roots.length === 0 || roots.some((root) => typeof root !== "string"))
    throw new CredentialError("POLICY_INVALID", "x509 roots must be base64 DER certificates");
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new CredentialError("POLICY_INVALID", "now");
  const subtle = resolveCrypto(crypto).subtle;
  const key = await checkedChainKey(subtle, x5c, roots);
  const time = now.getTime();
  const known = key === undefined ? undefined : checkedChains.get(key);
  if (known && time >= known.from && time <= known.until) {
    checkedChains.delete(key!); // kept as the most recently used
    checkedChains.set(key!, known);
    return known.certified;
  }
  try {
    const checked = await checkChain(x5c, roots, now, subtle);
    if (key !== undefined) {
      checkedChains.set(key, checked);
      if (checkedChains.size > CHECKED_CHAINS_KEPT) checkedChains.delete(checkedChains.keys().next().value!);
    }
    return checked.certified;
  } catch (error) {
    if (error instanceof CredentialError) throw error;
    // Whatever a hostile certificate makes a parser throw is a malformed certificate, never a crash.
    throw new CredentialError("CERTIFICATE_INVALID", "certificate could not be read", { cause: error });
  }
}

/**
 * Chains this isolate has found good, by the chain and the roots it was checked against, with the
 * span of time in which every certificate of the path is valid: within it, the same chain against
 * the same roots passes again without its signatures being checked again (the chain check is most
 * of an mdoc's or an x5c credential's verification; ADR 048). Outside it, or for other roots, the
 * full check runs and says why it fails. Refusals are never kept. A root taken off the trust list
 * changes the roots, and so the key.
 */
const checkedChains = new Map<string, CheckedChain>();
const CHECKED_CHAINS_KEPT = 256;

interface CheckedChain {
  certified: CertifiedKey;
  /** Epoch milliseconds: the latest notBefore and the earliest notAfter of the path. */
  from: number;
  until: number;
}

/** The cache key of a well-formed x5c value and roots (a SHA-256 of both), or undefined for anything else. */
async function checkedChainKey(
  subtle: SubtleCrypto,
  x5c: unknown,
  roots: readonly string[],
): Promise<string | undefined> {
  if (!Array.isArray(x5c) || x5c.length === 0 || x5c.length > MAX_CHAIN) return undefined;
  if (x5c.some((entry) => typeof entry !== "string" || entry.length > Math.ceil(MAX_CERTIFICATE_BYTES / 3) * 4))
    return undefined;
  const text = `${x5c.join(",")}|${roots.join(",")}`;
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(text));
  return base64Encode(new Uint8Array(digest));
}

async function checkChain(
  x5c: unknown,
  roots: readonly string[],
  now: Date,
  subtle: SubtleCrypto,
): Promise<CheckedChain> {
  if (!Array.isArray(x5c) || x5c.length === 0) throw invalid("x5c is not a non-empty array");
  if (x5c.length > MAX_CHAIN) throw invalid("x5c holds too many certificates");
  const chain = x5c.map((entry) => {
    if (typeof entry !== "string" || entry.length > Math.ceil(MAX_CERTIFICATE_BYTES / 3) * 4)
      throw invalid("x5c entry is not a string of a bounded size");
    return parseCertificate(entry, "CERTIFICATE_INVALID");
  });
  const anchors = roots.map((root) => ({ base64: root, parsed: parseCertificate(root, "POLICY_INVALID") }));

  // HAIP 1.0 section 6.1.1: the trust anchor is not in x5c; compared by name and key, so a
  // re-encoded or re-issued copy of a root counts as the root.
  for (const certificate of chain) {
    if (
      anchors.some(
        ({ parsed }) => parsed.subjectDer === certificate.subjectDer && parsed.spkiDer === certificate.spkiDer,
      )
    )
      throw invalid("a trusted root is included in the chain");
  }
  const leaf = chain[0]!;
  if (leaf.subjectDer === leaf.issuerDer) throw invalid("the leaf is self-issued");
  if (await signedBy(subtle, leaf, leaf)) throw invalid("the leaf is self-signed");
  if (leaf.basicConstraints?.cA) throw invalid("the leaf is a CA");
  if (leaf.keyUsage !== undefined && !(leaf.keyUsage & KeyUsageFlags.digitalSignature))
    throw invalid("the leaf's keyUsage lacks digitalSignature");
  for (let index = 1; index < chain.length; index++) {
    // Intermediates below this one; none of ours is self-issued, so each counts (RFC 5280 section 4.2.1.9).
    assertCanIssue(chain[index]!, index - 1, "CERTIFICATE_INVALID");
  }

  for (let index = 0; index + 1 < chain.length; index++) {
    const child = chain[index]!;
    const parent = chain[index + 1]!;
    if (child.issuerDer !== parent.subjectDer) throw untrusted("a certificate is not issued by the next one");
    if (!(await signedBy(subtle, child, parent))) throw untrusted("a certificate's signature does not verify");
  }
  const top = chain[chain.length - 1]!;
  let anchor: (typeof anchors)[number] | undefined;
  for (const candidate of anchors) {
    if (candidate.parsed.subjectDer !== top.issuerDer) continue;
    if (await signedBy(subtle, top, candidate.parsed)) {
      anchor = candidate;
      break;
    }
  }
  if (!anchor) throw untrusted("no trusted root issued the chain");
  assertCanIssue(anchor.parsed, chain.length - 1, "CERTIFICATE_UNTRUSTED");

  let from = Number.NEGATIVE_INFINITY;
  let until = Number.POSITIVE_INFINITY;
  for (const certificate of [...chain, anchor.parsed]) {
    const { notBefore, notAfter } = certificate.certificate.tbsCertificate.validity;
    const time = now.getTime();
    from = Math.max(from, notBefore.getTime().getTime());
    until = Math.min(until, notAfter.getTime().getTime());
    if (time < notBefore.getTime().getTime() || time > notAfter.getTime().getTime())
      throw new CredentialError(
        "CERTIFICATE_EXPIRED",
        certificate === leaf ? "the leaf is outside its validity" : "a CA certificate is outside its validity",
      );
  }

  const uris: string[] = [];
  const dnsNames: string[] = [];
  for (const name of leaf.altNames ?? []) {
    if (name.uniformResourceIdentifier !== undefined) uris.push(name.uniformResourceIdentifier);
    if (name.dNSName !== undefined) dnsNames.push(name.dNSName);
  }
  const certified: CertifiedKey = Object.freeze({
    publicJwk: Object.freeze(await leafJwk(subtle, leaf)),
    uris: Object.freeze(uris),
    dnsNames: Object.freeze(dnsNames),
    subject: readableName(leaf.certificate.tbsCertificate.subject),
    root: anchor.base64,
    ...(leaf.extendedKeyUsages ? { extendedKeyUsages: Object.freeze([...leaf.extendedKeyUsages]) } : {}),
  });
  return { certified, from, until };
}

function invalid(detail: string): CredentialError {
  return new CredentialError("CERTIFICATE_INVALID", detail);
}

function untrusted(detail: string): CredentialError {
  return new CredentialError("CERTIFICATE_UNTRUSTED", detail);
}

/** A CA certificate that may have `below` intermediates under it. */
function assertCanIssue(certificate: ParsedCertificate, below: number, code: CredentialErrorCode): void {
  const constraints = certificate.basicConstraints;
  if (!constraints?.cA) throw new CredentialError(code, "an issuing certificate is not a CA");
  if (certificate.keyUsage !== undefined && !(certificate.keyUsage & KeyUsageFlags.keyCertSign))
    throw new CredentialError(code, "an issuing certificate's keyUsage lacks keyCertSign");
  if (constraints.pathLenConstraint !== undefined && below > constraints.pathLenConstraint)
    throw new CredentialError(code, "a pathLenConstraint is exceeded");
}

/** Whether `text` is a base64 DER certificate the chain check can read as a root (a trust list entry, before use). */
export function isReadableCertificate(text: string): boolean {
  try {
    parseCertificate(text, "POLICY_INVALID");
    return true;
  } catch {
    return false;
  }
}

function parseCertificate(text: string, code: CredentialErrorCode): ParsedCertificate {
  let der: Uint8Array;
  try {
    der = base64Decode(text);
  } catch {
    throw new CredentialError(code, "a certificate is not base64");
  }
  if (der.length > MAX_CERTIFICATE_BYTES) throw new CredentialError(code, "a certificate is too large");
  let certificate: Certificate;
  try {
    certificate = AsnConvert.parse(der, Certificate, { berOptions: BER_LIMITS });
  } catch (error) {
    throw new CredentialError(code, "a certificate does not parse", { cause: error });
  }
  // DER only (RFC 5280 section 4.1): the parser reads BER and lets the unsigned envelope vary (its tags,
  // lengths, the signature's unused bits), so one certificate must have exactly one accepted encoding.
  if (derOf(certificate) !== base64urlEncode(der)) throw new CredentialError(code, "a certificate is not DER");
  const tbs = certificate.tbsCertificate;
  if (tbs.version !== 2 || !certificate.tbsCertificateRaw)
    throw new CredentialError(code, "not a version 3 certificate");
  const outer = certificate.signatureAlgorithm;
  if (outer.algorithm !== tbs.signature.algorithm || !sameBytes(outer.parameters, tbs.signature.parameters))
    throw new CredentialError(code, "the signature algorithms inside and outside differ");
  if (!signatureKind(certificate)) throw new CredentialError(code, "unsupported signature algorithm");
  const spki = tbs.subjectPublicKeyInfo;
  const keyKind = publicKeyKind(spki.algorithm.algorithm, spki.algorithm.parameters);
  if (!keyKind) throw new CredentialError(code, "unsupported public key");

  const parsed: ParsedCertificate = {
    certificate,
    subjectDer: derOf(tbs.subject),
    issuerDer: derOf(tbs.issuer),
    spkiDer: derOf(spki),
    keyKind,
  };
  const seen = new Set<string>();
  for (const extension of tbs.extensions ?? []) {
    if (seen.has(extension.extnID)) throw new CredentialError(code, "an extension appears twice");
    seen.add(extension.extnID);
    if (extension.critical && !UNDERSTOOD_CRITICAL.has(extension.extnID))
      throw new CredentialError(code, "an unknown critical extension");
    const value = new Uint8Array(extension.extnValue.buffer);
    const read = <T>(type: new () => T): T => AsnConvert.parse(value, type, { berOptions: BER_LIMITS });
    if (extension.extnID === id_ce_basicConstraints) parsed.basicConstraints = read(BasicConstraints);
    else if (extension.extnID === id_ce_keyUsage) parsed.keyUsage = read(KeyUsage).toNumber();
    else if (extension.extnID === id_ce_subjectAltName) parsed.altNames = read(SubjectAlternativeName);
    else if (extension.extnID === id_ce_extKeyUsage) {
      // RFC 5280 section 4.2.1.12: SEQUENCE SIZE (1..MAX) OF KeyPurposeId.
      const purposes = [...read(ExtendedKeyUsage)];
      if (purposes.length === 0) throw new CredentialError(code, "an empty extendedKeyUsage");
      parsed.extendedKeyUsages = purposes;
    }
    // Any other extension is non-critical here and not needed for the path (RFC 5280 section 4.2): ignored.
  }
  return parsed;
}

function signatureKind(certificate: Certificate): "ES256" | "Ed25519" | undefined {
  const { algorithm, parameters } = certificate.signatureAlgorithm;
  if (parameters !== undefined && parameters !== null) return undefined;
  if (algorithm === OID.ecdsaWithSha256) return "ES256";
  if (algorithm === OID.ed25519) return "Ed25519";
  return undefined;
}

function publicKeyKind(algorithm: string, parameters: ArrayBuffer | null | undefined): "P-256" | "Ed25519" | undefined {
  if (algorithm === OID.ed25519) return parameters === undefined || parameters === null ? "Ed25519" : undefined;
  if (algorithm !== OID.ecPublicKey || !parameters) return undefined;
  // The namedCurve parameter: an OBJECT IDENTIFIER, compared as DER.
  return derOf(parameters) === P256_PARAMETERS ? "P-256" : undefined;
}

/** DER of the OBJECT IDENTIFIER 1.2.840.10045.3.1.7 (secp256r1). */
const P256_PARAMETERS = base64urlEncode(Uint8Array.of(0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07));

/** Whether `issuer`'s key verifies `certificate`'s signature over its signed part. */
async function signedBy(
  subtle: SubtleCrypto,
  certificate: ParsedCertificate,
  issuer: ParsedCertificate,
): Promise<boolean> {
  const kind = signatureKind(certificate.certificate);
  if ((kind === "ES256") !== (issuer.keyKind === "P-256")) return false;
  let signature: Uint8Array = new Uint8Array(certificate.certificate.signatureValue);
  if (kind === "ES256") {
    const raw = ecdsaSignatureFromDer(signature);
    if (!raw) return false;
    signature = raw;
  }
  try {
    const key = await subtle.importKey(
      "spki",
      base64urlDecode(issuer.spkiDer) as Uint8Array<ArrayBuffer>,
      importParams(issuer.keyKind),
      false,
      ["verify"],
    );
    return await subtle.verify(
      kind === "ES256" ? { name: "ECDSA", hash: "SHA-256" } : { name: "Ed25519" },
      key,
      signature as Uint8Array<ArrayBuffer>,
      certificate.certificate.tbsCertificateRaw!,
    );
  } catch {
    return false;
  }
}

function importParams(kind: "P-256" | "Ed25519"): EcKeyImportParams | Algorithm {
  return kind === "P-256" ? { name: "ECDSA", namedCurve: "P-256" } : { name: "Ed25519" };
}

async function leafJwk(subtle: SubtleCrypto, leaf: ParsedCertificate): Promise<PublicJwk> {
  let jwk: JsonWebKey;
  try {
    const key = await subtle.importKey(
      "spki",
      base64urlDecode(leaf.spkiDer) as Uint8Array<ArrayBuffer>,
      importParams(leaf.keyKind),
      true,
      ["verify"],
    );
    jwk = await subtle.exportKey("jwk", key);
  } catch (error) {
    throw new CredentialError("CERTIFICATE_INVALID", "the leaf's public key is not usable", { cause: error });
  }
  return leaf.keyKind === "P-256"
    ? { kty: "EC", crv: "P-256", x: jwk.x!, y: jwk.y! }
    : { kty: "OKP", crv: "Ed25519", x: jwk.x! };
}

/**
 * A DER Ecdsa-Sig-Value (RFC 3279 section 2.2.3) as the 64-byte r||s WebCrypto verifies; undefined
 * for anything that is not exactly SEQUENCE { INTEGER r, INTEGER s } with positive values of at
 * most 32 bytes, minimally encoded.
 */
function ecdsaSignatureFromDer(der: Uint8Array): Uint8Array | undefined {
  if (der.length < 8 || der[0] !== 0x30 || der[1] !== der.length - 2 || der[1]! > 0x7f) return undefined;
  const out = new Uint8Array(64);
  let offset = 2;
  for (const half of [0, 32]) {
    if (der[offset] !== 0x02) return undefined;
    const length = der[offset + 1]!;
    const start = offset + 2;
    if (length === 0 || length > 33 || start + length > der.length) return undefined;
    let value = der.subarray(start, start + length);
    if (value[0]! & 0x80) return undefined;
    if (value[0] === 0) {
      if (value.length === 1 || !(value[1]! & 0x80)) return undefined;
      value = value.subarray(1);
    }
    if (value.length > 32) return undefined;
    out.set(value, half + 32 - value.length);
    offset = start + length;
  }
  return offset === der.length ? out : undefined;
}

/** RFC 4514 style, most specific first ("CN=Home Office signing, O=Home Office"); readable, not for comparison. */
function readableName(name: Name): string {
  const labels: Record<string, string> = {
    [OID.commonName]: "CN",
    [OID.organisation]: "O",
    [OID.country]: "C",
    "2.5.4.11": "OU",
    "2.5.4.7": "L",
  };
  return [...name]
    .reverse()
    .map((rdn) =>
      [...rdn]
        .map(({ type, value }) => `${labels[type] ?? type}=${value.toString().replace(/[\\,+"<>;=]/g, "\\$&")}`)
        .join("+"),
    )
    .join(", ");
}

function derOf(value: unknown): string {
  return base64urlEncode(new Uint8Array(value instanceof ArrayBuffer ? value : AsnConvert.serialize(value)));
}

function sameBytes(a: ArrayBuffer | null | undefined, b: ArrayBuffer | null | undefined): boolean {
  if (a === undefined || a === null || b === undefined || b === null) return (a ?? null) === (b ?? null);
  return derOf(a) === derOf(b);
}

/** Standard base64 with padding, as x5c uses it (RFC 7515 section 4.1.6); strict, one encoding per byte string. */
export function base64Decode(text: string): Uint8Array {
  if (typeof text !== "string" || text.length === 0 || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text))
    throw new CredentialError("INVALID_ARGUMENT", "not base64");
  const bytes = base64urlDecode(text.replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_"));
  if (base64Encode(bytes) !== text) throw new CredentialError("INVALID_ARGUMENT", "not canonical base64");
  return bytes;
}

export function base64Encode(bytes: Uint8Array): string {
  const url = base64urlEncode(bytes).replace(/-/g, "+").replace(/_/g, "/");
  return url + "=".repeat((4 - (url.length % 4)) % 4);
}

/** An x5c value to sign into a header: one to five base64 DER certificates, leaf first. */
export function x5cHeader(x5c: unknown): string[] {
  if (
    !Array.isArray(x5c) ||
    x5c.length === 0 ||
    x5c.length > MAX_CHAIN ||
    x5c.some((entry) => typeof entry !== "string" || !isBase64Certificate(entry))
  )
    throw new CredentialError("INVALID_ARGUMENT", "x5c must be 1 to 5 base64 DER certificates, leaf first");
  return [...x5c];
}

function isBase64Certificate(text: string): boolean {
  try {
    return base64Decode(text).length > 0;
  } catch {
    return false;
  }
}

/** What an administrator reads of a certificate before trusting it (the trust list, ADR 050). */
export interface CertificateSummary {
  subject: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  keyKind: "P-256" | "Ed25519";
  /** basicConstraints cA, and keyCertSign where keyUsage is present: it may issue certificates. */
  ca: boolean;
  /** Issued by itself and signed by its own key: a root. */
  selfSigned: boolean;
  /** SHA-256 of the DER, upper-case hex pairs joined by colons, as certificate viewers show it. */
  fingerprint: string;
}

/**
 * Reads one base64 DER certificate under the same limits and profile as a chain's (version 3,
 * DER only, ES256 or Ed25519 over P-256 or Ed25519 keys, no unknown critical extension). Throws
 * CredentialError CERTIFICATE_INVALID with the rule it breaks. Says nothing about trust.
 */
export async function describeCertificate(
  base64: string,
  options: { crypto?: CredentialCrypto } = {},
): Promise<CertificateSummary> {
  if (typeof base64 !== "string" || base64.length > Math.ceil(MAX_CERTIFICATE_BYTES / 3) * 4)
    throw invalid("a certificate is not a string of a bounded size");
  const subtle = resolveCrypto(options.crypto).subtle;
  let parsed: ParsedCertificate;
  try {
    parsed = parseCertificate(base64, "CERTIFICATE_INVALID");
  } catch (error) {
    if (error instanceof CredentialError) throw error;
    throw new CredentialError("CERTIFICATE_INVALID", "certificate could not be read", { cause: error });
  }
  const { tbsCertificate } = parsed.certificate;
  const ca =
    parsed.basicConstraints?.cA === true &&
    (parsed.keyUsage === undefined || (parsed.keyUsage & KeyUsageFlags.keyCertSign) !== 0);
  const digest = new Uint8Array(await subtle.digest("SHA-256", base64Decode(base64) as Uint8Array<ArrayBuffer>));
  return {
    subject: readableName(tbsCertificate.subject),
    issuer: readableName(tbsCertificate.issuer),
    notBefore: tbsCertificate.validity.notBefore.getTime(),
    notAfter: tbsCertificate.validity.notAfter.getTime(),
    keyKind: parsed.keyKind,
    ca,
    selfSigned: parsed.subjectDer === parsed.issuerDer && (await signedBy(subtle, parsed, parsed)),
    fingerprint: [...digest].map((byte) => byte.toString(16).padStart(2, "0").toUpperCase()).join(":"),
  };
}
