/**
 * The data of /wallet/apps (issue 22, ADR 045 "The history"): where the copies of the person's
 * credentials went. Each issuance to another wallet app, with what the app reported and whether its
 * copies still count, and "Revoke the copies"; for context, the credentials this web wallet holds.
 */
import type { Database } from "#db/client.ts";
import type { ActingPerson } from "#server/observability/audit-act.ts";
import { auditAct } from "#server/observability/audit-act.ts";
import type { ObservabilityContext } from "#server/observability/recorder.ts";
import { issuancesOf, revokeAppIssuance } from "./history.ts";

/** What a wallet app last said at the notification endpoint (OpenID4VCI 1.0 section 11), or nothing yet. */
export type AppReport = "accepted" | "failed" | "deleted" | null;

const REPORTS: Record<string, AppReport> = {
  credential_accepted: "accepted",
  credential_failure: "failed",
  credential_deleted: "deleted",
};

/** One issuance to another wallet app, as the page shows it. */
export interface AppCopies {
  id: string;
  /** The credential type's code, named in the page's language on the page. */
  type: string;
  /** The name the app gave itself (its client id), shown as its own words; null when it gave none. */
  clientId: string | null;
  issuedAt: string;
  copies: number;
  activeCopies: number;
  reported: AppReport;
  /**
   * "held": some copies still count, so they can be revoked; "revoked": none does; "unrevocable":
   * mDL mdocs (ADR 053), which carry no status, so each counts until it expires and none can be revoked.
   */
  state: "held" | "revoked" | "unrevocable";
}

/** A credential this web wallet holds (its current copy), for context beside the apps' copies. */
export interface WebCopy {
  id: string;
  type: string;
  issuedAt: string;
}

export interface WalletAppsPageData {
  apps: AppCopies[];
  web: WebCopy[];
  /** The issuance "Revoke the copies" asks about (`?confirm=<id>`, the page without JavaScript): only a held one. */
  confirming: AppCopies | null;
}

/** The page's data for `userId` (the signed-in person); `confirm`: the issuance the page asks about, if any. */
export async function walletAppsPageData(
  db: Database,
  userId: string,
  confirm: string | null,
): Promise<WalletAppsPageData> {
  const issuances = await issuancesOf(db, userId);
  const apps = issuances
    .filter((entry) => entry.wallet === "app")
    .map(
      (entry): AppCopies => ({
        id: entry.id,
        type: entry.type,
        clientId: entry.clientId,
        issuedAt: entry.issuedAt,
        copies: entry.copies,
        activeCopies: entry.format === "mso_mdoc" ? entry.copies : entry.activeCopies,
        reported: entry.reported ? (REPORTS[entry.reported] ?? null) : null,
        state: entry.format === "mso_mdoc" ? "unrevocable" : entry.activeCopies > 0 ? "held" : "revoked",
      }),
    );
  // A web-wallet issuance replaced by a later one has no copy left: only the current ones are where a copy is.
  const web = issuances
    .filter((entry) => entry.wallet === "web" && entry.activeCopies > 0)
    .map((entry) => ({ id: entry.id, type: entry.type, issuedAt: entry.issuedAt }));
  return { apps, web, confirming: apps.find((app) => app.id === confirm && app.state === "held") ?? null };
}

/**
 * "Revoke the copies", as the person asks it (the page and POST /api/wallet/issuances/{id}/revoke):
 * every copy of one of their issuances to a wallet app, audited. A 404 WordedServiceError for an
 * issuance that is not theirs, or not a wallet app's.
 */
export async function revokeOwnAppCopies(
  context: ObservabilityContext,
  request: Request,
  person: ActingPerson,
  issuanceId: string,
): Promise<{ revoked: number }> {
  const result = await revokeAppIssuance(context.db, { userId: person.id, issuanceId });
  auditAct(context, request, person, {
    category: "security",
    component: "credentials",
    event: "copies in a wallet app revoked",
    details: { issuanceId, revoked: result.revoked },
  });
  return result;
}
