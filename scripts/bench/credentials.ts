// Credential benchmarks (issue 4): SD-JWT VC issuance, presentation verification against raw
// Ed25519 verifies measured in the same run, and a status lookup in a 2^20-entry list.
//
// The credentials core (core/credentials) uses TypeScript parameter properties, which Node's type
// stripping cannot run, so it is bundled
// with esbuild (already installed with wrangler and Remix) into .tmp/bench/ at bench time, with
// npm packages left external: the measured code is the core's own source and the installed
// @sd-jwt packages, as the workers run them. Nothing here needs the web stack.
//
// Every measurement runs operations one at a time (each awaited before the next), after a
// warm-up, for a bounded time, and refuses to report a figure if any operation failed.

import type * as CredentialsCore from "#core/credentials/index.ts";
import { bundleAndImport } from "./bundle.ts";

type Core = typeof CredentialsCore;

export interface Summary {
  count: number;
  medianMs: number;
  p95Ms: number;
}

/** Nearest-rank percentile (p in (0, 100]) of samples sorted ascending. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error("no samples");
  if (!(p > 0 && p <= 100)) throw new Error("percentile must be in (0, 100]");
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summarize(samplesMs: readonly number[]): Summary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return { count: sorted.length, medianMs: percentile(sorted, 50), p95Ms: percentile(sorted, 95) };
}

export interface Measurement extends Summary {
  /** Operations completed in the measured window (warm-up excluded). */
  ops: number;
  seconds: number;
  opsPerSecond: number;
}

export interface MeasureOptions {
  seconds: number;
  warmupSeconds: number;
  /** Clock in milliseconds; performance.now() unless a test passes its own. */
  now?: () => number;
}

/**
 * Calls `op` one at a time, first for `warmupSeconds` (not counted), then for `seconds`, timing
 * every call. `op` receives a running call number, so callers can vary their input per call.
 */
export async function measure(op: (call: number) => Promise<unknown>, options: MeasureOptions): Promise<Measurement> {
  const now = options.now ?? (() => performance.now());
  let call = 0;
  const warmupEnd = now() + options.warmupSeconds * 1000;
  while (now() < warmupEnd) await op(call++);
  const samples: number[] = [];
  const start = now();
  const end = start + options.seconds * 1000;
  let last = start;
  while (last < end) {
    await op(call++);
    const t = now();
    samples.push(t - last);
    last = t;
  }
  const seconds = (last - start) / 1000;
  return { ...summarize(samples), ops: samples.length, seconds, opsPerSecond: samples.length / seconds };
}

/** A status list's bits with `share` of its `entries` revoked at random (1 = revoked). */
export function revokedAtRandom(core: Core, entries: number, share: number): Uint8Array {
  const values = new Uint8Array(entries);
  let revoked = 0;
  while (revoked < Math.round(entries * share)) {
    const idx = core.secureRandomInt(core.webCrypto(), entries);
    if (values[idx] === 0) {
      values[idx] = 1;
      revoked++;
    }
  }
  return values;
}

/** Bundles core/credentials/index.ts into .tmp/bench/ and imports it. */
export const loadCredentialsCore = () =>
  bundleAndImport<Core>("bench", "credentials-core", { file: "core/credentials/index.ts" });

const ISSUER = "https://credentials.homeoffice.example.gov.uk";
const VCT = "https://wallet.example.gov.uk/vct/right-to-work";
const AUDIENCE = "https://verifier.employer.example.co.uk";
const NONCE = "bench-nonce-8kQ2vN0rT5";
const STATUS_PREFIX = "https://status.example.gov.uk/lists/";
const STATUS_URI = `${STATUS_PREFIX}1`;
const LIST_ENTRIES = 2 ** 20;
const REVOKED_SHARE = 0.01;
/** Distinct presentations cycled through by the verify benchmarks. */
const POOL = 32;

/** A right-to-work credential's personal claims (issue 4). */
export const RIGHT_TO_WORK_CLAIMS = {
  given_name: "Sarah",
  family_name: "Thompson",
  birthdate: "1988-06-14",
  hasRightToWork: true,
  workRestrictions: "No restrictions",
  expiryDate: "2031-03-31",
};
/** What an employer's right-to-work check asks the holder to disclose (not the birthdate). */
const DISCLOSED = ["given_name", "family_name", "hasRightToWork", "workRestrictions", "expiryDate"];

