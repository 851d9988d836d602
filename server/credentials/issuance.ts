/**
 * Issuance to a device key with proof of possession (ADR 011): a one-time nonce, the wallet's
 * `openid4vci-proof+jwt` over it, then the authority's record of the person signed as an SD-JWT
 * VC bound to the proved key. Writing the new credential, its log line and the revocation of an
 * older copy of the same type is one batch: all of it happens, or none of it.
 */
import { defineMessage, defineMessages } from "@formatjs/intl";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { base64urlEncode } from "#core/credentials/encoding.ts";
import { issueCredential, jwkThumbprint, type PublicJwk } from "#core/credentials/index.ts";
import type { Locale } from "#core/i18n/locales.ts";
import type { CredentialType } from "#core/issuers/registry.ts";
import { certifiedStatusListUri, issuerUrl, vctUrl, WEB_WALLET_COPIES } from "#core/issuers/registry.ts";
import type { Database } from "#db/client.ts";
import { type CredentialMetadata, credentialIssuances, credentials, walletEvents } from "#db/schema/index.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { verifyKeyProof } from "#server/issuance/key-proofs.ts";
import { mintSignedValue, readSignedValue, spendOnce } from "#server/issuance/single-use.ts";
import { type AuthorityRecord, authorityRecordFor, credentialTypeOf, recordClaims } from "./authority-records.ts";
import type { CertifiedKey } from "./certified-keys.ts";
import { PAPER_DELIVERY, type WalletCredential, walletCredentialOf } from "./credentials.ts";
import type { IssuerKeys } from "./issuer-keys.ts";
import { openStatusList, republishAfterCommit, withStatusSlots } from "./status-lists.ts";

/** The refusals the wallet shows the person (in their language; the codes never change). */
const issuanceErrors = defineMessages({
  proofInvalid: defineMessage<{ reason: string }>({
    id: "wallet.api.proofInvalid",
    defaultMessage: "The proof of possession is not valid: {reason}",
    description: "{reason} is a technical detail in English, from the signature library.",
  }),
  proofNonce: {
    id: "wallet.api.proofNonce",
    defaultMessage: "The proof's nonce is unknown, already used or expired; ask for a new one",
  },
  proofRequired: {
    id: "wallet.api.proofRequired",
    defaultMessage: "A proof of possession of this device's key is required",
  },
});

/** "A proof of possession … is required", in `locale`: the issue API's body check says it too. */
export function proofRequiredMessage(locale: Locale): string {
  return serverIntl(locale).formatMessage(issuanceErrors.proofRequired);
}

/** Issuance proofs (OpenID4VCI 1.0 appendix F.1 "jwt" proof type). */
export const PROOF_TYP = "openid4vci-proof+jwt";
/** How long the web wallet's nonce is accepted (as a wallet app's c_nonce is). */
const NONCE_LIFETIME_SECONDS = 300;

/**
 * The web wallet's c_nonce is the wallet apps' kind (server/issuance/single-use.ts): made under
 * the worker secret, here for one person, and spent once; handing one out writes nothing.
 */
const webWalletNonceLabel = (userId: string) => `c-nonce|web-wallet|${userId}`;

/** A one-time nonce the person's web wallet signs into its proofs of possession: 5 minutes, for them alone. */
export async function createIssuanceNonce(
  secret: string,
  userId: string,
  now = new Date(),
): Promise<{ nonce: string; expiresAt: Date }> {
  const nonce = await mintSignedValue(secret, webWalletNonceLabel(userId), NONCE_LIFETIME_SECONDS, now);
  return { nonce, expiresAt: new Date(now.getTime() + NONCE_LIFETIME_SECONDS * 1000) };
}

/** Spends the nonce once, if this server made it for this person and it has not expired. */
async function consumeIssuanceNonce(
  db: Database,
  secret: string,
  userId: string,
  nonce: string,
  now: Date,
): Promise<boolean> {
  const made = await readSignedValue(secret, webWalletNonceLabel(userId), nonce, now);
  return made !== null && (await spendOnce(db, "c-nonce", nonce, made.expiresAt));
}

/**
 * Checks the wallet's proofs of possession (server/issuance/key-proofs.ts, the check every issuance
 * makes): each a JWT of typ openid4vci-proof+jwt signed by the key in its own `jwk` header (ES256
 * or EdDSA, public only), audience the issuer, fresh; all over the one nonce this user was given
 * and has not used, each for its own key. The nonce is spent only once every proof has passed, so
 * a refused request leaves nothing issued. Returns the holder's public keys, in the proofs' order.
 */
