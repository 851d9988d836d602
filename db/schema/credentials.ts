// Spec 000 §3: credential_schemas, credentials, presentations, status_lists, verification_requests.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";
import { bool, createdAt, json, timestamp, uuidPk } from "./columns.ts";

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
  },
  (t) => [
    index("credentials_user_idx").on(t.userId),
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

export const presentations = sqliteTable("presentations", {
  id: uuidPk(),
  credentialId: text("credential_id").references(() => credentials.id),
  verifierId: text("verifier_id").references(() => users.id),
  requestId: text("request_id"),
  purpose: text("purpose").notNull(),
  presentedAttributes: json<Record<string, unknown>>("presented_attributes"),
  verificationResult: text("verification_result"),
  verifiedAt: createdAt("verified_at"),
  ipAddress: text("ip_address"),
  userAgent: text("user_agent"),
});

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

export const verificationRequests = sqliteTable("verification_requests", {
  id: uuidPk(),
  verifierId: text("verifier_id")
    .notNull()
    .references(() => users.id),
  credentialType: text("credential_type").notNull(),
  requestedAttributes: json<string[]>("requested_attributes"),
  purpose: text("purpose").notNull(),
  nonce: text("nonce").notNull(),
  expiresAt: timestamp("expires_at").notNull(),
  createdAt: createdAt(),
});
