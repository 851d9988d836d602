/**
 * Verification of SD-JWT presentations (RFC 9901 section 7.1 and 7.3) and of the SD-JWT VC
 * profile on top (draft-ietf-oauth-sd-jwt-vc). Every reason a verifier must reject a presentation
 * (RFC 9901 sections 7 and 9, the SD-JWT VC draft, RFC 8725) has its own code here (errors.ts).
 *
 * Why not @sd-jwt's verify(): in 0.19 it skips the key-binding JWT unless a nonce is passed,
 * checks that aud exists but not its value, does not bound the KB-JWT's iat, never checks typ,
 * leaves algorithms to the callback, and its unpack lets a disclosure overwrite a claim and does
 * not detect repeated digests or unreferenced disclosures (measured, ADR 009). So the
 * verifier does its own processing; @sd-jwt issues and presents (issue.ts, present.ts), and a
 * test checks the library's verify accepts what this verifier accepts.
 *
 * Decisions (recorded here and in the module README, index.ts):
 * - typ: only `dc+sd-jwt`. The older `vc+sd-jwt` is refused unless `policy.acceptLegacyTyp` is
 *   true; the SD-JWT VC draft allows accepting it only during a transition, and we issue only
 *   dc+sd-jwt, so there is nothing of ours to stay compatible with.
 * - Key binding is decided by `policy.requireKeyBinding` (RFC 9901 section 7.3 step 1) and the
 *   issuer-signed credential, never by what the presenter sent. When it is false a KB-JWT that
 *   happens to be present is ignored and `keyBound` is false. When it is true, a credential with
 *   `cnf` needs its KB-JWT; a paper credential (no `cnf`, `"binding": "paper"` in clear in the
 *   signed payload, profile.ts) is accepted without one only under `policy.acceptPaper`, and
 *   refused if a KB-JWT is appended (KB_UNEXPECTED) or the policy does not accept paper
 *   (PAPER_NOT_ACCEPTED). Both are decided only after the issuer's signature verified.
 * - Nonces: `expectedNonce` (online flow, the request's nonce) and/or `consumeNonce` (the
 *   caller's single-use store; required for holder-made nonces in the offline QR flow). The
 *   nonce is consumed last, after every other check passed, so a forged presentation cannot burn
 *   a genuine one; the store must make consumption atomic.
 * - Status: the caller fetches (URL allow-listed here first), the core verifies and reads; no
 *   answer means STATUS_UNKNOWN, never "revoked".
 * - Keys are chosen by kid among the issuer's configured keys only; a token without kid is
 *   accepted only when the issuer has exactly one key. The one exception is HAIP 1.0's x5c (section
 *   6.1.1): for an issuer configured with `x509Roots`, an issuer-signed JWT or status list token
 *   may carry its key in a certificate chain to one of those roots (x509.ts) whose leaf names the
 *   issuer (`iss`) as a subjectAltName URI. jwk, jku and x5u are never accepted, nor x5c in a KB-JWT.
 */
import { type CredentialCrypto, resolveCrypto, SD_HASH_ALG, sha256Base64url } from "./crypto.ts";
import { CredentialError, failureFromError, type VerificationFailure } from "./errors.ts";
import { hasOwn, isPlainObject } from "./json.ts";
import {
  importVerificationKey,
  isSupportedAlgorithm,
  type JwsAlgorithm,
  jwkMatchesAlgorithm,
  KEY_SELECTING_HEADERS,
  type ParsedJws,
  type PublicJwk,
  parseCompactJws,
  verifyJwsSignature,
} from "./jws.ts";
import {
  isPaperCredential,
  KB_JWT_TYP,
  LEGACY_SD_JWT_VC_TYP,
  NEVER_DISCLOSED_CLAIMS,
  REGISTERED_CLAIMS,
  SD_JWT_VC_TYP,
  type StatusReference,
} from "./profile.ts";
import { decodeDisclosure, processDisclosures, splitSdJwt } from "./sd-jwt.ts";
import type { StatusListCache } from "./status-cache.ts";
import { readPackedStatus, selectKey, statusFromValue, verifyStatusListToken } from "./status-list.ts";
import { type CertifiedKey, verifyCertificateChain } from "./x509.ts";

