/**
 * Why a presentation was refused beyond the credential itself (core/credentials/errors.ts has
 * those): the OpenID4VP request, the DCQL query, and offline use. Each is a stable code with a
 * message safe to show a verifier (it never echoes token content).
 */
import { CREDENTIAL_ERROR_MESSAGES, type CredentialErrorCode } from "#core/credentials/errors.ts";

/** How many answers that end nothing an online request takes before it closes as failed (issue 20). */
export const MAX_REQUEST_ATTEMPTS = 5;

const VERIFICATION_REASON_MESSAGES = {
  STATE_UNKNOWN: "The response does not belong to an open request (unknown state).",
  REQUEST_EXPIRED: "The verification request has expired.",
  REQUEST_ALREADY_ANSWERED: "The verification request has already been answered.",
  REQUEST_DECLINED: "The citizen declined",
  REQUEST_TOO_MANY_ATTEMPTS: `The verification request was closed after ${MAX_REQUEST_ATTEMPTS} answers that could not be accepted. Create a new request.`,
  DECLINE_NOT_FROM_HOLDER:
    "A refusal that did not come from the holder's wallet was recorded. The request is still open.",
  DECLINE_NO_CREDENTIAL: "You have no active credential that this request asks for, so there is nothing to decline.",
  VP_TOKEN_MALFORMED: "The vp_token is not a JSON object keyed by the request's credential query ids.",
  VP_TOKEN_UNKNOWN_QUERY: "The vp_token answers a credential query the request did not make.",
  VP_TOKEN_MISSING_QUERY: "The vp_token does not answer the request's credential query.",
  VP_TOKEN_MULTIPLE: "The vp_token holds more than one presentation for a query that allows one.",
  DCQL_VCT_MISMATCH: "The credential is not of a type the request asked for.",
  DCQL_CLAIM_MISSING: "The presentation does not disclose every attribute the request asked for.",
  VERIFIER_NOT_REGISTERED: "Your organisation is not registered for this kind of check.",
  RESPONSE_NOT_ENCRYPTED:
    "The request asked for an encrypted response (direct_post.jwt); this one was sent in the clear.",
  RESPONSE_JWE_MALFORMED: "The encrypted response is not a compact JWE.",
  RESPONSE_JWE_ALGORITHM: "The encrypted response does not use ECDH-ES with A128GCM or A256GCM.",
  RESPONSE_JWE_WRONG_KEY: "The encrypted response was not encrypted to this request's key.",
  DC_API_ORIGIN_NOT_EXPECTED:
    "The answer came through the browser from a website this request was not made for (not in expected_origins).",
} as const;

export type VerificationReasonCode = keyof typeof VERIFICATION_REASON_MESSAGES;

/** Any reason a validation answers with: "valid", a credential error code or a verification code. */
export type ReasonCode = "valid" | CredentialErrorCode | VerificationReasonCode;

export function reasonMessage(code: string): string {
  if (code === "valid")
    return "The credential is valid: signed by its issuer, in date, not revoked, and presented by its holder.";
  if (Object.hasOwn(VERIFICATION_REASON_MESSAGES, code))
    return VERIFICATION_REASON_MESSAGES[code as VerificationReasonCode];
  if (Object.hasOwn(CREDENTIAL_ERROR_MESSAGES, code)) return CREDENTIAL_ERROR_MESSAGES[code as CredentialErrorCode];
  return "The presentation could not be verified.";
}

/**
 * What ties a verified credential to the person presenting it: "device", the key in its cnf signed
 * the presentation (a KB-JWT); "paper", nothing (a printed paper credential, no cnf).
 */
export type Binding = "device" | "paper";
export const BINDINGS = ["device", "paper"] as const satisfies readonly Binding[];

/** What a checker must do for a paper credential, which no device key ties to its holder. */
export const PAPER_CREDENTIAL_NOTE =
  "Paper credential: not bound to a device — check the holder's photo ID against the name.";

/** The message of a valid answer: a paper credential was not presented by a proven holder, so it says what to check instead. */
export function validMessage(binding: Binding): string {
  return binding === "paper"
    ? `The credential is valid: signed by its issuer, in date and not revoked. ${PAPER_CREDENTIAL_NOTE}`
    : reasonMessage("valid");
}

/** The result badge's kinds (spec 000 §5 "Verification result badge"). */
export const RESULT_KINDS = ["valid", "invalid", "expired"] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

/** The reasons a refusal counts as "expired" rather than "invalid". */
export const EXPIRED_REASONS: readonly string[] = ["EXPIRED", "KB_TOO_OLD", "REQUEST_EXPIRED"];

/** The result badge (spec 000 §5): valid, invalid or expired. */
export function resultBadge(valid: boolean, reason: string): ResultKind {
  if (valid) return "valid";
  return EXPIRED_REASONS.includes(reason) ? "expired" : "invalid";
}

export class VerificationError extends Error {
  override readonly name = "VerificationError";
  constructor(
    readonly code: VerificationReasonCode,
    detail?: string,
  ) {
    super(`${code}: ${VERIFICATION_REASON_MESSAGES[code]}${detail ? ` (${detail})` : ""}`);
  }
}
