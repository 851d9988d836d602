/**
 * Each registered organisation's Verifier Attestation (OID4VP 1.0 sections 5.9.3 and 12; ADR
 * 034): the platform, as trust anchor, vouches for the organisation's client identifier and name
 * and names the key its request objects are signed with (the verifier's "verifier-service"). It
 * is signed once, by the web worker, when an administrator registers the organisation, stored
 * with it, and signed again on renewal: daily by the web worker's scheduled run, or by an
 * administrator. The verifier worker only reads it (requests.ts): it holds no trust anchor key.
 * With it, where the deployment has an X.509 root, the organisation's verifier certificate for
 * x509_hash requests (ADR 051): the same act of vouching, in the form HAIP 1.0 wallets read.
 */
import { and, eq, isNull } from "drizzle-orm";
import { issueCertificate } from "#core/credentials/certificates.ts";
import type { PublicJwk } from "#core/credentials/index.ts";
import { parseCompactJws } from "#core/credentials/jws.ts";
import { verifierIdentifier } from "#core/verification/openid4vp.ts";
import { signVerifierAttestation } from "#core/verification/request-object.ts";
import type { Database } from "#db/client.ts";
import { verifierOrganisations } from "#db/schema/index.ts";
import { loadTrustAnchorKey, loadVerifierPublicKeys, type TrustAnchorKey } from "./keys.ts";

/** How long an attestation is valid: a year, so a lost renewal run is noticed long before it matters. */
const ATTESTATION_LIFETIME_SECONDS = 365 * 24 * 60 * 60;
/** An attestation is renewed when it has less than this left: a month of daily runs to succeed. */
export const ATTESTATION_RENEWAL_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** What signs attestations: the trust anchor's private key and the key it attests for requests. */
export interface TrustAnchor {
  /** With its CA certificate from the platform root where the deployment has one (ADR 051). */
  key: TrustAnchorKey;
  /** The verifier's "verifier-service" public key: the attestation's cnf. */
  requestKey: PublicJwk;
}

/** The trust anchor's identifier (the attestation's iss) under an identifier base. */
const trustAnchorIssuer = (base: string) => `${base}/trust-anchor`;

interface Attestable {
  id: string;
  name: string;
  identifierBase: string;
}

export interface StoredAttestation {
  attestation: string;
  attestationExpiresAt: Date;
  /** The verifier certificate chain for x509_hash requests (ADR 051): [leaf, the anchor's CA certificate], or null without a root. */
  x509Chain: string[] | null;
}

/** A certificate's subject name is at most 64 characters (RFC 5280 upper bounds); a registered name may be longer. */
const certificateName = (name: string) => (name.length <= 64 ? name : `${name.slice(0, 63)}…`);

/**
 * The organisation's verifier certificate (ADR 051), issued by the trust anchor as a CA under the
 * platform root: it certifies the very key the attestation names as cnf (the verifier's request
 * key), names the organisation's identifier as SAN URI, and ends with the attestation. base64 DER.
 */
async function verifierCertificate(
  anchor: TrustAnchor & { key: { certificate: string } },
  organisation: Attestable,
  notBefore: Date,
  notAfter: Date,
): Promise<string> {
  const { kty, crv, x, y } = anchor.requestKey;
  const subjectPublicKey = await crypto.subtle.importKey(
    "jwk",
    { kty, crv, x, y },
    { name: "ECDSA", namedCurve: "P-256" },
    true,
    ["verify"],
  );
  return issueCertificate({
    commonName: certificateName(organisation.name),
    organisation: certificateName(organisation.name),
    subjectPublicKey,
    issuer: { certificate: anchor.key.certificate, privateKey: anchor.key.privateKey },
    uris: [verifierIdentifier(organisation.identifierBase, organisation.id)],
    notBefore,
    notAfter,
  });
}

/** The attestation of `organisation`, signed at `now`; nothing is stored. */
export async function signAttestation(
  anchor: TrustAnchor,
  organisation: Attestable,
  now: Date,
): Promise<StoredAttestation> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ATTESTATION_LIFETIME_SECONDS;
  const attestation = await signVerifierAttestation({
    issuer: trustAnchorIssuer(organisation.identifierBase),
    subject: verifierIdentifier(organisation.identifierBase, organisation.id),
    name: organisation.name,
    requestKey: anchor.requestKey,
    iat,
    exp,
    key: anchor.key,
  });
  const attestationExpiresAt = new Date(exp * 1000);
  const { certificate } = anchor.key;
  const x509Chain = certificate
    ? [
        await verifierCertificate(
          { ...anchor, key: { ...anchor.key, certificate } },
          organisation,
          now,
          attestationExpiresAt,
        ),
        certificate,
      ]
    : null;
  return { attestation, attestationExpiresAt, x509Chain };
}

/**
 * Whether a stored attestation must be signed again at `now`: missing, ending within the renewal
 * window, or no longer what the anchor would sign (a rotated anchor or request key, a new name).
 */