export interface TrustedIssuer {
  /** Keys configured or published for this issuer, each with a kid. */
  keys: readonly PublicJwk[];
  /** Algorithms pinned for this issuer (production: ["EdDSA"]). */
  algorithms: readonly JwsAlgorithm[];
  /**
   * Trusted roots (base64 DER) for tokens that carry their key in an `x5c` chain (HAIP 1.0 section
   * 6.1.1). Without them an `x5c` header is refused (KEY_HEADER_NOT_ALLOWED); with them a token with
   * `x5c` is verified with the chain's leaf key, whose subjectAltName URIs must include `iss`.
   */
  x509Roots?: readonly string[];
}

export type TrustedIssuers = ReadonlyMap<string, TrustedIssuer> | Readonly<Record<string, TrustedIssuer>>;

export interface VerificationLimits {
  /** Length of the whole presentation. */
  maxBytes: number;
  maxDisclosures: number;
  /** Nesting depth of any decoded JSON and of the processed payload. */
  maxDepth: number;
}

export const DEFAULT_LIMITS: VerificationLimits = Object.freeze({
  maxBytes: 64 * 1024,
  maxDisclosures: 64,
  maxDepth: 16,
});

export type StatusResult =
  /** The Status List Token (statuslist+jwt) the caller fetched from `uri`. */
  | { kind: "token"; token: string }
  /**
   * The list's current version, read fresh by the caller; the token is fetched only when
   * `policy.cache` has no verified copy of that version (status-cache.ts).
   */
  | { kind: "versioned"; version: string; token: () => Promise<string | undefined> }
  /** Fetch failed, timed out, was too large, or the caller could not decide. */
  | { kind: "unavailable"; reason?: string };

export interface StatusPolicy {
  /**
   * Fetches the status list token for a credential's status reference; the core interprets it.
   * The signal aborts when `timeoutMs` passes, so the caller's fetch can stop too.
   */
  check(reference: StatusReference, options: { signal: AbortSignal }): Promise<StatusResult>;
  /** Bound on the whole check; past it the status is unknown (default 5000 ms). */
  timeoutMs?: number;
  /** Status URIs must be HTTPS and start with one of these (e.g. "https://status.example.gov.uk/"). */
  allowedUriPrefixes: readonly string[];
  maxInflatedBytes: number;
  /** Keys trusted to sign status lists; defaults to the credential issuer's keys. */
  keys?: readonly PublicJwk[];
  /** Defaults to the credential issuer's algorithms. */
  algorithms?: readonly JwsAlgorithm[];
  /**
   * Roots trusted for status list tokens with an `x5c` chain (its leaf must name the credential's
   * iss); defaults to the credential issuer's x509Roots.
   */
  x509Roots?: readonly string[];
  /** Verified lists by version, for `versioned` results. */
  cache?: StatusListCache;
}

interface BasePolicy {
  trustedIssuers: TrustedIssuers;
  requireKeyBinding: boolean;
  /** The nonce issued for this request; the KB-JWT's nonce must equal it. */
  expectedNonce?: string;
  /** Single-use check: resolves true the first time a nonce is consumed, false after. */
  consumeNonce?: (nonce: string) => Promise<boolean>;
  /** This verifier's identifier; the KB-JWT's aud must be exactly this string. */
  expectedAudience?: string;
  /** Algorithms accepted for the KB-JWT (default ["EdDSA"]). */
  kbAlgorithms?: readonly JwsAlgorithm[];
  /** How old a KB-JWT may be, in seconds. */
  maxKbAgeSeconds: number;
  clockSkewSeconds: number;
  /** Current time, epoch seconds (passed in: the core reads no clock). */
  now: number;
  limits?: Partial<VerificationLimits>;
  crypto?: CredentialCrypto;
}

export interface PresentationPolicy extends BasePolicy {
  /** Accepted credential types; when absent any vct is accepted (but one must be present). */
  allowedVcts?: readonly string[];
  status?: StatusPolicy;
  /**
   * Accept paper credentials (profile.ts PAPER_CLAIM) where key binding is required: one whose
   * issuer-signed payload has no cnf and says "binding": "paper" is verified without a KB-JWT, so
   * no nonce or KB age applies (its own exp is its window), and is refused with one. Needs a
   * status policy: a credential nobody can bind must at least be revocable. Default false.
   */
  acceptPaper?: boolean;
  /** Accept typ "vc+sd-jwt" as well as "dc+sd-jwt" (default false). */
  acceptLegacyTyp?: boolean;
}

