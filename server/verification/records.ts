/**
 * The verification record (issue 9): every validation, online or offline, valid or not, is a row
 * in `presentations`, written after the answer. The history, the usage chart, the dashboard's
 * figures and the citizen's own view of who checked them read it here.
 */
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, notInArray, type SQL, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { checkNameText, outcomeIn } from "#core/verification/check-messages.ts";
import { storedOutcome } from "#core/verification/checks.ts";
import { EXPIRED_REASONS, resultBadge } from "#core/verification/reasons.ts";
import type { Database } from "#db/client.ts";
import { credentials, presentations, verifierOrganisations, walletEvents } from "#db/schema/index.ts";
import { deliveryOf } from "#server/credentials/credentials.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import type { HistoryEntry } from "./api-schemas.ts";
import type { Judgement } from "./judge.ts";

export type { HistoryEntry };

export interface PresentationRecord {
  /** Chosen before the answer, so the answer can name the record (receipts, visual match). */
  id: string;
  organisationId: string | null;
  verifierId: string | null;
  requestId: string | null;
  checkType: string | null;
  purpose: string;
  mode: "online" | "offline";
  judgement: Judgement;
  /** When the verifier vouched that the person in front of them matches (offline checks in person). */
  visualMatch?: { at: Date; by: string } | null;
}

/**
 * Writes the record. The credential is linked when it is one of ours (found by its status slot,
 * which is unique): so the holder sees the check in their history.
 */
export async function recordPresentation(db: Database, record: PresentationRecord): Promise<string> {
  const { judgement } = record;
  let held: { id: string; userId: string | null; type: string; organisation: string | null } | undefined;
  const statusUri = judgement.credential?.statusUri;
  if (statusUri !== undefined && judgement.credential?.statusIdx !== undefined) {
    const listId = statusUri.slice(statusUri.lastIndexOf("/") + 1);
    // One read: the credential on that slot, with the checking organisation's name for the holder's log.
    [held] = await db
      .select({
        id: credentials.id,
        userId: credentials.userId,
        type: credentials.type,
        organisation: sql<
          string | null
        >`(select ${verifierOrganisations.name} from ${verifierOrganisations} where ${verifierOrganisations.id} = ${record.organisationId})`,
      })
      .from(credentials)
      .where(and(eq(credentials.statusListId, listId), eq(credentials.statusListIndex, judgement.credential.statusIdx)))
      .limit(1);
  }
  const credentialId = held?.id ?? null;
  const insert = db.insert(presentations).values({
    id: record.id,
    credentialId,
    verifierId: record.verifierId,
    organisationId: record.organisationId,
    requestId: record.requestId,
    checkType: record.checkType,
    purpose: record.purpose,
    mode: record.mode,
    presentedAttributes: judgement.presentedAttributes,
    verificationResult: judgement.valid ? "valid" : judgement.reason,
    outcome: judgement.outcome?.status ?? null,
    outcomeReason: judgement.outcome?.reason ?? null,
    // A credential trusted through the trust list (an mdoc; an outside issuer's SD-JWT VC, ADR 052)
    // is named by the entry its chain ends at (its signer's subject is a distinguished name no
    // reader can place); one of our authorities' SD-JWT VCs by its iss URL.
    issuer: judgement.credential
      ? judgement.credential.format === "mso_mdoc" || judgement.credential.issuerCertificate
        ? judgement.credential.issuerName
        : judgement.credential.iss
      : null,
    vct: judgement.credential?.vct ?? null,
    format: judgement.credential?.format ?? null,
    doctype: judgement.credential?.doctype ?? null,
    presentationHash: judgement.presentationHash,
    verifiedAt: new Date(judgement.timestamp),
    visualMatchAt: record.visualMatch?.at ?? null,
    visualMatchBy: record.visualMatch?.by ?? null,
  });
  // The holder's own log: who checked which credential, when, why, and what they saw.
  if (held?.userId && record.organisationId) {
    await db.batch([
      insert,
      db.insert(walletEvents).values({
        userId: held.userId,
        kind: "credential_verified",
        credentialId: held.id,
        detail: {
          type: held.type,
          organisation: held.organisation ?? "A verifier",
          purpose: record.purpose,
          checkType: record.checkType,
          attributes: Object.keys(judgement.presentedAttributes),
          valid: judgement.valid,
          reason: judgement.valid ? "valid" : judgement.reason,
        },
        createdAt: new Date(judgement.timestamp),
      }),
    ]);
  } else {
    await insert;
  }
  return record.id;
}

export interface HistoryQuery {
  /** Null: every organisation (administrators). */
  organisationId: string | null;
  result?: "valid" | "invalid" | "expired";
  checkType?: string;
  page: number;
  pageSize: number;
  /** The language of the entries' words (the check's name); English by default. */
  locale?: Locale;
}

const VERIFIER_CHECKS = isNotNull(presentations.organisationId);

