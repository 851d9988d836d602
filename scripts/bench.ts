// `npm run bench`: performance targets, measured on this machine in one run (never in tests).
// `npm run bench -- credentials` (or `verification`, `pitch`, `languages`, `analytics`, `security`) runs one suite; no argument runs them all.
// The credential suite runs first, in this process, before the product is started, so the
// workers do not compete for the CPU. The verification suite measures the core the same way, then
// starts the product for its end-to-end run and stops it. The pitch suite starts the product as
// `npm start` does, on a free port with a throwaway database.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { benchAnalytics } from "#scripts/bench/analytics.ts";
import { benchCredentials, type Measurement } from "#scripts/bench/credentials.ts";
import { benchIssuanceEndpoint } from "#scripts/bench/issuance.ts";
import { benchLanguages } from "#scripts/bench/languages.ts";
import { benchPitch } from "#scripts/bench/pitch.ts";
import { benchSecurity, securityOptionsFromEnv } from "#scripts/bench/security.ts";
import {
  BEFORE_CACHE,
  benchVerificationCore,
  benchVerificationEndToEnd,
  type EndToEndResults,
} from "#scripts/bench/verification.ts";
import { buildRemix } from "./build.ts";
import { startStack } from "./stack.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CREDENTIAL_SECONDS = Number(process.env.BENCH_CREDENTIAL_SECONDS ?? 3);
const ISSUANCES = Number(process.env.BENCH_ISSUANCES ?? 200);
const ISSUANCE_WARMUP = Number(process.env.BENCH_ISSUANCE_WARMUP ?? 20);
const VERIFICATION_SECONDS = Number(process.env.BENCH_VERIFICATION_SECONDS ?? 3);
const VALIDATIONS = Number(process.env.BENCH_VALIDATIONS ?? 1000);
const VALIDATION_CONNECTIONS = Number(process.env.BENCH_VALIDATION_CONNECTIONS ?? 50);

const ANALYTICS_ROWS = (process.env.BENCH_ANALYTICS_ROWS ?? "1000,1000000").split(",").map(Number);
const ANALYTICS_RUNS = Number(process.env.BENCH_ANALYTICS_RUNS ?? 30);

const SUITES = ["credentials", "verification", "pitch", "languages", "analytics", "security"] as const;
type Suite = (typeof SUITES)[number];
const requested: string[] = process.argv.slice(2);
const unknown = requested.filter((name) => !(SUITES as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`unknown suite ${unknown.join(", ")}; usage: npm run bench [-- ${SUITES.join(" | ")}]`);
  process.exit(2);
}
const suites = new Set<Suite>(requested.length > 0 ? (requested as Suite[]) : SUITES);

const results: Record<string, unknown> = {
  measuredAt: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
};
let failed = false;

if (suites.has("credentials")) {
  try {
    const c = await benchCredentials({
      seconds: CREDENTIAL_SECONDS,
      warmupSeconds: Math.min(1, CREDENTIAL_SECONDS / 3),
    });
    results.credentials = c;
    const rate = (m: Measurement) =>
      `${String(Math.round(m.opsPerSecond)).padStart(6)} /s   p50 ${m.medianMs.toFixed(3)} ms   p95 ${m.p95Ms.toFixed(3)} ms`;
    const v = c.verification;
    console.log(
      `\nCredentials (Node ${process.version}, one operation at a time, ${CREDENTIAL_SECONDS} s each after warm-up)`,
    );
    console.log(`  issue SD-JWT VC (EdDSA, P-256 cnf, ${c.issuance.claims} disclosable claims)  ${rate(c.issuance)}`);
    console.log(`  verify presentation (KB-JWT required, no status)        ${rate(v.presentation)}`);
    console.log(`  verify presentation + status (in-memory token)          ${rate(v.presentationWithStatus)}`);
    console.log(`  raw Ed25519 verify (crypto.subtle)                      ${rate(v.rawEd25519)}`);
    console.log(`  raw ES256 verify (crypto.subtle, for reference)         ${rate(v.rawEs256)}`);
    console.log(
      `  presentation verify / raw Ed25519 verify: ${(v.presentationVsRawEd25519 * 100).toFixed(1)}%` +
        ` (one presentation verify costs ${(1 / v.presentationVsRawEd25519).toFixed(1)} raw Ed25519 verifies; ${v.presentationBytes}-byte presentation)`,
    );
    const s = c.statusLookup;
    console.log(
      `  status lookup, ${s.entries} entries (${s.revoked} revoked, lst ${(s.lstBytes / 1024).toFixed(1)} KB), inflate included:` +
        ` p50 ${s.medianMs.toFixed(3)} ms   p95 ${s.p95Ms.toFixed(3)} ms   (${Math.round(s.opsPerSecond)}/s)`,
    );
    const verdict = (met: boolean) => (met ? "met" : "NOT MET");
    console.log(
      `  status lookup target < ${s.targetMs} ms: at the median ${verdict(s.targetMetAtMedian)}, at p95 ${verdict(s.targetMetAtP95)}`,
    );
  } catch (error) {
    failed = true;
    console.error(error);
  }
}