export interface SdJwtPolicy extends BasePolicy {
  /** typ values accepted for the issuer-signed JWT (RFC 9901 leaves typ to the application). */
  acceptedTyps: readonly string[];
}

export interface VerifiedPresentation {
  valid: true;
  /** Personal claims: the processed payload without registered claims. */
  claims: Record<string, unknown>;
  iss: string;
  vct: string;
  iat: number;
  exp: number;
  cnf?: { jwk: PublicJwk };
  status?: StatusReference;
  /** Paths of claims that arrived in disclosures, e.g. ["family_name", "given_name"]. */
  disclosedClaimNames: string[];
  /** True only when the policy required key binding and it verified. */
  keyBound: boolean;
  /** A paper credential: no cnf, the paper marker in clear (accepted only under policy.acceptPaper). */
  paper: boolean;
  /** True when a status policy was given and the status read as valid. */
  statusChecked: boolean;
  /**
   * Set when the credential was signed with an `x5c` chain: its signing certificate's subject
   * ("CN=…, O=…"), who signed it as the certificate says.
   */
  issuerCertificateSubject?: string;
  /** Set with issuerCertificateSubject: the trusted root (base64 DER, as given) its chain ends at. */
  issuerCertificateRoot?: string;
}

export interface VerifiedSdJwt {
  valid: true;
  header: Record<string, unknown>;
  /** The processed SD-JWT payload (RFC 9901 section 7.1 output). */
  payload: Record<string, unknown>;
  disclosedClaimNames: string[];
  keyBound: boolean;
}

interface Profile {
  acceptedTyps: readonly string[];
  reservedTopLevelNames: ReadonlySet<string>;
  /**
   * Whether the profile knows the paper marker (profile.ts): the SD-JWT VC profile does; plain
   * RFC 9901 does not, so there nothing is a paper credential and a KB-JWT follows the policy alone.
   */
  readsPaperMarker: boolean;
  /** PresentationPolicy.acceptPaper: a paper credential is accepted without a KB-JWT (else PAPER_NOT_ACCEPTED). */
  acceptPaper: boolean;
}

interface CoreResult {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  issuer: TrustedIssuer;
  /** The issuer's certificate, when the issuer-signed JWT carried an x5c chain. */
  certificate?: CertifiedKey;
  disclosedPaths: string[];
  keyBound: boolean;
  paper: boolean;
  /** Set when key binding verified and a consumeNonce hook still has to run. */
  nonce?: string;
}

function trustedIssuer(issuers: TrustedIssuers, iss: string): TrustedIssuer | undefined {
  if (issuers instanceof Map) return issuers.get(iss);
  const record = issuers as Readonly<Record<string, TrustedIssuer>>;
  return hasOwn(record, iss) ? record[iss] : undefined;
}

