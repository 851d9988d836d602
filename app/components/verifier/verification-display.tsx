/**
 * How the Verifier Portal shows a verification, in one place for the portal, the history and the
 * result panel: the result badge (spec 000 §4: valid, invalid, expired), the check's outcome beside
 * it (ADR 033: passed, or failed and why), what each attribute is called
 * (core/verification/checks.ts) and how its value reads (core/format/format.ts).
 */

import { defineMessages, type IntlShape, type MessageDescriptor, useIntl } from "react-intl";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { capitalise, formatAttributeValue, inWords } from "#core/format/format.ts";
import type { Formats } from "#core/format/locale.ts";
import type { Tone } from "#core/format/tone.ts";
import {
  CHECK_TYPES,
  CHECKS,
  type CheckOutcome,
  type CheckType,
  isCheckType,
  type OutcomeReason,
} from "#core/verification/checks.ts";
import type { ResultKind } from "#core/verification/reasons.ts";
import { untyped } from "./messages.ts";

const messages = untyped(
  defineMessages({
    valid: { id: "verifier.display.valid", defaultMessage: "Valid", description: "Result badge of a credential" },
    invalid: { id: "verifier.display.invalid", defaultMessage: "Invalid", description: "Result badge of a credential" },
    expired: { id: "verifier.display.expired", defaultMessage: "Expired", description: "Result badge of a credential" },
    notEvaluated: { id: "verifier.display.notEvaluated", defaultMessage: "Check not evaluated" },
    passed: { id: "verifier.display.passed", defaultMessage: "Check passed" },
    failed: { id: "verifier.display.failed", defaultMessage: "Check failed" },
    failedBecause: {
      id: "verifier.display.failedBecause",
      defaultMessage: "Check failed: {reason}",
      description: "{reason} is why the check failed, e.g. 'Under 18'",
    },
    reasonNotRecorded: { id: "verifier.display.reasonNotRecorded", defaultMessage: "reason not recorded" },
    checkFailedGeneral: { id: "verifier.display.checkFailedGeneral", defaultMessage: "The check failed" },
  }),
);

/** The reasons a check fails (core/verification/checks.ts OUTCOME_REASONS), as the screen says them. */
const outcomeReasons = untyped(
  defineMessages({
    RIGHT_TO_WORK_NOT_SHOWN: { id: "verifier.outcome.rightToWorkNotShown", defaultMessage: "Right to work not shown" },
    NO_RIGHT_TO_WORK: { id: "verifier.outcome.noRightToWork", defaultMessage: "No right to work in the UK" },
    WORK_PERMISSION_EXPIRED: {
      id: "verifier.outcome.workPermissionExpired",
      defaultMessage: "Permission to work has expired",
    },
    RIGHT_TO_RENT_NOT_SHOWN: { id: "verifier.outcome.rightToRentNotShown", defaultMessage: "Right to rent not shown" },
    NO_RIGHT_TO_RENT: { id: "verifier.outcome.noRightToRent", defaultMessage: "No right to rent in England" },
    RENT_PERMISSION_EXPIRED: {
      id: "verifier.outcome.rentPermissionExpired",
      defaultMessage: "Permission to rent has expired",
    },
    AGE_NOT_SHOWN: { id: "verifier.outcome.ageNotShown", defaultMessage: "Age not shown" },
    UNDER_18: { id: "verifier.outcome.under18", defaultMessage: "Under 18" },
    UNDER_21: { id: "verifier.outcome.under21", defaultMessage: "Under 21" },
    DBS_RESULT_NOT_SHOWN: { id: "verifier.outcome.dbsResultNotShown", defaultMessage: "DBS result not shown" },
    BARRED_FROM_WORK_WITH_CHILDREN: {
      id: "verifier.outcome.barredChildren",
      defaultMessage: "On the children's barred list",
    },
    BARRED_FROM_WORK_WITH_ADULTS: { id: "verifier.outcome.barredAdults", defaultMessage: "On the adults' barred list" },
    POLICE_RECORDS_SHOWN: {
      id: "verifier.outcome.policeRecordsShown",
      defaultMessage: "Police records show information",
    },
    LICENCE_EXPIRED: { id: "verifier.outcome.licenceExpired", defaultMessage: "Driving licence has expired" },
    NO_VEHICLE_CATEGORIES: {
      id: "verifier.outcome.noVehicleCategories",
      defaultMessage: "Not entitled to drive any vehicle",
    },
    REGISTRATION_LAPSED: {
      id: "verifier.outcome.registrationLapsed",
      defaultMessage: "Professional registration has lapsed",
    },
    EXPIRY_DATE_UNREADABLE: {
      id: "verifier.outcome.expiryDateUnreadable",
      defaultMessage: "Expiry date could not be read",
    },
    IDENTITY_NOT_SHOWN: {
      id: "verifier.outcome.identityNotShown",
      defaultMessage: "Name and date of birth not shown",
    },
  }),
);
/** Every reason has its words (a reason added to checks.ts fails the type check until it has). */
const OUTCOME_MESSAGES: Record<OutcomeReason, MessageDescriptor> = outcomeReasons;

