/**
 * Administrators change the trust list (issue 23, ADR 050's amendment): one proposes an entry,
 * another approves it (maker-checker, SECURITY.md "Dual control"); a proposal can be rejected and
 * an active entry retired. Each change and its trust_list_events row are one batch (one
 * transaction): the event is inserted only when the guarded update changed the entry (`changes()`),
 * so a change without its event, or an event of a change that lost a race, cannot be stored.
 *
 * A rejected proposal is stored as state `retired` with an event `rejected` (never approved: the
 * screens call it rejected); no new state, so no migration. Nothing here edits what an entry trusts.
 *
 * The verifier reads only active entries (trust-list.ts). An approval counts at once there (its
 * `fresh` re-read); a retirement is certain in the database at once, but an isolate that read the
 * list less than 60 s ago may trust the retired root until its copy ends.
 */
import { desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import * as z from "zod";
import { CredentialError } from "#core/credentials/errors.ts";
import { type CertificateSummary, describeCertificate } from "#core/credentials/x509.ts";
import { CHECK_TYPES, type CheckType } from "#core/verification/checks.ts";
import type { Database } from "#db/client.ts";
import {
  TRUST_ENTRY_KINDS,
  type TRUST_ENTRY_STATES,
  trustListEntries,
  trustListEvents,
  users,
} from "#db/schema/index.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import { certificateBase64, type TrustEntryKind } from "./trust-list.ts";
import { trustListErrors } from "./worded.ts";

export type TrustEntryState = (typeof TRUST_ENTRY_STATES)[number];

/**
 * How long a proposal may wait for its approval (SECURITY.md, dual control: an approval expires).
 * Older, it can only be rejected, and proposed again if still wanted: what the approver checks
 * (the certificate, its fingerprint from its owner) should be fresh, not a fortnight-old request.
 */
const PROPOSAL_LIFETIME_MS = 14 * 86_400_000;

/** Who did something to an entry, and when (null: the platform did, e.g. the demo seed). */
export interface TrustActor {
  id: string | null;
  username: string | null;
  name: string | null;
  at: string | null;
}

export interface TrustListEntry {
  id: string;
  kind: TrustEntryKind;
  name: string;
  checks: CheckType[];
  state: TrustEntryState;
  /** Retired without ever being approved: a proposal someone rejected. */
  rejected: boolean;
  /** A proposal older than PROPOSAL_LIFETIME_MS: it can no longer be approved, only rejected. */
  stale: boolean;
  proposed: TrustActor;
  approved: TrustActor | null;
  retired: TrustActor | null;
  /** The certificate as an administrator reads it; null when the stored one no longer reads. */
  certificate: {
    subject: string;
    issuer: string;
    notBefore: string;
    notAfter: string;
    keyKind: string;
    fingerprint: string;
  } | null;
  /** The reason given with the latest change (the proposal's, the rejection's or the retirement's). */
  reason: string | null;
}

/** Why, in a person's words: kept in the event and shown on the page. */
const Reason = z.string().trim().min(3).max(500);

/** A proposal: the API's JSON body, and the page's form once read. */
export const ProposeTrustEntryBody = z.object({
  kind: z.enum(TRUST_ENTRY_KINDS),
  name: z.string().trim().min(2).max(120),
  /** One certificate: PEM, or its base64 DER (8 KB of DER at most, x509.ts). */
  certificate: z.string().trim().min(1).max(16_000),
  checks: z.array(z.enum(CHECK_TYPES)).min(1),
  reason: Reason,
});
export type ProposeInput = z.infer<typeof ProposeTrustEntryBody>;

/** Approve: a reason is optional. Reject and retire: required. */
export const TRUST_DECISIONS = { approve: "approved", reject: "rejected", retire: "retired" } as const;
export type TrustDecision = keyof typeof TRUST_DECISIONS;
export const TrustDecisionBody = {
  approve: z.object({ reason: Reason.optional() }),
  reject: z.object({ reason: Reason }),
  retire: z.object({ reason: Reason }),
} satisfies Record<TrustDecision, z.ZodType>;

/** The administrator acting. */
export interface TrustAdmin {
  id: string;
}

/**
 * Reads a proposed certificate and says why it cannot be trusted: not a certificate of the
 * profile the verifier reads (x509.ts: version 3, DER, ES256 or Ed25519 over P-256 or Ed25519),
 * not a CA where it must issue document signers, or expired.
 */
async function readProposedCertificate(
  text: string,
  kind: TrustEntryKind,
  now: Date,
): Promise<{ base64: string; summary: CertificateSummary }> {
  const base64 = certificateBase64(text);
  if (!base64) throw new WordedServiceError(400, trustListErrors.certificateUnreadable, "CERTIFICATE_UNREADABLE");
  let summary: CertificateSummary;
  try {
    summary = await describeCertificate(base64);
  } catch (error) {
    if (error instanceof CredentialError)
      throw new WordedServiceError(400, trustListErrors.certificateUnreadable, "CERTIFICATE_UNREADABLE");
    throw error;
  }
  // An IACA root issues document signers: the chain check (x509.ts assertCanIssue) needs a CA.
  if (kind === "mdoc_iaca_root" && !summary.ca)
    throw new WordedServiceError(400, trustListErrors.certificateNotCa, "CERTIFICATE_NOT_CA");
  if (summary.notAfter.getTime() <= now.getTime())
    throw new WordedServiceError(400, trustListErrors.certificateExpired, "CERTIFICATE_EXPIRED");
  return { base64, summary };
}

async function summaryOf(stored: string): Promise<TrustListEntry["certificate"]> {
  const base64 = certificateBase64(stored);
  if (!base64) return null;
  try {
    const summary = await describeCertificate(base64);
    return {
      subject: summary.subject,
      issuer: summary.issuer,
      notBefore: summary.notBefore.toISOString(),
      notAfter: summary.notAfter.toISOString(),
      keyKind: summary.keyKind,
      fingerprint: summary.fingerprint,
    };
  } catch {
    return null;
  }
}

const STATE_ORDER: Record<TrustEntryState, number> = { proposed: 0, active: 1, retired: 2 };

/** Every entry, waiting for approval first, then active, then retired; newest first within each. */
export async function listTrustEntries(db: Database, now = new Date()): Promise<TrustListEntry[]> {
  const proposer = alias(users, "proposer");
  const approver = alias(users, "approver");
  const retirer = alias(users, "retirer");
  const rows = await db
    .select({
      entry: trustListEntries,
      proposer: { username: proposer.username, firstName: proposer.firstName, lastName: proposer.lastName },
      approver: { username: approver.username, firstName: approver.firstName, lastName: approver.lastName },
      retirer: { username: retirer.username, firstName: retirer.firstName, lastName: retirer.lastName },
    })
    .from(trustListEntries)
    .leftJoin(proposer, eq(proposer.id, trustListEntries.proposedBy))
    .leftJoin(approver, eq(approver.id, trustListEntries.approvedBy))
    .leftJoin(retirer, eq(retirer.id, trustListEntries.retiredBy))
    .orderBy(desc(trustListEntries.proposedAt));
  const reasons = new Map<string, string | null>();
  if (rows.length) {
    const events = await db
      .select({ entryId: trustListEvents.entryId, reason: trustListEvents.reason })
      .from(trustListEvents)
      .where(
        inArray(
          trustListEvents.entryId,
          rows.map((row) => row.entry.id),
        ),
      )
      .orderBy(trustListEvents.at);
    for (const event of events) if (event.reason) reasons.set(event.entryId, event.reason);
  }
  const entries = await Promise.all(
    rows.map(async ({ entry, proposer, approver, retirer }): Promise<TrustListEntry> => {
      const actor = (
        id: string | null,
        person: { username: string | null; firstName: string | null; lastName: string | null } | null,
        at: Date | null,
      ): TrustActor => ({
        id,
        username: person?.username ?? null,
        name: [person?.firstName, person?.lastName].filter(Boolean).join(" ") || null,
        at: at?.toISOString() ?? null,
      });
      return {
        id: entry.id,
        kind: entry.kind,
        name: entry.name,
        checks: (entry.checks ?? []).filter((check): check is CheckType =>
          (CHECK_TYPES as readonly string[]).includes(check),
        ),
        state: entry.state,
        rejected: entry.state === "retired" && entry.approvedAt === null,
        stale: entry.state === "proposed" && now.getTime() - entry.proposedAt.getTime() > PROPOSAL_LIFETIME_MS,
        proposed: actor(entry.proposedBy, proposer, entry.proposedAt),
        approved: entry.approvedAt ? actor(entry.approvedBy, approver, entry.approvedAt) : null,
        retired: entry.retiredAt ? actor(entry.retiredBy, retirer, entry.retiredAt) : null,
        certificate: await summaryOf(entry.certificate),
        reason: reasons.get(entry.id) ?? null,
      };
    }),
  );
  return entries.sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state]);
}

