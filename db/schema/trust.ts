// Issue 23: the trust list. Which roots and issuer keys the verifier trusts, for which checks.
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";
import { createdAt, json, timestamp, uuidPk } from "./columns.ts";

export const TRUST_ENTRY_KINDS = ["mdoc_iaca_root", "sd_jwt_vc_issuer_certificate"] as const;
export const TRUST_ENTRY_STATES = ["proposed", "active", "retired"] as const;
export const TRUST_EVENT_ACTIONS = ["proposed", "approved", "rejected", "retired"] as const;

/**
 * A trusted root or issuer key (ADR 050): an mdoc IACA root (a document signer must chain to it) or
 * an SD-JWT VC issuer certificate. Maker-checker: one administrator proposes an entry, another
 * approves it; only an active entry is trusted, and only for the checks it names. An entry is never
 * edited in what it trusts: a changed certificate or scope is a new proposal, the old one retired.
 * Seeded demo and test entries have no proposer (made by the platform, not a person).
 */
export const trustListEntries = sqliteTable(
  "trust_list_entries",
  {
    id: uuidPk(),
    kind: text("kind", { enum: TRUST_ENTRY_KINDS }).notNull(),
    /** The certificate, base64 DER (PEM is accepted on input and stored as its base64 DER). */
    certificate: text("certificate").notNull(),
    /** Who it is, as a verifier's result names the issuer ("DVLA IACA", "Bundesdruckerei PID"). */
    name: text("name").notNull(),
    /** The checks it is trusted for (core/verification/checks.ts CHECK_TYPES). */
    checks: json<string[]>("checks").notNull(),
    state: text("state", { enum: TRUST_ENTRY_STATES }).notNull().default("proposed"),
    proposedBy: text("proposed_by").references(() => users.id),
    proposedAt: createdAt("proposed_at"),
    approvedBy: text("approved_by").references(() => users.id),
    approvedAt: timestamp("approved_at"),
    retiredBy: text("retired_by").references(() => users.id),
    retiredAt: timestamp("retired_at"),
  },
  (t) => [
    index("trust_list_entries_state_idx").on(t.state, t.kind),
    // SECURITY.md, dual control: whoever proposed an entry never approves it (also in the data).
    check("trust_list_entries_four_eyes", sql`${t.approvedBy} is null or ${t.approvedBy} is not ${t.proposedBy}`),
    check(
      "trust_list_entries_active_approved",
      sql`${t.state} <> 'active' or ${t.proposedBy} is null or ${t.approvedBy} is not null`,
    ),
  ],
);

/**
 * Every change to the trust list, appended and never updated or deleted by the application: who,
 * when, what (the action on which entry), why. The administrators' screens (a later slice) write it
 * in the same batch as the change.
 */
export const trustListEvents = sqliteTable(
  "trust_list_events",
  {
    id: uuidPk(),
    entryId: text("entry_id")
      .notNull()
      .references(() => trustListEntries.id),
    action: text("action", { enum: TRUST_EVENT_ACTIONS }).notNull(),
    actorId: text("actor_id").references(() => users.id),
    reason: text("reason"),
    at: createdAt("at"),
  },
  (t) => [index("trust_list_events_entry_idx").on(t.entryId, t.at)],
);