function resultCondition(result: HistoryQuery["result"]): SQL | undefined {
  if (result === "valid") return eq(presentations.verificationResult, "valid");
  if (result === "expired") return inArray(presentations.verificationResult, [...EXPIRED_REASONS]);
  if (result === "invalid") return notInArray(presentations.verificationResult, ["valid", ...EXPIRED_REASONS]);
  return undefined;
}

export async function verificationHistory(
  db: Database,
  query: HistoryQuery,
): Promise<{ entries: HistoryEntry[]; total: number; page: number; pageSize: number }> {
  const where = and(
    VERIFIER_CHECKS,
    query.organisationId !== null ? eq(presentations.organisationId, query.organisationId) : undefined,
    query.checkType ? eq(presentations.checkType, query.checkType) : undefined,
    resultCondition(query.result),
  );
  const [rows, totals] = await db.batch([
    db
      .select({
        p: presentations,
        organisation: verifierOrganisations.name,
        credentialType: credentials.type,
        // The record has no column for it: a paper credential is known by its own row (server/credentials/paper.ts).
        delivery: sql<string | null>`json_extract(${credentials.metadata}, '$.delivery')`,
      })
      .from(presentations)
      .leftJoin(verifierOrganisations, eq(verifierOrganisations.id, presentations.organisationId))
      .leftJoin(credentials, eq(credentials.id, presentations.credentialId))
      .where(where)
      .orderBy(desc(presentations.verifiedAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(presentations).where(where),
  ]);
  const intl = serverIntl(query.locale ?? DEFAULT_LOCALE);
  const outcomeOf = (status: string | null, reason: string | null) => {
    const stored = storedOutcome(status, reason);
    return stored && outcomeIn(intl, stored);
  };
  return {
    entries: rows.map(({ p, organisation, credentialType, delivery }) => {
      const valid = p.verificationResult === "valid";
      const reason = p.verificationResult ?? "VERIFICATION_FAILED";
      return {
        id: p.id,
        requestId: p.requestId,
        checkType: p.checkType,
        checkName: checkNameText(intl, p.checkType),
        purpose: p.purpose,
        mode: p.mode,
        valid,
        // Only a valid credential was judged against its check (ADR 033).
        outcome: valid ? outcomeOf(p.outcome, p.outcomeReason) : null,
        result: resultBadge(valid, reason),
        reason,
        presentedAttributes: p.presentedAttributes ?? {},
        issuer: p.issuer,
        // An mdoc is of no type of ours: its doctype stands for one; an outside issuer's SD-JWT VC
        // (ADR 052), linked to no credential of ours, its vct.
        credentialType: credentialType ?? p.doctype ?? (p.credentialId === null ? p.vct : null),
        // Records kept before mdoc was accepted (issue 23) were all SD-JWT VCs.
        format: p.format ?? (p.vct ? "dc+sd-jwt" : null),
        binding: valid ? deliveryOf(delivery) : null,
        organisation,
        verifiedAt: p.verifiedAt.toISOString(),
        visualMatchAt: p.visualMatchAt?.toISOString() ?? null,
      };
    }),
    total: Number(totals[0]?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function findPresentation(db: Database, id: string) {
  const [row] = await db
    .select({ p: presentations, organisation: verifierOrganisations.name })
    .from(presentations)
    .leftJoin(verifierOrganisations, eq(verifierOrganisations.id, presentations.organisationId))
    .where(and(eq(presentations.id, id), VERIFIER_CHECKS))
    .limit(1);
  return row;
}

/** The verifier's confirmation that the person matches; once, by someone of the organisation. */
export async function confirmVisualMatch(db: Database, id: string, userId: string, at = new Date()): Promise<boolean> {
  const updated = await db
    .update(presentations)
    .set({ visualMatchAt: at, visualMatchBy: userId })
    .where(and(eq(presentations.id, id), isNull(presentations.visualMatchAt)))
    .returning({ id: presentations.id });
  return updated.length > 0;
}

export interface UsageDay {
  date: string;
  valid: number;
  invalid: number;
}

/** Verifications per UK day by result for the last `days` days (the Usage Analytics chart). */
export async function usageByDay(
  db: Database,
  organisationId: string | null,
  now: Date,
  days = 14,
): Promise<UsageDay[]> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const rows = await db
    .select({ at: presentations.verifiedAt, result: presentations.verificationResult })
    .from(presentations)
    .where(
      and(
        VERIFIER_CHECKS,
        organisationId !== null ? eq(presentations.organisationId, organisationId) : undefined,
        gte(presentations.verifiedAt, since),
      ),
    );
  const byDay = new Map<string, UsageDay>();
  for (let i = days - 1; i >= 0; i--) {
    const date = ukDay(new Date(now.getTime() - i * 86_400_000));
    byDay.set(date, { date, valid: 0, invalid: 0 });
  }
  for (const row of rows) {
    const day = byDay.get(ukDay(row.at));
    if (day) row.result === "valid" ? day.valid++ : day.invalid++;
  }
  return [...byDay.values()];
}

const ukDay = (at: Date) => at.toLocaleDateString("en-CA", { timeZone: "Europe/London" });
