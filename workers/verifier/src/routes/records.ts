import { zValidator } from "@hono/zod-validator";
import { inArray } from "drizzle-orm";
import { Hono } from "hono";
import { formatAttributeValue } from "#core/format/format.ts";
import { formats } from "#core/format/locale.ts";
import { DEFAULT_LOCALE, type Locale, localesFor } from "#core/i18n/locales.ts";
import { negotiateLocale } from "#core/i18n/negotiate.ts";
import { authorityText } from "#core/issuers/authority-messages.ts";
import { credentialTypeBySlug } from "#core/issuers/registry.ts";
import { credentialTypeText } from "#core/issuers/type-messages.ts";
import { checkAttributeText, checkNameText, outcomeIn } from "#core/verification/check-messages.ts";
import { CHECKS, isCheckType, storedOutcome } from "#core/verification/checks.ts";
import { reasonText } from "#core/verification/reason-messages.ts";
import { resultBadge } from "#core/verification/reasons.ts";
import { users } from "#db/schema/index.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { cookieLocale } from "#server/i18n/page-language.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { type Actor, actingOrganisation, canRead } from "#server/verification/actor.ts";
import { HistoryQuery, IdParam, UsageQuery } from "#server/verification/api-schemas.ts";
import { type ReceiptFacts, receiptFileName, receiptPdf, signReceipt } from "#server/verification/receipt.ts";
import {
  confirmVisualMatch,
  findPresentation,
  type HistoryEntry,
  usageByDay,
  verificationHistory,
} from "#server/verification/records.ts";
import { receiptFallbacks, verificationErrors } from "#server/verification/worded.ts";
import { notFound } from "#server/worker/validation-hooks.ts";
import type { VerifierApp } from "#workers/verifier/src/app.ts";
import { requireActor } from "#workers/verifier/src/context.ts";
import { refusedInput } from "#workers/verifier/src/refused-input.ts";

/**
 * The language of a receipt (issue 21): a verifier document, in English or Welsh. The verifier's
 * choice (the language cookie, when the call comes through the web worker) if it is one of those,
 * else what their browser asks for, else English.
 */
function receiptLocale(request: Request): Locale {
  const offered = localesFor("all");
  const chosen = cookieLocale(request);
  return chosen && offered.includes(chosen) ? chosen : negotiateLocale(request.headers.get("Accept-Language"), offered);
}

/**
 * Whose records: everyone sees their own organisation's (none: 403); administrators see every
 * organisation's, or the one they name.
 */
const scope = (actor: Actor, named?: string): string | null =>
  actor.kind === "user" && actor.role === "admin" ? (named ?? null) : actingOrganisation(actor);

/** The most rows one CSV export holds (newest first). */
const CSV_MAX_ROWS = 10_000;

/**
 * The CSV's columns: the history entry's fields, with the check's outcome (ADR 033) beside the
 * result as three plain cells (passed or failed, the reason code, the reason in words; empty when
 * not evaluated), so a spreadsheet can sort and filter on it as on the result.
 */
const CSV_COLUMNS: readonly (readonly [string, (entry: HistoryEntry) => unknown])[] = [
  ["verifiedAt", (entry) => entry.verifiedAt],
  ["checkName", (entry) => entry.checkName],
  ["result", (entry) => entry.result],
  ["reason", (entry) => entry.reason],
  ["outcome", (entry) => entry.outcome?.status],
  ["outcomeReason", (entry) => entry.outcome?.reason],
  ["outcomeMessage", (entry) => entry.outcome?.message],
  ["purpose", (entry) => entry.purpose],
  ["mode", (entry) => entry.mode],
  ["issuer", (entry) => entry.issuer],
  ["credentialType", (entry) => entry.credentialType],
  ["format", (entry) => entry.format],
  ["organisation", (entry) => entry.organisation],
  ["presentedAttributes", (entry) => entry.presentedAttributes],
  ["visualMatchAt", (entry) => entry.visualMatchAt],
  ["id", (entry) => entry.id],
  ["requestId", (entry) => entry.requestId],
];

