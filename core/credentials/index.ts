/**
 * Credentials core: SD-JWT VC issuance, presentation and verification, Token Status Lists and
 * keys. Pure TypeScript with no I/O; runs unchanged in the browser (wallet), workerd (verifier
 * and status workers) and Node (scripts, tests, benchmarks).
 *
 * Specifications (section numbers in comments refer to these):
 *   RFC 9901 (SD-JWT), draft-ietf-oauth-sd-jwt-vc (SD-JWT VC), draft-ietf-oauth-status-list-18
 *   (Token Status List), RFC 7515/7519 (JWS/JWT), RFC 7638 (JWK thumbprint), RFC 8037 (EdDSA),
 *   RFC 8725 (JWT best practices), RFC 5280 (X.509 certificates), HAIP 1.0 (x5c issuer keys).
 *
 * Modules (dependencies point one way, down this list):
 *   errors       CredentialError, stable codes, a message per code
 *   encoding     strict base64url, UTF-8
 *   json         strict JSON: duplicate member names and depth refused
 *   crypto       CredentialCrypto (passed in; defaults to WebCrypto), SHA-256, salts
 *   jws          compact JWS parse/sign/verify, pinned algorithms (EdDSA; ES256 only when listed)
 *   keys         Ed25519 key pairs, JWK thumbprint kid, JWKS
 *   x509         verifyCertificateChain: an x5c chain checked against trusted roots (via @peculiar/asn1-x509)
 *   certificates createRootCertificate, issueCertificate: the platform's root and authorities' certificates
 *   profile      typ values, reserved claim names, the paper marker
 *   sd-jwt       split, disclosures, RFC 9901 section 7.1 processing
 *   status-list  encode/decode/read lists, status list tokens, index allocation
 *   issue        issueCredential (via @sd-jwt/core's SDJwtInstance)
 *   present      presentCredential, presentPaperCredential, disclosableClaims (via @sd-jwt/core)
 *   verify       verifyPresentation (SD-JWT VC), verifySdJwtPresentation (plain RFC 9901)
 *
 * Crypto: every entry point takes `crypto?: CredentialCrypto` ({ subtle, randomBytes }); without
 * it the platform's WebCrypto is used. Time is always passed in (`now`, `iat`); nothing reads a
 * clock, the network, files or the environment.
 *
 * Decisions:
 *   - typ `vc+sd-jwt` (older SD-JWT VC drafts) is refused unless policy.acceptLegacyTyp is true.
 *   - Key binding is required or not by policy and the issuer-signed credential, never by what was
 *     presented; a KB-JWT is ignored when not required. Paper credentials (no cnf, "binding":
 *     "paper" in clear) go without one only under policy.acceptPaper, and never with one.
 *   - Nonces are matched (expectedNonce) and/or consumed once through policy.consumeNonce, last,
 *     after every other check has passed.
 *   - Status is fetched by the caller (URL allow-listed by the core first) and interpreted here;
 *     no answer is STATUS_UNKNOWN (fail closed), never "revoked".
 *   - Default limits: 64 KiB presentation, 64 disclosures, JSON depth 16.
 *
 * For `npm run bench`: issueCredential, verifyPresentation (compare with a raw
 * crypto.subtle.verify("Ed25519", ...)), and readStatus on a 2^20-entry list are each callable
 * in a loop with no setup beyond generateSigningKeyPair.
 */

export {
  type CreateRootCertificateInput,
  createRootCertificate,
  type IssueCertificateInput,
  issueCertificate,
} from "./certificates.ts";
export { type CredentialCrypto, resolveCrypto, secureRandomInt, webCrypto } from "./crypto.ts";
export {
  CREDENTIAL_ERROR_CODES,
  CREDENTIAL_ERROR_MESSAGES,
  CredentialError,
  type CredentialErrorCode,
  isCredentialError,
  type VerificationFailure,
} from "./errors.ts";
export { type IssueCredentialInput, type IssuerSigningKey, issueCredential } from "./issue.ts";
export { type JwsAlgorithm, type PublicJwk, SUPPORTED_ALGORITHMS } from "./jws.ts";
export {
  buildJwks,
  exportPublicJwk,
  generateSigningKeyPair,
  importPrivateJwk,
  importPublicJwk,
  jwkThumbprint,
  type SigningKeyPair,
  toPublicJwk,
} from "./keys.ts";
export {
  credentialClaims,
  disclosableClaims,
  type PaperPresentation,
  type PresentCredentialInput,
  type PresentPaperCredentialInput,
  presentCredential,
  presentPaperCredential,
} from "./present.ts";
export {
  KB_JWT_TYP,
  LEGACY_SD_JWT_VC_TYP,
  NEVER_DISCLOSED_CLAIMS,
  PAPER_BINDING,
  PAPER_CLAIM,
  RESERVED_CLAIM_NAMES,
  SD_JWT_VC_TYP,
  type StatusReference,
} from "./profile.ts";
export { type CachedStatusList, StatusListCache } from "./status-cache.ts";
export {
  allocateIndex,
  type CredentialStatus,
  compressStatusList,
  decodeStatusList,
  encodeStatusList,
  type IssueStatusListTokenInput,
  inflateStatusList,
  isStatusBits,
  issueStatusListToken,
  packStatusList,
  readStatus,
  STATUS_LIST_TYP,
  type StatusBits,
  statusFromValue,
  unpackStatusList,
  type VerifiedStatusList,
  type VerifyStatusListTokenOptions,
  verifyStatusListToken,
} from "./status-list.ts";
export {
  DEFAULT_LIMITS,
  type PresentationPolicy,
  type SdJwtPolicy,
  type StatusPolicy,
  type StatusResult,
  type TrustedIssuer,
  type TrustedIssuers,
  type VerificationLimits,
  type VerifiedPresentation,
  type VerifiedSdJwt,
  verifyPresentation,
  verifySdJwtPresentation,
} from "./verify.ts";
export { type CertifiedKey, verifyCertificateChain } from "./x509.ts";
