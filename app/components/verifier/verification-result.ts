/**
 * One shape for a result the Verification Result panel shows, whether it came from a scanned or
 * typed presentation (POST /api/presentations/validate) or a request's answer (the live feed or
 * GET /api/presentations/requests/{id}), and the toast that reports it (spec 000 §8).
 */

import { defineMessages, type IntlShape, type MessageDescriptor } from "react-intl";
import { ApiError } from "#app/client/api-client.ts";
import type { ToastFn } from "#app/components/ui/toast.tsx";
import { credentialErrorText, isCredentialErrorCode } from "#core/credentials/error-messages.ts";
import { authorityText } from "#core/issuers/authority-messages.ts";
import type { CheckOutcome } from "#core/verification/checks.ts";
import {
  type Binding,
  MAX_REQUEST_ATTEMPTS,
  type ResultKind,
  reasonMessage,
  resultBadge,
  type VerificationReasonCode,
} from "#core/verification/reasons.ts";
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
    valid: {
      id: "verifier.result.valid",
      defaultMessage:
        "The credential is valid: signed by its issuer, in date, not revoked, and presented by its holder.",
    },
    validPaper: {
      id: "verifier.result.validPaper",
      defaultMessage:
        "The credential is valid: signed by its issuer, in date and not revoked. Paper credential: not bound to a device — check the holder's photo ID against the name.",
    },
    successfulDescription: {
      id: "verifier.result.toastSuccessfulDescription",
      defaultMessage: "Credential has been validated successfully",
    },
  }),
);

/** Why a presentation was refused (core/verification/reasons.ts), as the verifier's screen says it. */
const reasons = untyped(
  defineMessages({
    STATE_UNKNOWN: {
      id: "verifier.reason.stateUnknown",
      defaultMessage: "The response does not belong to an open request (unknown state).",
    },
    REQUEST_EXPIRED: { id: "verifier.reason.requestExpired", defaultMessage: "The verification request has expired." },
    REQUEST_ALREADY_ANSWERED: {
      id: "verifier.reason.requestAlreadyAnswered",
      defaultMessage: "The verification request has already been answered.",
    },
    REQUEST_DECLINED: { id: "verifier.reason.requestDeclined", defaultMessage: "The citizen declined" },
    REQUEST_TOO_MANY_ATTEMPTS: {
      id: "verifier.reason.requestTooManyAttempts",
      defaultMessage:
        "{count, plural, one {The verification request was closed after # answer that could not be accepted. Create a new request.} other {The verification request was closed after # answers that could not be accepted. Create a new request.}}",
    },
    DECLINE_NOT_FROM_HOLDER: {
      id: "verifier.reason.declineNotFromHolder",
      defaultMessage: "A refusal that did not come from the holder's wallet was recorded. The request is still open.",
    },
    DECLINE_NO_CREDENTIAL: {
      id: "verifier.reason.declineNoCredential",
      defaultMessage: "You have no active credential that this request asks for, so there is nothing to decline.",
    },
    VP_TOKEN_MALFORMED: {
      id: "verifier.reason.vpTokenMalformed",
      defaultMessage: "The vp_token is not a JSON object keyed by the request's credential query ids.",
    },
    VP_TOKEN_UNKNOWN_QUERY: {
      id: "verifier.reason.vpTokenUnknownQuery",
      defaultMessage: "The vp_token answers a credential query the request did not make.",
    },
    VP_TOKEN_MISSING_QUERY: {
      id: "verifier.reason.vpTokenMissingQuery",
      defaultMessage: "The vp_token does not answer the request's credential query.",
    },
    VP_TOKEN_MULTIPLE: {
      id: "verifier.reason.vpTokenMultiple",
      defaultMessage: "The vp_token holds more than one presentation for a query that allows one.",
    },
    DCQL_VCT_MISMATCH: {
      id: "verifier.reason.dcqlVctMismatch",
      defaultMessage: "The credential is not of a type the request asked for.",
    },
    DCQL_CLAIM_MISSING: {
      id: "verifier.reason.dcqlClaimMissing",
      defaultMessage: "The presentation does not disclose every attribute the request asked for.",
    },
    VERIFIER_NOT_REGISTERED: {
      id: "verifier.reason.verifierNotRegistered",
      defaultMessage: "Your organisation is not registered for this kind of check.",
    },
    RESPONSE_NOT_ENCRYPTED: {
      id: "verifier.reason.responseNotEncrypted",
      defaultMessage: "The request asked for an encrypted response (direct_post.jwt); this one was sent in the clear.",
    },
    RESPONSE_JWE_MALFORMED: {
      id: "verifier.reason.responseJweMalformed",
      defaultMessage: "The encrypted response is not a compact JWE.",
    },
    RESPONSE_JWE_ALGORITHM: {
      id: "verifier.reason.responseJweAlgorithm",
      defaultMessage: "The encrypted response does not use ECDH-ES with A128GCM or A256GCM.",
    },
    RESPONSE_JWE_WRONG_KEY: {
      id: "verifier.reason.responseJweWrongKey",
      defaultMessage: "The encrypted response was not encrypted to this request's key.",
    },
    DC_API_ORIGIN_NOT_EXPECTED: {
      id: "verifier.reason.dcApiOriginNotExpected",
      defaultMessage:
        "The answer came through the browser from a website this request was not made for (not in expected_origins).",
    },
  }),
);
/** Every verification reason has its words (a reason added to reasons.ts fails the type check until it has). */
const REASON_MESSAGES: Record<VerificationReasonCode, MessageDescriptor> = reasons;

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
  /** The signing certificate's subject, for a credential trusted through the trust list (ADR 052). */
  issuerCertificate?: string;
  timestamp: string;
  /** A check (CHECK_TYPES), or null for a code that named no check. */
  checkType: string | null;
  source: "scan" | "request";
  purpose: string | null;
  /** What the result panel says of it: the server's own words (a valid paper credential's say to check photo ID). */
  message: string;
  /** What ties the credential to the person presenting it: a paper credential's result says to check photo ID. */
  binding: Binding;
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
    binding: answer.binding ?? "device",
  };
}