/** RFC 4180 quoting, and a leading quote on anything a spreadsheet would run as a formula. */
function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function historyCsv(entries: readonly HistoryEntry[]): string {
  const lines = [CSV_COLUMNS.map(([name]) => name).join(",")];
  for (const entry of entries) lines.push(CSV_COLUMNS.map(([, cell]) => csvCell(cell(entry))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** /api/verifications/*: the organisation's record of its checks. */
export const records = new Hono<VerifierApp>()
  .get("/history", requireActor, zValidator("query", HistoryQuery, refusedInput(HistoryQuery)), async (c) => {
    const query = c.req.valid("query");
    const organisationId = scope(c.var.actor, query.organisation);
    if (query.format === "csv") {
      const { entries } = await verificationHistory(c.var.db, {
        organisationId,
        result: query.result,
        checkType: query.type,
        page: 1,
        pageSize: CSV_MAX_ROWS,
      });
      return c.body(historyCsv(entries), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="verification-history-${new Date().toISOString().slice(0, 10)}.csv"`,
        "Cache-Control": "no-store",
      });
    }
    const page = await verificationHistory(c.var.db, {
      // The entries' words in the reader's language (the CSV above keeps English: a data export).
      locale: requestLocale(c.req.raw),
      organisationId,
      result: query.result,
      checkType: query.type,
      page: query.page,
      pageSize: query.pageSize,
    });
    return c.json(page, 200, { "Cache-Control": "no-store" });
  })
  .get("/usage", requireActor, zValidator("query", UsageQuery, refusedInput(UsageQuery)), async (c) => {
    const days = await usageByDay(c.var.db, scope(c.var.actor), new Date(), c.req.valid("query").days);
    return c.json({ days }, 200, { "Cache-Control": "no-store" });
  })
  .post("/:id/visual-match", zValidator("param", IdParam, notFound), requireActor, async (c) => {
    const { actor } = c.var;
    if (actor.kind !== "user") throw new WordedServiceError(403, verificationErrors.confirmPeopleOnly, "FORBIDDEN");
    const row = await findPresentation(c.var.db, c.req.valid("param").id);
    if (
      !row ||
      !canRead(actor, row.p.organisationId) ||
      (actor.role === "admin" && actor.organisationId !== row.p.organisationId)
    ) {
      throw new WordedServiceError(404, verificationErrors.verificationNotFound, "NOT_FOUND");
    }
    if (row.p.verificationResult !== "valid")
      throw new WordedServiceError(409, verificationErrors.confirmValidOnly, "NOT_VALID");
    const confirmed = await confirmVisualMatch(c.var.db, row.p.id, actor.userId);
    if (!confirmed) throw new WordedServiceError(409, verificationErrors.alreadyConfirmed, "ALREADY_CONFIRMED");
    return c.json({ id: row.p.id, visualMatchAt: new Date().toISOString(), confirmedBy: actor.name });
  })
  .get("/:id/receipt", zValidator("param", IdParam, notFound), requireActor, async (c) => {
    const row = await findPresentation(c.var.db, c.req.valid("param").id);
    if (!row || !canRead(c.var.actor, row.p.organisationId))
      throw new WordedServiceError(404, verificationErrors.verificationNotFound, "NOT_FOUND");
    const locale = receiptLocale(c.req.raw);
    const facts = await receiptFacts(c.var.db, row, locale);
    const signed = await signReceipt(facts, c.var.verification.serviceKey);
    const pdf = await receiptPdf(facts, signed, { locale });
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${receiptFileName(facts)}"`,
      "Cache-Control": "private, no-store",
    });
  });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A seen attribute's value on a receipt, in its language: yes and no as the certificates say them
 * (their messages, by id), dates in the language's form; anything else as formatAttributeValue.
 */
function attributeValueIn(locale: Locale, value: unknown): string {
  // English receipts print values as they always have.
  if (locale === DEFAULT_LOCALE) return formatAttributeValue(value);
  const intl = serverIntl(locale);
  if (value === true) return intl.formatMessage({ id: "pdf.certificate.yes" });
  if (value === false) return intl.formatMessage({ id: "pdf.certificate.no" });
  if (value === null || value === undefined) return intl.formatMessage({ id: "pdf.certificate.notRecorded" });
  if (Array.isArray(value)) return value.map((item) => attributeValueIn(locale, item)).join(", ");
  if (typeof value === "string" && ISO_DATE.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? value : formats(locale).calendarDate(date);
  }
  return formatAttributeValue(value);
}

type PresentationRow = NonNullable<Awaited<ReturnType<typeof findPresentation>>>;

/**
 * The receipt's facts, their words in the receipt's language (ADR 041): the check's and the
 * credential type's names, the authority, the attributes' labels, why the result is what it is.
 * They are signed as printed, so the receipt and its signature say the same; every code is the same
 * in every language.
 */
async function receiptFacts(
  db: VerifierApp["Variables"]["db"],
  { p, organisation }: PresentationRow,
  locale: Locale,
): Promise<ReceiptFacts> {
  const intl = serverIntl(locale);
  // The people a receipt names (who checked, who confirmed the match), in one read.
  const people = [p.verifierId, p.visualMatchBy].filter((id): id is string => Boolean(id));
  const rows = people.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
        .from(users)
        .where(inArray(users.id, people))
    : [];
  const named = new Map(
    rows.map((user) => [user.id, [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username]),
  );
  const check = isCheckType(p.checkType) ? CHECKS[p.checkType] : undefined;
  const mdoc = p.format === "mso_mdoc";
  const type = p.vct ? credentialTypeBySlug(p.vct.slice(p.vct.lastIndexOf("/") + 1)) : undefined;
  const reason = p.verificationResult ?? "VERIFICATION_FAILED";
  const valid = reason === "valid";
  const stored = valid ? storedOutcome(p.outcome, p.outcomeReason) : null;
  const attributes = Object.entries(p.presentedAttributes ?? {}).map(([id, value]) => ({
    label: (check ? checkAttributeText(intl, check.code, id) : undefined) ?? id,
    value: attributeValueIn(locale, value),
  }));
  return {
    receiptId: p.id,
    organisation: {
      id: p.organisationId ?? "",
      name: organisation ?? intl.formatMessage(receiptFallbacks.unknownOrganisation),
    },
    checkedBy: (p.verifierId && named.get(p.verifierId)) || intl.formatMessage(receiptFallbacks.apiClient),
    purpose: p.purpose,
    checkedAt: p.verifiedAt.toISOString(),
    checkType: checkNameText(intl, p.checkType),
    // An mdoc (issue 23), or an outside issuer's SD-JWT VC (ADR 052), is of no type of ours: its
    // doctype or vct, the trust list entry's name as its issuer, and no assurance level (GPG45
    // describes our authorities' checks, not another's).
    credentialType: type ? credentialTypeText(intl, type.code).name : mdoc ? p.doctype : p.vct,
    issuer: type ? authorityText(intl, type.issuerId) : p.issuer,
    assuranceLevel: mdoc || (p.vct && !type) ? null : (check?.assuranceLevel ?? null),
    attributes,
    valid,
    result: resultBadge(valid, reason),
    reason,
    reasonMessage: reasonText(intl, reason),
    outcome: stored && outcomeIn(intl, stored),
    presentationHash: p.presentationHash ?? "",
    visualMatch:
      p.visualMatchAt && p.visualMatchBy
        ? {
            confirmedAt: p.visualMatchAt.toISOString(),
            confirmedBy: named.get(p.visualMatchBy) ?? intl.formatMessage(receiptFallbacks.aVerifier),
          }
        : null,
  };
}
