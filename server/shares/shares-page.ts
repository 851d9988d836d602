/**
 * The data of /shares (spec 000 §2 "Citizen screens" /shares, §3 "Share record", §4 share status):
 * the signed-in person's own share links, newest first, each with its credential's status now,
 * the tiles counted from them, and the share a revoke confirmation is open for.
 */
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import type { Database } from "#db/client.ts";
import { listWalletCredentials } from "#server/credentials/credentials.ts";
import { listShares, type ShareRecord, sharePurpose } from "./shares.ts";

export interface ShareCard extends ShareRecord {
  /** The credential's own status now (active, revoked, expired); a replaced copy reads as revoked. */
  credentialStatus: string;
  /**
   * Counted in "Available downloads": a share the user has not revoked whose credential is valid
   * now, so its certificate (checked live when downloaded) confirms a valid credential. Every
   * share's certificate can be downloaded; the others say revoked, expired or not valid.
   */
  certifiesValid: boolean;
}

/** The share Revoke Share asks about (`?confirm=<id>`): only an active one of the person's own. */
export interface RevokeConfirmation {
  id: string;
  /** Its credential's type, named in the page's language on the page. */
  credentialType: string;
  credentialName: string;
  sharedWith: string | null;
}

export interface SharesPageData {
  shares: ShareCard[];
  confirming: RevokeConfirmation | null;
  tiles: { total: number; active: number; downloads: number };
}

/** Each share with its credential's status (`statusOf`: the held credentials' statuses by id). */
export function shareCards(shares: ShareRecord[], statusOf: ReadonlyMap<string, string>): ShareCard[] {
  return shares.map((share) => {
    // Credentials replaced by a re-issue are not listed by the wallet: they are revoked.
    const credentialStatus = statusOf.get(share.credentialId) ?? "revoked";
    return { ...share, credentialStatus, certifiesValid: share.status !== "revoked" && credentialStatus === "active" };
  });
}

/** The page's data for `userId` (the signed-in person) at `now`; `confirm`: the share id the page asks about, if any. */
export async function sharesPageData(
  db: Database,
  userId: string,
  confirm: string | null,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<SharesPageData> {
  const [shares, held] = await Promise.all([listShares(db, userId, now), listWalletCredentials(db, userId, now)]);
  // A share stored with the default purpose reads it in the page's language.
  const worded = shares.map((share) => ({ ...share, purpose: sharePurpose(share.purpose, locale) }));
  const cards = shareCards(worded, new Map(held.map((c) => [c.id, c.status])));
  const confirming = cards.find((c) => c.id === confirm && c.status === "active") ?? null;
  return {
    shares: cards,
    confirming: confirming
      ? {
          id: confirming.id,
          credentialType: confirming.credentialType,
          credentialName: confirming.credentialName,
          sharedWith: confirming.sharedWith,
        }
      : null,
    tiles: {
      total: cards.length,
      active: cards.filter((c) => c.status === "active").length,
      downloads: cards.filter((c) => c.certifiesValid).length,
    },
  };
}
