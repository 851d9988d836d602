/**
 * Test-only helpers: a small world of keys and a verifier policy, and tools to take real tokens
 * apart and re-sign them so that a negative test carries exactly one defect. Production code
 * never imports this module.
 */
import { sha256Base64url, webCrypto } from "./crypto.ts";
import { base64urlDecodeText, base64urlEncodeText } from "./encoding.ts";
import { type IssueCredentialInput, issueCredential } from "./issue.ts";
import { signBase64url } from "./jws.ts";
import { exportPublicJwk, generateSigningKeyPair, type SigningKeyPair } from "./keys.ts";
import { presentCredential } from "./present.ts";
import { encodeStatusList, issueStatusListToken } from "./status-list.ts";
import type { PresentationPolicy, StatusPolicy } from "./verify.ts";

export const NOW = 1_800_000_000;
export const ISS = "https://credentials.homeoffice.example.gov.uk";
export const OTHER_ISS = "https://credentials.dvla.example.gov.uk";
export const VCT = "https://wallet.example.gov.uk/vct/right-to-work";
export const AUD = "https://verifier.employer.example.co.uk";
export const NONCE = "n-0S6_WzA2Mj";
export const STATUS_URI = "https://status.example.gov.uk/lists/1";
export const STATUS_PREFIX = "https://status.example.gov.uk/lists/";

export const CLAIMS = {
  given_name: "Amara",
  family_name: "Okafor",
  birthdate: "1990-04-12",
  right_to_work: { status: "unlimited", checked_at: "2027-01-05" },
  nationalities: ["GB", "NG"],
};

/** A Right to Work record as the Home Office holds it (issuance's claim names): the offline QR tests and measurements. */
export const RIGHT_TO_WORK_CLAIMS = {
  given_name: "Sarah",
  family_name: "Thompson",
  birthdate: "1990-04-12",
  hasRightToWork: true,
  workRestrictions: "None",
  immigrationStatus: "Indefinite leave to remain",
  expiryDate: "2029-11-22",
};

export interface World {
  issuer: SigningKeyPair;
  otherIssuer: SigningKeyPair;
  attacker: SigningKeyPair;
  holder: SigningKeyPair;
}

export async function makeWorld(): Promise<World> {
  const [issuer, otherIssuer, attacker, holder] = await Promise.all([
    generateSigningKeyPair(),
    generateSigningKeyPair(),
    generateSigningKeyPair(),
    generateSigningKeyPair(),
  ]);
  return { issuer, otherIssuer, attacker, holder };
}

/** A P-256 key pair, for holders whose device cannot do Ed25519. */
export async function makeP256Holder(): Promise<SigningKeyPair> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  return { privateKey: pair.privateKey, publicKey: pair.publicKey, publicJwk: await exportPublicJwk(pair.publicKey) };
}

export function basePolicy(world: World, overrides: Partial<PresentationPolicy> = {}): PresentationPolicy {
  return {
    trustedIssuers: {
      [ISS]: { keys: [world.issuer.publicJwk], algorithms: ["EdDSA"] },
      [OTHER_ISS]: { keys: [world.otherIssuer.publicJwk], algorithms: ["EdDSA"] },
    },
    allowedVcts: [VCT],
    requireKeyBinding: true,
    expectedNonce: NONCE,
    expectedAudience: AUD,
    maxKbAgeSeconds: 300,
    clockSkewSeconds: 60,
    now: NOW,
    limits: { maxBytes: 64 * 1024, maxDisclosures: 64, maxDepth: 16 },
    ...overrides,
  };
}

/**
 * A status policy answering for the list at STATUS_URI with a token the world's issuer signed: every
 * entry valid (0) except those `values` sets (index to status, e.g. {42: 1} revokes the test credentials).
 */
export function statusPolicy(world: World, values: Record<number, number> = {}): StatusPolicy {
  return {
    async check() {
      const bits = new Uint8Array(1024);
      for (const [index, value] of Object.entries(values)) bits[Number(index)] = value;
      const token = await issueStatusListToken({
        sub: STATUS_URI,
        iat: NOW - 30,
        exp: NOW + 600,
        ttl: 60,
        bits: 1,
        lst: await encodeStatusList(bits, 1),
        kid: world.issuer.publicJwk.kid!,
        privateKey: world.issuer.privateKey,
      });
      return { kind: "token", token };
    },
    allowedUriPrefixes: [STATUS_PREFIX],
    maxInflatedBytes: 4096,
  };
}