/** Expired takes the destructive style as invalid does (spec 000 §4), and the red result panel. */
const BADGES: Record<ResultKind, Tone> = { valid: "ok", invalid: "bad", expired: "bad" };

export function ResultBadge({ result, className = "" }: { result: ResultKind; className?: string }) {
  const intl = useIntl();
  return (
    <StatusBadge tone={BADGES[result]} className={className} data-testid="result-badge" data-result={result}>
      {resultLabel(intl, result)}
    </StatusBadge>
  );
}

export const resultLabel = (intl: IntlShape, result: ResultKind) => intl.formatMessage(messages[result]);

/**
 * Why a check failed, in the page's language: by its reason code (the server's English words only
 * for a code this build does not know); "The check failed" when no reason was kept.
 */
export function outcomeReason(intl: IntlShape, outcome: CheckOutcome): string {
  if (outcome.reason && Object.hasOwn(outcomeReasons, outcome.reason))
    return intl.formatMessage(OUTCOME_MESSAGES[outcome.reason]);
  return outcome.message && outcome.reason ? outcome.message : intl.formatMessage(messages.checkFailedGeneral);
}

/**
 * The check's outcome in words (ADR 033): "Check passed", "Check failed: Under 18", or "Check not
 * evaluated" (a credential that was not valid is never judged against the check; a record kept
 * before outcomes were has none).
 */
function outcomeText(intl: IntlShape, outcome: CheckOutcome | null): string {
  if (!outcome) return intl.formatMessage(messages.notEvaluated);
  if (outcome.status === "passed") return intl.formatMessage(messages.passed);
  return intl.formatMessage(messages.failedBecause, {
    reason: outcome.message ? outcomeReason(intl, outcome) : intl.formatMessage(messages.reasonNotRecorded),
  });
}

/** UK time's zone ("GMT" or "BST") at `value`. */
const ZONE = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", timeZoneName: "short" });
function ukZone(value: string | Date): string {
  return ZONE.formatToParts(new Date(value)).find((part) => part.type === "timeZoneName")?.value ?? "";
}

/** "12 Apr 2026, 10:30 BST": a moment in the page's language, with UK time's zone. */
export function zonedDateTime(f: Formats, value: string | Date): string {
  return `${f.dateTime(value)} ${ukZone(value)}`.trim();
}

/** A badge of the check's outcome, to stand beside the result badge of a valid credential (ADR 033). */
export function OutcomeBadge({ outcome, className = "" }: { outcome: CheckOutcome; className?: string }) {
  const intl = useIntl();
  const failed = outcome.status === "failed";
  return (
    <StatusBadge
      tone={failed ? "bad" : "ok"}
      className={className}
      data-testid="outcome-badge"
      data-outcome={outcome.status}
    >
      {intl.formatMessage(failed ? messages.failed : messages.passed)}
    </StatusBadge>
  );
}

/** The outcome in words: green when the check passed, red when it failed (with the reason), grey when not evaluated. */
export function OutcomeLine({ outcome, className = "" }: { outcome: CheckOutcome | null; className?: string }) {
  const intl = useIntl();
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
      {outcomeText(intl, outcome)}
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