function needsRenewal(
  anchor: TrustAnchor,
  organisation: {
    name: string;
    attestation: string | null;
    attestationExpiresAt: Date | null;
    x509Chain: string[] | null;
  },
  now: Date,
): boolean {
  if (!organisation.attestation || !organisation.attestationExpiresAt) return true;
  // A root given (or replaced) since: the chain must end at the anchor's current CA certificate.
  if ((organisation.x509Chain?.[1] ?? null) !== (anchor.key.certificate ?? null)) return true;
  if (organisation.attestationExpiresAt.getTime() - now.getTime() < ATTESTATION_RENEWAL_WINDOW_MS) return true;
  try {
    const { header, payload } = parseCompactJws(organisation.attestation, {
      maxDepth: 8,
      malformedCode: "MALFORMED_PRESENTATION",
    });
    const cnf = (payload.cnf as { jwk?: { x?: unknown; y?: unknown } } | undefined)?.jwk;
    return (
      header.kid !== anchor.key.kid ||
      cnf?.x !== anchor.requestKey.x ||
      cnf?.y !== anchor.requestKey.y ||
      payload.client_name !== organisation.name
    );
  } catch {
    return true;
  }
}

export interface RenewalRun {
  /** Organisations whose attestation was signed again. */
  renewed: string[];
  /** Organisations that could not be attested: registered with no identifier base and none configured. */
  skipped: string[];
}

/**
 * Signs again every attestation that needs it at `now` (needsRenewal). An organisation stored
 * without an identifier base (one the demo seed made) takes `defaultBase`, PUBLIC_BASE_URL where
 * set, and keeps it from then on; with neither, it is skipped and reported.
 */
export async function renewAttestations(
  db: Database,
  anchor: TrustAnchor,
  now: Date,
  defaultBase: string | undefined,
): Promise<RenewalRun> {
  // Every row is judged (a rotated key or a new name is due whatever its expiry): organisations
  // number in the hundreds, and this runs once a day.
  const rows = await db
    .select({
      id: verifierOrganisations.id,
      name: verifierOrganisations.name,
      identifierBase: verifierOrganisations.identifierBase,
      attestation: verifierOrganisations.attestation,
      attestationExpiresAt: verifierOrganisations.attestationExpiresAt,
      x509Chain: verifierOrganisations.x509Chain,
    })
    .from(verifierOrganisations);
  const run: RenewalRun = { renewed: [], skipped: [] };
  for (const row of rows) {
    if (!needsRenewal(anchor, row, now)) continue;
    const identifierBase = row.identifierBase ?? defaultBase;
    if (!identifierBase) {
      run.skipped.push(row.id);
      continue;
    }
    const signed = await signAttestation(anchor, { id: row.id, name: row.name, identifierBase }, now);
    // Only over what was read: a renewal racing another (or an administrator's) signs once.
    const [updated] = await db
      .update(verifierOrganisations)
      .set({ identifierBase, ...signed })
      .where(
        and(
          eq(verifierOrganisations.id, row.id),
          row.attestationExpiresAt
            ? eq(verifierOrganisations.attestationExpiresAt, row.attestationExpiresAt)
            : isNull(verifierOrganisations.attestationExpiresAt),
        ),
      )
      .returning({ id: verifierOrganisations.id });
    if (updated) run.renewed.push(row.id);
  }
  return run;
}

/** Signs and stores the attestation of one organisation now, whatever its state (an administrator's renewal). */
export async function renewAttestation(
  db: Database,
  anchor: TrustAnchor,
  organisationId: string,
  now: Date,
  defaultBase: string,
): Promise<(StoredAttestation & { id: string; name: string }) | undefined> {
  const [row] = await db
    .select({
      id: verifierOrganisations.id,
      name: verifierOrganisations.name,
      identifierBase: verifierOrganisations.identifierBase,
    })
    .from(verifierOrganisations)
    .where(eq(verifierOrganisations.id, organisationId))
    .limit(1);
  if (!row) return undefined;
  const identifierBase = row.identifierBase ?? defaultBase;
  const signed = await signAttestation(anchor, { id: row.id, name: row.name, identifierBase }, now);
  await db
    .update(verifierOrganisations)
    .set({ identifierBase, ...signed })
    .where(eq(verifierOrganisations.id, row.id));
  return { id: row.id, name: row.name, ...signed };
}

/** Whether an organisation's stored attestation is valid through `until` (a request's end). */
export function attestedThrough(
  organisation: { attestation: string | null; attestationExpiresAt: Date | null },
  until: Date,
): boolean {
  return Boolean(
    organisation.attestation && organisation.attestationExpiresAt && organisation.attestationExpiresAt > until,
  );
}

/** The trust anchor as the web worker holds it: its key, checked against the published keys, and the key it attests. */
export async function trustAnchorOf(env: {
  TRUST_ANCHOR_SIGNING_KEY?: string | undefined;
  VERIFIER_PUBLIC_KEYS?: string | undefined;
}): Promise<TrustAnchor> {
  const publicKeys = await loadVerifierPublicKeys(env.VERIFIER_PUBLIC_KEYS);
  return {
    key: await loadTrustAnchorKey(env.TRUST_ANCHOR_SIGNING_KEY, publicKeys),
    requestKey: publicKeys["verifier-service"],
  };
}
