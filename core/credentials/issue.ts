/**
 * Issuance of SD-JWT VCs (RFC 9901 + draft-ietf-oauth-sd-jwt-vc): @sd-jwt/core's SDJwtInstance
 * builds and signs the token with the signer, hasher and salt generator passed in here. Every
 * personal claim is selectively disclosable and none appears in clear; registered claims are
 * never disclosable.
 *
 * SDJwtInstance rather than @sd-jwt/sd-jwt-vc's SDJwtVcInstance: the VC class adds only the typ
 * (set here) and a reserved-name check narrower than ours, and it bundles zod 4 and fetch code
 * (about 0.5 MB minified), which would reach the wallet through index.ts.
 */
import { SDJwtInstance } from "@sd-jwt/core";
import { type CredentialCrypto, randomSalt, resolveCrypto, SD_HASH_ALG, sha256 } from "./crypto.ts";
import { CredentialError } from "./errors.ts";
import { isPlainObject } from "./json.ts";
import { algorithmForKey, isSupportedAlgorithm, jwkMatchesAlgorithm, type PublicJwk, signBase64url } from "./jws.ts";
import { PAPER_BINDING, PAPER_CLAIM, RESERVED_CLAIM_NAMES, SD_JWT_VC_TYP, type StatusReference } from "./profile.ts";
import { x5cHeader } from "./x509.ts";

/** Nesting allowed inside a personal claim value; keeps issued tokens inside verifier limits. */
const MAX_CLAIM_DEPTH = 8;

export interface IssuerSigningKey {
  /** The authority's issuer URL. */
  iss: string;
  /** kid of the public key in the issuer's JWKS (RFC 7638 thumbprint). */
  kid: string;
  privateKey: CryptoKey;
  /**
   * The signing certificate and its chain (base64 DER, leaf first, the root not included), put in
   * the protected header: HAIP 1.0 section 6.1.1. Its leaf certifies `privateKey`'s public key and
   * names `iss` as a subjectAltName URI (certificates.ts issueCertificate).
   */
  x5c?: readonly string[];
}

export interface IssueCredentialInput {
  issuer: IssuerSigningKey;
  /** Credential type URL (SD-JWT VC section 3.2.2.1.1). */
  vct: string;
  /** The holder's public key; becomes cnf.jwk (RFC 7800 section 3.2). Required unless `paper`. */
  holderPublicJwk?: PublicJwk;
  /**
   * A paper credential instead (profile.ts PAPER_CLAIM): no cnf, and `"binding": "paper"` in clear.
   * Exactly one of `holderPublicJwk` and `paper` is given.
   */
  paper?: boolean;
  /** Personal claims, each made selectively disclosable at the top level (except `structured` ones). */
  claims: Record<string, unknown>;
  /**
   * Object claims kept in clear as containers whose members are each selectively disclosable
   * (RFC 9901 section 4.2.6, structured): `age_equal_or_over` {"18": true, "21": false} lets a
   * holder disclose the one boolean an age check needs and nothing else.
   */
  structured?: readonly string[];
  status: StatusReference;
  iat: number;
  exp: number;
  /** Decoy digests to add to the top-level _sd (RFC 9901 section 4.2.5). */
  decoys?: number;
  crypto?: CredentialCrypto;
}

function isEpochSeconds(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function assertJsonClaimValue(value: unknown, depth: number): void {
  if (depth > MAX_CLAIM_DEPTH) throw new CredentialError("INVALID_ARGUMENT", "claim value nested too deeply");
  if (value === null || typeof value === "string" || typeof value === "boolean") return;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new CredentialError("INVALID_ARGUMENT", "claim value is not a finite number");
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) assertJsonClaimValue(item, depth + 1);
    return;
  }
  if (isPlainObject(value) && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [name, item] of Object.entries(value)) {
      // Verifiers treat these names as SD-JWT structure wherever they appear.
      if (name === "_sd" || name === "..." || name === "_sd_alg")
        throw new CredentialError("RESERVED_CLAIM_NOT_ALLOWED", "structural name inside a claim value");
      assertJsonClaimValue(item, depth + 1);
    }
    return;
  }
  throw new CredentialError("INVALID_ARGUMENT", "claim value is not JSON");
}

function holderCnfJwk(jwk: PublicJwk | undefined): PublicJwk {
  const alg = jwk?.kty === "OKP" ? "EdDSA" : "ES256";
  if (
    !isPlainObject(jwk) ||
    !isSupportedAlgorithm(alg) ||
    !jwkMatchesAlgorithm({ ...jwk, alg: undefined, use: undefined }, alg)
  ) {
    throw new CredentialError("INVALID_ARGUMENT", "holder key must be a public Ed25519 or P-256 JWK");
  }
  return jwk.kty === "EC" ? { kty: "EC", crv: jwk.crv, x: jwk.x, y: jwk.y } : { kty: "OKP", crv: jwk.crv, x: jwk.x };
}

