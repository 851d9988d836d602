/**
 * Making X.509 certificates (RFC 5280) for HAIP 1.0's issuer profile (section 6.1.1): the platform's
 * root and, under it, each authority's signing certificate, whose chain goes in the `x5c` header of
 * credentials and status list tokens. Only WebCrypto signs; @peculiar/asn1-x509 and
 * @peculiar/asn1-schema only encode, so this runs in Node, workerd and the browser alike
 * (x509.ts checks what is made here).
 *
 * Keys: ECDSA P-256 (ecdsa-with-SHA256, what HAIP requires) or Ed25519 (RFC 8410), for the signer
 * and for the subject. Certificates are returned as base64 DER, the form `x5c` carries
 * (RFC 7515 section 4.1.6).
 */
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  AuthorityKeyIdentifier,
  BasicConstraints,
  Certificate,
  ExtendedKeyUsage,
  Extension,
  Extensions,
  GeneralName,
  id_ce_authorityKeyIdentifier,
  id_ce_basicConstraints,
  id_ce_extKeyUsage,
  id_ce_keyUsage,
  id_ce_subjectAltName,
  id_ce_subjectKeyIdentifier,
  KeyIdentifier,
  KeyUsage,
  KeyUsageFlags,
  Name,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectKeyIdentifier,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
} from "@peculiar/asn1-x509";
import { type CredentialCrypto, resolveCrypto, sha256 } from "./crypto.ts";
import { CredentialError } from "./errors.ts";
import { base64Decode, base64Encode, OID } from "./x509.ts";

/** The subject of a certificate: a common name and, optionally, an organisation and a country. */
interface SubjectName {
  commonName: string;
  organisation?: string;
  /**
   * ISO 3166-1 alpha-2 (a PrintableString, RFC 5280 appendix A): an mdoc document signer's subject
   * names the country its documents' issuing_country states (ISO/IEC 18013-5 Annex B.1.4).
   */
  country?: string;
  crypto?: CredentialCrypto;
}

export interface CreateRootCertificateInput extends SubjectName {
  /** The root's own key pair (P-256 or Ed25519): the public key is certified, the private key signs. */
  keys: CryptoKeyPair;
  notBefore: Date;
  notAfter: Date;
}

export interface IssueCertificateInput extends SubjectName {
  /** The key the certificate certifies (P-256 or Ed25519). */
  subjectPublicKey: CryptoKey;
  /** The issuing CA: its certificate (base64 DER) and the private key of that certificate. */
  issuer: { certificate: string; privateKey: CryptoKey };
  /** subjectAltName uniformResourceIdentifier entries (an authority's issuer URL: SD-JWT VC matches iss to one). */
  uris?: readonly string[];
  /** subjectAltName dNSName entries. */
  dnsNames?: readonly string[];
  notBefore: Date;
  notAfter: Date;
  /** An intermediate CA rather than a signing (leaf) certificate. */
  ca?: boolean;
  /**
   * The purposes (OIDs) the key may be used for, as a critical extendedKeyUsage: an mdoc document
   * signer's is mdlDS (ISO/IEC 18013-5 Annex B.1.4, "critical"). None: the extension is left out.
   */
  extendedKeyUsage?: readonly string[];
}

/** Everything a certificate states; createRootCertificate and issueCertificate fill it in by profile. */
export interface CertificateContents {
  subject: Name;
  issuer: Name;
  subjectPublicKey: CryptoKey;
  /** The signer's private key; its algorithm decides the signature algorithm. */
  signingKey: CryptoKey;
  notBefore: Date;
  notAfter: Date;
  extensions: readonly Extension[];
  crypto?: CredentialCrypto;
}

/** A self-signed CA certificate (basicConstraints cA true, keyUsage keyCertSign+cRLSign). base64 DER. */
export async function createRootCertificate(input: CreateRootCertificateInput): Promise<string> {
  const { keys } = input;
  if (!keys?.publicKey || !keys.privateKey) throw new CredentialError("INVALID_ARGUMENT", "keys must be a key pair");
  const name = subjectName(input);
  const crypto = resolveCrypto(input.crypto);
  const spki = await subjectPublicKeyInfo(crypto, keys.publicKey);
  const keyId = await keyIdentifier(crypto, spki);
  return buildCertificate({
    crypto,
    subject: name,
    issuer: name,
    subjectPublicKey: keys.publicKey,
    signingKey: keys.privateKey,
    notBefore: input.notBefore,
    notAfter: input.notAfter,
    extensions: [
      extension(id_ce_basicConstraints, true, new BasicConstraints({ cA: true })),
      extension(id_ce_keyUsage, true, new KeyUsage(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign)),
      extension(id_ce_subjectKeyIdentifier, false, new SubjectKeyIdentifier(keyId)),
    ],
  });
}

/**
 * A certificate for `subjectPublicKey`, signed by the issuer's key: leaf (cA false, digitalSignature)
 * unless ca: true. SAN URIs and DNS names as given. base64 DER.
 */
