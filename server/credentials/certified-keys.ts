/**
 * The authorities' certified keys: HAIP 1.0's issuer profile (ADR 047). Besides its Ed25519 keys
 * (./issuer-keys.ts), an authority may hold a P-256 key with a certificate chained to the
 * platform's root, and sign ES256 with the chain in the `x5c` header (HAIP 1.0 section 6.1.1):
 *  - ISSUER_X509_SIGNING_KEYS, the web worker's: credentials of the `_haip` configurations;
 *  - STATUS_LIST_X509_SIGNING_KEYS, the status worker's: the same lists, signed for those
 *    credentials (GET /status/lists/{id}/x509), so a leak there forges no credential (ADR 028).
 * Each is a JSON object of issuer id to a private P-256 JWK carrying `x5c` (RFC 7517 section 4.7):
 * the certificate chain, leaf first, without the root (HAIP: the root is not in the chain).
 * The roots are public: `x509Roots` in ISSUER_PUBLIC_KEYS, what every checking worker trusts.
 *
 * No publication step is needed to rotate one: a new key with a new certificate from the same root
 * is trusted at once, and credentials signed with the old one verify for as long as its certificate
 * is valid. Loaded only when something asks for a HAIP configuration: a missing or expired
 * certificate stops HAIP issuance, never the Ed25519 one.
 */
import { jwkThumbprint, type PublicJwk, toPublicJwk } from "#core/credentials/index.ts";
import { verifyCertificateChain } from "#core/credentials/x509.ts";
import { AUTHORITIES, ISSUER_IDS, type IssuerId } from "#core/issuers/registry.ts";
import { oncePerSecret, parseJwkSecret } from "#server/worker/secrets.ts";
import { type IssuerTrust, offersHaip } from "./issuer-keys.ts";

export interface CertifiedKey {
  issuerId: IssuerId;
  /** ECDSA P-256, signing ES256. */
  privateKey: CryptoKey;
  /** The chain for the `x5c` header: base64 DER, leaf first, no root. */
  x5c: readonly string[];
  /** RFC 7638 thumbprint of the public key (the header's kid, beside x5c). */
  kid: string;
}

export type CertifiedKeys = ReadonlyMap<IssuerId, CertifiedKey>;

export type CertifiedSecretName = "ISSUER_X509_SIGNING_KEYS" | "STATUS_LIST_X509_SIGNING_KEYS";

interface CertifiedJwk {
  kty: "EC";
  crv: "P-256";
  x: string;
  y: string;
  d: string;
  x5c: string[];
}

const isCertifiedJwk = (value: unknown): value is CertifiedJwk => {
  const { kty, crv, x, y, d, x5c } = (value ?? {}) as Partial<CertifiedJwk>;
  return (
    kty === "EC" &&
    crv === "P-256" &&
    [x, y, d].every((part) => typeof part === "string") &&
    Array.isArray(x5c) &&
    x5c.length > 0 &&
    x5c.every((certificate) => typeof certificate === "string")
  );
};

async function importCertifiedKeys(name: CertifiedSecretName, secret: string, roots: readonly string[]) {
  const record = parseJwkSecret(name, secret, "issuer id") as Record<string, unknown>;
  const keys = new Map<IssuerId, CertifiedKey>();
  const now = new Date();
  for (const issuerId of ISSUER_IDS) {
    const jwk = record[issuerId];
    const who = `${name} for ${AUTHORITIES[issuerId].name} (${issuerId})`;
    if (!isCertifiedJwk(jwk)) throw new Error(`${who} is not a P-256 private JWK with its x5c chain`);
    const certified = await verifyCertificateChain(jwk.x5c, roots, now).catch((error: Error) => {
      throw new Error(`${who}: its certificate chain does not hold (${error.message})`);
    });
    const publicJwk = toPublicJwk({ kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y } as PublicJwk);
    if (certified.publicJwk.x !== publicJwk.x || certified.publicJwk.y !== publicJwk.y)
      throw new Error(`${who}: the certificate is for another key`);
    if (!certified.uris.some((uri) => uri.endsWith(`/issuers/${issuerId}`)))
      throw new Error(`${who}: the certificate does not name the authority's issuer identifier`);
    const privateKey = await crypto.subtle.importKey(
      "jwk",
      { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y, d: jwk.d },
      { name: "ECDSA", namedCurve: "P-256" },
      false,
      ["sign"],
    );
    keys.set(issuerId, { issuerId, privateKey, x5c: [...jwk.x5c], kid: await jwkThumbprint(publicJwk) });
  }
  return keys as CertifiedKeys;
}

/** Each secret's keys, imported once per distinct secret and roots (the cache key carries both). */
const loaders = Object.fromEntries(
  (["ISSUER_X509_SIGNING_KEYS", "STATUS_LIST_X509_SIGNING_KEYS"] as const).map((name) => [
    name,
    oncePerSecret((value) => {
      const { secret, roots } = JSON.parse(value) as { secret: string; roots: string[] };
      return importCertifiedKeys(name, secret, roots);
    }),
  ]),
) as Record<CertifiedSecretName, (value: string) => Promise<CertifiedKeys>>;

/**
 * The certified keys in secret `name`, checked against the trusted roots (once per distinct secret
 * and roots): undefined when the deployment offers no HAIP configurations (no root, or no secret).
 * A secret whose chain does not hold, or whose certificate is for another key or authority, is an
 * error naming the authority.
 */
export async function loadCertifiedKeys(
  name: CertifiedSecretName,
  secret: string | undefined,
  trust: IssuerTrust,
): Promise<CertifiedKeys | undefined> {
  if (!secret || !offersHaip(trust)) return undefined;
  return loaders[name](JSON.stringify({ secret, roots: trust.x509Roots }));
}