function isTime(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function resolveLimits(policy: BasePolicy): VerificationLimits {
  const limits = { ...DEFAULT_LIMITS, ...policy.limits };
  for (const value of Object.values(limits)) {
    if (!Number.isSafeInteger(value) || value <= 0)
      throw new CredentialError("POLICY_INVALID", "limits must be positive integers");
  }
  return limits;
}

function checkPolicy(policy: BasePolicy): void {
  if (!policy || typeof policy !== "object") throw new CredentialError("POLICY_INVALID");
  // Epoch seconds; a value past the year 5000 is a clock read in milliseconds.
  if (!isTime(policy.now) || policy.now > 1e11)
    throw new CredentialError("POLICY_INVALID", "now must be epoch seconds");
  if (!Number.isSafeInteger(policy.clockSkewSeconds) || policy.clockSkewSeconds < 0)
    throw new CredentialError("POLICY_INVALID", "clockSkewSeconds");
  if (typeof policy.requireKeyBinding !== "boolean")
    throw new CredentialError("POLICY_INVALID", "requireKeyBinding must be decided by policy");
  if (!policy.trustedIssuers) throw new CredentialError("POLICY_INVALID", "trustedIssuers");
  if (policy.requireKeyBinding) {
    if (typeof policy.expectedAudience !== "string" || policy.expectedAudience.length === 0) {
      throw new CredentialError("POLICY_INVALID", "expectedAudience is required with key binding");
    }
    if (policy.expectedNonce === undefined && policy.consumeNonce === undefined) {
      throw new CredentialError("POLICY_INVALID", "expectedNonce or consumeNonce is required with key binding");
    }
    if (
      policy.expectedNonce !== undefined &&
      (typeof policy.expectedNonce !== "string" || policy.expectedNonce.length === 0)
    ) {
      throw new CredentialError("POLICY_INVALID", "expectedNonce must be a non-empty string");
    }
    if (!Number.isSafeInteger(policy.maxKbAgeSeconds) || policy.maxKbAgeSeconds <= 0)
      throw new CredentialError("POLICY_INVALID", "maxKbAgeSeconds");
  }
}

/** `allowX5c`: the issuer-signed JWT's x5c is decided once its issuer is known (verifyIssuerJwt). */
function checkHeaderCommon(header: Record<string, unknown>, allowX5c = false): void {
  if (KEY_SELECTING_HEADERS.some((name) => hasOwn(header, name) && !(allowX5c && name === "x5c")))
    throw new CredentialError("KEY_HEADER_NOT_ALLOWED");
  // RFC 7515 section 4.1.11: extensions we do not understand must not be marked critical.
  if (hasOwn(header, "crit")) throw new CredentialError("CRIT_NOT_SUPPORTED");
}

/** RFC 9901 section 7.1 step 2 and the time checks of step 6. */
async function verifyIssuerJwt(
  crypto: CredentialCrypto,
  jws: ParsedJws,
  policy: BasePolicy,
  profile: Profile,
): Promise<{ issuer: TrustedIssuer; certificate?: CertifiedKey }> {
  const { header, payload } = jws;
  checkHeaderCommon(header, true);
  if (typeof header.alg !== "string" || header.alg === "none") throw new CredentialError("ALG_NOT_ALLOWED");
  if (typeof header.typ !== "string" || !profile.acceptedTyps.includes(header.typ))
    throw new CredentialError("WRONG_TYP");

  if (typeof payload.iss !== "string") throw new CredentialError("UNTRUSTED_ISSUER", "iss missing");
  const issuer = trustedIssuer(policy.trustedIssuers, payload.iss);
  if (!issuer) throw new CredentialError("UNTRUSTED_ISSUER");
  const alg = header.alg;
  if (!isSupportedAlgorithm(alg) || !issuer.algorithms.includes(alg)) throw new CredentialError("ALG_NOT_ALLOWED");
  let key: CryptoKey;
  let certificate: CertifiedKey | undefined;
  if (hasOwn(header, "x5c")) {
    // HAIP 1.0 section 6.1.1: the key is the x5c leaf's, trusted only through this issuer's roots.
    if (!issuer.x509Roots || issuer.x509Roots.length === 0)
      throw new CredentialError("KEY_HEADER_NOT_ALLOWED", "x5c, and no trusted roots for this issuer");
    certificate = await verifyCertificateChain(header.x5c, issuer.x509Roots, new Date(policy.now * 1000), {
      crypto,
    });
    // SD-JWT VC section 3.5: with x5c, iss must match a uniformResourceIdentifier SAN of the leaf.
    if (!certificate.uris.includes(payload.iss)) throw new CredentialError("CERTIFICATE_NAME_MISMATCH");
    if (!jwkMatchesAlgorithm(certificate.publicJwk, alg))
      throw new CredentialError("ALG_NOT_ALLOWED", "certificate key does not match alg");
    key = await importVerificationKey(crypto, certificate.publicJwk, alg, "CERTIFICATE_INVALID", false);
  } else {
    const jwk = selectKey(issuer.keys, header.kid);
    if (!jwk) throw new CredentialError("UNKNOWN_KID");
    // A kid pointing at a key of another type cannot verify this alg: the algorithm is not allowed for it.
    if (!jwkMatchesAlgorithm(jwk, alg)) throw new CredentialError("ALG_NOT_ALLOWED", "key does not match alg");
    key = await importVerificationKey(crypto, jwk, alg, "POLICY_INVALID");
  }
  if (!(await verifyJwsSignature(crypto, jws, alg, key))) throw new CredentialError("BAD_SIGNATURE");

  const { now, clockSkewSeconds: skew } = policy;
  for (const claim of ["exp", "nbf", "iat"] as const) {
    if (payload[claim] !== undefined && !isTime(payload[claim])) throw new CredentialError("CLAIM_INVALID", claim);
  }
  if (isTime(payload.exp) && now >= payload.exp + skew) throw new CredentialError("EXPIRED");
  if (isTime(payload.nbf) && payload.nbf > now + skew) throw new CredentialError("NOT_YET_VALID");
  if (isTime(payload.iat) && payload.iat > now + skew) throw new CredentialError("ISSUED_IN_FUTURE");

  // Section 7.1 step 2.4: _sd_alg absent means sha-256 (section 4.1.1); anything else is refused.
  if (hasOwn(payload, "_sd_alg") && payload._sd_alg !== SD_HASH_ALG) throw new CredentialError("SD_ALG_UNSUPPORTED");
  return certificate ? { issuer, certificate } : { issuer };
}

function holderJwk(payload: Record<string, unknown>): PublicJwk | undefined {
  const cnf = payload.cnf;
  if (!isPlainObject(cnf) || !isPlainObject(cnf.jwk)) return undefined;
  const jwk = cnf.jwk as PublicJwk;
  return typeof jwk.kty === "string" ? jwk : undefined;
}

/**
 * RFC 9901 section 7.3 step 3, first half: the KB-JWT is well formed, of the right typ and an
 * allowed algorithm, and signed by the key in the issuer-signed payload's cnf. Started alongside
 * the issuer's signature check (two independent WebCrypto jobs at once); verifyCore awaits it only
 * after the issuer's signature and the disclosures, so every check and its error keep their order.
 */
async function verifyKeyBindingSignature(
  crypto: CredentialCrypto,
  kbJwt: string,
  payload: Record<string, unknown>,
  policy: BasePolicy,
  maxDepth: number,
): Promise<ParsedJws> {
  if (kbJwt === "") throw new CredentialError("KB_MISSING");
  const jws = parseCompactJws(kbJwt, { maxDepth, malformedCode: "KB_MALFORMED" });
  const { header } = jws;
  checkHeaderCommon(header);
  if (header.typ !== KB_JWT_TYP) throw new CredentialError("KB_WRONG_TYP");
  const allowed = policy.kbAlgorithms ?? ["EdDSA"];
  const alg = header.alg;
  if (!isSupportedAlgorithm(alg) || !allowed.includes(alg)) throw new CredentialError("KB_ALG_NOT_ALLOWED");

  const jwk = holderJwk(payload);
  if (!jwk || hasOwn(jwk, "d")) throw new CredentialError("CNF_INVALID");
  // Section 4.1.2 / RFC 7800: the holder key comes from cnf only, never from the KB-JWT.
  if (!jwkMatchesAlgorithm({ ...jwk, alg: undefined, use: undefined }, alg))
    throw new CredentialError("KB_ALG_NOT_ALLOWED", "alg does not match cnf key");
  const key = await importVerificationKey(crypto, jwk, alg, "CNF_INVALID", false);
  if (!(await verifyJwsSignature(crypto, jws, alg, key))) throw new CredentialError("KB_BAD_SIGNATURE");
  return jws;
}

/** RFC 9901 section 7.3 step 3, second half: the signed KB-JWT's claims. Returns its nonce. */
async function verifyKeyBindingClaims(
  crypto: CredentialCrypto,
  kb: Record<string, unknown>,
  sdHashInput: string,
  policy: BasePolicy,
): Promise<string> {
  const { now, clockSkewSeconds: skew } = policy;
  if (!isTime(kb.iat)) throw new CredentialError("KB_MALFORMED", "iat");
  if (kb.iat > now + skew) throw new CredentialError("KB_IN_FUTURE");
  if (kb.iat < now - policy.maxKbAgeSeconds - skew) throw new CredentialError("KB_TOO_OLD");
  if (kb.exp !== undefined && (!isTime(kb.exp) || now >= kb.exp + skew)) throw new CredentialError("KB_TOO_OLD", "exp");
  if (kb.nbf !== undefined && (!isTime(kb.nbf) || kb.nbf > now + skew))
    throw new CredentialError("KB_IN_FUTURE", "nbf");

  // A single string, compared exactly: arrays and near-matches are refused.
  if (typeof kb.aud !== "string" || kb.aud !== policy.expectedAudience)
    throw new CredentialError("KB_AUDIENCE_MISMATCH");
  if (typeof kb.nonce !== "string" || kb.nonce.length === 0) throw new CredentialError("KB_MALFORMED", "nonce");
  if (policy.expectedNonce !== undefined && kb.nonce !== policy.expectedNonce)
    throw new CredentialError("KB_NONCE_MISMATCH");

  // Section 4.3.1: sd_hash over the issuer-signed JWT and the disclosures as presented.
  if (typeof kb.sd_hash !== "string") throw new CredentialError("KB_MALFORMED", "sd_hash");
  if (kb.sd_hash !== (await sha256Base64url(crypto, sdHashInput))) throw new CredentialError("KB_SD_HASH_MISMATCH");
  return kb.nonce;
}

async function verifyCore(presentation: unknown, policy: BasePolicy, profile: Profile): Promise<CoreResult> {
  checkPolicy(policy);
  const limits = resolveLimits(policy);
  const crypto = resolveCrypto(policy.crypto);

  const parts = splitSdJwt(presentation, limits);
  const jws = parseCompactJws(parts.issuerJwt, { maxDepth: limits.maxDepth, malformedCode: "MALFORMED_PRESENTATION" });
  // Read from the payload whose signature verifyIssuerJwt checks next: nothing is decided on it
  // before that check passed, so whether a KB-JWT is needed is the issuer's statement.
  const paper = profile.readsPaperMarker && isPaperCredential(jws.payload);
  const needsKeyBinding = policy.requireKeyBinding && !paper;
  const keyBinding = needsKeyBinding
    ? verifyKeyBindingSignature(crypto, parts.kbJwt, jws.payload, policy, limits.maxDepth)
    : undefined;
  // Awaited below, after the issuer's checks: an earlier failure must not leave it unhandled.
  keyBinding?.catch(() => undefined);
  const { issuer, certificate } = await verifyIssuerJwt(crypto, jws, policy, profile);
  if (paper && policy.requireKeyBinding) {
    if (!profile.acceptPaper) throw new CredentialError("PAPER_NOT_ACCEPTED");
    if (parts.kbJwt !== "") throw new CredentialError("KB_UNEXPECTED");
  }

  const disclosures = [];
  for (const encoded of parts.disclosures) disclosures.push(await decodeDisclosure(crypto, encoded, limits.maxDepth));
  const { payload, disclosedPaths } = processDisclosures(jws.payload, disclosures, {
    maxDepth: limits.maxDepth,
    reservedTopLevelNames: profile.reservedTopLevelNames,
  });

  let nonce: string | undefined;
  if (needsKeyBinding) {
    nonce = await verifyKeyBindingClaims(crypto, (await keyBinding!).payload, parts.sdHashInput, policy);
  }
  // Sorted, so the order reveals nothing about the (random) digest order.
  return {
    header: jws.header,
    payload,
    issuer,
    ...(certificate ? { certificate } : {}),
    disclosedPaths: [...disclosedPaths].sort(),
    keyBound: needsKeyBinding,
    paper,
    nonce,
  };
}

async function consumeNonceLast(policy: BasePolicy, nonce: string | undefined): Promise<void> {
  if (nonce === undefined || !policy.consumeNonce) return;
  let fresh: boolean;
  try {
    fresh = await policy.consumeNonce(nonce);
  } catch (error) {
    throw new CredentialError("KB_NONCE_UNVERIFIABLE", undefined, { cause: error });
  }
  if (fresh !== true) throw new CredentialError("KB_NONCE_REUSED");
}

/**
 * Verifies an SD-JWT (+KB) presentation at the RFC 9901 level, without the SD-JWT VC profile:
 * the caller names the accepted typ values. Used for RFC 9901's own examples; credentials of
 * this product go through verifyPresentation.
 */
export async function verifySdJwtPresentation(
  presentation: unknown,
  policy: SdJwtPolicy,
): Promise<VerifiedSdJwt | VerificationFailure> {
  try {
    if (!Array.isArray(policy?.acceptedTyps) || policy.acceptedTyps.length === 0)
      throw new CredentialError("POLICY_INVALID", "acceptedTyps");
    const core = await verifyCore(presentation, policy, {
      acceptedTyps: policy.acceptedTyps,
      reservedTopLevelNames: new Set(),
      readsPaperMarker: false,
      acceptPaper: false,
    });
    await consumeNonceLast(policy, core.nonce);
    return {
      valid: true,
      header: core.header,
      payload: core.payload,
      disclosedClaimNames: core.disclosedPaths,
      keyBound: core.keyBound,
    };
  } catch (error) {
    return failureFromError(error);
  }
}

function statusReference(payload: Record<string, unknown>): StatusReference | undefined {
  const status = payload.status;
  if (status === undefined) return undefined;
  const list = isPlainObject(status) ? status.status_list : undefined;
  if (
    !isPlainObject(list) ||
    !Number.isSafeInteger(list.idx) ||
    (list.idx as number) < 0 ||
    typeof list.uri !== "string"
  ) {
    throw new CredentialError("STATUS_CLAIM_INVALID");
  }
  return { idx: list.idx as number, uri: list.uri };
}

function assertUrlAllowed(uri: string, prefixes: readonly string[]): void {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new CredentialError("URL_NOT_ALLOWED", "not a URL");
  }
  // Compare the normalised form, so "https://a.example@b.example/" or odd casing cannot pass as a prefix.
  if (url.protocol !== "https:" || url.username !== "" || url.password !== "" || url.href !== uri) {
    throw new CredentialError("URL_NOT_ALLOWED");
  }
  if (!prefixes.some((prefix) => prefix.startsWith("https://") && url.href.startsWith(prefix)))
    throw new CredentialError("URL_NOT_ALLOWED");
}

