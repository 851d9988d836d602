/**
 * Test-only helpers for certificate chains: a platform root, an authority's signing certificate
 * under it (directly, or through an intermediate), and the building blocks to make a certificate
 * with exactly one defect. Production code never imports this module.
 */
import {
  BasicConstraints,
  GeneralName,
  id_ce_basicConstraints,
  id_ce_keyUsage,
  id_ce_subjectAltName,
  KeyUsage,
  KeyUsageFlags,
  type Name,
  SubjectAlternativeName,
} from "@peculiar/asn1-x509";
import { buildCertificate, createRootCertificate, extension, issueCertificate, subjectName } from "./certificates.ts";
import { ISS, NOW } from "./test-helpers.ts";

/** The checks' clock: NOW (epoch seconds) as a Date. */
export const NOW_DATE = new Date(NOW * 1000);
/** Validity around NOW: a year before to a year after. */
export const NOT_BEFORE = new Date((NOW - 365 * 24 * 3600) * 1000);
export const NOT_AFTER = new Date((NOW + 365 * 24 * 3600) * 1000);
export const ISSUER_HOST = new URL(ISS).host;

export function p256Keys(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
    "verify",
  ]) as Promise<CryptoKeyPair>;
}

export function ed25519Keys(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"]) as Promise<CryptoKeyPair>;
}

export interface Authority {
  certificate: string;
  keys: CryptoKeyPair;
}

export interface Pki {
  root: Authority;
  rootName: Name;
  /** The authority's signing certificate, issued by the root: its x5c is [leaf.certificate]. */
  leaf: Authority;
}

export async function makePki(): Promise<Pki> {
  const [rootKeys, leafKeys] = await Promise.all([p256Keys(), p256Keys()]);
  const rootSubject = { commonName: "UK Identity Platform Root", organisation: "UK Identity Platform" };
  const root = await createRootCertificate({
    ...rootSubject,
    keys: rootKeys,
    notBefore: NOT_BEFORE,
    notAfter: NOT_AFTER,
  });
  const leaf = await issueLeaf({ certificate: root, keys: rootKeys }, leafKeys);
  return {
    root: { certificate: root, keys: rootKeys },
    rootName: subjectName(rootSubject),
    leaf: { certificate: leaf, keys: leafKeys },
  };
}

/** A signing certificate for `keys` (the issuer's SAN URI and host) issued by `issuer`. */
export function issueLeaf(
  issuer: Authority,
  keys: CryptoKeyPair,
  overrides: { uris?: string[]; notBefore?: Date; notAfter?: Date } = {},
): Promise<string> {
  return issueCertificate({
    commonName: "Home Office credential signing",
    organisation: "Home Office",
    subjectPublicKey: keys.publicKey,
    issuer: { certificate: issuer.certificate, privateKey: issuer.keys.privateKey },
    uris: overrides.uris ?? [ISS],
    dnsNames: [ISSUER_HOST],
    notBefore: overrides.notBefore ?? NOT_BEFORE,
    notAfter: overrides.notAfter ?? NOT_AFTER,
  });
}

/** An intermediate CA under `issuer`. */
export async function issueIntermediate(issuer: Authority, overrides: { notAfter?: Date } = {}): Promise<Authority> {
  const keys = await p256Keys();
  const certificate = await issueCertificate({
    commonName: "Home Office issuing CA",
    organisation: "Home Office",
    subjectPublicKey: keys.publicKey,
    issuer: { certificate: issuer.certificate, privateKey: issuer.keys.privateKey },
    notBefore: NOT_BEFORE,
    notAfter: overrides.notAfter ?? NOT_AFTER,
    ca: true,
  });
  return { certificate, keys };
}

/** A leaf's usual extensions (basicConstraints, keyUsage digitalSignature, SAN), for certificates made by hand. */
export function leafExtensions(options: { keyUsage?: number; ca?: boolean; pathLen?: number } = {}) {
  return [
    extension(
      id_ce_basicConstraints,
      true,
      new BasicConstraints({
        cA: options.ca ?? false,
        ...(options.pathLen !== undefined ? { pathLenConstraint: options.pathLen } : {}),
      }),
    ),
    extension(id_ce_keyUsage, true, new KeyUsage(options.keyUsage ?? KeyUsageFlags.digitalSignature)),
    extension(
      id_ce_subjectAltName,
      false,
      new SubjectAlternativeName([new GeneralName({ uniformResourceIdentifier: ISS })]),
    ),
  ];
}

/** A certificate made by hand: subject "Hand made", every other field given. */
export function handMade(input: {
  issuerName: Name;
  subjectPublicKey: CryptoKey;
  signingKey: CryptoKey;
  extensions: ReturnType<typeof leafExtensions>;
  subject?: Name;
  notBefore?: Date;
  notAfter?: Date;
}): Promise<string> {
  return buildCertificate({
    subject: input.subject ?? subjectName({ commonName: "Hand made", organisation: "Home Office" }),
    issuer: input.issuerName,
    subjectPublicKey: input.subjectPublicKey,
    signingKey: input.signingKey,
    notBefore: input.notBefore ?? NOT_BEFORE,
    notAfter: input.notAfter ?? NOT_AFTER,
    extensions: input.extensions,
  });
}