/** A paper credential (no cnf, the paper marker) of the world's issuer: issueFor with `paper`. */
export function issuePaperFor(world: World, overrides: Partial<IssueCredentialInput> = {}): Promise<string> {
  return issueFor(world, { holderPublicJwk: undefined, paper: true, ...overrides });
}

export async function issueFor(world: World, overrides: Partial<IssueCredentialInput> = {}): Promise<string> {
  return issueCredential({
    issuer: { iss: ISS, kid: world.issuer.publicJwk.kid!, privateKey: world.issuer.privateKey },
    vct: VCT,
    holderPublicJwk: world.holder.publicJwk,
    claims: CLAIMS,
    status: { idx: 42, uri: STATUS_URI },
    iat: NOW - 3600,
    exp: NOW + 365 * 24 * 3600,
    ...overrides,
  });
}

export async function presentFor(
  world: World,
  sdJwt: string,
  disclose: string[] = ["given_name", "family_name"],
): Promise<string> {
  return presentCredential({
    sdJwt,
    disclose,
    holderPrivateKey: world.holder.privateKey,
    nonce: NONCE,
    aud: AUD,
    iat: NOW,
  });
}

export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
}

export function decodeJwt(jwt: string): DecodedJwt {
  const [h, p] = jwt.split(".");
  return { header: JSON.parse(base64urlDecodeText(h!)), payload: JSON.parse(base64urlDecodeText(p!)) };
}

/** Splits an issued SD-JWT (`jwt~d1~...~dn~`) into its issuer JWT and disclosures. */
export function splitIssued(sdJwt: string): { issuerJwt: string; disclosures: string[] } {
  const segments = sdJwt.split("~");
  return { issuerJwt: segments[0]!, disclosures: segments.slice(1, -1) };
}

/** The decoded [salt, name, value] of a disclosure. */
export function disclosureContent(encoded: string): unknown[] {
  return JSON.parse(base64urlDecodeText(encoded)) as unknown[];
}

export function findDisclosure(sdJwt: string, name: string): string {
  const found = splitIssued(sdJwt).disclosures.find((d) => disclosureContent(d)[1] === name);
  if (!found) throw new Error(`no disclosure for ${name}`);
  return found;
}

/** Encodes a disclosure from an array, or from raw JSON text (to smuggle duplicate members). */
export function encodeDisclosure(content: unknown[] | string): string {
  return base64urlEncodeText(typeof content === "string" ? content : JSON.stringify(content));
}

export function digestOf(encoded: string): Promise<string> {
  return sha256Base64url(webCrypto(), encoded);
}

/**
 * Signs a JWT exactly as given: header and payload are objects or raw JSON text, and the header
 * keeps whatever alg it names (the signature is always EdDSA/P-256 by the key's type).
 */
export async function signJwt(
  header: Record<string, unknown> | string,
  payload: Record<string, unknown> | string,
  key: CryptoKey,
): Promise<string> {
  const h = base64urlEncodeText(typeof header === "string" ? header : JSON.stringify(header));
  const p = base64urlEncodeText(typeof payload === "string" ? payload : JSON.stringify(payload));
  return `${h}.${p}.${await signBase64url(webCrypto(), `${h}.${p}`, key)}`;
}

/** Re-signs the issuer JWT of `sdJwt` after `edit` changes its header and payload. */
export async function reissue(
  world: World,
  sdJwt: string,
  edit: (jwt: DecodedJwt) => void,
  key: CryptoKey = world.issuer.privateKey,
): Promise<string> {
  const { issuerJwt, disclosures } = splitIssued(sdJwt);
  const decoded = decodeJwt(issuerJwt);
  edit(decoded);
  return [await signJwt(decoded.header, decoded.payload, key), ...disclosures, ""].join("~");
}

export interface BindOptions {
  header?: Record<string, unknown> | string;
  payload?: Record<string, unknown> | string;
  key?: CryptoKey;
  /** Replaces the computed sd_hash. */
  sdHash?: string;
}

/**
 * Builds `issuerJwt~disclosures~KB-JWT` with a correct sd_hash over exactly what is presented,
 * unless an option says otherwise.
 */
export async function bind(
  world: World,
  issuerJwt: string,
  disclosures: readonly string[],
  options: BindOptions = {},
): Promise<string> {
  const withoutKb = [issuerJwt, ...disclosures, ""].join("~");
  const sdHash = options.sdHash ?? (await digestOf(withoutKb));
  const header = options.header ?? { alg: "EdDSA", typ: "kb+jwt" };
  const payload = options.payload ?? { iat: NOW, aud: AUD, nonce: NONCE, sd_hash: sdHash };
  return withoutKb + (await signJwt(header, payload, options.key ?? world.holder.privateKey));
}