/** Draft-ietf-oauth-status-list section 8.3, with the fetch left to the caller. */
async function checkStatus(
  policy: PresentationPolicy,
  status: StatusPolicy,
  reference: StatusReference | undefined,
  issuer: TrustedIssuer,
  iss: string,
): Promise<void> {
  if (!reference) throw new CredentialError("STATUS_CLAIM_INVALID", "status missing");
  assertUrlAllowed(reference.uri, status.allowedUriPrefixes);
  let result: StatusResult;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new CredentialError("STATUS_UNKNOWN", "status check timed out"));
    }, status.timeoutMs ?? 5000);
  });
  try {
    result = await Promise.race([
      status.check({ idx: reference.idx, uri: reference.uri }, { signal: controller.signal }),
      timeout,
    ]);
  } catch (error) {
    if (error instanceof CredentialError) throw error;
    throw new CredentialError("STATUS_UNKNOWN", "status check failed");
  } finally {
    clearTimeout(timer);
  }
  const value = await statusValue(policy, status, reference, issuer, iss, result);
  const state = statusFromValue(value);
  if (state === "revoked") throw new CredentialError("STATUS_REVOKED");
  if (state === "suspended") throw new CredentialError("STATUS_SUSPENDED");
  if (state !== "valid") throw new CredentialError("STATUS_UNKNOWN", "unrecognised status value");
}

