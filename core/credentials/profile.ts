/**
 * Names fixed by the specifications this core implements, shared by issuance and verification
 * (kept apart from issue.ts so a verifier bundle does not pull in the issuance library).
 */

/** SD-JWT VC (draft-ietf-oauth-sd-jwt-vc section 3.2.1): the issuer-signed JWT's typ. */
export const SD_JWT_VC_TYP = "dc+sd-jwt";
/** The typ of earlier SD-JWT VC drafts; refused unless a policy opts in (see verify.ts). */
export const LEGACY_SD_JWT_VC_TYP = "vc+sd-jwt";
/** RFC 9901 section 4.3: the key-binding JWT's typ. */
export const KB_JWT_TYP = "kb+jwt";

/**
 * A paper credential (printed at an assisted-digital counter for someone without a phone) has no
 * `cnf`: no device key, so no key-binding JWT can ever be made for it. The issuer marks it with
 * this claim in clear in the issuer-signed payload, `"binding": "paper"`; it is never
 * selectively disclosable (a disclosure of it is refused) and never a personal claim. Verifiers
 * accept such a credential only where their policy says so (PresentationPolicy.acceptPaper).
 */
export const PAPER_CLAIM = "binding";
export const PAPER_BINDING = "paper";

/**
 * A paper credential, by its issuer-signed payload: no cnf, and the paper marker in clear. The one
 * test of it, for the holder printing one (present.ts) and the verifier deciding that no KB-JWT
 * applies (verify.ts, only after the issuer's signature has verified).
 */
export function isPaperCredential(signedPayload: Record<string, unknown>): boolean {
  return !Object.hasOwn(signedPayload, "cnf") && signedPayload[PAPER_CLAIM] === PAPER_BINDING;
}

/**
 * Claims that SD-JWT VC section 3.2.2.2 says must never be selectively disclosed, and our paper
 * marker, which must be the issuer's statement in clear.
 */
export const NEVER_DISCLOSED_CLAIMS: ReadonlySet<string> = new Set([
  "iss",
  "nbf",
  "exp",
  "cnf",
  "vct",
  "vct#integrity",
  "status",
  PAPER_CLAIM,
]);

/**
 * Registered JWT / SD-JWT VC claims, and our paper marker: reported on their own, never treated as
 * personal claims.
 */
export const REGISTERED_CLAIMS: ReadonlySet<string> = new Set([
  "iss",
  "aud",
  "nbf",
  "exp",
  "iat",
  "jti",
  "cnf",
  "vct",
  "vct#integrity",
  "status",
  PAPER_CLAIM,
]);

/**
 * Names a personal claim may not take at issuance: the registered claims plus SD-JWT's own
 * structural names (RFC 9901 section 4.2).
 */
export const RESERVED_CLAIM_NAMES: ReadonlySet<string> = new Set([...REGISTERED_CLAIMS, "_sd", "_sd_alg", "..."]);

/** draft-ietf-oauth-status-list section 6.2: status.status_list in a referenced token. */
export interface StatusReference {
  idx: number;
  uri: string;
}