export async function issueCertificate(input: IssueCertificateInput): Promise<string> {
  const issuerCertificate = parseOwnCertificate(input.issuer?.certificate);
  const issuerSpki = issuerCertificate.tbsCertificate.subjectPublicKeyInfo;
  const crypto = resolveCrypto(input.crypto);
  // A certificate the checker would refuse is refused here, where the mistake is made.
  const issuerConstraints = issuerCertificate.tbsCertificate.extensions?.find(
    (found) => found.extnID === id_ce_basicConstraints,
  );
  if (!issuerConstraints || !AsnConvert.parse(issuerConstraints.extnValue, BasicConstraints).cA)
    throw new CredentialError("INVALID_ARGUMENT", "issuer.certificate is not a CA certificate");
  await assertKeyOfCertificate(crypto, input.issuer.privateKey, issuerSpki);
  const spki = await subjectPublicKeyInfo(crypto, input.subjectPublicKey);
  const names: GeneralName[] = [
    ...(input.uris ?? []).map((uri) => new GeneralName({ uniformResourceIdentifier: ia5(uri, "uris") })),
    ...(input.dnsNames ?? []).map((dns) => new GeneralName({ dNSName: ia5(dns, "dnsNames") })),
  ];
  const ca = input.ca === true;
  return buildCertificate({
    crypto,
    subject: subjectName(input),
    issuer: issuerCertificate.tbsCertificate.subject,
    subjectPublicKey: input.subjectPublicKey,
    signingKey: input.issuer.privateKey,
    notBefore: input.notBefore,
    notAfter: input.notAfter,
    extensions: [
      extension(id_ce_basicConstraints, true, new BasicConstraints({ cA: ca })),
      extension(
        id_ce_keyUsage,
        true,
        new KeyUsage(ca ? KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign : KeyUsageFlags.digitalSignature),
      ),
      ...(names.length > 0 ? [extension(id_ce_subjectAltName, false, new SubjectAlternativeName(names))] : []),
      ...(input.extendedKeyUsage?.length
        ? [extension(id_ce_extKeyUsage, true, new ExtendedKeyUsage([...input.extendedKeyUsage]))]
        : []),
      extension(id_ce_subjectKeyIdentifier, false, new SubjectKeyIdentifier(await keyIdentifier(crypto, spki))),
      extension(
        id_ce_authorityKeyIdentifier,
        false,
        new AuthorityKeyIdentifier({ keyIdentifier: new KeyIdentifier(await keyIdentifier(crypto, issuerSpki)) }),
      ),
    ],
  });
}

/**
 * Encodes and signs a version 3 certificate with a random 128-bit serial. The building block of
 * both profiles above; callers choose every extension, so it can also make certificates those
 * profiles would not (the checker's tests need them).
 */
export async function buildCertificate(contents: CertificateContents): Promise<string> {
  const crypto = resolveCrypto(contents.crypto);
  const { notBefore, notAfter } = contents;
  if (!(notBefore instanceof Date) || !(notAfter instanceof Date) || !(notBefore.getTime() < notAfter.getTime()))
    throw new CredentialError("INVALID_ARGUMENT", "notBefore must come before notAfter");
  const signature = signatureAlgorithm(contents.signingKey);
  // RFC 5280 section 4.1.2.2: a positive integer of at most 20 octets; a set high bit would make it negative.
  const serial = crypto.randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: serial.slice().buffer,
    signature,
    issuer: contents.issuer,
    validity: new Validity({ notBefore, notAfter }),
    subject: contents.subject,
    subjectPublicKeyInfo: await subjectPublicKeyInfo(crypto, contents.subjectPublicKey),
    extensions: new Extensions([...contents.extensions]),
  });
  const tbsDer = AsnConvert.serialize(tbs);
  const raw = new Uint8Array(
    await crypto.subtle.sign(signatureParams(contents.signingKey), contents.signingKey, tbsDer).catch((error) => {
      throw new CredentialError("INVALID_ARGUMENT", "the issuer's key cannot sign", { cause: error });
    }),
  );
  const certificate = new Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm: signature,
    signatureValue: (signature.algorithm === OID.ecdsaWithSha256 ? ecdsaSignatureToDer(raw) : raw).slice().buffer,
  });
  return base64Encode(new Uint8Array(AsnConvert.serialize(certificate)));
}

/** `privateKey` is the private half of the key `spki` certifies: it signs a probe that key verifies. */
async function assertKeyOfCertificate(
  crypto: CredentialCrypto,
  privateKey: CryptoKey,
  spki: SubjectPublicKeyInfo,
): Promise<void> {
  const probe = crypto.randomBytes(32) as Uint8Array<ArrayBuffer>;
  const params = signatureParams(privateKey);
  const matches = await (async () => {
    const signature = await crypto.subtle.sign(params, privateKey, probe);
    const publicKey = await crypto.subtle.importKey(
      "spki",
      AsnConvert.serialize(spki),
      keyKind(privateKey) === "P-256" ? { name: "ECDSA", namedCurve: "P-256" } : { name: "Ed25519" },
      false,
      ["verify"],
    );
    return crypto.subtle.verify(params, publicKey, signature, probe);
  })().catch(() => false);
  if (!matches) throw new CredentialError("INVALID_ARGUMENT", "issuer.privateKey is not the key of issuer.certificate");
}

