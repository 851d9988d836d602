// Issue 4: what the wallet, issuance and sharing keep beside the spec's own tables.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";
import { bool, createdAt, json, timestamp, uuidPk } from "./columns.ts";
import { credentials } from "./credentials.ts";

/**
 * The authorities' own records about a person: what an issuer attests. Issuance reads these,
 * never what the citizen types. Seeded for the demo citizen; assisted sessions add more.
 */
export const authorityRecords = sqliteTable(
  "authority_records",
  {
    id: uuidPk(),
    /**
     * The account the record belongs to. Null while the authority knows the person only by an
     * identity document: an assisted session links it once an operator has checked the document
     * and the person, with a supervisor's approval (issue 10).
     */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Credential type code: rtw, rtr, dbs, driving_licence, professional_certificate. */
    type: text("type").notNull(),
    /** The issuing authority's id (core/issuers/registry.ts). */
    issuerId: text("issuer_id").notNull(),
    /** The attested claims, as the credential will carry them. */
    attributes: json<Record<string, unknown>>("attributes").notNull(),
    /** How long the authority vouches for the record; the credential never outlives it. */
    validUntil: timestamp("valid_until").notNull(),
    source: text("source").notNull().default("authority"),
    /**
     * "complete", or "pending" while the authority has not finished its check (an enhanced DBS
     * check awaiting police records, issue 22): nothing is issued from a pending record; a wallet
     * app that asked is told to come back (deferred issuance).
     */
    status: text("status", { enum: ["complete", "pending"] })
      .notNull()
      .default("complete"),
    /** The identity document the authority knows the person by (core/assisted DOCUMENT_TYPES), if any. */
    documentType: text("document_type"),
    /** Its number, upper case: what an operator's check of the document is matched on. */
    documentNumber: text("document_number"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("authority_records_user_type_idx").on(t.userId, t.type),
    index("authority_records_document_idx").on(t.documentType, t.documentNumber),
  ],
);

/**
 * A citizen's share of one credential: a link anybody holding it can open for 24 hours to see
 * whether the credential is valid now, without personal details (docs/decisions/010).
 */
export const shares = sqliteTable(
  "shares",
  {
    /** Random, unguessable; the link's identifier. Not the credential id. */
    id: text("id").primaryKey(),
    credentialId: text("credential_id")
      .notNull()
      .references(() => credentials.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sharedWith: text("shared_with"),
    purpose: text("purpose").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
    revokedAt: timestamp("revoked_at"),
    /** Times the link was opened and checked. */
    viewCount: integer("view_count").notNull().default(0),
    /**
     * "link": made by the holder to share (listed on /shares). "certificate": the link printed as
     * a QR code on a credential certificate, made by the download and reused by the next one.
     */
    kind: text("kind", { enum: ["link", "certificate"] })
      .notNull()
      .default("link"),
  },
  (t) => [index("shares_user_idx").on(t.userId, t.createdAt)],
);

/** The wallet's activity log: what happened to a citizen's credentials, newest first. */
export const walletEvents = sqliteTable(
  "wallet_events",
  {
    id: uuidPk(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** credential_issued, credential_revoked, credential_reissued, credential_verified, share_created, share_revoked, share_viewed, certificate_downloaded. */
    kind: text("kind").notNull(),
    credentialId: text("credential_id"),
    shareId: text("share_id"),
    detail: json<Record<string, unknown>>("detail"),
    createdAt: createdAt(),
  },
  (t) => [
    index("wallet_events_user_idx").on(t.userId, t.createdAt),
    index("wallet_events_kind_created_idx").on(t.kind, t.createdAt),
  ],
);

/** Profile fields beyond the users table (spec /profile sections). Null means not provided yet. */
export const userProfiles = sqliteTable("user_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  phone: text("phone"),
  dateOfBirth: text("date_of_birth"),
  addressLine1: text("address_line1"),
  addressLine2: text("address_line2"),
  town: text("town"),
  postcode: text("postcode"),
  emergencyContactName: text("emergency_contact_name"),
  emergencyContactPhone: text("emergency_contact_phone"),
  emergencyContactRelationship: text("emergency_contact_relationship"),
  /** Privacy choices: null until the user has decided. */
  shareAnalytics: bool("share_analytics"),
  notifyOnVerification: bool("notify_on_verification"),
  updatedAt: createdAt("updated_at"),
});
