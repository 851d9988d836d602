// `npm test`: build (every worker bundled), then every vitest project (workerd, Node, browser),
// ending with the plain line `N passed, N failed, N skipped` computed from vitest's JSON report.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { bundle, typecheck } from "./build.ts";
import { run, WRANGLER_ENV } from "./process.ts";

const REPORT = ".tmp/vitest-report.json";

await bundle().catch((error: Error) => {
  console.error(error.message);
  console.log("0 passed, 1 failed"); // nothing can be tested when the build fails
  process.exit(1);
});
// Typecheck after the build (the web worker imports the Remix server build it produces), then lint
// (Biome, knip: ADR 023), while the tests run (the first tests leave a core idle part of the time):
// a type or lint error fails the run but does not stop the tests from telling what else is wrong.
const passes = (check: () => Promise<void>) =>
  check().then(
    () => true,
    () => false,
  );
const checks = passes(typecheck).then(async (typecheckPassed) => ({
  typecheckPassed,
  lintPassed: await passes(() => run("npm", ["run", "--silent", "lint"])),
}));
mkdirSync(".tmp", { recursive: true });
rmSync(REPORT, { force: true });

const extra = process.argv.slice(2);
const exitCode = await new Promise<number>((resolve) => {
  const child = spawn(
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${REPORT}`, ...extra],
    { stdio: "inherit", env: { ...process.env, ...WRANGLER_ENV } },
  );
  child.on("exit", (code) => resolve(code ?? 1));
});
const { typecheckPassed, lintPassed } = await checks;

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { status: string; assertionResults: { status: string }[] }[];
}
function readReport(): Report | undefined {
  try {
    return JSON.parse(readFileSync(REPORT, "utf8")) as Report;
  } catch {
    return undefined;
  }
}
function noReport(): never {
  // vitest died before writing its report: say so in the line CI reads.
  console.log("0 passed, 1 failed");
  process.exit(exitCode || 1);
  throw new Error("unreachable: process.exit returned");
}
const report: Report = readReport() ?? noReport();
// A file that failed with no failing test of its own (it did not load, or failed after its tests)
// counts as one failure, whatever else failed, so it cannot hide behind another failure.
// A failed typecheck counts as one failure, and so does a failed lint, so the line CI reads cannot hide them.
// vitest exiting non-zero with nothing failed (an unhandled error, a configuration vitest refuses)
// is a failure too: never "0 failed" for a run that did not run.
const unloaded = report.testResults.filter(
  (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
).length;
const counted = report.numFailedTests + unloaded;
const failed = counted + (exitCode !== 0 && counted === 0 ? 1 : 0) + (typecheckPassed ? 0 : 1) + (lintPassed ? 0 : 1);
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`${report.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : exitCode);
