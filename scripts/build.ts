// `npm run build`: the Remix build, then a dry-run deploy of every worker so a broken worker fails
// the build. The bundles under workers/*/dist are what the workerd tests load as auxiliary workers.
import { run } from "./process.ts";

const WORKERS = ["workers/status", "workers/durable-objects"];

await run("npx", ["remix", "build"]);
for (const dir of WORKERS) {
  // Run from the worker's own folder: with -c from the root the output path nests.
  await run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", "dist"], { cwd: dir });
}
await run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", ".tmp/web-dist"]);
console.log("build: remix and every worker bundled");
