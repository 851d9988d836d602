// `npm run bench`: performance targets, measured on this machine in one run (never in tests).
// `npm run bench -- credentials` or `npm run bench -- pitch` runs one suite; no argument runs both.
// The credential suite runs first, in this process, before the product is started, so the
// workers do not compete for the CPU. The pitch suite starts the product as `npm start` does, on
// a free port with a throwaway database.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { benchCredentials, type Measurement } from "#scripts/bench/credentials.ts";
import { benchPitch } from "#scripts/bench/pitch.ts";
import { freePort, run } from "./process.ts";
import { startStack } from "./stack.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CREDENTIAL_SECONDS = Number(process.env.BENCH_CREDENTIAL_SECONDS ?? 3);

const SUITES = ["credentials", "pitch"] as const;
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
    const c = await benchCredentials({ seconds: CREDENTIAL_SECONDS, warmupSeconds: Math.min(1, CREDENTIAL_SECONDS / 3) });
    results.credentials = c;
    const rate = (m: Measurement) => `${String(Math.round(m.opsPerSecond)).padStart(6)} /s   p50 ${m.medianMs.toFixed(3)} ms   p95 ${m.p95Ms.toFixed(3)} ms`;
    const v = c.verification;
    console.log(`\nCredentials (Node ${process.version}, one operation at a time, ${CREDENTIAL_SECONDS} s each after warm-up)`);
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
    console.log(`  status lookup target < ${s.targetMs} ms: at the median ${verdict(s.targetMetAtMedian)}, at p95 ${verdict(s.targetMetAtP95)}`);
  } catch (error) {
    failed = true;
    console.error(error);
  }
}

if (suites.has("pitch") && !failed) {
  await run("npx", ["remix", "build"]);
  const dataDir = mkdtempSync(join(tmpdir(), "identity-bench-"));
  const stack = await startStack({ dataDir, webPort: await freePort() });
  try {
    const pitch = await benchPitch(stack.url, { seconds: SECONDS, connections: CONNECTIONS });
    results.pitch = pitch;
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`\nPitch pages (wrangler dev on loopback, ${CONNECTIONS} connections, ${SECONDS} s each)`);
    for (const r of [pitch.staticAsset, pitch.cachedPage]) {
      console.log(`  ${r.path.padEnd(14)} ${String(r.requestsPerSecond).padStart(6)} req/s   p50 ${r.latencyP50Ms} ms   p99 ${r.latencyP99Ms} ms   non-2xx ${r.non2xx}`);
    }
    const ratio = pitch.cachedVsStatic;
    console.log(`  cached page / static asset throughput: ${(ratio * 100).toFixed(0)}%   (target ≥ 80%) ${ratio >= 0.8 ? "met" : "NOT MET"}`);
    console.log(`\n  JavaScript and CSS per pitch page (compressed):`);
    for (const w of pitch.weights) {
      console.log(`  ${w.path.padEnd(18)} JS ${kb(w.jsBytesGzip).padStart(9)} gzip / ${kb(w.jsBytesBrotli).padStart(9)} brotli   CSS ${kb(w.cssBytesGzip).padStart(8)} gzip   (${w.assets} files)`);
    }
    console.log(`  largest: ${kb(pitch.maxJsGzip)} gzip   (target ≤ 120 KB) ${pitch.maxJsGzip <= 120 * 1024 ? "met" : "NOT MET"}`);
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!failed) {
  mkdirSync(".tmp", { recursive: true });
  writeFileSync(".tmp/bench-results.json", JSON.stringify(results, null, 2));
  console.log("\n  results written to .tmp/bench-results.json");
}
process.exit(failed ? 1 : 0);
