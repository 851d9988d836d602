/**
 * Share links (issue 4; docs/decisions/010-share-links.md): a citizen shares one credential as a
 * link that lets anybody holding it see, for 24 hours, whether the credential is valid right now,
 * its type and issuer, and nothing personal. The link's identifier is a random 128-bit value,
 * not the credential id, so links cannot be guessed, linked to each other, or outlive a revoke.
 */

import { defineMessages, type NoMessageValues as NoValues } from "@formatjs/intl";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { base64urlEncode } from "#core/credentials/encoding.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { AUTHORITIES, CREDENTIAL_TYPES, isCredentialTypeCode } from "#core/issuers/registry.ts";
import type { Database } from "#db/client.ts";
import { credentials, shares, walletEvents } from "#db/schema/index.ts";
import { effectiveStatus } from "#server/credentials/credentials.ts";
import { ServiceError } from "#server/http/errors.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { auditAct } from "#server/observability/audit-act.ts";
import type { ObservabilityContext } from "#server/observability/recorder.ts";

/** The words of a share refused, for the person who asked (their codes never change). */
const messages = defineMessages<{
  credentialNotFound: NoValues;
  notShareable: { status: string };
  shareNotFound: NoValues;
}>({
  credentialNotFound: { id: "shares.error.credentialNotFound", defaultMessage: "Credential not found" },
  notShareable: {
    id: "shares.error.notShareable",
    defaultMessage: "A {status} credential cannot be shared",
    description: "{status} is a status code such as 'revoked' or 'expired'",
  },
  shareNotFound: { id: "shares.error.shareNotFound", defaultMessage: "Share not found" },
});

/** 404 for a share id that is not one of the person's own (or not a share id at all), in `locale`. */
export function shareNotFound(locale: Locale = DEFAULT_LOCALE): ServiceError {
  return new ServiceError(404, serverIntl(locale).formatMessage(messages.shareNotFound), "NOT_FOUND");
}

/** Spec 000 §9: share link expiry 24 hours. */
const SHARE_TTL_MS = 24 * 60 * 60 * 1000;
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** The purpose a share is stored with when the person gave none (the API answers it as it is). */
const DEFAULT_PURPOSE = "Credential verification";

const purposeWords = defineMessages({
  defaultPurpose: {
    id: "server.citizen.shares.defaultPurpose",
    defaultMessage: "Credential verification",
    description: "The purpose of a share link when the person gave none",
  },
});

/** A share's purpose as a person reads it: the one they typed, or the default in `locale`. */
export function sharePurpose(purpose: string, locale: Locale): string {
  return purpose === DEFAULT_PURPOSE ? serverIntl(locale).formatMessage(purposeWords.defaultPurpose) : purpose;
}

export type ShareStatus = "active" | "expired" | "revoked";

export interface ShareRecord {
  id: string;
  credentialId: string;
  credentialType: string;
  credentialName: string;
  issuerName: string;
  sharedWith: string | null;
  purpose: string;
  sharedDate: string;
  expiryDate: string;
  revokedAt: string | null;
  status: ShareStatus;
  viewCount: number;
  /** The verification link's path (/verify/{id}); the page is public. */
  verifyPath: string;
  /** The signed verification certificate (spec 000 §7: under /api/shares/download/). */
  downloadUrl: string;
  /** "link": shared by the holder; "certificate": printed as the QR code of a credential certificate they downloaded. */
  kind: "link" | "certificate";
}

function shareStatus(row: { expiresAt: Date; revokedAt: Date | null }, now: Date): ShareStatus {
  if (row.revokedAt) return "revoked";
  return row.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
}

function toShareRecord(row: typeof shares.$inferSelect, type: string, now: Date): ShareRecord {
  const known = isCredentialTypeCode(type) ? CREDENTIAL_TYPES[type] : undefined;
  return {
    id: row.id,
    credentialId: row.credentialId,
    credentialType: type,
    credentialName: known?.longName ?? type,
    issuerName: known ? AUTHORITIES[known.issuerId].name : "Government Authority",
    sharedWith: row.sharedWith,
    purpose: row.purpose,
    sharedDate: row.createdAt.toISOString(),
    expiryDate: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: shareStatus(row, now),
    viewCount: row.viewCount,
    verifyPath: `/verify/${row.id}`,
    downloadUrl: `/api/shares/download/${row.id}`,
    kind: row.kind,
  };
}