/** The status entry from a fetched token, or from a verified copy of the list's current version. */
async function statusValue(
  policy: PresentationPolicy,
  status: StatusPolicy,
  reference: StatusReference,
  issuer: TrustedIssuer,
  iss: string,
  result: StatusResult,
): Promise<number> {
  // A verified copy of this very version, when the caller keeps them.
  const cache =
    result?.kind === "versioned" && typeof result.version === "string" && status.cache
      ? { store: status.cache, version: result.version }
      : undefined;
  const cached = cache?.store.get(reference.uri, cache.version, policy.now);
  if (cached) return readPackedStatus(cached.bytes, cached.bits, reference.idx);
  let token: unknown;
  if (result?.kind === "token") token = result.token;
  else if (result?.kind === "versioned") token = await result.token().catch(() => undefined);
  if (typeof token !== "string") throw new CredentialError("STATUS_UNKNOWN");
  const verified = await verifyStatusListToken(token, {
    trustedKeys: status.keys ?? issuer.keys,
    algorithms: status.algorithms ?? issuer.algorithms,
    ...((status.x509Roots ?? issuer.x509Roots) ? { x509Roots: status.x509Roots ?? issuer.x509Roots } : {}),
    // A status list signed through a certificate must be the credential issuer's own (its leaf names iss).
    expectedIssuer: iss,
    expectedSub: reference.uri,
    now: policy.now,
    clockSkewSeconds: policy.clockSkewSeconds,
    maxInflatedBytes: status.maxInflatedBytes,
    idx: reference.idx,
    keepBytes: cache !== undefined,
    crypto: policy.crypto,
  });
  if (!verified.valid) throw new CredentialError(verified.code, verified.detail);
  if (cache && verified.bytes) {
    cache.store.set(reference.uri, cache.version, {
      bytes: verified.bytes,
      bits: verified.bits,
      ...(verified.exp !== undefined ? { exp: verified.exp } : {}),
    });
  }
  return verified.value!;
}

