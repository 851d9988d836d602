/**
 * Credentials held by citizens (issue 4): issuance to a device key with proof of possession,
 * the wallet's list, revocation, and the live check used by share links and certificates.
 * Routes stay thin: each function here takes the database and what the caller has already
 * authorised, and returns data or throws a ServiceError with an HTTP status.
 */
import { and, count, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { EmbeddedJWK, jwtVerify, errors as joseErrors } from "jose";
import type { Database } from "#db/client.ts";
import { authorityRecords, credentials, issuanceNonces, presentations, walletEvents, type CredentialMetadata } from "#db/schema/index.ts";
import {
  credentialClaims,
  issueCredential,
  jwkThumbprint,
  toPublicJwk,
  verifyPresentation,
  webCrypto,
  type PublicJwk,
  type TrustedIssuer,
} from "#core/credentials/index.ts";
import { sha256Base64url } from "#core/credentials/crypto.ts";
import { base64urlEncode } from "#core/credentials/encoding.ts";
import type { IssuerKeys } from "./issuer-keys.ts";
import {
  AUTHORITIES,
  CREDENTIAL_TYPES,
  ISSUER_IDS,
  authorityName,
  isCredentialTypeCode,
  issuerUrl,
  vctUrl,
  walletTypeNames,
  type CredentialTypeCode,
  type IssuerId,
} from "#core/issuers/registry.ts";
import { ServiceError } from "#server/http/errors.ts";
import { drawStatusIndex, isSlotCollision, openStatusList, republishStatusList, STATUS_LIST_MAX_INFLATED_BYTES } from "./status-lists.ts";

/** Issuance proofs (OpenID4VCI 1.0 appendix F.1 "jwt" proof type). */
export const PROOF_TYP = "openid4vci-proof+jwt";
const NONCE_TTL_MS = 5 * 60 * 1000;
const PROOF_MAX_AGE_SECONDS = 300;
const CLOCK_SKEW_SECONDS = 60;
const DAY_MS = 86_400_000;
/** Spec 000 §4 and §9: "Expires Soon" within 90 days. */
export const EXPIRING_SOON_DAYS = 90;

/** Nonces are stored as their SHA-256: a database reader cannot replay one. */
const nonceHash = (nonce: string) => sha256Base64url(webCrypto(), nonce);

/** A one-time nonce the wallet signs into its proof of possession; stored hashed, 5 minutes. */
export async function createIssuanceNonce(db: Database, userId: string, now = new Date()): Promise<{ nonce: string; expiresAt: Date }> {
  const nonce = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)));
  const expiresAt = new Date(now.getTime() + NONCE_TTL_MS);
  await db.batch([
    db.delete(issuanceNonces).where(and(eq(issuanceNonces.userId, userId), sql`${issuanceNonces.expiresAt} <= ${now.getTime()}`)),
    db.insert(issuanceNonces).values({ nonceHash: await nonceHash(nonce), userId, expiresAt }),
  ]);
  return { nonce, expiresAt };
}

/** Consumes the nonce once: a single DELETE ... RETURNING, so two requests cannot both use it. */
async function consumeIssuanceNonce(db: Database, userId: string, nonce: string, now: Date): Promise<boolean> {
  const rows = await db
    .delete(issuanceNonces)
    .where(
      and(
        eq(issuanceNonces.nonceHash, await nonceHash(nonce)),
        eq(issuanceNonces.userId, userId),
        sql`${issuanceNonces.expiresAt} > ${now.getTime()}`,
      ),
    )
    .returning({ hash: issuanceNonces.nonceHash });
  return rows.length === 1;
}

/**
 * Checks the wallet's proof of possession: a JWT of typ openid4vci-proof+jwt signed by the key in
 * its own `jwk` header (ES256 or EdDSA, public only), audience the issuer, fresh, carrying a
 * nonce this user was given and has not used. Returns the holder's public key.
 */
