// Verification benchmarks (issue 9), in one run:
//  1. The credentials core: verifyPresentation on a realistic online presentation (a Right to Work
//     SD-JWT VC signed by an Ed25519 issuer key, 3 disclosures, an ES256 KB-JWT by a P-256 holder
//     key) with the status bit read through the per-version StatusListCache, against the
//     irreducible cost of a presentation: one raw Ed25519 verify plus one raw P-256 verify with
//     WebCrypto. Also with the cache defeated (a new list version on every check).
//  2. End to end: the whole stack as `npm start` runs it, 1,000 offline validations
//     (POST /api/presentations/validate, each a fresh QR code with its own holder nonce) from 50
//     concurrent clients, and the libSQL round trips one validation makes, counted on the local
//     Hrana server (it runs in this process).
//
// The core is bundled by esbuild as in the credentials bench (loadCredentialsCore); so is
// verification-fixtures.ts, which makes the verifier, its organisation and the citizens'
// credentials in the stack's database with the server layer.
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { Agent, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type * as CredentialsCore from "#core/credentials/index.ts";
import {
  CREDENTIAL_TYPE_CODES,
  ISSUER_IDS,
  type IssuerId,
  issuerUrl,
  statusListUrl,
  vctUrl,
} from "#core/issuers/registry.ts";
import type * as MdocBench from "#scripts/bench/mdoc.ts";
import { run } from "#scripts/process.ts";
import { ensureDevVars, startStack } from "#scripts/stack.ts";
import { SESSION_COOKIE } from "#server/accounts/session.ts";
import { bundleAndImport } from "./bundle.ts";
import { loadCredentialsCore, type Measurement, percentile, revokedAtRandom, summarize } from "./credentials.ts";
import type * as FixturesModule from "./verification-fixtures.ts";

type Core = typeof CredentialsCore;
type Fixtures = typeof FixturesModule;

/** server/credentials/status-lists.ts STATUS_LIST_SIZE: the lists the product publishes. */
const LIST_ENTRIES = 131_072;
/** Its MAX_INFLATED_BYTES, the verifier's cap (judge.ts). */
const MAX_INFLATED_BYTES = LIST_ENTRIES / 8;
const REVOKED_SHARE = 0.01;
/** Distinct presentations (each its own credential, salts, nonce and holder signature), cycled. */
const POOL = 32;
const BASE = "https://identity.example.gov.uk";
/** What a Right to Work check shows an employer (core/verification/checks.ts): 3 disclosures. */
export const RTW_DISCLOSED = ["hasRightToWork", "workRestrictions", "expiryDate"];
/** A Right to Work record as the Home Office holds it (db/demo-records.ts). */
const RTW_CLAIMS = {
  given_name: "Sarah",
  family_name: "Thompson",
  birthdate: "1988-06-14",
  hasRightToWork: true,
  workRestrictions: "None",
  immigrationStatus: "Indefinite leave to remain",
  expiryDate: "2029-11-24",
  age_equal_or_over: { "18": true, "21": true },
};
/** The issue's figures before the cache (issue 9), printed for context. */
export const BEFORE_CACHE =
  "7 to 9 raw Ed25519 verifies per presentation; 305–381/s with the status check before the cache";

const nowSeconds = () => Math.floor(Date.now() / 1000);

// ---------------------------------------------------------------------------------------------
// 1. The core against raw signature verification

/**
 * Runs each operation one call at a time: a warm-up each, then `rounds` rounds in which every
 * operation runs for seconds/rounds in turn, so a neighbour's load on this shared machine falls on
 * all of them alike. Each call is timed; a failing call fails the bench.
 */
export async function measureInterleaved(
  ops: Record<string, (call: number) => Promise<unknown>>,
  options: { seconds: number; warmupSeconds: number; rounds: number; now?: () => number },
): Promise<Record<string, Measurement>> {
  const now = options.now ?? (() => performance.now());
  const names = Object.keys(ops);
  const samples = new Map(names.map((name) => [name, [] as number[]]));
  const elapsed = new Map(names.map((name) => [name, 0]));
  let call = 0;
  for (const name of names) {
    const end = now() + options.warmupSeconds * 1000;
    while (now() < end) await ops[name]!(call++);
  }
  const slice = (options.seconds * 1000) / options.rounds;
  for (let round = 0; round < options.rounds; round++) {
    for (const name of names) {
      const start = now();
      let last = start;
      while (last < start + slice) {
        await ops[name]!(call++);
        const t = now();
        samples.get(name)!.push(t - last);
        last = t;
      }
      elapsed.set(name, elapsed.get(name)! + (last - start));
    }
  }
  return Object.fromEntries(
    names.map((name) => {
      const taken = samples.get(name)!;
      const seconds = elapsed.get(name)! / 1000;
      return [name, { ...summarize(taken), ops: taken.length, seconds, opsPerSecond: taken.length / seconds }];
    }),
  );
}

export interface CoreVerificationResults {
  /** verifyPresentation, status through the cache (the list's version unchanged). */
  cached: Measurement;
  /** The same with a new version on every check: the token verified and inflated each time. */
  uncached: Measurement;
  /** One raw Ed25519 verify plus one raw P-256 (ES256) verify, keys imported once. */
  raw: Measurement;
  /** cached / raw, per second. */
  cachedVsRaw: number;
  uncachedVsRaw: number;
  presentationBytes: number;
  statusTokenBytes: number;
  /** verifyDeviceResponse on an mDL presentation (issue 23, ADR 048), and its raw floor: two signature verifies plus the digests. */
  mdoc: Measurement;
  mdocRaw: Measurement;
  mdocVsRaw: number;
  mdocResponseBytes: number;
}

export async function benchVerificationCore(options: {
  seconds: number;
  warmupSeconds: number;
  rounds: number;
}): Promise<CoreVerificationResults> {
  const core: Core = await loadCredentialsCore();
  // Every authority's key, as the verifier's trust list holds them; the Home Office signs.
  const issuerKeys = new Map<IssuerId, CredentialsCore.SigningKeyPair>();
  for (const id of ISSUER_IDS) issuerKeys.set(id, await core.generateSigningKeyPair());
  const homeOffice = issuerKeys.get("home-office")!;
  const iss = issuerUrl(BASE, "home-office");
  const vct = vctUrl(BASE, "rtw");
  const statusUri = statusListUrl(BASE, crypto.randomUUID());

  // A 2^17-entry list with 1% of it revoked, signed by the issuer as the status worker signs it.
  const values = revokedAtRandom(core, LIST_ENTRIES, REVOKED_SHARE);
  const iat = nowSeconds();
  const statusToken = await core.issueStatusListToken({
    iss,
    sub: statusUri,
    iat,
    exp: iat + 600,
    ttl: 60,
    bits: 1,
    lst: await core.encodeStatusList(values, 1),
    kid: homeOffice.publicJwk.kid!,
    privateKey: homeOffice.privateKey,
  });

  // Online presentations: each answers its own request (its nonce, the organisation's client_id).
  const holder = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const holderJwk = await core.exportPublicJwk(holder.publicKey);
  const audience = `verifier_attestation:${BASE}/verifiers/${crypto.randomUUID()}`;
  const pool: { presentation: string; nonce: string }[] = [];
  while (pool.length < POOL) {
    const idx = core.secureRandomInt(core.webCrypto(), LIST_ENTRIES);
    if (values[idx] !== 0) continue;
    const sdJwt = await core.issueCredential({
      issuer: { iss, kid: homeOffice.publicJwk.kid!, privateKey: homeOffice.privateKey },
      vct,
      holderPublicJwk: holderJwk,
      claims: RTW_CLAIMS,
      structured: ["age_equal_or_over"],
      status: { idx, uri: statusUri },
      iat,
      exp: iat + 3 * 365 * 24 * 3600,
      decoys: 2,
    });
    const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
    pool.push({
      presentation: await core.presentCredential({
        sdJwt,
        disclose: RTW_DISCLOSED,
        holderPrivateKey: holder.privateKey,
        nonce,
        aud: audience,
        iat,
      }),
      nonce,
    });
  }

  // The verifier's policy as judge.ts builds it per request: the trust list from keys the
  // isolate holds (so the core's import of each issuer key is reused), every type's vct, the
  // status policy with the per-isolate cache. The version is what check() reads from the database
  // in production; here it is fixed (cached) or new on every call (the cache defeated).
  const cache = new core.StatusListCache();
  const trustedIssuers = () => {
    const trusted = new Map<string, CredentialsCore.TrustedIssuer>();
    for (const [id, pair] of issuerKeys)
      trusted.set(issuerUrl(BASE, id), { keys: [pair.publicJwk], algorithms: ["EdDSA"] });
    return trusted;
  };
  const allowedVcts = CREDENTIAL_TYPE_CODES.map((code) => vctUrl(BASE, code));
  let version = 0;
  const policy = (nonce: string, fixedVersion: boolean): CredentialsCore.PresentationPolicy => ({
    trustedIssuers: trustedIssuers(),
    allowedVcts,
    requireKeyBinding: true,
    expectedAudience: audience,
    expectedNonce: nonce,
    kbAlgorithms: ["ES256", "EdDSA"],
    maxKbAgeSeconds: 300,
    clockSkewSeconds: 60,
    now: nowSeconds(),
    status: {
      allowedUriPrefixes: [`${BASE}/status/lists/`],
      maxInflatedBytes: MAX_INFLATED_BYTES,
      timeoutMs: 3000,
      cache,
      check: async () => ({
        kind: "versioned",
        version: fixedVersion ? "1/0" : `${++version}/0`,
        token: async () => statusToken,
      }),
    },
  });
  const verify = (fixedVersion: boolean) => async (call: number) => {
    const { presentation, nonce } = pool[call % POOL]!;
    const result = await core.verifyPresentation(presentation, policy(nonce, fixedVersion));
    if (!result.valid) throw new Error(`presentation did not verify: ${result.code} ${result.message}`);
    if (!result.keyBound || !result.statusChecked || result.disclosedClaimNames.length !== RTW_DISCLOSED.length)
      throw new Error("not a key-bound, status-checked 3-claim presentation");
  };

  // The irreducible cost: the issuer's Ed25519 signature and the holder's ES256 signature, keys imported once.
  const issuerPublic = await crypto.subtle.importKey(
    "jwk",
    { kty: "OKP", crv: "Ed25519", x: homeOffice.publicJwk.x },
    "Ed25519",
    false,
    ["verify"],
  );
  const encoder = new TextEncoder();
  const rawInputs = pool.map(({ presentation }) => {
    const segments = presentation.split("~");
    const [h, b, s] = segments[0]!.split(".");
    const [kh, kb, ks] = segments.at(-1)!.split(".");
    return {
      ed: { data: encoder.encode(`${h}.${b}`), signature: Buffer.from(s!, "base64url") },
      es: { data: encoder.encode(`${kh}.${kb}`), signature: Buffer.from(ks!, "base64url") },
    };
  });
  const ecdsa = { name: "ECDSA", hash: "SHA-256" };
  const raw = async (call: number) => {
    const { ed, es } = rawInputs[call % POOL]!;
    if (!(await crypto.subtle.verify("Ed25519", issuerPublic, ed.signature, ed.data)))
      throw new Error("raw Ed25519 verify failed");
    if (!(await crypto.subtle.verify(ecdsa, holder.publicKey, es.signature, es.data)))
      throw new Error("raw ES256 verify failed");
  };

  // The mdoc hook (scripts/bench/mdoc.ts), bundled as the core is.
  const { mdocVerificationOps } = await bundleAndImport<typeof MdocBench>("bench", "mdoc", {
    file: "scripts/bench/mdoc.ts",
  });
  const mdoc = await mdocVerificationOps();
  const m = await measureInterleaved(
    { cached: verify(true), uncached: verify(false), raw, mdoc: mdoc.ops.mdoc, mdocRaw: mdoc.ops.raw },
    options,
  );
  return {
    cached: m.cached!,
    uncached: m.uncached!,
    raw: m.raw!,
    cachedVsRaw: m.cached!.opsPerSecond / m.raw!.opsPerSecond,
    uncachedVsRaw: m.uncached!.opsPerSecond / m.raw!.opsPerSecond,
    presentationBytes: pool[0]!.presentation.length,
    statusTokenBytes: statusToken.length,
    mdoc: m.mdoc!,
    mdocRaw: m.mdocRaw!,
    mdocVsRaw: m.mdoc!.opsPerSecond / m.mdocRaw!.opsPerSecond,
    mdocResponseBytes: mdoc.responseBytes,
  };
}

// ---------------------------------------------------------------------------------------------
// 2. End to end

/** Bundles verification-fixtures.ts (server layer and core) into .tmp/bench/ and imports it. */
const loadFixtures = () =>
  bundleAndImport<Fixtures>(
    "bench",
    "verification-fixtures",
    { file: "scripts/bench/verification-fixtures.ts" },
    "node",
  );

/** One HTTP request to the libSQL server, as it arrived. */
interface LibsqlRequest {
  method: string;
  path: string;
  /** For a pipeline: each request's statements (a batch's steps), e.g. "select sessions". */
  statements: string[];
}

/** "select status_lists": the verb and the first table a statement names. */
function describeStatement(sql: string): string {
  const verb = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? "?";
  const table = /\b(?:from|into|update|join)\s+"?([\w]+)"?/i.exec(sql)?.[1];
  return table ? `${verb} ${table}` : verb;
}

const TRANSACTION = new Set(["begin", "commit", "rollback"]);

/** A pipeline body's statements, e.g. ["select sessions"] or ["tx(delete offline_nonces, insert offline_nonces)"]. */
function statementsOf(body: string): string[] {
  type Stmt = { sql?: string | null; sql_id?: number | null };
  try {
    const { requests } = JSON.parse(body) as {
      requests: { type: string; stmt?: Stmt; sql?: string; sql_id?: number; batch?: { steps: { stmt: Stmt }[] } }[];
    };
    const stored = new Map<number, string>();
    for (const r of requests) if (r.type === "store_sql") stored.set(r.sql_id!, r.sql!);
    const text = (stmt: Stmt | undefined) => describeStatement(stmt?.sql ?? stored.get(stmt?.sql_id ?? -1) ?? "?");
    return requests.flatMap((r) => {
      if (r.type === "execute") return [text(r.stmt)];
      // The client wraps a batch in BEGIN … COMMIT (ROLLBACK if a step failed): shown as one transaction.
      if (r.type === "batch")
        return [
          `tx(${r
            .batch!.steps.map((step) => text(step.stmt))
            .filter((s) => !TRANSACTION.has(s))
            .join(", ")})`,
        ];
      if (r.type === "sequence") return [describeStatement(r.sql ?? "")];
      return [];
    });
  } catch {
    return ["(unreadable body)"];
  }
}

/** CPU seconds used so far by this process's descendants (wrangler, workerd), by command name; Linux /proc only. */
function descendantCpuSeconds(): Map<string, number> {
  const ticks = 100; // USER_HZ on Linux
  const byPid = new Map<number, { ppid: number; comm: string; cpu: number }>();
  let pids: string[] = [];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return new Map();
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const fields = stat.slice(close + 2).split(" ");
      byPid.set(Number(pid), { ppid: Number(fields[1]), comm, cpu: (Number(fields[11]) + Number(fields[12])) / ticks });
    } catch {
      // gone meanwhile
    }
  }
  const out = new Map<string, number>();
  for (const [pid, info] of byPid) {
    let parent = info.ppid;
    let mine = false;
    for (let hops = 0; hops < 16 && parent > 1; hops++) {
      if (parent === process.pid) {
        mine = true;
        break;
      }
      parent = byPid.get(parent)?.ppid ?? 0;
    }
    // Node names its main thread "MainThread": under this process that is wrangler (via npx).
    const name =
      info.comm === "MainThread" || info.comm === "node"
        ? "wrangler"
        : info.comm === "esbuild"
          ? "wrangler's esbuild"
          : info.comm;
    if (mine && pid !== process.pid) out.set(name, (out.get(name) ?? 0) + info.cpu);
  }
  return out;
}

