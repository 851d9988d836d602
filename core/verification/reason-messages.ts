/**
 * Why a presentation was or was not accepted, in a reader's language (issue 21, ADR 041), by its
 * reason code: the verifier's screens already word a valid result and the verification reasons
 * (app/components/verifier/verification-result.ts declares those messages: named here by id, never
 * declared twice); a credential's own refusals are core/credentials/error-messages.ts's.
 */
import type { IntlShape, MessageDescriptor } from "@formatjs/intl";
import { credentialErrorText, isCredentialErrorCode } from "#core/credentials/error-messages.ts";
import { type Binding, MAX_REQUEST_ATTEMPTS, type VerificationReasonCode } from "./reasons.ts";

/** The ids of the verifier screens' messages for each verification reason (their English is reasons.ts's). */
const REASON_IDS = {
  STATE_UNKNOWN: "verifier.reason.stateUnknown",
  REQUEST_EXPIRED: "verifier.reason.requestExpired",
  REQUEST_ALREADY_ANSWERED: "verifier.reason.requestAlreadyAnswered",
  REQUEST_DECLINED: "verifier.reason.requestDeclined",
  REQUEST_TOO_MANY_ATTEMPTS: "verifier.reason.requestTooManyAttempts",
  DECLINE_NOT_FROM_HOLDER: "verifier.reason.declineNotFromHolder",
  DECLINE_NO_CREDENTIAL: "verifier.reason.declineNoCredential",
  VP_TOKEN_MALFORMED: "verifier.reason.vpTokenMalformed",
  VP_TOKEN_UNKNOWN_QUERY: "verifier.reason.vpTokenUnknownQuery",
  VP_TOKEN_MISSING_QUERY: "verifier.reason.vpTokenMissingQuery",
  VP_TOKEN_MULTIPLE: "verifier.reason.vpTokenMultiple",
  DCQL_VCT_MISMATCH: "verifier.reason.dcqlVctMismatch",
  DCQL_CLAIM_MISSING: "verifier.reason.dcqlClaimMissing",
  VERIFIER_NOT_REGISTERED: "verifier.reason.verifierNotRegistered",
  RESPONSE_NOT_ENCRYPTED: "verifier.reason.responseNotEncrypted",
  RESPONSE_JWE_MALFORMED: "verifier.reason.responseJweMalformed",
  RESPONSE_JWE_ALGORITHM: "verifier.reason.responseJweAlgorithm",
  RESPONSE_JWE_WRONG_KEY: "verifier.reason.responseJweWrongKey",
  DC_API_ORIGIN_NOT_EXPECTED: "verifier.reason.dcApiOriginNotExpected",
} as const satisfies Record<VerificationReasonCode, string>;

const VALID: Record<Binding, MessageDescriptor> = {
  device: { id: "verifier.result.valid" },
  paper: { id: "verifier.result.validPaper" },
};

/**
 * What `reason` says ("valid" with the credential's binding, a verification reason or a
 * credential's refusal), in `intl`'s language; an unknown code is "The presentation could not be
 * verified.", as reasonMessage says in English.
 */
export function reasonText(intl: IntlShape, reason: string, binding: Binding = "device"): string {
  if (reason === "valid") return intl.formatMessage(VALID[binding]);
  if (Object.hasOwn(REASON_IDS, reason))
    return intl.formatMessage({ id: REASON_IDS[reason as VerificationReasonCode] }, { count: MAX_REQUEST_ATTEMPTS });
  return credentialErrorText(intl, isCredentialErrorCode(reason) ? reason : "VERIFICATION_FAILED");
}