async function verifyProof(db: Database, userId: string, proof: string, audience: string, now: Date): Promise<PublicJwk> {
  let holderJwk: PublicJwk;
  let nonce: unknown;
  try {
    const { payload, protectedHeader } = await jwtVerify(proof, EmbeddedJWK, {
      typ: PROOF_TYP,
      algorithms: ["ES256", "EdDSA", "Ed25519"],
      audience,
      maxTokenAge: PROOF_MAX_AGE_SECONDS,
      clockTolerance: CLOCK_SKEW_SECONDS,
      currentDate: now,
      requiredClaims: ["iat", "nonce"],
    });
    holderJwk = protectedHeader.jwk as PublicJwk;
    nonce = payload.nonce;
  } catch (error) {
    const reason = error instanceof joseErrors.JOSEError ? error.message : "unreadable";
    throw new ServiceError(400, `The proof of possession is not valid: ${reason}`, "PROOF_INVALID");
  }
  if (!holderJwk || "d" in holderJwk) throw new ServiceError(400, "The proof must carry the public key only", "PROOF_INVALID");
  if (typeof nonce !== "string" || !(await consumeIssuanceNonce(db, userId, nonce, now))) {
    throw new ServiceError(400, "The proof's nonce is unknown, already used or expired; ask for a new one", "PROOF_NONCE");
  }
  return toPublicJwk({ kty: holderJwk.kty, crv: holderJwk.crv, x: holderJwk.x, y: holderJwk.y } as PublicJwk);
}

export interface IssueRequest {
  db: Database;
  keys: IssuerKeys;
  base: string;
  userId: string;
  type: string;
  proof: unknown;
  now?: Date;
}

/**
 * Issues the authority's record of `type` about the user as an SD-JWT VC bound to the device key
 * proved in `proof`. A credential of the same type the user already held (on another device, or
 * an older copy) is revoked and marked as replaced, so one type is held once.
 */
export async function issueToHolder(input: IssueRequest): Promise<WalletCredential> {
  const { db, keys, base, userId } = input;
  const now = input.now ?? new Date();
  if (!isCredentialTypeCode(input.type)) throw new ServiceError(404, `Unknown credential type "${String(input.type).slice(0, 40)}"`, "TYPE_UNKNOWN");
  const type = CREDENTIAL_TYPES[input.type];
  const issuer = keys.get(type.issuerId);
  if (!issuer) throw new Error(`no signing key for ${type.issuerId}`);
  const iss = issuerUrl(base, type.issuerId);
  if (typeof input.proof !== "string" || input.proof.length === 0 || input.proof.length > 4096) {
    throw new ServiceError(400, "A proof of possession of this device's key is required", "PROOF_REQUIRED");
  }

  const [record] = await db
    .select()
    .from(authorityRecords)
    .where(and(eq(authorityRecords.userId, userId), eq(authorityRecords.type, type.code)))
    .limit(1);
  const authority = AUTHORITIES[type.issuerId].name;
  if (!record) {
    throw new ServiceError(404, `The ${authority} holds no ${type.longName} record for you yet. An assisted-digital session can add one.`, "NO_RECORD");
  }
  if (record.validUntil.getTime() <= now.getTime()) {
    throw new ServiceError(409, `The ${authority}'s ${type.longName} record for you has expired`, "RECORD_EXPIRED");
  }

  const holderJwk = await verifyProof(db, userId, input.proof, iss, now);
  const holderKeyThumbprint = await jwkThumbprint(holderJwk);
  const iat = Math.floor(now.getTime() / 1000);
  const exp = Math.floor(record.validUntil.getTime() / 1000);
  const vct = vctUrl(base, type.code);

  const previous = await db
    .select({ id: credentials.id, statusListId: credentials.statusListId })
    .from(credentials)
    .where(and(eq(credentials.userId, userId), eq(credentials.type, type.code), isNull(credentials.revokedAt), ne(credentials.status, "revoked")));

  // An open list holds at most half its size, so a random draw collides with probability < 1/2:
  // 20 draws all colliding is under one in a million.
  const list = await openStatusList(db, type.issuerId, base);
  let inserted: typeof credentials.$inferSelect | undefined;
  for (let attempt = 0; attempt < 20 && !inserted; attempt++) {
    const slot = { listId: list.listId, uri: list.uri, index: drawStatusIndex() };
    const vcJwt = await issueCredential({
      issuer: { iss, kid: issuer.kid, privateKey: issuer.privateKey },
      vct,
      holderPublicJwk: holderJwk,
      claims: record.attributes,
      status: { idx: slot.index, uri: slot.uri },
      iat,
      exp,
      decoys: 2,
    });
    const id = crypto.randomUUID();
    try {
      const metadata: CredentialMetadata = { holderKeyThumbprint, vct, authorityRecordId: record.id };
      [inserted] = await db
        .insert(credentials)
        .values({
          id,
          userId,
          type: type.code,
          status: "active",
          vcJwt,
          issuer: iss,
          issuedAt: now,
          expiresAt: record.validUntil,
          statusListId: slot.listId,
          statusListIndex: slot.index,
          metadata,
        })
        .returning();
    } catch (error) {
      if (!isSlotCollision(error)) throw error;
    }
  }
  if (!inserted) throw new Error("could not allocate a status list slot");

  await db.insert(walletEvents).values({
    userId,
    kind: previous.length ? "credential_reissued" : "credential_issued",
    credentialId: inserted.id,
    detail: { type: type.code, issuer: type.issuerId },
    createdAt: now,
  });
  for (const old of previous) {
    await revokeCredential({ db, credentialId: old.id, reason: "reissued", replacedBy: inserted.id, now, silent: true });
  }
  return toWalletCredential(inserted, now, 0);
}

