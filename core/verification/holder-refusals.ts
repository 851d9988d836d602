/**
 * Why a verifier's request refused the citizen's answer (a share or a decline), in the citizen's
 * language (issue 21, ADR 041): every language of the citizen's screens. The consent screen words
 * a refused share from the response's `reason` code, and the wallet's activity a failed check from
 * its stored reason; the verifier's screens say the same reasons in their own words
 * (core/verification/reason-messages.ts), in English and Welsh.
 */
import { defineMessages, type IntlShape, type MessageDescriptor } from "@formatjs/intl";
import { credentialErrorText, isCredentialErrorCode } from "#core/credentials/error-messages.ts";
import { MAX_REQUEST_ATTEMPTS, type VerificationReasonCode } from "./reasons.ts";

/**
 * The request's own refusals, as the citizen reads them. Declared here, in the core, so that the
 * consent screen's page carries them (a page carries the messages of the modules it imports);
 * the decline endpoint (server/verification/decline.ts) answers with the same words.
 */
const declared = defineMessages({
  signedOut: {
    id: "server.verification.decline.signedOut",
    defaultMessage: "Unauthorized",
    description: "The person declining a request is not signed in (their session ended)",
  },
  stateUnknown: {
    id: "server.verification.decline.stateUnknown",
    defaultMessage: "The response does not belong to an open request (unknown state).",
    description: "Shown to the citizen who answered or declined: the request they answered is not known",
  },
  noCredential: {
    id: "server.verification.decline.noCredential",
    defaultMessage: "You have no active credential that this request asks for, so there is nothing to decline.",
  },
  expired: {
    id: "server.verification.decline.expired",
    defaultMessage: "The verification request has expired.",
    description: "Shown to the citizen who tried to answer or decline it",
  },
  alreadyAnswered: {
    id: "server.verification.decline.alreadyAnswered",
    defaultMessage: "The verification request has already been answered.",
    description: "Shown to the citizen who tried to answer or decline it",
  },
  tooManyAttempts: {
    id: "server.verification.decline.tooManyAttempts",
    defaultMessage:
      "{count, plural, one {The verification request was closed after # answer that could not be accepted. Create a new request.} other {The verification request was closed after # answers that could not be accepted. Create a new request.}}",
    description: "Shown to the citizen who tried to answer or decline it: the request is closed",
  },
});

/** Widened so that WordedServiceError takes values (the catalog test checks each message's placeholders). */
export const declineErrors: { readonly [K in keyof typeof declared]: MessageDescriptor } = declared;

/**
 * Why the request refused the answer itself (OpenID4VP's vp_token, the DCQL query, the verifier's
 * registration): the English is reasons.ts's, but for the one addressed to the verifier.
 */
const answer = defineMessages({
  vpTokenMalformed: {
    id: "server.verification.answer.vpTokenMalformed",
    defaultMessage: "The vp_token is not a JSON object keyed by the request's credential query ids.",
  },
  vpTokenUnknownQuery: {
    id: "server.verification.answer.vpTokenUnknownQuery",
    defaultMessage: "The vp_token answers a credential query the request did not make.",
  },
  vpTokenMissingQuery: {
    id: "server.verification.answer.vpTokenMissingQuery",
    defaultMessage: "The vp_token does not answer the request's credential query.",
  },
  vpTokenMultiple: {
    id: "server.verification.answer.vpTokenMultiple",
    defaultMessage: "The vp_token holds more than one presentation for a query that allows one.",
  },
  dcqlVctMismatch: {
    id: "server.verification.answer.dcqlVctMismatch",
    defaultMessage: "The credential is not of a type the request asked for.",
  },
  dcqlClaimMissing: {
    id: "server.verification.answer.dcqlClaimMissing",
    defaultMessage: "The presentation does not disclose every attribute the request asked for.",
  },
  verifierNotRegistered: {
    id: "server.verification.answer.verifierNotRegistered",
    defaultMessage: "The organisation asking is not registered for this kind of check.",
    description: "Shown to the citizen who shared: the organisation may not make this check",
  },
  responseNotEncrypted: {
    id: "server.verification.answer.responseNotEncrypted",
    defaultMessage: "The request asked for an encrypted response (direct_post.jwt); this one was sent in the clear.",
  },
  responseJweMalformed: {
    id: "server.verification.answer.responseJweMalformed",
    defaultMessage: "The encrypted response is not a compact JWE.",
  },
  responseJweAlgorithm: {
    id: "server.verification.answer.responseJweAlgorithm",
    defaultMessage: "The encrypted response does not use ECDH-ES with A128GCM or A256GCM.",
  },
  responseJweWrongKey: {
    id: "server.verification.answer.responseJweWrongKey",
    defaultMessage: "The encrypted response was not encrypted to this request's key.",
  },
  dcApiOriginNotExpected: {
    id: "server.verification.answer.dcApiOriginNotExpected",
    defaultMessage: "This website is not one the organisation registered for its checks, so your answer was not taken.",
    description:
      "Shown to the citizen who answered through their device's wallet app from a website the request was not made for",
  },
});