/**
 * Counts HTTP requests reaching the local libSQL server, which runs in this process (scripts/stack.ts):
 * Node publishes every incoming request on the `http.server.request.start` diagnostics channel.
 * While recording, each request's body is read alongside the server's own reading (a `data`
 * listener added before the server's async iterator only sees the chunks the iterator reads).
 */
function libsqlTraffic(port: number) {
  let total = 0;
  let lastAt = performance.now();
  let recording: LibsqlRequest[] | undefined;
  const onStart = (message: unknown) => {
    const { request, server } = message as { request: IncomingMessage; server: Server };
    const address = server.address();
    if (!address || typeof address === "string" || address.port !== port) return;
    total++;
    lastAt = performance.now();
    if (!recording) return;
    const entry: LibsqlRequest = { method: request.method ?? "?", path: request.url ?? "?", statements: [] };
    recording.push(entry);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (entry.path.startsWith("/v2/pipeline"))
        entry.statements = statementsOf(Buffer.concat(chunks).toString("utf8"));
    });
  };
  subscribe("http.server.request.start", onStart);
  return {
    get total() {
      return total;
    },
    /** Resolves once no request has arrived for `quietMs` (work after an answer has finished). */
    async settle(quietMs = 400, maxMs = 10_000): Promise<void> {
      const deadline = performance.now() + maxMs;
      while (performance.now() - lastAt < quietMs && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
    },
    async record(action: () => Promise<void>): Promise<LibsqlRequest[]> {
      await this.settle();
      recording = [];
      try {
        await action();
        await this.settle();
        return recording;
      } finally {
        recording = undefined;
      }
    },
    close: () => unsubscribe("http.server.request.start", onStart),
  };
}