export interface RevokeRequest {
  db: Database;
  credentialId: string;
  reason: string;
  actorId?: string;
  replacedBy?: string;
  now?: Date;
  /** Replacement by re-issue: the owner's log already says "re-issued". */
  silent?: boolean;
}

/** Revokes a credential (idempotent): status revoked, revokedAt, its bit set and the list republished. */
export async function revokeCredential(input: RevokeRequest): Promise<WalletCredential> {
  const { db, credentialId } = input;
  const now = input.now ?? new Date();
  const [row] = await db.select().from(credentials).where(eq(credentials.id, credentialId)).limit(1);
  if (!row) throw new ServiceError(404, "Credential not found", "NOT_FOUND");
  if (row.status === "revoked" && row.revokedAt) return toWalletCredential(row, now, 0);
  const metadata: CredentialMetadata = {
    ...(row.metadata ?? {}),
    revocationReason: input.reason,
    ...(input.replacedBy ? { replacedBy: input.replacedBy } : {}),
    ...(input.actorId ? { revokedBy: input.actorId } : {}),
  };
  // Only the request that actually flips it goes on (two racing revocations log one event).
  const [updated] = await db
    .update(credentials)
    .set({ status: "revoked", revokedAt: now, metadata })
    .where(and(eq(credentials.id, credentialId), isNull(credentials.revokedAt)))
    .returning();
  if (!updated) {
    const [current] = await db.select().from(credentials).where(eq(credentials.id, credentialId)).limit(1);
    return toWalletCredential(current ?? row, now, 0);
  }
  if (row.statusListId) await republishStatusList(db, row.statusListId);
  if (!input.silent && row.userId) {
    await db.insert(walletEvents).values({
      userId: row.userId,
      kind: "credential_revoked",
      credentialId,
      detail: { type: row.type, reason: input.reason },
      createdAt: now,
    });
  }
  return toWalletCredential(updated, now, 0);
}

export type DisplayStatus = "active" | "pending" | "revoked" | "expired" | (string & {});