/** Why a closed request takes no answer, not even a decline (the code is the reason; `{count}` its attempts). */
export const CLOSED_REQUEST_WORDS = {
  REQUEST_EXPIRED: declineErrors.expired,
  REQUEST_ALREADY_ANSWERED: declineErrors.alreadyAnswered,
  REQUEST_TOO_MANY_ATTEMPTS: declineErrors.tooManyAttempts,
} as const satisfies Partial<Record<VerificationReasonCode, MessageDescriptor>>;

/** The request's refusals of an answer that a citizen has words for. */
const REQUEST_REFUSALS: Partial<Readonly<Record<VerificationReasonCode, MessageDescriptor>>> = {
  STATE_UNKNOWN: declared.stateUnknown,
  ...CLOSED_REQUEST_WORDS,
  VP_TOKEN_MALFORMED: answer.vpTokenMalformed,
  VP_TOKEN_UNKNOWN_QUERY: answer.vpTokenUnknownQuery,
  VP_TOKEN_MISSING_QUERY: answer.vpTokenMissingQuery,
  VP_TOKEN_MULTIPLE: answer.vpTokenMultiple,
  DCQL_VCT_MISMATCH: answer.dcqlVctMismatch,
  DCQL_CLAIM_MISSING: answer.dcqlClaimMissing,
  VERIFIER_NOT_REGISTERED: answer.verifierNotRegistered,
  RESPONSE_NOT_ENCRYPTED: answer.responseNotEncrypted,
  RESPONSE_JWE_MALFORMED: answer.responseJweMalformed,
  RESPONSE_JWE_ALGORITHM: answer.responseJweAlgorithm,
  RESPONSE_JWE_WRONG_KEY: answer.responseJweWrongKey,
  DC_API_ORIGIN_NOT_EXPECTED: answer.dcApiOriginNotExpected,
};

/**
 * What refusal `reason` (a credential's refusal or the request's) says, in `intl`'s language;
 * undefined for a reason the citizen's screens have no words for (the caller shows the verifier's
 * own English, marked as English, or a general sentence). In English it is exactly reasonMessage's,
 * but for VERIFIER_NOT_REGISTERED and DC_API_ORIGIN_NOT_EXPECTED (reasons.ts says them to the verifier).
 */
export function holderRefusalText(intl: Pick<IntlShape, "formatMessage">, reason: string): string | undefined {
  if (isCredentialErrorCode(reason)) return credentialErrorText(intl, reason);
  const words = Object.hasOwn(REQUEST_REFUSALS, reason)
    ? REQUEST_REFUSALS[reason as VerificationReasonCode]
    : undefined;
  return words ? intl.formatMessage(words, { count: MAX_REQUEST_ATTEMPTS }) : undefined;
}