async function verifyProofs(
  db: Database,
  secret: string,
  userId: string,
  proofs: readonly unknown[],
  audience: string,
  now: Date,
): Promise<PublicJwk[]> {
  const checked = [];
  for (const proof of proofs) {
    const result = await verifyKeyProof(proof, { typ: PROOF_TYP, audience, now });
    if (!result.ok)
      throw new WordedServiceError(400, issuanceErrors.proofInvalid, "PROOF_INVALID", { reason: result.reason });
    checked.push(result);
  }
  const thumbprints = await Promise.all(checked.map((result) => jwkThumbprint(result.jwk)));
  if (new Set(thumbprints).size !== thumbprints.length)
    throw new WordedServiceError(400, issuanceErrors.proofInvalid, "PROOF_INVALID", {
      reason: "each proof must be for its own key",
    });
  const nonce = checked[0]?.payload.nonce;
  if (
    typeof nonce !== "string" ||
    checked.some((result) => result.payload.nonce !== nonce) ||
    !(await consumeIssuanceNonce(db, secret, userId, nonce, now))
  ) {
    throw new WordedServiceError(400, issuanceErrors.proofNonce, "PROOF_NONCE");
  }
  return checked.map((result) => result.jwk);
}

export interface IssueRequest {
  db: Database;
  /** The worker secret the web wallet's nonces are made under (createIssuanceNonce). */
  secret: string;
  keys: IssuerKeys;
  base: string;
  userId: string;
  type: string;
  /** One proof of possession: one copy (the spec's body, `{proof}`). */
  proof?: unknown;
  /**
   * Or one proof per copy, up to WEB_WALLET_COPIES, all over the same nonce, each for its own key
   * (issue 22: the web wallet keeps a few copies and shows a fresh one to each verifier).
   */
  proofs?: readonly unknown[];
  now?: Date;
  /**
   * Told which older copies the new credential revoked (issue 20): the caller audits it as the
   * person's act (auditAct), since only it holds the request.
   */
  onReplaced?: (replaced: { ids: string[]; replacedBy: string; type: string }) => void;
}

/**
 * Issues the authority's record of `type` about the user as SD-JWT VCs, one copy bound to each
 * device key proved in `proof` or `proofs`, all one issuance. What the web wallet held of this type
 * (on another device, or an older issuance) is revoked and marked as replaced, so one type is held
 * once here. Copies held in other wallet apps (issue 22) stay: the person revokes those themselves.
 * Answers the credential as the wallet lists it (its copies grouped, listWalletCredentials).
 */
export async function issueToHolder(input: IssueRequest): Promise<WalletCredential> {
  const { db, secret, keys, base, userId } = input;
  const now = input.now ?? new Date();
  const type = credentialTypeOf(input.type);
  const proofs = input.proofs ?? (input.proof === undefined ? [] : [input.proof]);
  if (proofs.length === 0 || proofs.some((proof) => typeof proof !== "string" || proof.length === 0)) {
    throw new WordedServiceError(400, issuanceErrors.proofRequired, "PROOF_REQUIRED");
  }
  if (proofs.length > WEB_WALLET_COPIES)
    throw new WordedServiceError(400, issuanceErrors.proofInvalid, "PROOF_INVALID", {
      reason: `at most ${WEB_WALLET_COPIES} proofs, one per copy`,
    });

  const record = await authorityRecordFor(db, userId, type, now);
  const holderJwks = await verifyProofs(db, secret, userId, proofs, issuerUrl(base, type.issuerId), now);
  const issued = await issueCopies({
    db,
    keys,
    base,
    userId,
    type,
    record,
    holderJwks,
    wallet: "web",
    now,
    onReplaced: input.onReplaced,
  });
  return walletCredentialOf(issued.credentials, now, 0);
}

/** Where copies go (credential_issuances.wallet): this platform's web wallet, or another wallet app. */
export type HolderWallet = "web" | "app";

export interface CopiesRequest {
  db: Database;
  keys: IssuerKeys;
  base: string;
  userId: string;
  type: CredentialType;
  /** The authority's record the copies carry (authorityRecordFor: current, the person's own). */
  record: AuthorityRecord;
  /** One copy per key, each bound to its key (cnf.jwk) and on its own status index. */
  holderJwks: readonly PublicJwk[];
  wallet: HolderWallet;
  /** The wallet app's client id, when it gave one. */
  clientId?: string | null;
  /** The access token that asked (its hash): the one that may notify about the issuance. */
  tokenHash?: string | null;
  now: Date;
  /** Told which older web-wallet copies the new one revoked (web wallet only). */
  onReplaced?: IssueRequest["onReplaced"];
  /**
   * HAIP 1.0's profile (ADR 047): the authority's certified key signs ES256 with its chain in `x5c`,
   * and each copy's status names the list as signed for it (statusListUri). Absent: Ed25519.
   */
  certified?: CertifiedKey;
}

export interface IssuedCopies {
  issuanceId: string;
  /** What the wallet names the issuance by at the notification endpoint (wallet apps only). */
  notificationId: string | null;
  credentials: (typeof credentials.$inferSelect)[];
}

/**
 * Signs the record once per holder key, each copy on its own random status index, and writes the
 * copies, the issuance they belong to and the log line in one batch: all of it happens, or none.
 * Copies share nothing a verifier sees but the claims themselves (no common index, key or salt),
 * so showing one copy to each verifier leaves them nothing to link. Revoking the credential revokes
 * every copy of its issuance (revocation.ts).
 *
 * Issued to the web wallet, the new copy replaces what the person held there of this type (see
 * issueToHolder); issued to a wallet app, it replaces nothing.
 */
