/**
 * One error type for the credentials core, with stable codes. Codes are an API: callers branch on them, record them in the audit trail and
 * show the message beside them. Messages never echo token content, so they are safe to log and
 * to show to a verifier.
 */

export const CREDENTIAL_ERROR_MESSAGES = {
  // Input, structure and policy
  INPUT_TOO_LARGE: "The input exceeds a size limit (bytes, disclosure count or nesting depth).",
  MALFORMED_PRESENTATION: "The presentation is not a well-formed SD-JWT (RFC 9901 section 4).",
  DUPLICATE_JSON_MEMBER: "A JSON object in the token has the same member name twice.",
  POLICY_INVALID: "The verifier policy is incomplete or inconsistent.",
  INVALID_ARGUMENT: "An argument is missing or has the wrong shape.",
  VERIFICATION_FAILED: "The presentation could not be verified.",

  // Issuer-signed JWT
  ALG_NOT_ALLOWED: "The signing algorithm is not one pinned for this issuer (alg none is never accepted).",
  KEY_HEADER_NOT_ALLOWED: "The token names its own key (jwk, jku, x5u or x5c header); only configured keys count.",
  CRIT_NOT_SUPPORTED: "The token marks header parameters as critical that this verifier does not understand.",
  UNKNOWN_KID: "The key id is not one of the trusted keys of this issuer.",
  UNTRUSTED_ISSUER: "The issuer is not a trusted issuer.",
  WRONG_TYP: "The credential's typ header is not dc+sd-jwt.",
  BAD_SIGNATURE: "The issuer's signature is not valid.",
  EXPIRED: "The credential has expired.",
  NOT_YET_VALID: "The credential is not valid yet (nbf is in the future).",
  ISSUED_IN_FUTURE: "The token was issued in the future (iat beyond the allowed clock skew).",
  CLAIM_MISSING: "A required claim is missing.",
  CLAIM_INVALID: "A registered claim has the wrong type or value.",
  RESERVED_CLAIM_DISCLOSED:
    "A claim that must never be selectively disclosable (iss, nbf, exp, cnf, vct, status) arrived in a disclosure.",
  VCT_MISSING: "The credential has no vct (credential type).",
  VCT_UNEXPECTED: "The credential type (vct) is not one this verifier accepts.",
  SD_ALG_UNSUPPORTED: "The _sd_alg hash algorithm is unknown or not accepted (only sha-256).",
  SD_ALG_MISPLACED: "_sd_alg appears somewhere other than the top level of the issuer-signed payload.",
  CNF_INVALID: "The holder key (cnf.jwk) is missing or not a usable public key.",

  // The issuer's certificate chain (x5c header, HAIP 1.0 section 6.1.1; x509.ts)
  CERTIFICATE_INVALID:
    "The issuer's certificate chain (x5c) is malformed or breaks the certificate profile (a self-signed or CA signing certificate, the root included, an unsupported algorithm or critical extension).",
  CERTIFICATE_UNTRUSTED: "The issuer's certificate chain (x5c) does not lead to a trusted root.",
  CERTIFICATE_EXPIRED: "A certificate in the issuer's chain (x5c) is expired or not valid yet.",
  CERTIFICATE_NAME_MISMATCH: "The issuer (iss) is not named in the subjectAltName of its signing certificate.",

  // Disclosures
  MALFORMED_DISCLOSURE:
    "A disclosure is not a base64url JSON array of the right length (3 for a property, 2 for an array element).",
  DISCLOSED_SD_CLAIM: "A disclosure names a claim _sd or ..., which is never allowed.",
  DUPLICATE_CLAIM: "A disclosed claim name already exists at that level.",
  DUPLICATE_DIGEST: "The same digest appears more than once.",
  UNREFERENCED_DISCLOSURE: "A disclosure is not referenced by any digest.",

  // Key binding
  KB_MISSING: "Key binding is required but the presentation has no key-binding JWT.",
  KB_MALFORMED: "The key-binding JWT is not well formed or lacks a required claim.",
  KB_WRONG_TYP: "The key-binding JWT's typ header is not kb+jwt.",
  KB_ALG_NOT_ALLOWED: "The key-binding JWT's algorithm is not allowed or does not match the holder key.",
  KB_BAD_SIGNATURE: "The key-binding JWT is not signed by the holder key in cnf.",
  KB_NONCE_MISMATCH: "The key-binding nonce is not the one issued for this request.",
  KB_NONCE_REUSED: "The key-binding nonce has already been used.",
  KB_NONCE_UNVERIFIABLE: "The nonce store could not confirm single use of the nonce.",
  KB_AUDIENCE_MISMATCH: "The key-binding audience is not exactly this verifier's identifier.",
  KB_TOO_OLD: "The key-binding JWT is older than the allowed window.",
  KB_IN_FUTURE: "The key-binding JWT is dated in the future beyond the allowed clock skew.",
  KB_SD_HASH_MISMATCH: "The key-binding sd_hash does not match the presented issuer JWT and disclosures.",
  PAPER_NOT_ACCEPTED:
    "The credential is a paper credential, bound to no device: it is accepted only when scanned in person, never as a wallet's answer.",
  KB_UNEXPECTED: "A key-binding JWT came with a paper credential, which has no holder key to bind it to.",

  // Status
  STATUS_CLAIM_INVALID: "The credential's status claim is missing or malformed.",
  URL_NOT_ALLOWED: "A URL named by the token is not HTTPS or not on the allow-list.",
  STATUS_TOKEN_MALFORMED: "The status list token is not well formed.",
  STATUS_TOKEN_WRONG_TYP: "The status list token's typ header is not statuslist+jwt.",
  STATUS_TOKEN_BAD_SIGNATURE: "The status list token is not signed by a trusted key.",
  STATUS_SUB_MISMATCH: "The status list token's sub is not the credential's status list URI.",
  STATUS_TOKEN_EXPIRED: "The status list token has expired.",
  STATUS_BITS_INVALID: "The status list's bits value is not 1, 2, 4 or 8.",
  STATUS_LIST_TOO_LARGE: "The status list inflates to more than the allowed size.",
  STATUS_LIST_INVALID: "The status list's compressed data is corrupt.",
  STATUS_INDEX_OUT_OF_RANGE: "The credential's status index is outside the status list.",
  STATUS_REVOKED: "The credential has been revoked.",
  STATUS_SUSPENDED: "The credential is suspended.",
  STATUS_UNKNOWN: "The credential's status is unknown (the status list is unavailable or the value is not recognised).",
  STATUS_LIST_FULL: "No free index is left in the status list.",

  // mdoc presentations (ISO/IEC 18013-5 DeviceResponse, OpenID4VP 1.0 Appendix B; core/mdoc)
  MDOC_MALFORMED: "The mdoc response is not a well-formed ISO 18013-5 DeviceResponse.",
  MDOC_DOCTYPE_MISMATCH:
    "The mdoc's document type is not the one requested, or differs from the one its issuer signed.",
  MDOC_ISSUER_UNTRUSTED: "The mdoc's document signer certificate (x5chain) does not lead to a trusted IACA root.",
  MDOC_ISSUER_SIGNATURE: "The issuer's signature on the mdoc (IssuerAuth) is not valid.",
  MDOC_DIGEST_MISMATCH: "A disclosed mdoc data element does not match the digest its issuer signed.",
  MDOC_NOT_YET_VALID: "The mdoc is not valid yet (validFrom is in the future).",
  MDOC_EXPIRED: "The mdoc has expired (validUntil has passed).",
  MDOC_DEVICE_SIGNATURE:
    "The mdoc's device signature is not valid for this request (another session transcript or another key).",
  MDOC_DEVICE_MAC_UNSUPPORTED: "The mdoc is authenticated with a device MAC, which this verifier does not accept.",
  MDOC_ELEMENT_MISSING: "A requested mdoc data element was not disclosed.",

  // Issuance and presentation (holder side)
  RESERVED_CLAIM_NOT_ALLOWED: "A personal claim uses a reserved claim name.",
  CLAIM_NOT_DISCLOSABLE: "A requested claim is not a disclosable claim of this credential.",
} as const;