// Issuance through the OpenID4VCI endpoints (issue 22): the product started, after the core's figures.
if (suites.has("credentials") && !failed) {
  try {
    const e = await benchIssuanceEndpoint({ issuances: ISSUANCES, warmup: ISSUANCE_WARMUP });
    const core = (results.credentials as { issuance: Measurement } | undefined)?.issuance;
    results.issuanceEndpoint = { ...e, coreSigningPerSecond: core?.opsPerSecond };
    console.log(
      `\nIssuance through the OpenID4VCI endpoints (${e.issuances} issuances one at a time, ${e.requestsPerIssuance} requests each: token, nonce, credential)`,
    );
    console.log(
      `  ${e.issuancesPerSecond.toFixed(1)} issuances/s   p50 ${e.medianMs.toFixed(1)} ms   p95 ${e.p95Ms.toFixed(1)} ms`,
    );
    if (core)
      console.log(
        `  the core's signing alone: ${Math.round(core.opsPerSecond)}/s: one issuance through the endpoints costs ${(core.opsPerSecond / e.issuancesPerSecond).toFixed(1)} signings`,
      );
  } catch (error) {
    failed = true;
    console.error(error);
  }
}

if (suites.has("verification") && !failed) {
  try {
    const rounds = 3;
    const loadAverage = loadavg()[0]!;
    const c = await benchVerificationCore({
      seconds: VERIFICATION_SECONDS,
      warmupSeconds: Math.min(1, VERIFICATION_SECONDS / 3),
      rounds,
    });
    const rate = (m: Measurement) =>
      `${String(Math.round(m.opsPerSecond)).padStart(6)} /s   p50 ${m.medianMs.toFixed(3)} ms   p95 ${m.p95Ms.toFixed(3)} ms`;
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    console.log(
      `\nVerification core (Node ${process.version}, one at a time, ${VERIFICATION_SECONDS} s each in ${rounds} interleaved rounds after warm-up;` +
        ` load average ${loadAverage.toFixed(1)} as it began)`,
    );
    console.log(`  verifyPresentation, status via the per-version cache      ${rate(c.cached)}`);
    console.log(`  verifyPresentation, cache defeated (new version per check) ${rate(c.uncached)}`);
    console.log(`  raw Ed25519 verify + raw ES256 verify (crypto.subtle)      ${rate(c.raw)}`);
    console.log(
      `  core (cached) / raw: ${pct(c.cachedVsRaw)}   (target ≥ 50%) ${c.cachedVsRaw >= 0.5 ? "met" : "NOT MET"}`,
    );
    console.log(
      `  cache defeated / raw: ${pct(c.uncachedVsRaw)}; the cache saves ${(c.uncached.medianMs - c.cached.medianMs).toFixed(3)} ms a validation at the median` +
        ` (${c.presentationBytes}-byte presentation, ${c.statusTokenBytes}-byte status token)`,
    );
    console.log(`  before the cache (issue 9): ${BEFORE_CACHE}`);
    console.log(`  mdoc verifyDeviceResponse (mDL, 6 elements)                 ${rate(c.mdoc)}`);
    console.log(`  its raw floor (IssuerAuth + DeviceSignature + digests)      ${rate(c.mdocRaw)}`);
    console.log(`  mdoc / raw: ${pct(c.mdocVsRaw)} (${c.mdocResponseBytes}-byte DeviceResponse; ADR 048)`);
    results.verification = { core: { ...c, loadAverage } };

    const e = await benchVerificationEndToEnd({
      validations: VALIDATIONS,
      connections: VALIDATION_CONNECTIONS,
      citizens: 20,
      warmup: 50,
      sequential: 30,
    });
    (results.verification as Record<string, unknown>).endToEnd = e;
    console.log(
      `\nVerification end to end (wrangler dev on loopback, ${e.validations} offline validations, ${e.connections} concurrent clients)`,
    );
    console.log(
      `  POST /api/presentations/validate   ${String(Math.round(e.validationsPerSecond)).padStart(5)} /s   p50 ${e.latencyP50Ms.toFixed(1)} ms   p99 ${e.latencyP99Ms.toFixed(1)} ms` +
        `   errors ${e.errors}   (${e.seconds.toFixed(1)} s; one at a time: p50 ${e.sequentialP50Ms.toFixed(1)} ms)`,
    );
    for (const sample of e.errorSamples) console.log(`    error: ${sample}`);
    console.log(`  end to end / core (cached): ${pct(e.validationsPerSecond / c.cached.opsPerSecond)}`);
    const { warm, cold } = e.roundTrips;
    const steps = (requests: typeof warm.requests) =>
      requests.map((r) => (r.statements.length ? r.statements.join(", ") : `${r.method} ${r.path}`)).join(" | ");
    console.log(
      `  libSQL round trips per validation: ${warm.beforeAnswer} before the answer + ${warm.afterAnswer} after it (the record, waitUntil)`,
    );
    console.log(`    before: ${steps(warm.requests.slice(0, warm.beforeAnswer))}`);
    console.log(`    after:  ${steps(warm.requests.slice(warm.beforeAnswer))}`);
    console.log(
      `    the first validation (status cache empty): ${cold.beforeAnswer} + ${cold.afterAnswer}; before: ${steps(cold.requests.slice(0, cold.beforeAnswer))}`,
    );
    console.log(
      `    during the timed run: ${(e.libsqlRequestsDuringRun / e.validations).toFixed(2)} libSQL requests per validation`,
    );
    const cpu = Object.entries(e.cpuSeconds)
      .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
      .join(", ");
    console.log(
      `  CPU in the timed run (${e.seconds.toFixed(1)} s on ${cpus().length} cores, load average ${e.loadAverage.toFixed(1)} as it began): ${cpu}`,
    );
    console.log(
      `  (${e.citizens} citizens, ${e.qrTextChars}-character QR texts; set-up: stack ${e.setupSeconds.stack.toFixed(0)} s,` +
        ` fixtures ${e.setupSeconds.fixtures.toFixed(1)} s, presentations ${e.setupSeconds.presentations.toFixed(1)} s)`,
    );
    if (e.errors > 0) throw new Error(`${e.errors} validations failed`);
  } catch (error) {
    failed = true;
    console.error(error);
  }
}