/** A CN (and O) name, each a UTF8String (RFC 5280 section 4.1.2.6), after C when given. */
export function subjectName(input: SubjectName): Name {
  const attribute = (type: string, value: unknown, field: string) => {
    if (typeof value !== "string" || value.length === 0 || value.length > 64)
      throw new CredentialError("INVALID_ARGUMENT", `${field} must be 1 to 64 characters`);
    return new RelativeDistinguishedName([
      new AttributeTypeAndValue({ type, value: new AttributeValue({ utf8String: value }) }),
    ]);
  };
  const country = () => {
    if (typeof input.country !== "string" || !/^[A-Z]{2}$/.test(input.country))
      throw new CredentialError("INVALID_ARGUMENT", "country must be two capital letters (ISO 3166-1 alpha-2)");
    return new RelativeDistinguishedName([
      new AttributeTypeAndValue({ type: OID.country, value: new AttributeValue({ printableString: input.country }) }),
    ]);
  };
  return new Name([
    ...(input.country !== undefined ? [country()] : []),
    ...(input.organisation !== undefined ? [attribute(OID.organisation, input.organisation, "organisation")] : []),
    attribute(OID.commonName, input.commonName, "commonName"),
  ]);
}

/** An extension whose value is `value`'s DER. */
export function extension(extnID: string, critical: boolean, value: unknown): Extension {
  return new Extension({ extnID, critical, extnValue: new OctetString(AsnConvert.serialize(value)) });
}

function parseOwnCertificate(certificate: unknown): Certificate {
  try {
    return AsnConvert.parse(base64Decode(certificate as string), Certificate);
  } catch (error) {
    throw new CredentialError("INVALID_ARGUMENT", "issuer.certificate is not a base64 DER certificate", {
      cause: error,
    });
  }
}

/** SAN URIs and DNS names are IA5String: ASCII only. */
function ia5(value: unknown, field: string): string {
  if (typeof value !== "string" || value.length === 0 || !/^[\x21-\x7e]+$/.test(value))
    throw new CredentialError("INVALID_ARGUMENT", `${field} must be printable ASCII without spaces`);
  return value;
}

async function subjectPublicKeyInfo(crypto: CredentialCrypto, key: CryptoKey): Promise<SubjectPublicKeyInfo> {
  if (key?.type !== "public") throw new CredentialError("INVALID_ARGUMENT", "expected a public key");
  keyKind(key);
  const der = await crypto.subtle.exportKey("spki", key);
  return AsnConvert.parse(der, SubjectPublicKeyInfo);
}

/** RFC 7093 section 2 method 1: the leftmost 160 bits of the SHA-256 of the subjectPublicKey bits. */
async function keyIdentifier(crypto: CredentialCrypto, spki: SubjectPublicKeyInfo): Promise<Uint8Array<ArrayBuffer>> {
  const digest = await sha256(crypto, new Uint8Array(spki.subjectPublicKey));
  return digest.slice(0, 20) as Uint8Array<ArrayBuffer>;
}

function keyKind(key: CryptoKey): "P-256" | "Ed25519" {
  const algorithm = key.algorithm as EcKeyAlgorithm;
  if (algorithm.name === "ECDSA" && algorithm.namedCurve === "P-256") return "P-256";
  if (algorithm.name === "Ed25519") return "Ed25519";
  throw new CredentialError("INVALID_ARGUMENT", "keys must be ECDSA P-256 or Ed25519");
}

function signatureAlgorithm(signingKey: CryptoKey): AlgorithmIdentifier {
  if (signingKey?.type !== "private") throw new CredentialError("INVALID_ARGUMENT", "the signer needs a private key");
  // RFC 5758 section 3.2 and RFC 8410 section 6: parameters absent for both.
  return new AlgorithmIdentifier({ algorithm: keyKind(signingKey) === "P-256" ? OID.ecdsaWithSha256 : OID.ed25519 });
}

function signatureParams(signingKey: CryptoKey): Algorithm | EcdsaParams {
  return keyKind(signingKey) === "P-256" ? { name: "ECDSA", hash: "SHA-256" } : { name: "Ed25519" };
}

/** WebCrypto's r||s as the DER Ecdsa-Sig-Value (RFC 3279 section 2.2.3) a certificate carries. */
function ecdsaSignatureToDer(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const body = bytes.subarray(start);
    const content = body[0]! & 0x80 ? Uint8Array.of(0, ...body) : body;
    return Uint8Array.of(0x02, content.length, ...content);
  };
  const half = raw.length / 2;
  const r = integer(raw.subarray(0, half));
  const s = integer(raw.subarray(half));
  return Uint8Array.of(0x30, r.length + s.length, ...r, ...s);
}
