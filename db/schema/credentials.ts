// Spec 000 §3: credential_schemas, credentials, presentations, status_lists, verification_requests.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";
import { bool, createdAt, json, timestamp, uuidPk } from "./columns.ts";
import { credentialIssuances } from "./issuance.ts";

export const credentialSchemas = sqliteTable("credential_schemas", {
  id: uuidPk(),
  type: text("type").notNull(),
  version: text("version").notNull().default("1.0"),
  schema: json<Record<string, unknown>>("schema"),
  isActive: bool("is_active").notNull().default(true),
  createdAt: createdAt(),
});

export const credentials = sqliteTable(
  "credentials",
  {
    id: uuidPk(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    status: text("status").notNull().default("active"),
    vcJwt: text("vc_jwt").notNull(),
    issuer: text("issuer").notNull(),
    issuedAt: createdAt("issued_at"),
    expiresAt: timestamp("expires_at"),
    revokedAt: timestamp("revoked_at"),
    statusListIndex: integer("status_list_index"),
    /** The status list the index belongs to (issue 4): with the index, unique. */
    statusListId: text("status_list_id").references(() => statusLists.id),
    metadata: json<CredentialMetadata>("metadata"),
    /** The issuance it is a copy of (issue 22): copies issued together share it, and are revoked together. */
    issuanceId: text("issuance_id").references(() => credentialIssuances.id),
  },
  (t) => [
    index("credentials_user_idx").on(t.userId),
    index("credentials_issuance_idx").on(t.issuanceId),
    // Two credentials can never share a status bit: allocation retries on this constraint.
    uniqueIndex("credentials_status_slot_idx").on(t.statusListId, t.statusListIndex),
    // A list's revoked credentials, counted whenever the list is read (status-lists.ts).
    index("credentials_status_revoked_idx").on(t.statusListId, t.revokedAt),
  ],
);

/** What the platform keeps beside the SD-JWT itself (never personal claims in clear). */
export interface CredentialMetadata {
  /** RFC 7638 thumbprint of the holder key in cnf.jwk: which device can present it. */
  holderKeyThumbprint?: string;
  vct?: string;
  /** Set when the credential was re-issued to another device key; the old one is revoked. */
  replacedBy?: string;
  revocationReason?: string;
  [key: string]: unknown;
}

/**
 * Every check of a credential: a share link or certificate opened (verifier null), and every
 * presentation the verifier worker judged, online or offline, valid or not (issue 9). It keeps no
 * address and no user agent of the wallet or the viewer (issue 20, ADR 031): no screen needs them,
 * and the privacy policy promises none. Rows older than the retention period are deleted (ADR 031).
 */
export const presentations = sqliteTable(
  "presentations",
  {
    id: uuidPk(),
    credentialId: text("credential_id").references(() => credentials.id),
    verifierId: text("verifier_id").references(() => users.id),
    requestId: text("request_id"),
    purpose: text("purpose").notNull(),
    presentedAttributes: json<Record<string, unknown>>("presented_attributes"),
    /** "valid", or the reason code it failed on (core/credentials/errors.ts, server/verification). */
    verificationResult: text("verification_result"),
    /**
     * Whether a valid credential passed the check (ADR 033): "passed" or "failed"; null when not
     * evaluated (not valid, no check, or recorded before issue 20).
     */
    outcome: text("outcome", { enum: ["passed", "failed"] }),
    /** Why it failed: core/verification/checks.ts OUTCOME_REASONS (its words are read from there). */
    outcomeReason: text("outcome_reason"),
    verifiedAt: createdAt("verified_at"),
    /** The verifier organisation that checked (verifier worker checks only). */
    organisationId: text("organisation_id").references(() => verifierOrganisations.id),
    /** The check asked for (core/verification/checks.ts CHECK_TYPES; verifier worker checks only). */
    checkType: text("check_type"),
    /** "online" (an OpenID4VP request), "offline" (a scanned or pasted QR), "share" (a share link or certificate). */
    mode: text("mode", { enum: ["online", "offline", "share"] }),
    /** The credential's issuer URL and vct, as presented (also for credentials that are not ours). */
    issuer: text("issuer"),
    vct: text("vct"),
    /**
     * The credential's format (issue 23): "dc+sd-jwt" or "mso_mdoc"; null on records kept before
     * mdoc was accepted (all SD-JWT). An mdoc has no vct and no status list: its doctype instead.
     */
    format: text("format", { enum: ["dc+sd-jwt", "mso_mdoc"] }),
    doctype: text("doctype"),
    /** SHA-256 (base64url) of the presentation as received: the receipt names it. */
    presentationHash: text("presentation_hash"),
    /** The verifier's confirmation that the person in front of them matches the credential. */
    visualMatchAt: timestamp("visual_match_at"),
    visualMatchBy: text("visual_match_by").references(() => users.id),
  },
  (t) => [
    index("presentations_organisation_idx").on(t.organisationId, t.verifiedAt),
    index("presentations_credential_idx").on(t.credentialId, t.verifiedAt),
    index("presentations_request_idx").on(t.requestId),
    // Every check in a time window (Gabriel's events, issue 11).
    index("presentations_verified_idx").on(t.verifiedAt),
  ],
);

/**
 * Token Status Lists (draft-ietf-oauth-status-list). `encodedList` is the published `lst`
 * (zlib, base64url) at `version`; `publishedUrl` is the list's URI (the token's `sub`).
 */
export const statusLists = sqliteTable("status_lists", {
  id: uuidPk(),
  purpose: text("purpose"),
  encodedList: text("encoded_list"),
  version: integer("version").notNull().default(1),
  lastUpdated: createdAt("last_updated"),
  publishedUrl: text("published_url"),
  /** The authority whose key signs this list (core/issuers/registry.ts). */
  issuerId: text("issuer_id"),
  /** Entries in the list (fixed at creation) and bits per entry. */
  size: integer("size"),
  bits: integer("bits").notNull().default(1),
  /**
   * How many of the list's credentials were revoked when `encodedList` was built. Revocations
   * only ever add to it, so a different count on read means a revocation the list has not caught
   * up with (server/credentials/status-lists.ts).
   */
  revokedCount: integer("revoked_count").notNull().default(0),
});

/**
 * OpenID4VP requests (issue 9). The immutable part is written once here; the live state (status,
 * result) has one writer, the request's Durable Object, which writes it through to this row.
 */
export const verificationRequests = sqliteTable(
  "verification_requests",
  {
    id: uuidPk(),
    /** The person who asked; null when the organisation asked with an API key. */
    verifierId: text("verifier_id").references(() => users.id),
    credentialType: text("credential_type").notNull(),
    requestedAttributes: json<string[]>("requested_attributes"),
    purpose: text("purpose").notNull(),
    nonce: text("nonce").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
    organisationId: text("organisation_id").references(() => verifierOrganisations.id),
    /** The OpenID4VP client_id with its prefix (docs/decisions/015). */
    clientId: text("client_id"),
    /** SHA-256 (base64url) of the request's `state`: the response endpoint finds the request by it. */
    stateHash: text("state_hash"),
    status: text("status", { enum: ["pending", "completed", "declined", "expired", "failed"] })
      .notNull()
      .default("pending"),
    result: json<Record<string, unknown>>("result"),
    completedAt: timestamp("completed_at"),
  },
  (t) => [
    uniqueIndex("verification_requests_state_idx").on(t.stateHash),
    index("verification_requests_organisation_idx").on(t.organisationId, t.createdAt),
    index("verification_requests_created_idx").on(t.createdAt),
  ],
);

/** Organisations registered to verify (an employer, a letting agent): the name a citizen sees. */
export const verifierOrganisations = sqliteTable(
  "verifier_organisations",
  {
    id: uuidPk(),
    name: text("name").notNull().unique(),
    /** Check types this organisation is registered for (core/verification/checks.ts CHECK_TYPES). */
    allowedChecks: json<string[]>("allowed_checks").notNull(),
    createdBy: text("created_by").references(() => users.id),
    createdAt: createdAt(),
    /**
     * The base its client identifier hangs from (`{base}/verifiers/{id}`), fixed when it was
     * registered: PUBLIC_BASE_URL, or locally the web worker's own origin (ADR 034).
     */
    identifierBase: text("identifier_base"),
    /**
     * The platform's Verifier Attestation JWT for it, signed by the web worker with the trust
     * anchor's key at registration and on renewal (ADR 034); the verifier only reads it.
     */
    attestation: text("attestation"),
    /** When the attestation ends (its `exp`): no request may outlive it. */
    attestationExpiresAt: timestamp("attestation_expires_at"),
    /**
     * Its verifier certificate chain for x509_hash requests (ADR 051): base64 DER, leaf first (the
     * verifier's request key, the organisation's identifier as SAN URI), then the trust anchor's
     * CA certificate; never the root. Signed with the attestation and ending with it; null where
     * the deployment has no root.
     */
    x509Chain: json<string[]>("x509_chain"),
    /**
     * The websites (origins) from which the organisation asks through the browser's Digital
     * Credentials API (issue 23, ADR 054): its requests' expected_origins, beside the platform's own.
     * Set by an administrator; null or empty, only the platform's own pages may ask.
     */
    webOrigins: json<string[]>("web_origins"),
  },
  // "Acme Ltd" and "ACME LTD" would be one organisation to a citizen: one name, whatever its case.
  (t) => [uniqueIndex("verifier_organisations_name_lower_idx").on(sql`lower(${t.name})`)],
);

/** An organisation's API keys: only a hash is kept; the prefix names it in lists. */
export const verifierApiKeys = sqliteTable(
  "verifier_api_keys",
  {
    id: uuidPk(),
    organisationId: text("organisation_id")
      .notNull()
      .references(() => verifierOrganisations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The key's first characters, shown in lists. */
    prefix: text("prefix").notNull(),
    /** SHA-256 (base64url) of the whole key. */
    keyHash: text("key_hash").notNull().unique(),
    createdBy: text("created_by").references(() => users.id),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at"),
    revokedAt: timestamp("revoked_at"),
  },
  (t) => [index("verifier_api_keys_organisation_idx").on(t.organisationId)],
);

/** Holder nonces of offline presentations seen inside their window: each is accepted once. */
export const offlineNonces = sqliteTable(
  "offline_nonces",
  {
    /** SHA-256 (base64url) of the KB-JWT nonce. */
    nonceHash: text("nonce_hash").primaryKey(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [index("offline_nonces_expires_idx").on(t.expiresAt)],
);
