// `npm run build`: the Remix build (its browser bundle's message descriptors stripped of their
// English: scripts/strip-descriptors.ts), a check that no server code reached the browser bundle, a
// dry-run deploy of every worker (so a broken worker fails the build; the bundles under
// workers/*/dist are what the workerd tests load as auxiliary workers), then the type check of
// every layer against what it may import (ADR 012).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { extractMessages, ROUTE_MESSAGES } from "./i18n.ts";
import { run } from "./process.ts";
import { type DescriptorPolicy, stripBrowserBundle } from "./strip-descriptors.ts";

const WORKERS = ["workers/status", "workers/verifier", "workers/durable-objects"];

/** Source folders and packages that must never be shipped to browsers (ADR 012). */
const SERVER_ONLY = [
  /^server\//,
  /^db\//,
  /^workers\//,
  /node_modules\/(drizzle-orm|@libsql|pdf-lib|remix-auth|remix-auth-form|hono)\//,
];

/** The parts of esbuild's metafile of the browser build (Remix writes it beside the server build) the checks read. */
interface Metafile {
  inputs: Record<string, { imports: { path: string }[] }>;
  outputs: Record<
    string,
    {
      entryPoint?: string;
      imports?: { path: string; kind: string }[];
      inputs: Record<string, { bytesInOutput: number }>;
    }
  >;
}

/**
 * Route modules import the server layer for their loaders and actions; Remix's browser build
 * drops those imports by tree shaking (esbuild still reads them: the metafile's inputs list them
 * with no bytes in any output). This fails when any server-only code reached a browser output,
 * naming the chunk and who imported it.
 */
function checkBrowserBundle({ inputs, outputs }: Metafile): void {
  const leaked: string[] = [];
  for (const [output, { inputs: shipped }] of Object.entries(outputs)) {
    for (const [path, { bytesInOutput }] of Object.entries(shipped)) {
      if (bytesInOutput === 0 || !SERVER_ONLY.some((pattern) => pattern.test(path))) continue;
      const importers = Object.entries(inputs)
        .filter(([, input]) => input.imports.some((i) => i.path === path))
        .map(([from]) => from);
      leaked.push(`  ${path} in ${output} (imported by ${importers.join(", ") || "?"})`);
    }
  }
  if (leaked.length)
    throw new Error(
      `Server code in the browser bundle: import it only from loaders and actions, or move what the browser needs to core/.\n${leaked.join("\n")}`,
    );
}

/**
 * Libraries a page may load for its own use but that must never ride in the part every page loads
 * (the client entry and the root route, and what they import): zod is 25 KB compressed, which the
 * home page carried for one helper imported from a module of schemas; jose (20 KB minified) is for
 * the consent page alone, which encrypts the wallet's answer (ADR 049).
 */
const NOT_ON_EVERY_PAGE = [/node_modules\/zod\//, /node_modules\/jose\//];

/** Fails when the client entry's or the root's outputs carry a library named in NOT_ON_EVERY_PAGE. */
function checkEveryPageBundle({ inputs, outputs }: Metafile): void {
  const everyPage = new Set<string>();
  const visit = (output: string) => {
    if (everyPage.has(output) || !outputs[output]) return;
    everyPage.add(output);
    for (const i of outputs[output].imports ?? []) if (i.kind === "import-statement") visit(i.path);
  };
  for (const [output, { entryPoint }] of Object.entries(outputs))
    if (entryPoint && /entry\.client|root\.tsx/.test(entryPoint)) visit(output);
  const shipped = new Set(
    [...everyPage].flatMap((o) =>
      Object.entries(outputs[o]!.inputs)
        .filter(([, i]) => i.bytesInOutput > 0)
        .map(([p]) => p),
    ),
  );
  const carriers = [...shipped].filter(
    (path) =>
      !path.includes("node_modules/") &&
      inputs[path]?.imports.some((i) => NOT_ON_EVERY_PAGE.some((pattern) => pattern.test(i.path))),
  );
  if (carriers.length)
    throw new Error(
      `A library kept off every page reached the root's JavaScript through: ${carriers.join(", ")}. Import what the root needs from a module that does not load it.`,
    );
}

/** Which objects in the browser bundle are our message descriptors, and whose English stays (ADR 039). */
async function descriptorPolicy(): Promise<DescriptorPolicy> {
  const messages = await extractMessages();
  const { root } = JSON.parse(readFileSync(ROUTE_MESSAGES, "utf8")) as { root: string[] };
  const declaredInCore = Object.entries(messages)
    .filter(([, message]) => message.file.startsWith("core/"))
    .map(([id]) => id);
  return { ids: new Set(Object.keys(messages)), keepEnglish: new Set([...root, ...declaredInCore]) };
}

/** `remix build`, then its browser files' descriptors stripped (for `npm start` too: the same bundle as the tests'). */
export async function buildRemix(): Promise<void> {
  const [policy] = await Promise.all([descriptorPolicy(), run("npx", ["remix", "build"])]);
  stripBrowserBundle("public/build", policy);
}

export async function bundle(): Promise<void> {
  await buildRemix();
  const metafile = JSON.parse(readFileSync("build/server/metafile.js.json", "utf8")) as Metafile;
  checkBrowserBundle(metafile);
  checkEveryPageBundle(metafile);
  // Each worker's dry-run deploy on its own (each writes only its own output), side by side.
  await Promise.all([
    // Run from the worker's own folder: with -c from the root the output path nests.
    ...WORKERS.map((dir) => run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", "dist"], { cwd: dir })),
    run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", ".tmp/web-dist"]),
  ]);
}

/** Type-checks every layer (tsc -b: core, db, server, workers, app, scripts, tests). */
export const typecheck = () => run("npx", ["tsc", "-b"]);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await bundle();
  await typecheck();
  console.log(
    "build: remix and every worker bundled, no server code in the browser bundle, no zod or jose on every page, every layer type-checked",
  );
}
