// `npm run i18n`: the English catalog and each page's message list, extracted from the code
// (issue 21, ADR 035). Messages are written where they are used (`defineMessages` with explicit
// ids and English `defaultMessage`s); this writes
//  - core/i18n/catalog/en.json: every message id and its English, sorted (never edited by hand);
//  - core/i18n/route-messages.json: for the root and each route module, the ids its screens use
//    (from the modules it imports, as the browser bundle would: server code excluded), so a
//    page's data carries only its own messages.
// `npm run i18n -- --check` writes nothing and fails when either file is out of date (a test runs it).
import { execFile } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build, type Plugin } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const EN_CATALOG = "core/i18n/catalog/en.json";
export const ROUTE_MESSAGES = "core/i18n/route-messages.json";

/** Where messages may be written: the UI, the shared core, and the server's words. */
const SOURCES = ["app/**/*.{ts,tsx}", "core/**/*.ts", "server/**/*.ts"];
const IGNORE = ["**/*.test.ts", "**/*.test.tsx", "**/*.d.ts"];

interface Extracted {
  defaultMessage: string;
  description?: string;
  file: string;
}

/** Every message in the code, by id, with the file that declares it (the FormatJS extractor). */
export async function extractMessages(): Promise<Record<string, Extracted>> {
  const { stdout } = await promisify(execFile)(
    "npx",
    ["formatjs", "extract", ...SOURCES, ...IGNORE.flatMap((glob) => ["--ignore", glob]), "--extract-source-location"],
    { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout || "{}") as Record<string, Extracted>;
}

/** The route modules Remix serves pages from (app/routes, plus the root). */
function routeModules(): string[] {
  return readdirSync(`${ROOT}app/routes`)
    .filter((name) => /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name))
    .map((name) => `app/routes/${name}`);
}

/** The server, database and build outputs never reach a page: their messages are the server's own. */
const serverSide: Plugin = {
  name: "server-side",
  setup(builder) {
    builder.onResolve({ filter: /^#(server|db|build)\// }, (args) => ({ path: args.path, external: true }));
  },
};

/** Each route module's source files, as its page's browser bundle would include them. */
async function routeInputs(entries: string[]): Promise<Map<string, Set<string>>> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    outdir: ".tmp/i18n",
    format: "esm",
    splitting: true,
    platform: "browser",
    packages: "external",
    jsx: "automatic",
    loader: { ".css": "empty", ".svg": "empty", ".png": "empty", ".mp3": "empty", ".woff2": "empty" },
    plugins: [serverSide],
    logLevel: "silent",
  });
  const graph = result.metafile.inputs;
  const reach = (entry: string): Set<string> => {
    const seen = new Set<string>();
    const visit = (path: string) => {
      if (seen.has(path) || !graph[path]) return;
      seen.add(path);
      for (const imported of graph[path].imports) if (!imported.external) visit(imported.path);
    };
    visit(entry);
    return seen;
  };
  return new Map(entries.map((entry) => [entry, reach(entry)]));
}

/** Remix's id for a route module file ("app/routes/wallet.tsx" → "routes/wallet"). */
const routeId = (file: string) => (file === "app/root.tsx" ? "root" : file.replace(/^app\//, "").replace(/\.tsx$/, ""));

export async function generate(): Promise<{ en: string; routes: string }> {
  const messages = await extractMessages();
  const ids = Object.keys(messages).sort();
  const en = Object.fromEntries(ids.map((id) => [id, messages[id]!.defaultMessage]));

  const byFile = new Map<string, string[]>();
  for (const id of ids) {
    const file = relative(ROOT, `${ROOT}${messages[id]!.file}`);
    byFile.set(file, [...(byFile.get(file) ?? []), id]);
  }
  const entries = ["app/root.tsx", ...routeModules()];
  const inputs = await routeInputs(entries);
  const rootIds = new Set([...inputs.get("app/root.tsx")!].flatMap((file) => byFile.get(file) ?? []));
  const routes: Record<string, string[]> = {};
  for (const entry of entries) {
    const used = [...inputs.get(entry)!].flatMap((file) => byFile.get(file) ?? []);
    // The root's messages come with every page: a route lists only what it adds.
    const own = entry === "app/root.tsx" ? used : used.filter((id) => !rootIds.has(id));
    routes[routeId(entry)] = [...new Set(own)].sort();
  }
  return { en: `${JSON.stringify(en, null, 2)}\n`, routes: `${JSON.stringify(routes, null, 2)}\n` };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { en, routes } = await generate();
  const files = [
    [EN_CATALOG, en],
    [ROUTE_MESSAGES, routes],
  ] as const;
  if (process.argv.includes("--check")) {
    const stale = files.filter(([path, text]) => readFileSync(`${ROOT}${path}`, "utf8") !== text).map(([path]) => path);
    if (stale.length) {
      console.error(`i18n: out of date, run npm run i18n: ${stale.join(", ")}`);
      process.exit(1);
    }
    console.log("i18n: the catalog and the route message lists match the code");
  } else {
    for (const [path, text] of files) writeFileSync(`${ROOT}${path}`, text);
    console.log(`i18n: ${Object.keys(JSON.parse(en)).length} messages; ${EN_CATALOG}, ${ROUTE_MESSAGES}`);
  }
}