/**
 * Issues an SD-JWT VC (`<issuer-signed JWT>~<disclosure>~...~`) for the holder's key, or, with
 * `paper`, bound to no key and marked as a paper credential.
 */
export async function issueCredential(input: IssueCredentialInput): Promise<string> {
  const crypto = resolveCrypto(input.crypto);
  const { issuer, claims } = input;
  if (!issuer || typeof issuer.iss !== "string" || !issuer.iss.startsWith("https://")) {
    throw new CredentialError("INVALID_ARGUMENT", "issuer.iss must be an https URL");
  }
  if (typeof issuer.kid !== "string" || issuer.kid.length === 0)
    throw new CredentialError("INVALID_ARGUMENT", "issuer.kid is required");
  const alg = algorithmForKey(issuer.privateKey);
  const x5c = issuer.x5c === undefined ? undefined : x5cHeader(issuer.x5c);
  if (typeof input.vct !== "string" || input.vct.length === 0)
    throw new CredentialError("INVALID_ARGUMENT", "vct is required");
  if (!isEpochSeconds(input.iat) || !isEpochSeconds(input.exp) || input.exp <= input.iat) {
    throw new CredentialError("INVALID_ARGUMENT", "iat and exp must be epoch seconds with exp after iat");
  }
  const { status } = input;
  if (!status || !Number.isSafeInteger(status.idx) || status.idx < 0)
    throw new CredentialError("INVALID_ARGUMENT", "status.idx must be a non-negative integer");
  if (typeof status.uri !== "string" || !status.uri.startsWith("https://"))
    throw new CredentialError("INVALID_ARGUMENT", "status.uri must be an https URL");
  const decoys = input.decoys ?? 0;
  if (!Number.isSafeInteger(decoys) || decoys < 0 || decoys > 64)
    throw new CredentialError("INVALID_ARGUMENT", "decoys must be 0..64");
  if (!isPlainObject(claims)) throw new CredentialError("INVALID_ARGUMENT", "claims must be an object");
  const names = Object.keys(claims);
  for (const name of names) {
    // "__proto__" cannot be carried safely through @sd-jwt's plain-object maps; refuse it.
    if (name.length === 0 || name === "__proto__")
      throw new CredentialError("INVALID_ARGUMENT", "claim name not allowed");
    if (RESERVED_CLAIM_NAMES.has(name)) throw new CredentialError("RESERVED_CLAIM_NOT_ALLOWED", `claim ${name}`);
    assertJsonClaimValue(claims[name], 1);
  }
  const structured = new Set(input.structured ?? []);
  for (const name of structured) {
    const value = claims[name];
    if (!names.includes(name) || !isPlainObject(value) || Object.keys(value).length === 0) {
      throw new CredentialError("INVALID_ARGUMENT", "a structured claim must be a non-empty object claim");
    }
  }
  if (input.paper !== undefined && typeof input.paper !== "boolean")
    throw new CredentialError("INVALID_ARGUMENT", "paper must be a boolean");
  if (input.paper && input.holderPublicJwk !== undefined)
    throw new CredentialError("INVALID_ARGUMENT", "a paper credential has no holder key");
  // Validated before anything is signed; a paper credential carries its marker where cnf would be.
  const binding = input.paper
    ? { [PAPER_CLAIM]: PAPER_BINDING }
    : { cnf: { jwk: holderCnfJwk(input.holderPublicJwk) } };

  const sdjwt = new SDJwtInstance({
    signer: (signingInput: string) => signBase64url(crypto, signingInput, issuer.privateKey),
    signAlg: alg,
    hasher: (data: string | ArrayBuffer, hashAlg: string) => {
      if (hashAlg !== SD_HASH_ALG) throw new CredentialError("SD_ALG_UNSUPPORTED");
      return sha256(crypto, data);
    },
    hashAlg: SD_HASH_ALG,
    // The library asks for 16 bytes; randomSalt never returns fewer than 128 bits.
    saltGenerator: (length: number) => randomSalt(crypto, length),
  });

  const payload = {
    iss: issuer.iss,
    iat: input.iat,
    exp: input.exp,
    vct: input.vct,
    ...binding,
    status: { status_list: { idx: status.idx, uri: status.uri } },
    ...claims,
  };
  const frame: Record<string, unknown> = {
    _sd: names.filter((name) => !structured.has(name)),
    ...(decoys > 0 ? { _sd_decoy: decoys } : {}),
  };
  for (const name of structured) frame[name] = { _sd: Object.keys(claims[name] as object) };
  try {
    // Protected header {typ: "dc+sd-jwt", kid, alg, x5c?} (SD-JWT VC section 3.2.1; HAIP 1.0 section 6.1.1).
    return await sdjwt.issue(payload, frame as never, {
      header: { typ: SD_JWT_VC_TYP, kid: issuer.kid, ...(x5c ? { x5c } : {}) },
    });
  } catch (error) {
    if (error instanceof CredentialError) throw error;
    throw new CredentialError("INVALID_ARGUMENT", "issuance failed", { cause: error });
  }
}