export type CredentialErrorCode = keyof typeof CREDENTIAL_ERROR_MESSAGES;

export const CREDENTIAL_ERROR_CODES = Object.keys(CREDENTIAL_ERROR_MESSAGES) as CredentialErrorCode[];

export class CredentialError extends Error {
  override readonly name = "CredentialError";
  readonly code: CredentialErrorCode;
  /** Developer detail for logs and tests; never shown to end users, may name a claim. */
  readonly detail?: string;

  constructor(code: CredentialErrorCode, detail?: string, options?: { cause?: unknown }) {
    super(`${code}: ${CREDENTIAL_ERROR_MESSAGES[code]}${detail ? ` (${detail})` : ""}`, options);
    this.code = code;
    this.detail = detail;
  }
}

export function isCredentialError(error: unknown): error is CredentialError {
  return error instanceof CredentialError;
}

/** The failure shape every verify function returns instead of throwing. */
export interface VerificationFailure {
  valid: false;
  code: CredentialErrorCode;
  message: string;
  detail?: string;
  /**
   * Set when everything up to the status had verified (the issuer's signature, the type, the key
   * binding) and a later check failed (the status, the nonce's single use): which credential it
   * was, for the verifier's record and the holder's log. Never set from an unverified token.
   */
  credential?: { iss: string; vct: string; status?: { idx: number; uri: string } };
}

export function failure(code: CredentialErrorCode, detail?: string): VerificationFailure {
  return { valid: false, code, message: CREDENTIAL_ERROR_MESSAGES[code], ...(detail ? { detail } : {}) };
}

/** Converts anything thrown inside a verifier into a fail-closed result. */
export function failureFromError(error: unknown): VerificationFailure {
  if (isCredentialError(error)) return failure(error.code, error.detail);
  return failure("VERIFICATION_FAILED");
}
