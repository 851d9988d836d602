/**
 * The holder's side (RFC 9901 section 7.2): choose disclosures, then bind the presentation to
 * the verifier's nonce and identifier with a key-binding JWT (section 4.3) signed by the key in
 * cnf. @sd-jwt/core assembles the presentation and computes sd_hash.
 */
import { SDJwtInstance } from "@sd-jwt/core";
import { type CredentialCrypto, resolveCrypto, SD_HASH_ALG, sha256 } from "./crypto.ts";
import { CredentialError } from "./errors.ts";
import { defineClaim } from "./json.ts";
import { algorithmForKey, decodeJsonObject, signBase64url } from "./jws.ts";
import { isPaperCredential } from "./profile.ts";
import { type DecodedDisclosure, decodeDisclosure, splitSdJwt } from "./sd-jwt.ts";

/** Limits for parsing a credential the holder already trusts (it came from its issuer). */
const HOLDER_LIMITS = { maxBytes: 256 * 1024, maxDisclosures: 256, maxDepth: 32 };

export interface PresentCredentialInput {
  /** The SD-JWT VC as issued (`...~`, without a key-binding JWT). */
  sdJwt: string;
  /** Claim paths to disclose (disclosableClaims); everything else stays hidden. */
  disclose: readonly string[];
  /** The private half of cnf.jwk (Ed25519 or P-256), e.g. a non-extractable key from IndexedDB. */
  holderPrivateKey: CryptoKey;
  /** The verifier's one-time nonce (or, offline, one the wallet made). */
  nonce: string;
  /** The verifier's identifier, exactly as it will check it. */
  aud: string;
  /** Creation time of the key-binding JWT, epoch seconds. */
  iat: number;
  crypto?: CredentialCrypto;
}

function hasherFor(crypto: CredentialCrypto) {
  return (data: string | ArrayBuffer, alg: string) => {
    if (alg !== SD_HASH_ALG) throw new CredentialError("SD_ALG_UNSUPPORTED");
    return sha256(crypto, data);
  };
}

interface HolderView {
  /** The issuer-signed payload as issued (digests, not claims). */
  payload: Record<string, unknown>;
  /** Disclosures by claim path: "given_name", or "age_equal_or_over.18" inside a structured claim. */
  byPath: Map<string, DecodedDisclosure>;
}

/**
 * The disclosures a holder can choose: top-level ones, and members of structured claims (object
 * claims in clear whose members are each disclosable, RFC 9901 section 4.2.6) as "claim.member".
 */
async function holderView(crypto: CredentialCrypto, sdJwt: string): Promise<HolderView> {
  const parts = splitSdJwt(sdJwt, HOLDER_LIMITS);
  // Section 7.2: a holder receiving a key-binding JWT from an issuer should reject the SD-JWT.
  if (parts.kbJwt !== "") throw new CredentialError("INVALID_ARGUMENT", "credential already carries a key-binding JWT");
  const [, encodedPayload] = parts.issuerJwt.split(".");
  const payload = decodeJsonObject(encodedPayload ?? "", {
    maxDepth: HOLDER_LIMITS.maxDepth,
    malformedCode: "MALFORMED_PRESENTATION",
  });
  const digestPaths = new Map<string, string | undefined>();
  for (const digest of Array.isArray(payload._sd) ? payload._sd : []) digestPaths.set(digest, undefined);
  for (const [name, value] of Object.entries(payload)) {
    if (
      value &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      Array.isArray((value as { _sd?: unknown })._sd)
    ) {
      for (const digest of (value as { _sd: unknown[] })._sd)
        if (typeof digest === "string") digestPaths.set(digest, name);
    }
  }
  const byPath = new Map<string, DecodedDisclosure>();
  for (const encoded of parts.disclosures) {
    const disclosure = await decodeDisclosure(crypto, encoded, HOLDER_LIMITS.maxDepth);
    if (disclosure.name === undefined || !digestPaths.has(disclosure.digest)) continue;
    const parent = digestPaths.get(disclosure.digest);
    byPath.set(parent === undefined ? disclosure.name : `${parent}.${disclosure.name}`, disclosure);
  }
  return { payload, byPath };
}

async function topLevelDisclosures(crypto: CredentialCrypto, sdJwt: string): Promise<Map<string, DecodedDisclosure>> {
  const { byPath } = await holderView(crypto, sdJwt);
  return new Map([...byPath].filter(([path]) => !path.includes(".")));
}

/**
 * The claim paths a holder can choose to disclose: top-level claims by name, members of
 * structured claims as "claim.member" (e.g. "age_equal_or_over.18").
 */
export async function disclosableClaims(sdJwt: string, options: { crypto?: CredentialCrypto } = {}): Promise<string[]> {
  const { byPath } = await holderView(resolveCrypto(options.crypto), sdJwt);
  return [...byPath.keys()].sort();
}

/**
 * The holder's own view of a credential: each top-level disclosed claim's name and value, in
 * issuance order (for showing the citizen what they hold; a verifier uses verifyPresentation).
 */