if (suites.has("pitch") && !failed) {
  await buildRemix();
  const dataDir = mkdtempSync(join(tmpdir(), "identity-bench-"));
  const stack = await startStack({ dataDir, webPort: 0 });
  try {
    const pitch = await benchPitch(stack.url, { seconds: SECONDS, connections: CONNECTIONS });
    results.pitch = pitch;
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`\nPitch pages (wrangler dev on loopback, ${CONNECTIONS} connections, ${SECONDS} s each)`);
    for (const r of [pitch.staticAsset, pitch.cachedPage]) {
      console.log(
        `  ${r.path.padEnd(14)} ${String(r.requestsPerSecond).padStart(6)} req/s   p50 ${r.latencyP50Ms} ms   p99 ${r.latencyP99Ms} ms   non-2xx ${r.non2xx}`,
      );
    }
    const ratio = pitch.cachedVsStatic;
    console.log(
      `  cached page / static asset throughput: ${(ratio * 100).toFixed(0)}%   (target ≥ 80%) ${ratio >= 0.8 ? "met" : "NOT MET"}`,
    );
    console.log(`\n  JavaScript and CSS per pitch page (compressed):`);
    for (const w of pitch.weights) {
      console.log(
        `  ${w.path.padEnd(18)} JS ${kb(w.jsBytesGzip).padStart(9)} gzip / ${kb(w.jsBytesBrotli).padStart(9)} brotli   CSS ${kb(w.cssBytesGzip).padStart(8)} gzip   (${w.assets} files)`,
      );
    }
    console.log(
      `  largest: ${kb(pitch.maxJsGzip)} gzip   (target ≤ 120 KB) ${pitch.maxJsGzip <= 120 * 1024 ? "met" : "NOT MET"}`,
    );
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (suites.has("languages") && !failed) {
  await buildRemix();
  const dataDir = mkdtempSync(join(tmpdir(), "identity-bench-"));
  const stack = await startStack({ dataDir, webPort: 0 });
  try {
    const languages = await benchLanguages(stack.url, { seconds: SECONDS, connections: CONNECTIONS });
    results.languages = languages;
    const kb = (n: number) => (Number.isNaN(n) ? "       -" : `${(n / 1024).toFixed(1).padStart(6)} KB`);
    console.log(`\nLanguages: what a page ships, by language (compressed, gzip -9)`);
    for (const w of languages.weights) {
      console.log(
        `  ${w.path.padEnd(18)} ${w.locale.padEnd(3)} answered in ${w.answered.padEnd(3)}  JS ${kb(w.jsBytesGzip)}   messages ${String(w.messages).padStart(4)} = ${kb(w.messagesBytesGzip)}`,
      );
    }
    console.log(`  largest catalog a page loads: ${kb(languages.largestCatalogBytesGzip)}`);
    for (const r of [languages.english, languages.welsh]) {
      console.log(
        `  ${r.path.padEnd(14)} ${String(r.requestsPerSecond).padStart(6)} req/s   p50 ${r.latencyP50Ms} ms   p99 ${r.latencyP99Ms} ms   non-2xx ${r.non2xx}`,
      );
    }
    console.log(
      `  cached Welsh page / cached English page throughput: ${(languages.welshVsEnglish * 100).toFixed(0)}%`,
    );
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (suites.has("analytics") && !failed) {
  try {
    const a = await benchAnalytics({ sizes: ANALYTICS_ROWS, runs: ANALYTICS_RUNS });
    results.analytics = a;
    console.log(
      `\nAnalytics dashboard (server/analytics/dashboard.ts on a libSQL file, Node ${process.version}, ${a.runs} calls per range after warm-up)`,
    );
    for (const size of a.sizes) {
      const ranges = Object.entries(size.ranges)
        .map(([r, m]) => `${r} p50 ${m.medianMs.toFixed(2)} ms / p95 ${m.p95Ms.toFixed(2)} ms`)
        .join("   ");
      console.log(
        `  ${size.rows.toLocaleString("en-GB").padStart(9)} events + metrics: ${ranges}` +
          `   (filled in ${size.fillSeconds.toFixed(1)} s; rollups ${size.rollupSeconds.toFixed(1)} s, ${size.rollupRows} rows)`,
      );
    }
    for (const [range, ratio] of Object.entries(a.ratio))
      console.log(
        `  ${range}: largest / smallest median ${ratio.toFixed(2)}x   (target ≤ 2x) ${ratio <= 2 ? "met" : "NOT MET"}`,
      );
  } catch (error) {
    failed = true;
    console.error(error);
  }
}

if (suites.has("security") && !failed) {
  try {
    // A run of every suite has measured the validation load already: reported, not repeated.
    const measuredLoad = (results.verification as { endToEnd?: EndToEndResults } | undefined)?.endToEnd;
    results.security = await benchSecurity(
      securityOptionsFromEnv({ validations: VALIDATIONS, validationConnections: VALIDATION_CONNECTIONS, measuredLoad }),
    );
  } catch (error) {
    failed = true;
    console.error(error);
  }
}

if (!failed) {
  mkdirSync(".tmp", { recursive: true });
  writeFileSync(".tmp/bench-results.json", JSON.stringify(results, null, 2));
  console.log("\n  results written to .tmp/bench-results.json");
}
process.exit(failed ? 1 : 0);
