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
  (t) => [
    index("credential_offers_user_idx").on(t.userId, t.createdAt),
    // The housekeeping deletes offers a day after they stop working (server/analytics/retention.ts).
    index("credential_offers_expiry_idx").on(t.expiresAt),
  ],
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
    /** The authorization (code flow) it was redeemed from, if any: a code used twice revokes it. */
    authorizationId: text("authorization_id"),
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
    /**
     * What the copies are (issue 23, ADR 053): SD-JWT VCs, kept as credential rows and revocable, or
     * mDL mdocs (`mso_mdoc`), which carry no status and are not kept as rows.
     */
    format: text("format", { enum: ["dc+sd-jwt", "mso_mdoc"] })
      .notNull()
      .default("dc+sd-jwt"),
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

/**
 * A credential request a wallet app made while the authority's record was still pending
 * (OpenID4VCI 1.0 section 9): the keys it proved, kept (public halves only) so that the copies can
 * be issued to them once the record is complete, collected with the same access token.
 */
export const credentialTransactions = sqliteTable(
  "credential_transactions",
  {
    /** SHA-256 of the transaction_id handed to the wallet (base64url). */
    idHash: text("id_hash").primaryKey(),
    /** The access token that made the request: only it may collect. */
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** The proved holder keys (public JWKs), one copy each. */
    holderJwks: json<Record<string, unknown>[]>("holder_jwks").notNull(),
    createdAt: createdAt(),
    /** A transaction not collected by then is dropped. */
    expiresAt: timestamp("expires_at").notNull(),
    /** When the copies were issued and collected. */
    collectedAt: timestamp("collected_at"),
  },
  (t) => [
    index("credential_transactions_user_idx").on(t.userId),
    index("credential_transactions_expiry_idx").on(t.expiresAt),
  ],
);

/**
 * The authorization code flow (RFC 6749 4.1 with PAR, RFC 9126, and PKCE, RFC 7636; issue 22): a
 * pushed authorization request, then the person's sign-in and consent at /oauth/authorize, then
 * the code the wallet redeems once at the token endpoint. One row carries the request and the code.
 */
export const oauthAuthorizations = sqliteTable(
  "oauth_authorizations",
  {
    id: text("id").primaryKey(),
    /** SHA-256 of request_uri (base64url): what /oauth/authorize looks the request up by. */
    requestUriHash: text("request_uri_hash").notNull().unique(),
    clientId: text("client_id").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    /** The credential issuer the scopes name (one per request). */
    issuerId: text("issuer_id").notNull(),
    configurationIds: json<string[]>("configuration_ids").notNull(),
    /** PKCE S256 challenge. */
    codeChallenge: text("code_challenge").notNull(),
    state: text("state"),
    /** issuer_state from an offer, if the wallet sent one. */
    issuerState: text("issuer_state"),
    /** Thumbprint of the DPoP key the request was pushed with: the code is bound to it. */
    dpopJkt: text("dpop_jkt"),
    createdAt: createdAt(),
    /** request_uri's expiry. */
    expiresAt: timestamp("expires_at").notNull(),
    /** The person who signed in and consented. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the authorization code (base64url), once consented. */
    codeHash: text("code_hash").unique(),
    codeExpiresAt: timestamp("code_expires_at"),
    /** When the code was redeemed (once). */
    consumedAt: timestamp("consumed_at"),
  },
  (t) => [index("oauth_authorizations_expiry_idx").on(t.expiresAt)],
);