export interface RoundTrips {
  /** libSQL HTTP requests for one validation, in arrival order. */
  requests: LibsqlRequest[];
  /** Up to and including the holder nonce's insert: awaited before the answer. */
  beforeAnswer: number;
  /** The verification record, written after the answer (waitUntil). */
  afterAnswer: number;
}

function splitRoundTrips(requests: LibsqlRequest[]): RoundTrips {
  const nonceAt = requests.findLastIndex((r) => r.statements.some((s) => s.includes("offline_nonces")));
  const beforeAnswer = nonceAt + 1;
  return { requests, beforeAnswer, afterAnswer: requests.length - beforeAnswer };
}

interface ValidationResponse {
  status: number;
  body: string;
  ms: number;
}

function post(url: URL, agent: Agent, headers: Record<string, string>, body: string): Promise<ValidationResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: "POST",
        agent,
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            ms: performance.now() - started,
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out after 30 s")));
    req.on("error", reject);
    req.end(body);
  });
}

/** An answer counts only when it is a 2xx with `valid: true`; anything else is an error, with why. */
function judgeAnswer(response: ValidationResponse): string | null {
  if (response.status < 200 || response.status >= 300) return `HTTP ${response.status} ${response.body.slice(0, 200)}`;
  try {
    const answer = JSON.parse(response.body) as { valid?: unknown; reason?: unknown };
    return answer.valid === true ? null : `valid: ${String(answer.valid)}, reason ${String(answer.reason)}`;
  } catch {
    return `unreadable answer ${response.body.slice(0, 200)}`;
  }
}

