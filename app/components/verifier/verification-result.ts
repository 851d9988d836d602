/**
 * One shape for a result the Verification Result panel shows, whether it came from a scanned or
 * typed presentation (POST /api/presentations/validate) or a request's answer (the live feed or
 * GET /api/presentations/requests/{id}), and the toast that reports it (spec 000 §8).
 */

import { defineMessages, type IntlShape } from "react-intl";
import { ApiError } from "#app/client/api-client.ts";
import type { ToastFn } from "#app/components/ui/toast.tsx";
import type { CheckOutcome } from "#core/verification/checks.ts";
import { type ResultKind, reasonMessage, resultBadge } from "#core/verification/reasons.ts";
import type { CreatedRequest, ValidationAnswer, VerificationResult } from "#server/verification/api-schemas.ts";
import { untyped } from "./messages.ts";
import { outcomeReason } from "./verification-display.tsx";

const messages = untyped(
  defineMessages({
    failed: {
      id: "verifier.result.toastFailed",
      defaultMessage: "Verification Failed",
      description: "Toast title when a credential is not valid or fails the check",
    },
    successful: {
      id: "verifier.result.toastSuccessful",
      defaultMessage: "Verification Successful",
      description: "Toast title when a credential is valid and passes the check",
    },
    successfulDescription: {
      id: "verifier.result.toastSuccessfulDescription",
      defaultMessage: "Credential has been validated successfully",
    },
  }),
);

export interface ShownResult {
  /** The verification record (its receipt, the visual match); null if none was kept. */
  recordId: string | null;
  valid: boolean;
  /** Whether the check passed (ADR 033); null when not evaluated (not valid). */
  outcome: CheckOutcome | null;
  reason: string;
  result: ResultKind;
  presentedAttributes: Record<string, unknown>;
  issuer: string | null;
  timestamp: string;
  /** A check (CHECK_TYPES), or null for a code that named no check. */
  checkType: string | null;
  source: "scan" | "request";
  purpose: string | null;
  /** What the result panel says of it: the server's own words (a valid paper credential's say to check photo ID). */
  message: string;
}

export function fromValidation(answer: ValidationAnswer): ShownResult {
  return {
    recordId: answer.id,
    valid: answer.valid,
    outcome: answer.outcome,
    reason: answer.reason,
    result: answer.result,
    presentedAttributes: answer.presentedAttributes,
    issuer: answer.issuer,
    timestamp: answer.timestamp,
    checkType: answer.checkType,
    source: "scan",
    purpose: null,
    message: answer.message,
  };
}

export function fromRequest(
  result: VerificationResult,
  request: Pick<CreatedRequest, "credentialType" | "purpose">,
): ShownResult {
  return {
    recordId: result.recordId ?? null,
    valid: result.valid,
    outcome: result.outcome ?? null,
    reason: result.reason,
    result: resultBadge(result.valid, result.reason),
    presentedAttributes: result.presentedAttributes,
    issuer: result.issuer ?? null,
    timestamp: result.timestamp,
    checkType: request.credentialType,
    source: "request",
    purpose: request.purpose,
    // A wallet's answer: never a paper credential (refused as PAPER_NOT_ACCEPTED), so the reason's own words.
    message: reasonMessage(result.reason),
  };
}

/**
 * Spec 000 §8: "Verification Successful", or "Verification Failed" with the reason. The toast
 * follows the check's outcome as well as validity (ADR 033): a genuine credential that fails the
 * check ("Under 18") is "Verification Failed" with that reason, never a success.
 */
export function toastResult(shown: ShownResult, toast: ToastFn, intl: IntlShape): void {
  if (!shown.valid)
    toast({ title: intl.formatMessage(messages.failed), description: shown.message, variant: "destructive" });
  else if (shown.outcome?.status === "failed")
    toast({
      title: intl.formatMessage(messages.failed),
      description: outcomeReason(intl, shown.outcome),
      variant: "destructive",
    });
  else
    toast({
      title: intl.formatMessage(messages.successful),
      description: intl.formatMessage(messages.successfulDescription),
    });
}

/**
 * The record is written just after the answer is sent (the worker's waitUntil), so a call made at
 * once may find it missing: a 404 is tried again a few times before it counts.
 */
export async function withRecord<T>(call: () => Promise<T>, attempts = 4, delayMs = 750): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404 || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