/** Proposes an entry: stored as proposed, with its `proposed` event, in one batch. */
export async function proposeTrustEntry(
  db: Database,
  admin: TrustAdmin,
  input: ProposeInput,
  now = new Date(),
): Promise<{ id: string; fingerprint: string }> {
  const { base64, summary } = await readProposedCertificate(input.certificate, input.kind, now);
  const [listed] = await db
    .select({ id: trustListEntries.id, kind: trustListEntries.kind, state: trustListEntries.state })
    .from(trustListEntries)
    .where(eq(trustListEntries.certificate, base64));
  // The same certificate waiting or trusted for this kind: one entry says it (a new scope retires the old one first).
  if (listed && listed.kind === input.kind && listed.state !== "retired")
    throw new WordedServiceError(409, trustListErrors.alreadyListed, "ALREADY_LISTED");
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(trustListEntries).values({
      id,
      kind: input.kind,
      certificate: base64,
      name: input.name,
      checks: [...new Set(input.checks)],
      state: "proposed",
      proposedBy: admin.id,
      proposedAt: now,
    }),
    db
      .insert(trustListEvents)
      .values({ entryId: id, action: "proposed", actorId: admin.id, reason: input.reason, at: now }),
  ]);
  return { id, fingerprint: summary.fingerprint };
}