export interface EndToEndResults {
  validations: number;
  connections: number;
  seconds: number;
  validationsPerSecond: number;
  /** Median latency of validations sent one at a time (nothing else in flight). */
  sequentialP50Ms: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  errors: number;
  /** The first few errors, for the log. */
  errorSamples: string[];
  /** libSQL HTTP requests during the timed run (records written after answers included). */
  libsqlRequestsDuringRun: number;
  /** CPU seconds used during the timed run (answers only; records still being written are left out), by process. */
  cpuSeconds: Record<string, number>;
  /** The machine's 1-minute load average as the timed run started: other work competing for the 2 cores. */
  loadAverage: number;
  roundTrips: { cold: RoundTrips; warm: RoundTrips };
  citizens: number;
  qrTextChars: number;
  /** Seconds: starting the stack (build check, migrations, seed, wrangler dev), and making fixtures and presentations. */
  setupSeconds: { stack: number; fixtures: number; presentations: number };
}

export interface EndToEndOptions {
  validations: number;
  connections: number;
  citizens: number;
  /** Validations sent before anything is timed (10 at a time). */
  warmup: number;
  /** Validations sent one at a time for the unloaded latency. */
  sequential: number;
}

export async function benchVerificationEndToEnd(options: EndToEndOptions): Promise<EndToEndResults> {
  // The web worker imports the Remix server build; a stale one serves the forwarded API the same.
  if (!existsSync("build/server/index.js")) await run("npx", ["remix", "build"]);
  const setupStarted = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), "identity-bench-verification-"));
  const stack = await startStack({ dataDir, webPort: 0 });
  const port = new URL(stack.url).port;
  const traffic = libsqlTraffic(Number(new URL(stack.libsqlUrl).port));
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  try {
    const stackSeconds = (performance.now() - setupStarted) / 1000;
    let t = performance.now();
    const devVars = await ensureDevVars();
    const fixtures = await loadFixtures();
    // PUBLIC_BASE_URL is unset locally: the verifier's base is https://<host of the request>.
    const base = `https://127.0.0.1:${port}`;
    const made = await fixtures.makeFixtures({
      libsqlUrl: stack.libsqlUrl,
      libsqlAuthToken: stack.libsqlAuthToken,
      issuerKeysSecret: devVars.ISSUER_SIGNING_KEYS!,
      sessionSecret: devVars.SESSION_SECRET!,
      base,
      citizens: options.citizens,
    });
    const fixturesSeconds = (performance.now() - t) / 1000;

    // Every QR code made before anything is timed: a fresh KB-JWT and holder nonce each.
    t = performance.now();
    const needed = 2 + options.warmup + options.sequential + options.validations;
    const bodies: string[] = [];
    for (let i = 0; i < needed; i++) {
      const text = await fixtures.offlineQrText(made.held[i % made.held.length]!, RTW_DISCLOSED, made.audience);
      bodies.push(JSON.stringify({ presentationJwt: text }));
    }
    const presentationsSeconds = (performance.now() - t) / 1000;
    const qrTextChars = (JSON.parse(bodies[0]!) as { presentationJwt: string }).presentationJwt.length;

    const url = new URL("/api/presentations/validate", stack.url);
    // The portal's own origin: the web worker refuses cross-site mutations.
    const headers = {
      "Content-Type": "application/json",
      Cookie: `${SESSION_COOKIE}=${made.verifierCookie}`,
      Origin: stack.url,
    };
    let next = 0;
    const one = async () => {
      const response = await post(url, agent, headers, bodies[next++]!);
      const error = judgeAnswer(response);
      if (error) throw new Error(`validation failed: ${error}`);
    };

    // Round trips: the first validation (the isolate's status cache empty), then one with it warm.
    const cold = splitRoundTrips(await traffic.record(one));
    for (let i = 0; i < options.warmup; i += 10)
      await Promise.all(Array.from({ length: Math.min(10, options.warmup - i) }, one));
    const warm = splitRoundTrips(await traffic.record(one));

    // Unloaded latency: validations one at a time, each after the previous one's record was written.
    const sequentialMs: number[] = [];
    for (let i = 0; i < options.sequential; i++) {
      await traffic.settle(100);
      const response = await post(url, agent, headers, bodies[next++]!);
      const error = judgeAnswer(response);
      if (error) throw new Error(`validation failed: ${error}`);
      sequentialMs.push(response.ms);
    }
    await traffic.settle();

    // The timed run: `connections` clients, each sending its next validation as soon as its last was answered.
    const latencies: number[] = [];
    const errorSamples: string[] = [];
    let errors = 0;
    let issued = 0;
    const requestsBefore = traffic.total;
    const loadAverage = loadavg()[0]!;
    const cpuBefore = descendantCpuSeconds();
    const ownCpuBefore = process.cpuUsage();
    const started = performance.now();
    const client = async () => {
      while (issued < options.validations) {
        issued++;
        const body = bodies[next++]!;
        try {
          const response = await post(url, agent, headers, body);
          latencies.push(response.ms);
          const error = judgeAnswer(response);
          if (error) {
            errors++;
            if (errorSamples.length < 5) errorSamples.push(error);
          }
        } catch (error) {
          errors++;
          if (errorSamples.length < 5) errorSamples.push((error as Error).message);
        }
      }
    };
    await Promise.all(Array.from({ length: options.connections }, client));
    const seconds = (performance.now() - started) / 1000;
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const cpuSeconds: Record<string, number> = {
      "this process (libSQL server, clients)": (ownCpu.user + ownCpu.system) / 1e6,
    };
    for (const [name, total] of descendantCpuSeconds()) {
      const used = total - (cpuBefore.get(name) ?? 0);
      if (used >= 0.05) cpuSeconds[name] = used;
    }
    await traffic.settle();
    const sorted = latencies.sort((a, b) => a - b);
    return {
      validations: options.validations,
      connections: options.connections,
      seconds,
      validationsPerSecond: options.validations / seconds,
      sequentialP50Ms: percentile(
        sequentialMs.sort((a, b) => a - b),
        50,
      ),
      latencyP50Ms: sorted.length ? percentile(sorted, 50) : NaN,
      latencyP99Ms: sorted.length ? percentile(sorted, 99) : NaN,
      latencyMaxMs: sorted.at(-1) ?? NaN,
      errors,
      errorSamples,
      libsqlRequestsDuringRun: traffic.total - requestsBefore,
      cpuSeconds,
      loadAverage,
      roundTrips: { cold, warm },
      citizens: options.citizens,
      qrTextChars,
      setupSeconds: { stack: stackSeconds, fixtures: fixturesSeconds, presentations: presentationsSeconds },
    };
  } finally {
    traffic.close();
    agent.destroy();
    await stack.stop();
    // wrangler's processes may still be tidying their .wrangler/tmp under it for a moment after stop().
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}