/**
 * Verifies an SD-JWT VC presentation against a verifier policy. Never throws: bad input, a bad
 * policy or a failing hook all come back as `{ valid: false, code, message }`.
 */
export async function verifyPresentation(
  presentation: unknown,
  policy: PresentationPolicy,
): Promise<VerifiedPresentation | VerificationFailure> {
  // Once the issuer's signature and the type are verified: named in a later failure (errors.ts).
  let known: VerificationFailure["credential"];
  try {
    const acceptedTyps = policy?.acceptLegacyTyp === true ? [SD_JWT_VC_TYP, LEGACY_SD_JWT_VC_TYP] : [SD_JWT_VC_TYP];
    const status = policy?.status;
    if (
      status &&
      (!Array.isArray(status.allowedUriPrefixes) ||
        typeof status.check !== "function" ||
        !Number.isSafeInteger(status.maxInflatedBytes) ||
        (status.timeoutMs !== undefined && !(Number.isFinite(status.timeoutMs) && status.timeoutMs > 0)))
    ) {
      throw new CredentialError("POLICY_INVALID", "status policy");
    }
    if (policy?.acceptPaper !== undefined && typeof policy.acceptPaper !== "boolean")
      throw new CredentialError("POLICY_INVALID", "acceptPaper");
    if (policy?.acceptPaper && !status)
      throw new CredentialError("POLICY_INVALID", "acceptPaper needs a status policy");
    const core = await verifyCore(presentation, policy, {
      acceptedTyps,
      reservedTopLevelNames: NEVER_DISCLOSED_CLAIMS,
      readsPaperMarker: true,
      acceptPaper: policy?.acceptPaper === true,
    });
    const { payload, issuer } = core;

    if (payload.vct === undefined) throw new CredentialError("VCT_MISSING");
    if (typeof payload.vct !== "string" || payload.vct.length === 0) throw new CredentialError("CLAIM_INVALID", "vct");
    if (policy.allowedVcts && !policy.allowedVcts.includes(payload.vct)) throw new CredentialError("VCT_UNEXPECTED");
    // Our credentials always carry iat and exp (ADR 011); section 7.1 step 6 rejects a missing required one.
    if (!isTime(payload.iat)) throw new CredentialError("CLAIM_MISSING", "iat");
    if (!isTime(payload.exp)) throw new CredentialError("CLAIM_MISSING", "exp");
    if (payload.cnf !== undefined && !holderJwk(payload)) throw new CredentialError("CNF_INVALID");

    const reference = statusReference(payload);
    known = {
      iss: payload.iss as string,
      vct: payload.vct,
      ...(reference ? { status: { idx: reference.idx, uri: reference.uri } } : {}),
    };
    let statusChecked = false;
    if (policy.status) {
      await checkStatus(policy, policy.status, reference, issuer, payload.iss as string);
      statusChecked = true;
    }
    await consumeNonceLast(policy, core.nonce);

    const claims: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(payload)) {
      if (!REGISTERED_CLAIMS.has(name))
        Object.defineProperty(claims, name, { value, enumerable: true, writable: true, configurable: true });
    }
    const cnf = holderJwk(payload);
    return {
      valid: true,
      claims,
      iss: payload.iss as string,
      vct: payload.vct,
      iat: payload.iat,
      exp: payload.exp,
      ...(cnf ? { cnf: { jwk: cnf } } : {}),
      ...(reference ? { status: reference } : {}),
      disclosedClaimNames: core.disclosedPaths,
      keyBound: core.keyBound,
      paper: core.paper,
      statusChecked,
      ...(core.certificate
        ? { issuerCertificateSubject: core.certificate.subject, issuerCertificateRoot: core.certificate.root }
        : {}),
    };
  } catch (error) {
    return known ? { ...failureFromError(error), credential: known } : failureFromError(error);
  }
}