/** The status a screen shows now: revoked beats everything, then expiry (spec 000 §4). */
export function effectiveStatus(row: { status: string; revokedAt: Date | null; expiresAt: Date | null }, now: Date): DisplayStatus {
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
  /** Which device key can present it (RFC 7638 thumbprint of cnf.jwk). */
  holderKeyThumbprint: string | null;
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

function toWalletCredential(row: typeof credentials.$inferSelect, now: Date, verificationCount: number): WalletCredential {
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
    holderKeyThumbprint: typeof row.metadata?.holderKeyThumbprint === "string" ? row.metadata.holderKeyThumbprint : null,
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
export async function listWalletCredentials(db: Database, userId: string, now = new Date()): Promise<WalletCredential[]> {
  const rows = await db.select().from(credentials).where(eq(credentials.userId, userId)).orderBy(desc(credentials.issuedAt));
  const held = rows.filter((r) => !r.metadata?.replacedBy);
  const counts = await verificationCounts(db, held.map((r) => r.id));
  return held.map((r) => toWalletCredential(r, now, counts.get(r.id) ?? 0));
}

/** One credential, only when `userId` owns it (a stranger's id reads as not found). */
export async function getOwnCredential(db: Database, userId: string, credentialId: string, now = new Date()): Promise<WalletCredential | undefined> {
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
export async function credentialAttributes(credential: Pick<WalletCredential, "type" | "vcJwt">): Promise<{ name: string; label: string; value: unknown }[]> {
  const claims = await credentialClaims(credential.vcJwt);
  const defined = isCredentialTypeCode(credential.type) ? CREDENTIAL_TYPES[credential.type].claims : [];
  const labelled = defined.filter((c) => c.name in claims).map((c) => ({ name: c.name, label: c.label, value: claims[c.name] }));
  const rest = Object.keys(claims)
    .filter((name) => !defined.some((c) => c.name === name))
    .map((name) => ({ name, label: name, value: claims[name] }));
  return [...labelled, ...rest];
}

/** Our issuers and their keys, as a verifier's trust list (EdDSA pinned). */
export function trustedIssuers(keys: IssuerKeys, base: string): Map<string, TrustedIssuer> {
  const trusted = new Map<string, TrustedIssuer>();
  for (const id of ISSUER_IDS) {
    const key = keys.get(id);
    if (key) trusted.set(issuerUrl(base, id), { keys: [key.publicJwk], algorithms: ["EdDSA"] });
  }
  return trusted;
}

export interface LiveCheck {
  valid: boolean;
  /** valid, or a stable reason code (e.g. REVOKED, EXPIRED, STATUS_UNKNOWN). */
  reason: string;
  message: string;
  checkedAt: string;
  type: string;
  issuer: string;
  issuerId?: IssuerId;
}

/**
 * Whether a stored credential is valid right now, checked as a verifier would: the issuer's
 * signature with its published key, expiry, and the status bit fetched fresh from the status
 * worker (`fetchStatus`), failing closed when status is unavailable. No key binding: this is
 * the issuer's statement alone, for share links and certificates, never a presentation.
 */
export async function checkCredentialNow(options: {
  vcJwt: string;
  type: string;
  keys: IssuerKeys;
  base: string;
  fetchStatus: (uri: string, signal: AbortSignal) => Promise<string | undefined>;
  /**
   * Our own record's status now (effectiveStatus). It can only make the answer stricter (fail
   * closed): a credential we hold as revoked or expired is never reported valid, even while a
   * cached status list has not caught up.
   */
  storedStatus: DisplayStatus;
  now?: Date;
}): Promise<LiveCheck> {
  const now = options.now ?? new Date();
  const issuerId = isCredentialTypeCode(options.type) ? CREDENTIAL_TYPES[options.type].issuerId : undefined;
  const issuer = issuerId ? AUTHORITIES[issuerId].name : "Unknown issuer";
  const presentation = options.vcJwt.endsWith("~") ? options.vcJwt : `${options.vcJwt}~`;
  const result = await verifyPresentation(presentation, {
    trustedIssuers: trustedIssuers(options.keys, options.base),
    requireKeyBinding: false,
    maxKbAgeSeconds: PROOF_MAX_AGE_SECONDS,
    clockSkewSeconds: CLOCK_SKEW_SECONDS,
    now: Math.floor(now.getTime() / 1000),
    allowedVcts: Object.keys(CREDENTIAL_TYPES).map((code) => vctUrl(options.base, code as CredentialTypeCode)),
    status: {
      allowedUriPrefixes: [`${options.base}/status/lists/`],
      maxInflatedBytes: STATUS_LIST_MAX_INFLATED_BYTES,
      timeoutMs: 3000,
      async check(reference, { signal }) {
        const token = await options.fetchStatus(reference.uri, signal).catch(() => undefined);
        return token ? { kind: "token", token } : { kind: "unavailable" };
      },
    },
  });
  const checkedAt = now.toISOString();
  if (result.valid && options.storedStatus !== "active") {
    const reason = options.storedStatus === "expired" ? "EXPIRED" : "STATUS_REVOKED";
    return { valid: false, reason, message: `The credential is ${options.storedStatus}.`, checkedAt, type: options.type, issuer, issuerId };
  }
  if (result.valid) return { valid: true, reason: "valid", message: "Valid: signed by the issuer, in date and not revoked", checkedAt, type: options.type, issuer, issuerId };
  return { valid: false, reason: result.code, message: result.message, checkedAt, type: options.type, issuer, issuerId };
}

/** Records a check in `presentations` (the audit trail and the verification count). */
export async function recordCheck(
  db: Database,
  entry: { credentialId: string; purpose: string; requestId?: string; result: LiveCheck; verifierId?: string | null; ipAddress?: string | null; userAgent?: string | null },
): Promise<void> {
  await db.insert(presentations).values({
    credentialId: entry.credentialId,
    verifierId: entry.verifierId ?? null,
    requestId: entry.requestId ?? null,
    purpose: entry.purpose,
    presentedAttributes: {},
    verificationResult: entry.result.valid ? "valid" : entry.result.reason,
    verifiedAt: new Date(entry.result.checkedAt),
    ipAddress: entry.ipAddress ?? null,
    userAgent: entry.userAgent?.slice(0, 256) ?? null,
  });
}
