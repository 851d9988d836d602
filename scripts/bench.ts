// `npm run bench`: performance targets, measured on this machine in one run (never in tests).
// Starts the product as `npm start` does, on a free port with a throwaway database.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchPitch } from "./bench/pitch.ts";
import { run } from "./process.ts";
import { startStack } from "./stack.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

await run("npx", ["remix", "build"]);
const dataDir = mkdtempSync(join(tmpdir(), "identity-bench-"));
const stack = await startStack({ dataDir, webPort: await freePort() });
let failed = false;
try {
  const pitch = await benchPitch(stack.url, { seconds: SECONDS, connections: CONNECTIONS });
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
  mkdirSync(".tmp", { recursive: true });
  writeFileSync(".tmp/bench-results.json", JSON.stringify({ measuredAt: new Date().toISOString(), pitch }, null, 2));
  console.log("\n  results written to .tmp/bench-results.json");
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
