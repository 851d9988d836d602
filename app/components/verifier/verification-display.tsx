/**
 * How the Verifier Portal shows a verification, in one place for the portal, the history and the
 * result panel: the result badge (spec 000 §4: valid, invalid, expired), what each attribute is
 * called (core/verification/checks.ts) and how its value reads (core/format/format.ts).
 */

import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { capitalise, formatAttributeValue, inWords } from "#core/format/format.ts";
import type { Tone } from "#core/format/tone.ts";
import { CHECK_TYPES, CHECKS, type CheckType, isCheckType } from "#core/verification/checks.ts";
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