type Decision = (typeof TRUST_DECISIONS)[TrustDecision];

/** The state an entry must be in for each decision, and the state it goes to. */
const TRANSITION: Record<Decision, { from: TrustEntryState; to: TrustEntryState }> = {
  approved: { from: "proposed", to: "active" },
  rejected: { from: "proposed", to: "retired" },
  retired: { from: "active", to: "retired" },
};

/**
 * Approves, rejects or retires an entry. The update is guarded by the state it must be in (and,
 * for an approval, by another approver than the proposer), so of two administrators deciding at
 * once exactly one wins; the event row is inserted in the same batch only if the update changed
 * the entry. Refusals: 404 unknown entry; 403 OWN_PROPOSAL (a proposer approving their own); 409
 * NOT_PROPOSED / NOT_ACTIVE (decided already, or by someone else a moment ago); 409
 * PROPOSAL_EXPIRED (a proposal older than PROPOSAL_LIFETIME_MS: reject it, propose it again).
 */
export async function decideTrustEntry(
  db: Database,
  admin: TrustAdmin,
  id: string,
  decision: Decision,
  reason: string | null,
  now = new Date(),
): Promise<{ id: string; name: string; state: TrustEntryState }> {
  const [entry] = await db
    .select({
      id: trustListEntries.id,
      state: trustListEntries.state,
      proposedBy: trustListEntries.proposedBy,
      proposedAt: trustListEntries.proposedAt,
    })
    .from(trustListEntries)
    .where(eq(trustListEntries.id, id));
  if (!entry) throw new WordedServiceError(404, trustListErrors.notFound, "NOT_FOUND");
  const { from, to } = TRANSITION[decision];
  const conflict = () =>
    from === "proposed"
      ? new WordedServiceError(409, trustListErrors.notProposed, "NOT_PROPOSED")
      : new WordedServiceError(409, trustListErrors.notActive, "NOT_ACTIVE");
  if (entry.state !== from) throw conflict();
  if (decision === "approved" && entry.proposedBy === admin.id)
    throw new WordedServiceError(403, trustListErrors.ownProposal, "OWN_PROPOSAL");
  const oldest = new Date(now.getTime() - PROPOSAL_LIFETIME_MS);
  const expired = () => new WordedServiceError(409, trustListErrors.proposalExpired, "PROPOSAL_EXPIRED");
  if (decision === "approved" && entry.proposedAt.getTime() < oldest.getTime()) throw expired();

  const changes =
    decision === "approved" ? { approvedBy: admin.id, approvedAt: now } : { retiredBy: admin.id, retiredAt: now };
  const guard = sql`${trustListEntries.id} = ${id} and ${trustListEntries.state} = ${from}${
    decision === "approved"
      ? sql` and ${trustListEntries.proposedBy} is not ${admin.id} and ${trustListEntries.proposedAt} >= ${oldest.getTime()}`
      : sql``
  }`;
  const eventId = crypto.randomUUID();
  const [updated] = await db.batch([
    db
      .update(trustListEntries)
      .set({ state: to, ...changes })
      .where(guard)
      .returning({ id: trustListEntries.id, name: trustListEntries.name, state: trustListEntries.state }),
    // changes(): the rows the update just above changed, in this same transaction: 1 or 0.
    db.run(
      sql`insert into trust_list_events (id, entry_id, action, actor_id, reason, at) select ${eventId}, ${id}, ${decision}, ${admin.id}, ${reason}, ${now.getTime()} where changes() = 1`,
    ),
  ]);
  const [row] = updated;
  if (!row) throw conflict();
  return row;
}
