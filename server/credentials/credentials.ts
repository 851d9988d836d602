/**
 * The credentials a person holds, as the wallet, /credentials, certificates and the dashboard
 * show them: their status now, display names, what they attest. Routes stay thin: each function
 * takes the database and the user the caller has already authenticated.
 */
import { and, count, countDistinct, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
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
 * Counts credentials, not copies: the copies of one issuance (issue 22: the web wallet keeps a few,
 * each bound to its own key) are one credential, on every screen that counts them. A credential
 * issued before issuances were recorded is its own.
 */
export const countCredentials = () => countDistinct(sql`coalesce(${credentials.issuanceId}, ${credentials.id})`);

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

/** One copy of a credential: bound to its own holder key, on its own status index (issue 22). */
export interface WalletCopy {
  id: string;
  /** RFC 7638 thumbprint of the copy's cnf.jwk: which device key can present it. */
  holderKeyThumbprint: string | null;
  vcJwt: string;
}

/**
 * A credential as its holder sees it: one per issuance, whatever number of copies it was issued
 * in. `id`, `vcJwt` and `holderKeyThumbprint` are its first copy's (the lowest id: what shares and
 * certificates use); `copies` are all of them, the first included, for presenting a fresh one.
 */
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
  copies: WalletCopy[];
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

const thumbprintOf = (row: typeof credentials.$inferSelect) =>
  typeof row.metadata?.holderKeyThumbprint === "string" ? row.metadata.holderKeyThumbprint : null;

/** One credential from the rows of its copies (any order; at least one); `verificationCount` over them all. */
export function walletCredentialOf(
  copies: readonly (typeof credentials.$inferSelect)[],
  now: Date,
  verificationCount: number,
): WalletCredential {
  const sorted = [...copies].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    ...toWalletCredential(sorted[0]!, now, verificationCount),
    copies: sorted.map((row) => ({ id: row.id, holderKeyThumbprint: thumbprintOf(row), vcJwt: row.vcJwt })),
  };
}

/** A credential of one copy: one issued before batches, a paper one, or a copy on its own (revocation.ts). */
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
    holderKeyThumbprint: thumbprintOf(row),
    delivery: deliveryOf(row.metadata?.delivery),
    verificationCount,
    copies: [{ id: row.id, holderKeyThumbprint: thumbprintOf(row), vcJwt: row.vcJwt }],
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
 * The user's credentials for the wallet, newest first, one per issuance with its copies.
 * Credentials replaced by a re-issue stay in the database (audit) but are not listed.
 */
export async function listWalletCredentials(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<WalletCredential[]> {
  const held = await db
    .select()
    .from(credentials)
    .where(heldBy(userId))
    .orderBy(desc(credentials.issuedAt), credentials.id);
  const groups = new Map<string, (typeof credentials.$inferSelect)[]>();
  for (const row of held) {
    const key = row.issuanceId ?? row.id;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const counts = await verificationCounts(
    db,
    held.map((r) => r.id),
  );
  return [...groups.values()].map((copies) =>
    walletCredentialOf(
      copies,
      now,
      copies.reduce((sum, copy) => sum + (counts.get(copy.id) ?? 0), 0),
    ),
  );
}

/** One credential (the copy named), only when `userId` owns it (a stranger's id reads as not found). */
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