/** The links `userId` made to share (listed on /shares): not the links printed on their certificates. */
export const madeBy = (userId: string) => and(eq(shares.userId, userId), eq(shares.kind, "link"));

/** Creates a 24-hour share of the user's own credential; only a credential valid now can be shared. */
export async function createShare(
  db: Database,
  userId: string,
  credentialId: string,
  input: { purpose?: string; sharedWith?: string },
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<ShareRecord> {
  return createLink(db, userId, credentialId, { ...input, kind: "link" }, now, locale);
}

/** What a certificate's QR code opens: a 24-hour link of its own kind, listed on /shares beside the others. */
const CERTIFICATE_LINK_PURPOSE = "Credential certificate";

/**
 * The link a credential certificate prints as a QR code: the credential's certificate link that is
 * still open, or (`make`) a new one. Downloading the certificate again within its 24 hours prints
 * the same link, so downloads do not pile up links; each download with a link is logged for the
 * holder. A new link is made only on the holder's POST (issue 20): a GET, which another site can
 * cause a signed-in browser to send, never makes a public link; it prints the open one, or none.
 * The holder sees every certificate link on /shares and can revoke it there.
 */
export async function certificateLink(
  db: Database,
  userId: string,
  credentialId: string,
  make: boolean,
  now = new Date(),
): Promise<ShareRecord | null> {
  const [open] = await db
    .select({ share: shares, type: credentials.type })
    .from(shares)
    .innerJoin(credentials, eq(credentials.id, shares.credentialId))
    .where(
      and(
        eq(shares.userId, userId),
        eq(shares.credentialId, credentialId),
        eq(shares.kind, "certificate"),
        isNull(shares.revokedAt),
        gt(shares.expiresAt, now),
      ),
    )
    .orderBy(desc(shares.expiresAt))
    .limit(1);
  if (!open)
    return make
      ? createLink(db, userId, credentialId, { purpose: CERTIFICATE_LINK_PURPOSE, kind: "certificate" }, now)
      : null;
  await db.insert(walletEvents).values({
    userId,
    kind: "certificate_downloaded",
    credentialId,
    shareId: open.share.id,
    detail: { type: open.type },
    createdAt: now,
  });
  return toShareRecord(open.share, open.type, now);
}

async function createLink(
  db: Database,
  userId: string,
  credentialId: string,
  input: { purpose?: string; sharedWith?: string; kind: "link" | "certificate" },
  now: Date,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ShareRecord> {
  const intl = serverIntl(locale);
  const [credential] = await db
    .select()
    .from(credentials)
    .where(and(eq(credentials.id, credentialId), eq(credentials.userId, userId)))
    .limit(1);
  if (!credential) throw new ServiceError(404, intl.formatMessage(messages.credentialNotFound), "NOT_FOUND");
  const status = effectiveStatus(credential, now);
  if (status !== "active")
    throw new ServiceError(409, intl.formatMessage(messages.notShareable, { status }), "NOT_SHAREABLE");
  const id = base64urlEncode(crypto.getRandomValues(new Uint8Array(16)));
  const [[row]] = await db.batch([
    db
      .insert(shares)
      .values({
        id,
        credentialId,
        userId,
        kind: input.kind,
        purpose: input.purpose?.trim() || DEFAULT_PURPOSE,
        sharedWith: input.sharedWith?.trim() || null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SHARE_TTL_MS),
      })
      .returning(),
    db.insert(walletEvents).values({
      userId,
      kind: input.kind === "link" ? "share_created" : "certificate_downloaded",
      credentialId,
      shareId: id,
      detail: { type: credential.type },
      createdAt: now,
    }),
  ]);
  return toShareRecord(row!, credential.type, now);
}

/** The user's links, newest first: those they shared and those their certificates print (certificateLink). */
export async function listShares(db: Database, userId: string, now = new Date()): Promise<ShareRecord[]> {
  const rows = await db
    .select({ share: shares, type: credentials.type })
    .from(shares)
    .innerJoin(credentials, eq(credentials.id, shares.credentialId))
    .where(eq(shares.userId, userId))
    .orderBy(desc(shares.createdAt));
  return rows.map((r) => toShareRecord(r.share, r.type, now));
}

/** One of the user's own shares (a stranger's reads as not found). */
export async function getOwnShare(
  db: Database,
  userId: string,
  shareId: string,
  now = new Date(),
): Promise<ShareRecord | undefined> {
  if (!SHARE_ID_PATTERN.test(shareId)) return undefined;
  const [row] = await db
    .select({ share: shares, type: credentials.type })
    .from(shares)
    .innerJoin(credentials, eq(credentials.id, shares.credentialId))
    .where(and(eq(shares.id, shareId), eq(shares.userId, userId)))
    .limit(1);
  return row ? toShareRecord(row.share, row.type, now) : undefined;
}

/**
 * Ends a share at once (idempotent); the link then says it was withdrawn. `revoked` says whether
 * this call ended it: of two racing calls only one does (the guarded update, in one write
 * transaction with the wallet's log line).
 */
async function revokeShare(
  db: Database,
  userId: string,
  shareId: string,
  now: Date,
  locale: Locale,
): Promise<{ share: ShareRecord; revoked: boolean }> {
  const existing = await getOwnShare(db, userId, shareId, now);
  if (!existing) throw shareNotFound(locale);
  if (existing.status === "revoked") return { share: existing, revoked: false };
  const revoked = await db.transaction(async (tx) => {
    const ended = await tx
      .update(shares)
      .set({ revokedAt: now })
      .where(and(eq(shares.id, shareId), eq(shares.userId, userId), isNull(shares.revokedAt)))
      .returning({ id: shares.id });
    if (ended.length === 0) return false;
    await tx.insert(walletEvents).values({
      userId,
      kind: "share_revoked",
      credentialId: existing.credentialId,
      shareId,
      detail: { type: existing.credentialType },
      createdAt: now,
    });
    return true;
  });
  return {
    share: revoked
      ? { ...existing, status: "revoked", revokedAt: now.toISOString() }
      : ((await getOwnShare(db, userId, shareId, now)) ?? existing),
    revoked,
  };
}

/**
 * Revoke Share as its owner asks it (the /shares page and POST /api/shares/{id}/revoke): ends the
 * share, and writes the security audit row (issue 13) when this request is the one that ended it.
 */
export async function revokeOwnShare(
  context: ObservabilityContext,
  request: Request,
  owner: { id: string; username: string },
  shareId: string,
): Promise<ShareRecord> {
  const { share, revoked } = await revokeShare(context.db, owner.id, shareId, new Date(), requestLocale(request));
  if (revoked) {
    auditAct(context, request, owner, {
      category: "security",
      component: "shares",
      event: "share revoked",
      details: { shareId: share.id, credentialId: share.credentialId, type: share.credentialType, kind: share.kind },
    });
  }
  return share;
}

/** For the public page: the share and its credential's stored token, or undefined. Counts the view. */
export async function openShare(db: Database, shareId: string, now = new Date()) {
  if (!SHARE_ID_PATTERN.test(shareId)) return undefined;
  const [row] = await db
    .select({ share: shares, credential: credentials })
    .from(shares)
    .innerJoin(credentials, eq(credentials.id, shares.credentialId))
    .where(eq(shares.id, shareId))
    .limit(1);
  if (!row) return undefined;
  const record = toShareRecord(row.share, row.credential.type, now);
  if (record.status === "active") {
    // The owner's activity log says when their link was opened (never by whom).
    await db.batch([
      db
        .update(shares)
        .set({ viewCount: sql`${shares.viewCount} + 1` })
        .where(eq(shares.id, shareId)),
      db.insert(walletEvents).values({
        userId: row.share.userId,
        kind: "share_viewed",
        credentialId: row.credential.id,
        shareId,
        detail: { type: row.credential.type },
        createdAt: now,
      }),
    ]);
  }
  return { share: record, credential: row.credential };
}
