/**
 * The credentials a person holds, as the wallet, /credentials, certificates and the dashboard
 * show them: their status now, display names, what they attest. Routes stay thin: each function
 * takes the database and the user the caller has already authenticated.
 */
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { credentialClaims } from "#core/credentials/index.ts";
import {
  AUTHORITIES,
  authorityName,
  CREDENTIAL_TYPES,
  isCredentialTypeCode,
  walletTypeNames,
} from "#core/issuers/registry.ts";
import type { Binding } from "#core/verification/reasons.ts";
import type { Database } from "#db/client.ts";
import { credentials, presentations } from "#db/schema/index.ts";

const DAY_MS = 86_400_000;
/** Spec 000 §4 and §9: "Expires Soon" within 90 days. */
export const EXPIRING_SOON_DAYS = 90;

/**
 * The credentials `userId` holds: every one issued to them except copies a re-issue replaced
 * (those stay in the table for the audit trail) and copies issued to another wallet app (issue 22:
 * this wallet holds no key to present them; the credential's history lists where they went).
 * Revoked and expired ones are held, and shown as such. The one definition the wallet,
 * /credentials and the dashboard count by.
 */
export function heldBy(userId: string): SQL {
  return and(
    eq(credentials.userId, userId),
    sql`json_extract(${credentials.metadata}, '$.replacedBy') is null`,
    sql`coalesce(json_extract(${credentials.metadata}, '$.wallet'), 'web') = 'web'`,
  )!;
}

/**
 * How a credential reached its holder (`metadata.delivery`), which is what ties it to them
 * (Binding, core/verification/reasons.ts): "device", bound to a key in their wallet
 * (issuance.ts); "paper", printed at an assisted-digital counter, bound to no key (paper.ts).
 * Only paper credentials carry the field.
 */
export const PAPER_DELIVERY = "paper" satisfies Binding;

/** The binding of a credential from its stored `metadata.delivery` (absent for a device credential). */
export function deliveryOf(delivery: unknown): Binding {
  return delivery === PAPER_DELIVERY ? "paper" : "device";
}

export type DisplayStatus = "active" | "pending" | "revoked" | "expired" | (string & {});

/** The status a screen shows now: revoked beats everything, then expiry (spec 000 §4). */
export function effectiveStatus(
  row: { status: string; revokedAt: Date | null; expiresAt: Date | null },
  now: Date,
): DisplayStatus {
  if (row.status === "revoked" || row.revokedAt) return "revoked";
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return "expired";
  return row.status;
}

export interface WalletCredential {
  id: string;
  type: string;
  status: DisplayStatus;
  issuedAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  issuer: string;
  vcJwt: string;
  /** Which device key can present it (RFC 7638 thumbprint of cnf.jwk); null for a paper credential. */
  holderKeyThumbprint: string | null;
  /** "paper": printed, bound to no device, so no wallet can present it (its QR code is on paper). */
  delivery: Binding;
  verificationCount: number;
  display: {
    title: string;
    subtitle: string;
    longName: string;
    authority: string;
    authorityName: string;
    colour: string;
    icon: string;
    /** Active with at most 90 days left (spec 000 §4 "Expires Soon"). */
    expiringSoon: boolean;
  };
}

export function toWalletCredential(
  row: typeof credentials.$inferSelect,
  now: Date,
  verificationCount: number,
): WalletCredential {
  const type = isCredentialTypeCode(row.type) ? CREDENTIAL_TYPES[row.type] : undefined;
  const names = walletTypeNames(row.type);
  const status = effectiveStatus(row, now);
  const daysLeft = row.expiresAt ? (row.expiresAt.getTime() - now.getTime()) / DAY_MS : Infinity;
  const issuerId = type?.issuerId;
  return {
    id: row.id,
    type: row.type,
    status,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    issuer: row.issuer,
    vcJwt: row.vcJwt,
    holderKeyThumbprint:
      typeof row.metadata?.holderKeyThumbprint === "string" ? row.metadata.holderKeyThumbprint : null,
    delivery: deliveryOf(row.metadata?.delivery),
    verificationCount,
    display: {
      title: names.title,
      subtitle: names.subtitle,
      longName: type?.longName ?? names.title,
      authority: authorityName(row.issuer),
      authorityName: issuerId ? AUTHORITIES[issuerId].name : authorityName(row.issuer),
      colour: type?.colour ?? "blue",
      icon: type?.icon ?? "shield",
      expiringSoon: status === "active" && daysLeft <= EXPIRING_SOON_DAYS,
    },
  };
}

/**
 * The user's credentials for the wallet, newest first. Credentials replaced by a re-issue stay in
 * the database (audit) but are not listed.
 */
export async function listWalletCredentials(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<WalletCredential[]> {
  const held = await db.select().from(credentials).where(heldBy(userId)).orderBy(desc(credentials.issuedAt));
  const counts = await verificationCounts(
    db,
    held.map((r) => r.id),
  );
  return held.map((r) => toWalletCredential(r, now, counts.get(r.id) ?? 0));
}

/** One credential, only when `userId` owns it (a stranger's id reads as not found). */
export async function getOwnCredential(
  db: Database,
  userId: string,
  credentialId: string,
  now = new Date(),
): Promise<WalletCredential | undefined> {
  const [row] = await db
    .select()
    .from(credentials)
    .where(and(eq(credentials.id, credentialId), eq(credentials.userId, userId)))
    .limit(1);
  if (!row) return undefined;
  const counts = await verificationCounts(db, [row.id]);
  return toWalletCredential(row, now, counts.get(row.id) ?? 0);
}

async function verificationCounts(db: Database, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: presentations.credentialId, n: count() })
    .from(presentations)
    .where(inArray(presentations.credentialId, ids))
    .groupBy(presentations.credentialId);
  return new Map(rows.map((r) => [r.id ?? "", r.n]));
}

/** The claims the credential carries (decoded from its own disclosures), with their labels. */
export async function credentialAttributes(
  credential: Pick<WalletCredential, "type" | "vcJwt">,
): Promise<{ name: string; label: string; value: unknown }[]> {
  const claims = await credentialClaims(credential.vcJwt);
  const defined = isCredentialTypeCode(credential.type) ? CREDENTIAL_TYPES[credential.type].claims : [];
  const labelled = defined
    .filter((c) => c.name in claims)
    .map((c) => ({ name: c.name, label: c.label, value: claims[c.name] }));
  const rest = Object.keys(claims)
    .filter((name) => !defined.some((c) => c.name === name))
    .map((name) => ({ name, label: name, value: claims[name] }));
  return [...labelled, ...rest];
}
