/**
 * How the Verifier Portal shows a verification, in one place for the portal, the history and the
 * result panel: the result badge (spec 000 §4: valid, invalid, expired), the check's outcome beside
 * it (ADR 033: passed, or failed and why), what each attribute is called
 * (core/verification/checks.ts) and how its value reads (core/format/format.ts).
 */

import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { capitalise, formatAttributeValue, inWords } from "#core/format/format.ts";
import type { Tone } from "#core/format/tone.ts";
import { CHECK_TYPES, CHECKS, type CheckOutcome, type CheckType, isCheckType } from "#core/verification/checks.ts";
import type { ResultKind } from "#core/verification/reasons.ts";

/** Expired takes the destructive style as invalid does (spec 000 §4), and the red result panel. */
const BADGES: Record<ResultKind, { label: string; tone: Tone }> = {
  valid: { label: "Valid", tone: "ok" },
  invalid: { label: "Invalid", tone: "bad" },
  expired: { label: "Expired", tone: "bad" },
};

export function ResultBadge({ result, className = "" }: { result: ResultKind; className?: string }) {
  const badge = BADGES[result];
  return (
    <StatusBadge tone={badge.tone} className={className} data-testid="result-badge" data-result={result}>
      {badge.label}
    </StatusBadge>
  );
}

export const resultLabel = (result: ResultKind) => BADGES[result].label;

/**
 * The check's outcome in words (ADR 033): "Check passed", "Check failed: Under 18", or "Check not
 * evaluated" (a credential that was not valid is never judged against the check; a record kept
 * before outcomes were has none).
 */
function outcomeText(outcome: CheckOutcome | null): string {
  if (!outcome) return "Check not evaluated";
  if (outcome.status === "passed") return "Check passed";
  return `Check failed: ${outcome.message ?? "reason not recorded"}`;
}

/** A badge of the check's outcome, to stand beside the result badge of a valid credential (ADR 033). */
export function OutcomeBadge({ outcome, className = "" }: { outcome: CheckOutcome; className?: string }) {
  const failed = outcome.status === "failed";
  return (
    <StatusBadge
      tone={failed ? "bad" : "ok"}
      className={className}
      data-testid="outcome-badge"
      data-outcome={outcome.status}
    >
      {failed ? "Check failed" : "Check passed"}
    </StatusBadge>
  );
}

/** The outcome in words: green when the check passed, red when it failed (with the reason), grey when not evaluated. */
export function OutcomeLine({ outcome, className = "" }: { outcome: CheckOutcome | null; className?: string }) {
  const tone = !outcome
    ? "text-govuk-grey dark:text-slate-400"
    : outcome.status === "passed"
      ? "text-govuk-green dark:text-green-300"
      : "font-semibold text-red-800 dark:text-red-200";
  return (
    <span
      className={`${tone} ${className}`.trim()}
      data-testid="check-outcome"
      data-outcome={outcome?.status ?? "none"}
    >
      {outcomeText(outcome)}
    </span>
  );
}

/**
 * What an attribute the verifier saw is called: by its id in the check (a request's answer), else
 * by its claim path in any check (an offline code, which names no check: "age_equal_or_over.18"),
 * else the claim's own name in words.
 */
function attributeLabel(check: string | null | undefined, key: string): string {
  const checks: CheckType[] =
    check && isCheckType(check) ? [check, ...CHECK_TYPES.filter((c) => c !== check)] : [...CHECK_TYPES];
  for (const code of checks) {
    const found = CHECKS[code].attributes.find((attribute) => attribute.id === key || attribute.path.join(".") === key);
    if (found) return found.label;
  }
  return capitalise(inWords(key.replace(/\./g, " ")));
}

/** The attributes a presentation disclosed, labelled and formatted, in the order they came. */
export function attributeRows(
  check: string | null | undefined,
  attributes: Record<string, unknown>,
): { key: string; label: string; value: string }[] {
  return Object.entries(attributes).map(([key, value]) => ({
    key,
    label: attributeLabel(check, key),
    value: formatAttributeValue(value),
  }));
}