export async function credentialClaims(
  sdJwt: string,
  options: { crypto?: CredentialCrypto } = {},
): Promise<Record<string, unknown>> {
  const byName = await topLevelDisclosures(resolveCrypto(options.crypto), sdJwt);
  const claims: Record<string, unknown> = {};
  for (const [name, disclosure] of byName) defineClaim(claims, name, disclosure.value);
  return claims;
}

/**
 * Builds `<issuer-signed JWT>~<chosen disclosures>~<KB-JWT>` with a KB-JWT of typ kb+jwt whose
 * payload is {iat, aud, nonce, sd_hash} (RFC 9901 section 4.3).
 */
export async function presentCredential(input: PresentCredentialInput): Promise<string> {
  const crypto = resolveCrypto(input.crypto);
  if (typeof input.nonce !== "string" || input.nonce.length === 0)
    throw new CredentialError("INVALID_ARGUMENT", "nonce is required");
  if (typeof input.aud !== "string" || input.aud.length === 0)
    throw new CredentialError("INVALID_ARGUMENT", "aud is required");
  if (!Number.isSafeInteger(input.iat) || input.iat < 0)
    throw new CredentialError("INVALID_ARGUMENT", "iat must be epoch seconds");
  const kbAlg = algorithmForKey(input.holderPrivateKey);

  const frame = disclosureFrame(await holderView(crypto, input.sdJwt), input.disclose);
  const sdjwt = new SDJwtInstance({
    hasher: hasherFor(crypto),
    hashAlg: SD_HASH_ALG,
    kbSigner: (signingInput: string) => signBase64url(crypto, signingInput, input.holderPrivateKey),
    kbSignAlg: kbAlg,
  });
  return presentFrame(() =>
    sdjwt.present(input.sdJwt, frame as never, {
      kb: { payload: { iat: input.iat, aud: input.aud, nonce: input.nonce } },
    }),
  );
}

/**
 * @sd-jwt's presentation frame for the chosen claim paths: {name: true} for a top-level claim,
 * {claim: {member: true}} inside a structured one. Every path must be one the credential discloses.
 */
function disclosureFrame({ byPath: available }: HolderView, disclose: readonly string[]): Record<string, unknown> {
  if (!Array.isArray(disclose)) throw new CredentialError("INVALID_ARGUMENT", "disclose must be a list of claim names");
  const frame: Record<string, unknown> = {};
  for (const path of disclose) {
    if (typeof path !== "string" || !available.has(path))
      throw new CredentialError("CLAIM_NOT_DISCLOSABLE", "requested claim is not disclosable");
    const [name, member] = path.split(".") as [string, string | undefined];
    if (member === undefined) defineClaim(frame, name, true);
    else {
      if (!Object.hasOwn(frame, name)) defineClaim(frame, name, {});
      defineClaim(frame[name] as Record<string, unknown>, member, true);
    }
  }
  return frame;
}

/** Runs @sd-jwt's present; a library failure becomes INVALID_ARGUMENT. (Nested members make the frame an object of objects: @sd-jwt types it loosely.) */
async function presentFrame(present: () => Promise<string>): Promise<string> {
  try {
    return await present();
  } catch (error) {
    if (error instanceof CredentialError) throw error;
    throw new CredentialError("INVALID_ARGUMENT", "presentation failed", { cause: error });
  }
}

export interface PresentPaperCredentialInput {
  /** A paper credential as issued (issueCredential with `paper`): no cnf, so no key-binding JWT. */
  sdJwt: string;
  /**
   * Claim paths to disclose, where the credential holds them (a type's fixed list may name a
   * claim a particular record lacks: it is left out); everything else stays hidden.
   */
  disclose: readonly string[];
  crypto?: CredentialCrypto;
}

export interface PaperPresentation {
  /** `<issuer-signed JWT>~<chosen disclosures>~`. */
  presentation: string;
  /** The paths of `disclose` the credential holds, in the order given: what the presentation shows. */
  disclosed: string[];
}

/**
 * The printed form of a paper credential: `<issuer-signed JWT>~<chosen disclosures>~`, with no
 * key-binding JWT (there is no holder key to sign one). Refuses a credential bound to a key: a
 * device credential presented without its KB-JWT is refused by every verifier, so printing one
 * would only make a code that never works.
 */
export async function presentPaperCredential(input: PresentPaperCredentialInput): Promise<PaperPresentation> {
  const crypto = resolveCrypto(input.crypto);
  const view = await holderView(crypto, input.sdJwt);
  if (!isPaperCredential(view.payload)) throw new CredentialError("INVALID_ARGUMENT", "not a paper credential");
  if (!Array.isArray(input.disclose) || !input.disclose.every((path) => typeof path === "string"))
    throw new CredentialError("INVALID_ARGUMENT", "disclose must be a list of claim names");
  const disclosed = input.disclose.filter((path) => view.byPath.has(path));
  const frame = disclosureFrame(view, disclosed);
  const sdjwt = new SDJwtInstance({ hasher: hasherFor(crypto), hashAlg: SD_HASH_ALG });
  return { presentation: await presentFrame(() => sdjwt.present(input.sdJwt, frame as never)), disclosed };
}