const nowSeconds = () => Math.floor(Date.now() / 1000);

function assertValid(result: { valid: boolean }, what: string): void {
  if (!result.valid) throw new Error(`${what} did not verify: ${JSON.stringify(result)}`);
}

export interface CredentialBenchResults {
  issuance: Measurement & { claims: number };
  verification: {
    presentation: Measurement;
    presentationWithStatus: Measurement;
    rawEd25519: Measurement;
    rawEs256: Measurement;
    /** presentation verifies per second / raw Ed25519 verifies per second. */
    presentationVsRawEd25519: number;
    presentationBytes: number;
  };
  statusLookup: Measurement & {
    entries: number;
    revoked: number;
    lstBytes: number;
    targetMs: number;
    /** The target (under 1 ms per lookup) judged on the median and, stricter, on the 95th percentile. */
    targetMetAtMedian: boolean;
    targetMetAtP95: boolean;
  };
}

export async function benchCredentials(options: {
  seconds: number;
  warmupSeconds: number;
}): Promise<CredentialBenchResults> {
  const core = await loadCredentialsCore();
  const run = { seconds: options.seconds, warmupSeconds: options.warmupSeconds };

  const issuerKeys = await core.generateSigningKeyPair();
  const issuer = { iss: ISSUER, kid: issuerKeys.publicJwk.kid!, privateKey: issuerKeys.privateKey };
  const holder = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const holderJwk = await core.exportPublicJwk(holder.publicKey);
  const issue = (idx: number, iat: number) =>
    core.issueCredential({
      issuer,
      vct: VCT,
      holderPublicJwk: holderJwk,
      claims: RIGHT_TO_WORK_CLAIMS,
      status: { idx, uri: STATUS_URI },
      iat,
      exp: iat + 365 * 24 * 3600,
    });

  // The status list: 2^20 one-bit entries with 1% of them revoked at random.
  const values = revokedAtRandom(core, LIST_ENTRIES, REVOKED_SHARE);
  const lst = await core.encodeStatusList(values, 1);
  const validIndexes: number[] = [];
  while (validIndexes.length < POOL) {
    const idx = core.secureRandomInt(core.webCrypto(), LIST_ENTRIES);
    if (values[idx] === 0) validIndexes.push(idx);
  }

  // 1. Issuance: a fresh credential per call (new salts, new signature, its own index).
  const issuance = await measure((call) => issue(validIndexes[call % POOL]!, nowSeconds()), run);

  // 2. Verification. A pool of distinct presentations (each its own credential, salts and
  // holder signature), cycled, so nothing can be remembered per presentation.
  const iat = nowSeconds();
  const presentations: string[] = [];
  for (let i = 0; i < POOL; i++) {
    presentations.push(
      await core.presentCredential({
        sdJwt: await issue(validIndexes[i]!, iat),
        disclose: DISCLOSED,
        holderPrivateKey: holder.privateKey,
        nonce: NONCE,
        aud: AUDIENCE,
        iat,
      }),
    );
  }
  const statusToken = await core.issueStatusListToken({
    iss: ISSUER,
    sub: STATUS_URI,
    iat,
    exp: iat + 3600,
    ttl: 60,
    bits: 1,
    lst,
    kid: issuer.kid,
    privateKey: issuerKeys.privateKey,
  });
  // The verifier's configuration lives as long as the isolate (so the core's import of the
  // trusted issuer key is reused, as in production); the policy for each request is built per
  // call with the current time. Key binding required; the nonce is checked against
  // expectedNonce (no single-use store), so repeating a verification does not fail.
  const trustedIssuers = { [ISSUER]: { keys: [issuerKeys.publicJwk], algorithms: ["EdDSA"] as const } };
  const policy = (): CredentialsCore.PresentationPolicy => ({
    trustedIssuers,
    allowedVcts: [VCT],
    requireKeyBinding: true,
    kbAlgorithms: ["ES256"],
    expectedNonce: NONCE,
    expectedAudience: AUDIENCE,
    maxKbAgeSeconds: 300,
    clockSkewSeconds: 60,
    now: nowSeconds(),
  });
  // Status answered from the token in memory (no network); the list is inflated on every call.
  const statusPolicy: CredentialsCore.StatusPolicy = {
    check: async () => ({ kind: "token", token: statusToken }),
    allowedUriPrefixes: [STATUS_PREFIX],
    maxInflatedBytes: 1 << 20,
  };
  const verifyOne = async (call: number) => {
    const result = await core.verifyPresentation(presentations[call % POOL], policy());
    assertValid(result, "presentation");
    if (!result.valid || !result.keyBound) throw new Error("key binding was not verified");
  };
  const verifyWithStatus = async (call: number) => {
    const result = await core.verifyPresentation(presentations[call % POOL], { ...policy(), status: statusPolicy });
    assertValid(result, "presentation with status");
    if (!result.valid || !result.statusChecked) throw new Error("status was not checked");
  };
  const presentation = await measure(verifyOne, run);
  const presentationWithStatus = await measure(verifyWithStatus, run);

  // Raw WebCrypto verifies of the same signatures, keys imported once: the issuer's Ed25519
  // signature over its JWT, and the holder's ES256 signature over the key-binding JWT.
  const rawInputs = presentations.map((p) => {
    const segments = p.split("~");
    const [h, b, s] = segments[0]!.split(".");
    const [kh, kb, ks] = segments.at(-1)!.split(".");
    return {
      ed: { data: new TextEncoder().encode(`${h}.${b}`), signature: Buffer.from(s!, "base64url") },
      es: { data: new TextEncoder().encode(`${kh}.${kb}`), signature: Buffer.from(ks!, "base64url") },
    };
  });
  const issuerPublic = await crypto.subtle.importKey(
    "jwk",
    { kty: "OKP", crv: "Ed25519", x: issuerKeys.publicJwk.x },
    "Ed25519",
    false,
    ["verify"],
  );
  const ecdsa = { name: "ECDSA", hash: "SHA-256" };
  const rawEd25519 = await measure(async (call) => {
    const { data, signature } = rawInputs[call % POOL]!.ed;
    if (!(await crypto.subtle.verify("Ed25519", issuerPublic, signature, data)))
      throw new Error("raw Ed25519 verify failed");
  }, run);
  const rawEs256 = await measure(async (call) => {
    const { data, signature } = rawInputs[call % POOL]!.es;
    if (!(await crypto.subtle.verify(ecdsa, holder.publicKey, signature, data)))
      throw new Error("raw ES256 verify failed");
  }, run);

  // 3. Status lookup: one index per call (a different one each time, revoked or not), the whole
  // list inflated every time; every answer checked against the list it was encoded from.
  const lookups = Array.from({ length: 4096 }, () => core.secureRandomInt(core.webCrypto(), LIST_ENTRIES));
  const statusLookup = await measure(async (call) => {
    const idx = lookups[call % lookups.length]!;
    const value = await core.readStatus(lst, 1, idx, { maxInflatedBytes: 1 << 20 });
    if (value !== values[idx]) throw new Error(`readStatus(${idx}) = ${value}, encoded ${values[idx]}`);
  }, run);
  const targetMs = 1;

  return {
    issuance: { ...issuance, claims: Object.keys(RIGHT_TO_WORK_CLAIMS).length },
    verification: {
      presentation,
      presentationWithStatus,
      rawEd25519,
      rawEs256,
      presentationVsRawEd25519: presentation.opsPerSecond / rawEd25519.opsPerSecond,
      presentationBytes: presentations[0]!.length,
    },
    statusLookup: {
      ...statusLookup,
      entries: LIST_ENTRIES,
      revoked: Math.round(LIST_ENTRIES * REVOKED_SHARE),
      lstBytes: lst.length,
      targetMs,
      targetMetAtMedian: statusLookup.medianMs < targetMs,
      targetMetAtP95: statusLookup.p95Ms < targetMs,
    },
  };
}
