// Issue 22 (ADR 045): what OpenID4VCI issuance to any wallet keeps: offers, access tokens, where each
// issuance went, and the single-use values (proof nonces, DPoP proof ids) already spent.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";
import { createdAt, json, timestamp } from "./columns.ts";

/**
 * A credential offer (OpenID4VCI 1.0 section 4) the person asked for, for their own wallet app: a
 * pre-authorized code and a transaction code shown apart from it. The code itself is never stored:
 * it is derived from the id under a worker secret (server/issuance/offers.ts), and only its hash is
 * kept to look it up. The transaction code is kept as a keyed digest. The offer works once and for
 * minutes: consumed by the first token request with the right transaction code, void after five
 * wrong ones.
 */
export const credentialOffers = sqliteTable(
  "credential_offers",
  {
    /** Random, 128 bits: the last segment of credential_offer_uri. */
    id: text("id").primaryKey(),
    /** Whose record the offer issues: the person who asked (or the assisted session's client). */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential issuer (core/issuers/registry.ts IssuerId). */
    issuerId: text("issuer_id").notNull(),
    /** The credential configurations offered (type codes). */
    configurationIds: json<string[]>("configuration_ids").notNull(),
    /** SHA-256 of the pre-authorized code (base64url): what the token endpoint looks it up by. */
    codeHash: text("code_hash").notNull().unique(),
    /** HMAC of the transaction code under the worker secret; null when the offer needs none. */
    txCodeDigest: text("tx_code_digest"),
    /** Wrong transaction codes tried: at 5 the offer is void. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    /** Where it was made: "wallet" (the person's own /wallet) or "assisted" (an operator's console). */
    channel: text("channel", { enum: ["wallet", "assisted"] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
    consumedAt: timestamp("consumed_at"),
    voidedAt: timestamp("voided_at"),
  },
  (t) => [index("credential_offers_user_idx").on(t.userId, t.createdAt)],
);

/**
 * An access token the platform's authorization server issued (RFC 6749, RFC 9449): opaque, stored
 * as its SHA-256, bound to the DPoP key that asked for it and to the configurations it may issue.
 */
export const oauthAccessTokens = sqliteTable(
  "oauth_access_tokens",
  {
    /** SHA-256 of the token (base64url). */
    tokenHash: text("token_hash").primaryKey(),
    /** The person the credentials are about. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    issuerId: text("issuer_id").notNull(),
    configurationIds: json<string[]>("configuration_ids").notNull(),
    /** RFC 7638 thumbprint of the DPoP key: only proofs signed with it may use the token. */
    jkt: text("jkt").notNull(),
    /** The client that asked, when it said (null: an anonymous pre-authorized request). */
    clientId: text("client_id"),
    /** The offer it was redeemed from, if any. */
    offerId: text("offer_id"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
    /** When the credential endpoint issued with it: one issuance per token. */
    usedAt: timestamp("used_at"),
  },
  (t) => [index("oauth_access_tokens_expiry_idx").on(t.expiresAt)],
);

/**
 * One issuance: the copies of a credential issued together (a batch, each bound to its own key),
 * where they went and what the wallet said about them (the notification endpoint).
 */
export const credentialIssuances = sqliteTable(
  "credential_issuances",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** "web" (this platform's web wallet) or "app" (another wallet app, through OpenID4VCI). */
    wallet: text("wallet", { enum: ["web", "app"] }).notNull(),
    /** The wallet app's client id, when it gave one. */
    clientId: text("client_id"),
    copies: integer("copies").notNull(),
    /** Random; the wallet names the issuance by it at the notification endpoint (VCI 11). */
    notificationId: text("notification_id").unique(),
    /** The access token that issued it (its hash): only that token may notify about it. */
    tokenHash: text("token_hash"),
    /** The last notification: credential_accepted, credential_failure or credential_deleted. */
    notifiedEvent: text("notified_event"),
    notifiedAt: timestamp("notified_at"),
    createdAt: createdAt(),
  },
  (t) => [index("credential_issuances_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Values that may be used once and are already spent until they expire: a proof's c_nonce, a
 * DPoP proof's jti. Keyed by a hash of the value with its kind, so a reader learns nothing.
 */
export const spentValues = sqliteTable(
  "spent_values",
  {
    digest: text("digest").primaryKey(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [index("spent_values_expiry_idx").on(t.expiresAt)],
);