/**
 * A request's answer, as the live feed (or its poll) delivers it, in the page's language: the
 * issuer is worded from its code (a result kept before results carried one shows the name it has).
 */
export function fromRequest(
  result: VerificationResult,
  request: Pick<CreatedRequest, "credentialType" | "purpose">,
  intl: Pick<IntlShape, "formatMessage">,
): ShownResult {
  return {
    recordId: result.recordId ?? null,
    valid: result.valid,
    outcome: result.outcome ?? null,
    reason: result.reason,
    result: resultBadge(result.valid, result.reason),
    presentedAttributes: result.presentedAttributes,
    issuer: result.issuerId ? authorityText(intl, result.issuerId) : (result.issuer ?? null),
    ...(result.issuerCertificate ? { issuerCertificate: result.issuerCertificate } : {}),
    timestamp: result.timestamp,
    checkType: request.credentialType,
    source: "request",
    purpose: request.purpose,
    // A wallet's answer: never a paper credential (refused as PAPER_NOT_ACCEPTED), so the reason's own words.
    message: reasonMessage(result.reason),
    binding: "device",
  };
}

/**
 * What the result says, in the page's language: a valid credential's words (a paper one says to
 * check photo ID), or why it was refused, by its reason code: a verification reason, or a
 * credential's own refusal (core/credentials/error-messages.ts); the server's words for a code
 * this build does not know.
 */
export function resultMessage(intl: IntlShape, shown: ShownResult): string {
  if (shown.valid) return intl.formatMessage(shown.binding === "paper" ? messages.validPaper : messages.valid);
  if (Object.hasOwn(REASON_MESSAGES, shown.reason))
    return intl.formatMessage(REASON_MESSAGES[shown.reason as VerificationReasonCode], { count: MAX_REQUEST_ATTEMPTS });
  if (isCredentialErrorCode(shown.reason)) return credentialErrorText(intl, shown.reason);
  return shown.message;
}

/**
 * Spec 000 §8: "Verification Successful", or "Verification Failed" with the reason. The toast
 * follows the check's outcome as well as validity (ADR 033): a genuine credential that fails the
 * check ("Under 18") is "Verification Failed" with that reason, never a success.
 */
export function toastResult(shown: ShownResult, toast: ToastFn, intl: IntlShape): void {
  if (!shown.valid)
    toast({
      title: intl.formatMessage(messages.failed),
      description: resultMessage(intl, shown),
      variant: "destructive",
    });
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