export async function issueCopies(input: CopiesRequest): Promise<IssuedCopies> {
  const { db, keys, base, userId, type, record, holderJwks, wallet, now, certified } = input;
  const issuer = keys.get(type.issuerId);
  if (!issuer) throw new Error(`no signing key for ${type.issuerId}`);
  const iss = issuerUrl(base, type.issuerId);
  const iat = Math.floor(now.getTime() / 1000);
  const exp = Math.floor(record.validUntil.getTime() / 1000);
  const vct = vctUrl(base, type.code);

  // Copies of this type the person holds in the web wallet now: a new web-wallet copy replaces them
  // (read to name the log line; the batch below revokes whatever is held when it runs). A paper
  // credential (paper.ts) is not a copy in a wallet: it stays valid until its own expiry or a
  // revocation; nor is a copy in a wallet app, which the person revokes themselves.
  const held = and(
    eq(credentials.userId, userId),
    eq(credentials.type, type.code),
    isNull(credentials.revokedAt),
    ne(credentials.status, "revoked"),
    sql`coalesce(json_extract(${credentials.metadata}, '$.delivery'), 'device') <> ${PAPER_DELIVERY}`,
    sql`coalesce(json_extract(${credentials.metadata}, '$.wallet'), 'web') = 'web'`,
  );
  const replacing = wallet === "web";
  const previous = replacing ? await db.select({ id: credentials.id }).from(credentials).where(held) : [];

  const list = await openStatusList(db, type.issuerId, base);
  const { claims, structured } = recordClaims(record, now);
  const issuanceId = crypto.randomUUID();
  const notificationId = wallet === "app" ? base64urlEncode(crypto.getRandomValues(new Uint8Array(16))) : null;
  // A status-slot collision fails the whole batch, which withStatusSlots makes again with other slots.
  // Sorted, so the first copy is the one the wallet lists the issuance by (the lowest id,
  // credentials.ts heldBy): the log line and a replaced copy's replacedBy name that copy too.
  const ids = holderJwks.map(() => crypto.randomUUID()).sort();
  const { inserted, replaced } = await withStatusSlots(db, list.listId, holderJwks.length, async (indexes) => {
    const rows = await Promise.all(
      holderJwks.map(async (holderJwk, n) => {
        const id = ids[n]!;
        const index = indexes[n]!;
        const metadata: CredentialMetadata = {
          holderKeyThumbprint: await jwkThumbprint(holderJwk),
          vct,
          authorityRecordId: record.id,
          ...(wallet === "app" ? { wallet } : {}),
          ...(certified ? { signing: "haip" } : {}),
        };
        const vcJwt = await issueCredential({
          issuer: certified
            ? { iss, kid: certified.kid, privateKey: certified.privateKey, x5c: certified.x5c }
            : { iss, kid: issuer.kid, privateKey: issuer.privateKey },
          vct,
          holderPublicJwk: holderJwk,
          claims,
          structured,
          status: { idx: index, uri: certified ? certifiedStatusListUri(list.uri) : list.uri },
          iat,
          exp,
          decoys: 2,
        });
        return {
          id,
          userId,
          type: type.code,
          status: "active",
          vcJwt,
          issuer: iss,
          issuedAt: now,
          expiresAt: record.validUntil,
          statusListId: list.listId,
          statusListIndex: index,
          metadata,
          issuanceId,
        } satisfies typeof credentials.$inferInsert;
      }),
    );
    const [, insertedRows, , replacedRows] = await db.batch([
      db.insert(credentialIssuances).values({
        id: issuanceId,
        userId,
        type: type.code,
        wallet,
        clientId: input.clientId ?? null,
        copies: rows.length,
        notificationId,
        tokenHash: input.tokenHash ?? null,
        createdAt: now,
      }),
      db.insert(credentials).values(rows).returning(),
      db.insert(walletEvents).values({
        userId,
        kind: previous.length ? "credential_reissued" : "credential_issued",
        credentialId: rows[0]!.id,
        detail: { type: type.code, issuer: type.issuerId, wallet, copies: rows.length, issuanceId },
        createdAt: now,
      }),
      // The older copies: revoked and marked as replaced (hidden from the wallet, kept for the audit trail).
      db
        .update(credentials)
        .set({
          status: "revoked",
          revokedAt: now,
          metadata: sql`json_set(coalesce(${credentials.metadata}, '{}'), '$.revocationReason', 'reissued', '$.replacedBy', ${rows[0]!.id})`,
        })
        .where(replacing ? and(held, sql`coalesce(${credentials.issuanceId}, '') <> ${issuanceId}`) : sql`false`)
        .returning({ id: credentials.id, statusListId: credentials.statusListId }),
    ]);
    return { inserted: insertedRows, replaced: replacedRows };
  });
  if (replaced.length)
    input.onReplaced?.({ ids: replaced.map((r) => r.id), replacedBy: inserted[0]!.id, type: type.code });
  await republishAfterCommit(
    db,
    replaced.map((r) => r.statusListId),
    "a re-issue",
  );
  return { issuanceId, notificationId, credentials: inserted };
}
