/**
 * A credential's refusals (core/credentials/errors.ts) as messages (issue 21, ADR 041), by code:
 * the English constants stay for logs and the API's English answers; where a person reads a
 * refusal (the verifier's result and history, receipts; the citizen's consent screen and wallet
 * activity, so in all twelve languages) it is worded in their language through these. They are
 * technical; translators keep the names of standards, headers and claims ("typ", "cnf.jwk",
 * "sd_hash", "_sd_alg", "SD-JWT", "RFC 9901") exactly as they are.
 */
import { defineMessages, type IntlShape, type MessageDescriptor } from "@formatjs/intl";
import type { CredentialErrorCode } from "./errors.ts";

const messages = defineMessages({
  INPUT_TOO_LARGE: {
    id: "server.verification.refusal.inputTooLarge",
    defaultMessage: "The input exceeds a size limit (bytes, disclosure count or nesting depth).",
  },
  MALFORMED_PRESENTATION: {
    id: "server.verification.refusal.malformedPresentation",
    defaultMessage: "The presentation is not a well-formed SD-JWT (RFC 9901 section 4).",
  },
  DUPLICATE_JSON_MEMBER: {
    id: "server.verification.refusal.duplicateJsonMember",
    defaultMessage: "A JSON object in the token has the same member name twice.",
  },
  POLICY_INVALID: {
    id: "server.verification.refusal.policyInvalid",
    defaultMessage: "The verifier policy is incomplete or inconsistent.",
  },
  INVALID_ARGUMENT: {
    id: "server.verification.refusal.invalidArgument",
    defaultMessage: "An argument is missing or has the wrong shape.",
  },
  VERIFICATION_FAILED: {
    id: "server.verification.refusal.verificationFailed",
    defaultMessage: "The presentation could not be verified.",
  },
  ALG_NOT_ALLOWED: {
    id: "server.verification.refusal.algNotAllowed",
    defaultMessage: "The signing algorithm is not one pinned for this issuer (alg none is never accepted).",
  },
  KEY_HEADER_NOT_ALLOWED: {
    id: "server.verification.refusal.keyHeaderNotAllowed",
    defaultMessage: "The token names its own key (jwk, jku, x5u or x5c header); only configured keys count.",
  },
  CRIT_NOT_SUPPORTED: {
    id: "server.verification.refusal.critNotSupported",
    defaultMessage: "The token marks header parameters as critical that this verifier does not understand.",
  },
  UNKNOWN_KID: {
    id: "server.verification.refusal.unknownKid",
    defaultMessage: "The key id is not one of the trusted keys of this issuer.",
  },
  UNTRUSTED_ISSUER: {
    id: "server.verification.refusal.untrustedIssuer",
    defaultMessage: "The issuer is not a trusted issuer.",
  },
  WRONG_TYP: {
    id: "server.verification.refusal.wrongTyp",
    defaultMessage: "The credential's typ header is not dc+sd-jwt.",
  },
  BAD_SIGNATURE: {
    id: "server.verification.refusal.badSignature",
    defaultMessage: "The issuer's signature is not valid.",
  },
  EXPIRED: { id: "server.verification.refusal.expired", defaultMessage: "The credential has expired." },
  NOT_YET_VALID: {
    id: "server.verification.refusal.notYetValid",
    defaultMessage: "The credential is not valid yet (nbf is in the future).",
  },
  ISSUED_IN_FUTURE: {
    id: "server.verification.refusal.issuedInFuture",
    defaultMessage: "The token was issued in the future (iat beyond the allowed clock skew).",
  },
  CLAIM_MISSING: { id: "server.verification.refusal.claimMissing", defaultMessage: "A required claim is missing." },
  CLAIM_INVALID: {
    id: "server.verification.refusal.claimInvalid",
    defaultMessage: "A registered claim has the wrong type or value.",
  },
  RESERVED_CLAIM_DISCLOSED: {
    id: "server.verification.refusal.reservedClaimDisclosed",
    defaultMessage:
      "A claim that must never be selectively disclosable (iss, nbf, exp, cnf, vct, status) arrived in a disclosure.",
  },
  VCT_MISSING: {
    id: "server.verification.refusal.vctMissing",
    defaultMessage: "The credential has no vct (credential type).",
  },
  VCT_UNEXPECTED: {
    id: "server.verification.refusal.vctUnexpected",
    defaultMessage: "The credential type (vct) is not one this verifier accepts.",
  },
  SD_ALG_UNSUPPORTED: {
    id: "server.verification.refusal.sdAlgUnsupported",
    defaultMessage: "The _sd_alg hash algorithm is unknown or not accepted (only sha-256).",
  },
  SD_ALG_MISPLACED: {
    id: "server.verification.refusal.sdAlgMisplaced",
    defaultMessage: "_sd_alg appears somewhere other than the top level of the issuer-signed payload.",
  },
  CNF_INVALID: {
    id: "server.verification.refusal.cnfInvalid",
    defaultMessage: "The holder key (cnf.jwk) is missing or not a usable public key.",
  },
  CERTIFICATE_INVALID: {
    id: "server.verification.refusal.certificateInvalid",
    defaultMessage:
      "The issuer's certificate chain (x5c) is malformed or breaks the certificate profile (a self-signed or CA signing certificate, the root included, an unsupported algorithm or critical extension).",
  },
  CERTIFICATE_UNTRUSTED: {
    id: "server.verification.refusal.certificateUntrusted",
    defaultMessage: "The issuer's certificate chain (x5c) does not lead to a trusted root.",
  },
  CERTIFICATE_EXPIRED: {
    id: "server.verification.refusal.certificateExpired",
    defaultMessage: "A certificate in the issuer's chain (x5c) is expired or not valid yet.",
  },
  CERTIFICATE_NAME_MISMATCH: {
    id: "server.verification.refusal.certificateNameMismatch",
    defaultMessage: "The issuer (iss) is not named in the subjectAltName of its signing certificate.",
  },
  MALFORMED_DISCLOSURE: {
    id: "server.verification.refusal.malformedDisclosure",
    defaultMessage:
      "A disclosure is not a base64url JSON array of the right length (3 for a property, 2 for an array element).",
  },
  DISCLOSED_SD_CLAIM: {
    id: "server.verification.refusal.disclosedSdClaim",
    defaultMessage: "A disclosure names a claim _sd or ..., which is never allowed.",
  },
  DUPLICATE_CLAIM: {
    id: "server.verification.refusal.duplicateClaim",
    defaultMessage: "A disclosed claim name already exists at that level.",
  },
  DUPLICATE_DIGEST: {
    id: "server.verification.refusal.duplicateDigest",
    defaultMessage: "The same digest appears more than once.",
  },
  UNREFERENCED_DISCLOSURE: {
    id: "server.verification.refusal.unreferencedDisclosure",
    defaultMessage: "A disclosure is not referenced by any digest.",
  },
  KB_MISSING: {
    id: "server.verification.refusal.kbMissing",
    defaultMessage: "Key binding is required but the presentation has no key-binding JWT.",
  },
  KB_MALFORMED: {
    id: "server.verification.refusal.kbMalformed",
    defaultMessage: "The key-binding JWT is not well formed or lacks a required claim.",
  },
  KB_WRONG_TYP: {
    id: "server.verification.refusal.kbWrongTyp",
    defaultMessage: "The key-binding JWT's typ header is not kb+jwt.",
  },
  KB_ALG_NOT_ALLOWED: {
    id: "server.verification.refusal.kbAlgNotAllowed",
    defaultMessage: "The key-binding JWT's algorithm is not allowed or does not match the holder key.",
  },
  KB_BAD_SIGNATURE: {
    id: "server.verification.refusal.kbBadSignature",
    defaultMessage: "The key-binding JWT is not signed by the holder key in cnf.",
  },
  KB_NONCE_MISMATCH: {
    id: "server.verification.refusal.kbNonceMismatch",
    defaultMessage: "The key-binding nonce is not the one issued for this request.",
  },
  KB_NONCE_REUSED: {
    id: "server.verification.refusal.kbNonceReused",
    defaultMessage: "The key-binding nonce has already been used.",
  },
  KB_NONCE_UNVERIFIABLE: {
    id: "server.verification.refusal.kbNonceUnverifiable",
    defaultMessage: "The nonce store could not confirm single use of the nonce.",
  },
  KB_AUDIENCE_MISMATCH: {
    id: "server.verification.refusal.kbAudienceMismatch",
    defaultMessage: "The key-binding audience is not exactly this verifier's identifier.",
  },
  KB_TOO_OLD: {
    id: "server.verification.refusal.kbTooOld",
    defaultMessage: "The key-binding JWT is older than the allowed window.",
  },
  KB_IN_FUTURE: {
    id: "server.verification.refusal.kbInFuture",
    defaultMessage: "The key-binding JWT is dated in the future beyond the allowed clock skew.",
  },
  KB_SD_HASH_MISMATCH: {
    id: "server.verification.refusal.kbSdHashMismatch",
    defaultMessage: "The key-binding sd_hash does not match the presented issuer JWT and disclosures.",
  },
  PAPER_NOT_ACCEPTED: {
    id: "server.verification.refusal.paperNotAccepted",
    defaultMessage:
      "The credential is a paper credential, bound to no device: it is accepted only when scanned in person, never as a wallet's answer.",
  },
  KB_UNEXPECTED: {
    id: "server.verification.refusal.kbUnexpected",
    defaultMessage: "A key-binding JWT came with a paper credential, which has no holder key to bind it to.",
  },
  STATUS_CLAIM_INVALID: {
    id: "server.verification.refusal.statusClaimInvalid",
    defaultMessage: "The credential's status claim is missing or malformed.",
  },
  URL_NOT_ALLOWED: {
    id: "server.verification.refusal.urlNotAllowed",
    defaultMessage: "A URL named by the token is not HTTPS or not on the allow-list.",
  },
  STATUS_TOKEN_MALFORMED: {
    id: "server.verification.refusal.statusTokenMalformed",
    defaultMessage: "The status list token is not well formed.",
  },
  STATUS_TOKEN_WRONG_TYP: {
    id: "server.verification.refusal.statusTokenWrongTyp",
    defaultMessage: "The status list token's typ header is not statuslist+jwt.",
  },
  STATUS_TOKEN_BAD_SIGNATURE: {
    id: "server.verification.refusal.statusTokenBadSignature",
    defaultMessage: "The status list token is not signed by a trusted key.",
  },
  STATUS_SUB_MISMATCH: {
    id: "server.verification.refusal.statusSubMismatch",
    defaultMessage: "The status list token's sub is not the credential's status list URI.",
  },
  STATUS_TOKEN_EXPIRED: {
    id: "server.verification.refusal.statusTokenExpired",
    defaultMessage: "The status list token has expired.",
  },
  STATUS_BITS_INVALID: {
    id: "server.verification.refusal.statusBitsInvalid",
    defaultMessage: "The status list's bits value is not 1, 2, 4 or 8.",
  },
  STATUS_LIST_TOO_LARGE: {
    id: "server.verification.refusal.statusListTooLarge",
    defaultMessage: "The status list inflates to more than the allowed size.",
  },
  STATUS_LIST_INVALID: {
    id: "server.verification.refusal.statusListInvalid",
    defaultMessage: "The status list's compressed data is corrupt.",
  },
  STATUS_INDEX_OUT_OF_RANGE: {
    id: "server.verification.refusal.statusIndexOutOfRange",
    defaultMessage: "The credential's status index is outside the status list.",
  },
  STATUS_REVOKED: {
    id: "server.verification.refusal.statusRevoked",
    defaultMessage: "The credential has been revoked.",
  },
  STATUS_SUSPENDED: {
    id: "server.verification.refusal.statusSuspended",
    defaultMessage: "The credential is suspended.",
  },
  STATUS_UNKNOWN: {
    id: "server.verification.refusal.statusUnknown",
    defaultMessage:
      "The credential's status is unknown (the status list is unavailable or the value is not recognised).",
  },
  STATUS_LIST_FULL: {
    id: "server.verification.refusal.statusListFull",
    defaultMessage: "No free index is left in the status list.",
  },
  RESERVED_CLAIM_NOT_ALLOWED: {
    id: "server.verification.refusal.reservedClaimNotAllowed",
    defaultMessage: "A personal claim uses a reserved claim name.",
  },
  MDOC_MALFORMED: {
    id: "server.verification.refusal.mdocMalformed",
    defaultMessage: "The mdoc response is not a well-formed ISO 18013-5 DeviceResponse.",
  },
  MDOC_DOCTYPE_MISMATCH: {
    id: "server.verification.refusal.mdocDoctypeMismatch",
    defaultMessage: "The mdoc's document type is not the one requested, or differs from the one its issuer signed.",
  },
  MDOC_ISSUER_UNTRUSTED: {
    id: "server.verification.refusal.mdocIssuerUntrusted",
    defaultMessage: "The mdoc's document signer certificate (x5chain) does not lead to a trusted IACA root.",
  },
  MDOC_ISSUER_SIGNATURE: {
    id: "server.verification.refusal.mdocIssuerSignature",
    defaultMessage: "The issuer's signature on the mdoc (IssuerAuth) is not valid.",
  },
  MDOC_DIGEST_MISMATCH: {
    id: "server.verification.refusal.mdocDigestMismatch",
    defaultMessage: "A disclosed mdoc data element does not match the digest its issuer signed.",
  },
  MDOC_NOT_YET_VALID: {
    id: "server.verification.refusal.mdocNotYetValid",
    defaultMessage: "The mdoc is not valid yet (validFrom is in the future).",
  },
  MDOC_EXPIRED: {
    id: "server.verification.refusal.mdocExpired",
    defaultMessage: "The mdoc has expired (validUntil has passed).",
  },
  MDOC_DEVICE_SIGNATURE: {
    id: "server.verification.refusal.mdocDeviceSignature",
    defaultMessage:
      "The mdoc's device signature is not valid for this request (another session transcript or another key).",
  },
  MDOC_DEVICE_MAC_UNSUPPORTED: {
    id: "server.verification.refusal.mdocDeviceMacUnsupported",
    defaultMessage: "The mdoc is authenticated with a device MAC, which this verifier does not accept.",
  },
  MDOC_ELEMENT_MISSING: {
    id: "server.verification.refusal.mdocElementMissing",
    defaultMessage: "A requested mdoc data element was not disclosed.",
  },
  CLAIM_NOT_DISCLOSABLE: {
    id: "server.verification.refusal.claimNotDisclosable",
    defaultMessage: "A requested claim is not a disclosable claim of this credential.",
  },
});

/** Every refusal has its words (a code added to errors.ts fails the type check until it has). */
const REFUSALS: Readonly<Record<CredentialErrorCode, MessageDescriptor>> = messages;

export function isCredentialErrorCode(code: string): code is CredentialErrorCode {
  return Object.hasOwn(REFUSALS, code);
}

/** Refusal `code` in `intl`'s language. */
export function credentialErrorText(intl: Pick<IntlShape, "formatMessage">, code: CredentialErrorCode): string {
  return intl.formatMessage(REFUSALS[code]);
}
