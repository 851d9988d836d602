/**
 * /verifier/trust-list (administrators, ADR 050): what the page reads, and what its forms do. The
 * forms post to the page itself (they work without JavaScript); each one calls the same service as
 * the API (trust-list-admin.ts) and is audited the same way.
 */
import type { Locale } from "#core/i18n/locales.ts";
import type { Database } from "#db/client.ts";
import { ServiceError } from "#server/http/errors.ts";
import { serviceErrorMessage } from "#server/http/worded-error.ts";
import { type ActingPerson, auditAct } from "#server/observability/audit-act.ts";
import type { ObservabilityContext } from "#server/observability/recorder.ts";
import {
  decideTrustEntry,
  listTrustEntries,
  ProposeTrustEntryBody,
  proposeTrustEntry,
  TRUST_DECISIONS,
  type TrustDecision,
  TrustDecisionBody,
  type TrustListEntry,
} from "./trust-list-admin.ts";

export type { TrustListEntry };

export type TrustListConfirm = { decision: TrustDecision; entry: TrustListEntry } | null;

/** The page: every entry, the signed-in administrator, the decision being confirmed (from the address), what was just done. */
export async function trustListPageData(db: Database, url: URL) {
  const entries = await listTrustEntries(db);
  const decision = url.searchParams.get("confirm");
  const entry = entries.find((e) => e.id === url.searchParams.get("entry"));
  const confirm: TrustListConfirm =
    entry && decision && Object.hasOwn(TRUST_DECISIONS, decision)
      ? { decision: decision as TrustDecision, entry }
      : null;
  const done = url.searchParams.get("done");
  const doneEntry = entries.find((e) => e.id === url.searchParams.get("entry"));
  return {
    entries,
    confirm: done ? null : confirm,
    done:
      done && doneEntry && (done === "proposed" || Object.values(TRUST_DECISIONS).includes(done as never))
        ? { action: done as "proposed" | (typeof TRUST_DECISIONS)[TrustDecision], name: doneEntry.name }
        : null,
  };
}

/** The fields of the propose form a person must fix. */
export type ProposeField = "name" | "certificate" | "checks" | "reason";

export type TrustListActionResult =
  | { ok: true; action: "proposed" | (typeof TRUST_DECISIONS)[TrustDecision]; entryId: string }
  | {
      ok: false;
      /** Which form the problem is for: the proposal's, or a decision's confirmation. */
      form: "propose" | "decision";
      status: number;
      fields: ProposeField[];
      message: string | null;
      code: string | null;
      /** What the proposal form held, so a page without JavaScript shows it again to be corrected. */
      values?: ProposeValues;
    };

export interface ProposeValues {
  kind: string;
  name: string;
  certificate: string;
  checks: string[];
  reason: string;
}

/** An act audited as the API audits it. */
export function auditTrustChange(
  context: ObservabilityContext & { env?: unknown },
  request: Request,
  admin: ActingPerson,
  action: "proposed" | (typeof TRUST_DECISIONS)[TrustDecision],
  details: Record<string, unknown>,
): void {
  auditAct(context, request, admin, {
    category: "admin",
    component: "verifier",
    event: `trust list entry ${action}`,
    details,
  });
}

/** One of the page's forms (`intent`: propose, approve, reject, retire), done by `admin`. */
export async function trustListPageAction(
  context: ObservabilityContext & { env?: unknown; db: Database },
  request: Request,
  admin: ActingPerson,
  form: FormData,
  locale: Locale,
): Promise<TrustListActionResult> {
  const intent = String(form.get("intent") ?? "");
  let values: ProposeValues | undefined;
  try {
    if (intent === "propose") {
      const text = (name: string) => String(form.get(name) ?? "");
      values = {
        kind: text("kind"),
        name: text("name"),
        certificate: text("certificate"),
        checks: form.getAll("checks").map(String),
        reason: text("reason"),
      };
      const parsed = ProposeTrustEntryBody.safeParse(values);
      if (!parsed.success) {
        const fields = new Set<ProposeField>();
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          if (field === "name" || field === "certificate" || field === "checks" || field === "reason")
            fields.add(field);
          // The kind is chosen from two radio buttons: missing only when a form was forged.
          else fields.add("certificate");
        }
        return { ok: false, form: "propose", status: 400, fields: [...fields], message: null, code: null, values };
      }
      const proposed = await proposeTrustEntry(context.db, admin, parsed.data);
      auditTrustChange(context, request, admin, "proposed", {
        entryId: proposed.id,
        kind: parsed.data.kind,
        name: parsed.data.name,
        checks: parsed.data.checks,
        fingerprint: proposed.fingerprint,
      });
      return { ok: true, action: "proposed", entryId: proposed.id };
    }
    if (!Object.hasOwn(TRUST_DECISIONS, intent))
      return { ok: false, form: "decision", status: 400, fields: [], message: null, code: "BAD_INTENT" };
    const decision = intent as TrustDecision;
    const parsed = TrustDecisionBody[decision].safeParse({
      reason: String(form.get("reason") ?? "").trim() || undefined,
    });
    if (!parsed.success)
      return { ok: false, form: "decision", status: 400, fields: ["reason"], message: null, code: null };
    const decided = await decideTrustEntry(
      context.db,
      admin,
      String(form.get("entry") ?? ""),
      TRUST_DECISIONS[decision],
      parsed.data.reason ?? null,
    );
    auditTrustChange(context, request, admin, TRUST_DECISIONS[decision], {
      entryId: decided.id,
      name: decided.name,
      state: decided.state,
    });
    return { ok: true, action: TRUST_DECISIONS[decision], entryId: decided.id };
  } catch (error) {
    if (error instanceof ServiceError)
      return {
        ok: false,
        form: intent === "propose" ? "propose" : "decision",
        status: error.status,
        fields: [],
        message: serviceErrorMessage(error, locale),
        code: error.code,
        values,
      };
    throw error;
  }
}
