/**
 * The data of the Verifier Portal's pages (spec 000 §2 "Verifier Portal"): /verifier (its recent
 * checks, usage chart and API keys) and /verifier/history (the organisation's record, filtered
 * and paged). Each history entry is cut down to what the pages show, so nothing else of the record
 * reaches the browser.
 */
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { issuerAuthorityText } from "#core/issuers/authority-messages.ts";
import type { ResultKind } from "#core/verification/reasons.ts";
import type { Database } from "#db/client.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import type { ApiKeySummary, HistoryEntry, Organisation } from "./api-schemas.ts";
import { listApiKeys } from "./organisations.ts";
import { type UsageDay, usageByDay, verificationHistory } from "./records.ts";

/** What a verification needs on screen, from the record's history entry (the API's own schema). */
export type VerificationRow = Pick<
  HistoryEntry,
  "id" | "checkName" | "result" | "outcome" | "purpose" | "mode" | "verifiedAt" | "visualMatchAt"
>;

/** A history entry cut down to what the page shows (the check's outcome beside its result: ADR 033). */
function verificationRow({
  id,
  checkName,
  result,
  outcome,
  purpose,
  mode,
  verifiedAt,
  visualMatchAt,
}: VerificationRow): VerificationRow {
  return { id, checkName, result, outcome, purpose, mode, verifiedAt, visualMatchAt };
}

/** A row of the history table: what Recent Verifications shows, and the issuing authority's name (null: not known). */
export type HistoryRow = VerificationRow & { issuerName: string | null };

const historyRow = (entry: HistoryEntry, locale: Locale): HistoryRow => ({
  ...verificationRow(entry),
  // An mdoc's issuer is the trust list entry's own name (ADR 050), not one of our authorities.
  issuerName: entry.issuer
    ? entry.format === "mso_mdoc"
      ? entry.issuer
      : issuerAuthorityText(serverIntl(locale), entry.issuer)
    : null,
});

export interface HistoryFilters {
  result: ResultKind | "all";
  type: string;
}

/** How many checks Recent Verifications shows, and the days Usage Analytics covers. */
const RECENT_COUNT = 5;
const USAGE_DAYS = 14;

/** What /verifier shows: the page component's props. */
export interface PortalPageData {
  organisation: { id: string; name: string; allowedChecks: string[] };
  recent: VerificationRow[];
  recentTotal: number;
  usage: UsageDay[];
  apiKeys: ApiKeySummary[];
  /** The moment the data was read. */
  now: string;
}

/** /verifier's data for the organisation the signed-in verifier acts for, at `now`. */
export async function portalPageData(
  db: Database,
  organisation: Organisation,
  now = new Date(),
  /** The page's language: the checks' names. */
  locale: Locale = DEFAULT_LOCALE,
): Promise<PortalPageData> {
  const [recent, usage, apiKeys] = await Promise.all([
    verificationHistory(db, { organisationId: organisation.id, page: 1, pageSize: RECENT_COUNT, locale }),
    usageByDay(db, organisation.id, now, USAGE_DAYS),
    listApiKeys(db, organisation.id),
  ]);
  return {
    organisation: {
      id: organisation.id,
      name: organisation.name,
      allowedChecks: organisation.allowedChecks as string[],
    },
    recent: recent.entries.map(verificationRow),
    recentTotal: recent.total,
    usage,
    apiKeys,
    now: now.toISOString(),
  };
}

/** What /verifier/history shows: the page component's props. */
export interface HistoryPageData {
  /** The organisation the portal acts for: its name, and its id for the CSV export. */
  organisation: { id: string; name: string };
  entries: HistoryRow[];
  total: number;
  page: number;
  pages: number;
  filters: HistoryFilters;
}

/**
 * /verifier/history's data: page `asked` (any number; out of range reads as the first page, or the
 * last one when it is past the end) of `pageSize` entries under `filters`.
 */
export async function historyPageData(
  db: Database,
  organisation: Pick<Organisation, "id" | "name">,
  filters: HistoryFilters,
  asked: number,
  pageSize: number,
  /** The page's language: the checks' and the authorities' names. */
  locale: Locale = DEFAULT_LOCALE,
): Promise<HistoryPageData> {
  const query = {
    locale,
    organisationId: organisation.id,
    result: filters.result === "all" ? undefined : filters.result,
    checkType: filters.type === "all" ? undefined : filters.type,
    pageSize,
  };
  let history = await verificationHistory(db, {
    ...query,
    page: Number.isSafeInteger(asked) && asked >= 1 ? Math.min(asked, 10_000) : 1,
  });
  const pages = Math.max(1, Math.ceil(history.total / pageSize));
  // A page past the end (the record shrank under a filter, or a hand-typed address): the last one.
  if (history.page > pages) history = await verificationHistory(db, { ...query, page: pages });
  return {
    organisation: { id: organisation.id, name: organisation.name },
    entries: history.entries.map((entry) => historyRow(entry, locale)),
    total: history.total,
    page: history.page,
    pages,
    filters,
  };
}
