/**
 * One shape for a result the Verification Result panel shows, whether it came from a scanned or
 * typed presentation (POST /api/presentations/validate) or a request's answer (the live feed or
 * GET /api/presentations/requests/{id}); and how the portal reports a failed call (spec 000 §8).
 */
import type { ValidationAnswer } from "#server/verification/api-schemas.ts";
import { ApiError, handleMutationError } from "#app/client/api-client.ts";
import type { ToastFn } from "#app/components/ui/toast.tsx";
import { reasonMessage, resultBadge } from "#core/verification/reasons.ts";
import type { RequestResult } from "./request-watch.ts";
import type { ResultKind } from "./verification-display.tsx";

export interface ShownResult {
  /** The verification record (its receipt, the visual match); null if none was kept. */
  recordId: string | null;
  valid: boolean;
  reason: string;
  result: ResultKind;
  presentedAttributes: Record<string, unknown>;
  issuer: string | null;
  timestamp: string;
  /** rtw, rtr, dbs, age, or null for a code that named no check. */
  checkType: string | null;
  source: "scan" | "request";
  purpose: string | null;
}


export function fromValidation(answer: ValidationAnswer): ShownResult {
  return {
    recordId: answer.id,
    valid: answer.valid,
    reason: answer.reason,
    result: answer.result,
    presentedAttributes: answer.presentedAttributes,
    issuer: answer.issuer,
    timestamp: answer.timestamp,
    checkType: answer.checkType,
    source: "scan",
    purpose: null,
  };
}

export function fromRequest(result: RequestResult, request: { credentialType: string; purpose: string }): ShownResult {
  return {
    recordId: result.recordId ?? null,
    valid: result.valid,
    reason: result.reason,
    result: resultBadge(result.valid, result.reason),
    presentedAttributes: result.presentedAttributes,
    issuer: result.issuer ?? null,
    timestamp: result.timestamp,
    checkType: request.credentialType,
    source: "request",
    purpose: request.purpose,
  };
}

/** Spec 000 §8: "Verification Successful", or "Verification Failed" with the reason. */
export function toastResult(shown: ShownResult, toast: ToastFn): void {
  if (shown.valid) toast({ title: "Verification Successful", description: "Credential has been validated successfully" });
  else toast({ title: "Verification Failed", description: reasonMessage(shown.reason), variant: "destructive" });
}

/**
 * Spec 000 §8 for the portal's calls: a 401 is "Unauthorized" and a new sign-in; a refused input
 * (400) is "Validation Error" with the server's message; anything else "Error" with its message.
 */
export function reportError(error: unknown, toast: ToastFn): void {
  if (error instanceof ApiError && error.status === 400) {
    toast({ title: "Validation Error", description: error.serverMessage ?? error.message, variant: "destructive" });
    return;
  }
  if (error instanceof ApiError && error.status !== 401 && error.serverMessage) {
    toast({ title: "Error", description: error.serverMessage, variant: "destructive" });
    return;
  }
  handleMutationError(error, toast);
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
