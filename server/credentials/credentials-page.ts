/**
 * The data of /credentials (spec 000 §2 "Citizen screens", §3 "Citizen sample credential", §4):
 * the signed-in person's own credentials as the page shows them, and the summary tiles. Dates and
 * attribute values are formatted here so the page reads the same before and after hydration.
 * "Expires soon" is the wallet's own flag (toWalletCredential): it is not worked out again here.
 */
import { formatAttributeValue, formatDate } from "#core/format/format.ts";
import type { Database } from "#db/client.ts";
import { certificateFileName, certificatePath } from "#server/certificates/certificates.ts";
import {
  credentialAttributes,
  EXPIRING_SOON_DAYS,
  listWalletCredentials,
  type WalletCredential,
} from "./credentials.ts";

const DAY_MS = 86_400_000;

/** Spec 000 §4 "Citizen sample credential display". */
export type CredentialBadge = "Active" | "Expires Soon" | "Inactive";

export interface CredentialView {
  id: string;
  type: string;
  status: WalletCredential["status"];
  typeName: string;
  authorityName: string;
  colour: string;
  icon: string;
  badge: CredentialBadge;
  /** A line under the dates: when it was revoked or expired, or how many days an expiring one has left. */
  note: string | null;
  issuedAt: string;
  issued: string;
  expiresAt: string | null;
  expires: string | null;
  revokedAt: string | null;
  revoked: string | null;
  verificationCount: number;
  attributes: { name: string; label: string; value: string }[];
  certificatePath: string;
  certificateFile: string;
  /** Why it cannot be shared, or null when it can. */
  shareRefusal: string | null;
}

export interface CredentialsPageData {
  credentials: CredentialView[];
  summary: {
    total: number;
    activeAndValid: number;
    expiringSoon: number;
    /** Sent with the data: the constant lives in a server module the browser bundle leaves out. */
    expiringSoonDays: number;
  };
}

export function credentialBadge(credential: Pick<WalletCredential, "status" | "display">): CredentialBadge {
  if (credential.status !== "active") return "Inactive";
  return credential.display.expiringSoon ? "Expires Soon" : "Active";
}

/** Why a credential cannot be shared, or null when it can (only an active one can: server/shares/shares.ts). */
export function shareRefusal(credential: Pick<WalletCredential, "status">): string | null {
  if (credential.status === "active") return null;
  if (credential.status === "revoked") return "A revoked credential cannot be shared.";
  if (credential.status === "expired") return "An expired credential cannot be shared.";
  return `A credential that is ${credential.status} cannot be shared.`;
}

export function statusNote(
  credential: Pick<WalletCredential, "status" | "display" | "expiresAt" | "revokedAt">,
  now: Date,
): string | null {
  if (credential.status === "revoked")
    return credential.revokedAt ? `Revoked on ${formatDate(credential.revokedAt)}` : "Revoked";
  if (credential.status === "expired")
    return credential.expiresAt ? `Expired on ${formatDate(credential.expiresAt)}` : "Expired";
  if (credential.status !== "active") return `Status: ${credential.status}`;
  if (credential.display.expiringSoon && credential.expiresAt) {
    const days = Math.max(0, Math.ceil((new Date(credential.expiresAt).getTime() - now.getTime()) / DAY_MS));
    return days === 1 ? "Expires in 1 day" : `Expires in ${days} days`;
  }
  return null;
}

/** One held credential as its card and details dialog show it; `newest`: the newest of its type held. */
async function toView(credential: WalletCredential, newest: boolean, now: Date): Promise<CredentialView> {
  return {
    id: credential.id,
    type: credential.type,
    status: credential.status,
    typeName: credential.display.longName,
    authorityName: credential.display.authorityName,
    colour: credential.display.colour,
    icon: credential.display.icon,
    badge: credentialBadge(credential),
    note: statusNote(credential, now),
    issuedAt: credential.issuedAt,
    issued: formatDate(credential.issuedAt),
    expiresAt: credential.expiresAt,
    expires: credential.expiresAt ? formatDate(credential.expiresAt) : null,
    revokedAt: credential.revokedAt,
    revoked: credential.revokedAt ? formatDate(credential.revokedAt) : null,
    verificationCount: credential.verificationCount,
    attributes: (await credentialAttributes(credential)).map((a) => ({
      name: a.name,
      label: a.label,
      value: formatAttributeValue(a.value),
    })),
    // The spec's path means the newest of the type; an older listed copy is named by id.
    certificatePath: certificatePath(credential.type, newest ? undefined : credential.id),
    certificateFile: certificateFileName(credential.type),
    shareRefusal: shareRefusal(credential),
  };
}

/** The page's data for `userId` (the signed-in person), read at `now`. */
export async function credentialsPageData(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<CredentialsPageData> {
  const held = await listWalletCredentials(db, userId, now);
  // Newest first, so the first of each type is the newest.
  const newestOfType = new Map<string, string>();
  for (const credential of held)
    if (!newestOfType.has(credential.type)) newestOfType.set(credential.type, credential.id);
  const credentials = await Promise.all(
    held.map((credential) => toView(credential, newestOfType.get(credential.type) === credential.id, now)),
  );
  return {
    credentials,
    summary: {
      total: held.length,
      activeAndValid: held.filter((c) => c.status === "active").length,
      expiringSoon: held.filter((c) => c.display.expiringSoon).length,
      expiringSoonDays: EXPIRING_SOON_DAYS,
    },
  };
}
