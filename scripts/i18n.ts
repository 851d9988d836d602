// `npm run i18n`: the English catalog and each page's message list, extracted from the code
// (issue 21, ADR 035). Messages are written where they are used (`defineMessages` with explicit
// ids and English `defaultMessage`s); this writes
//  - core/i18n/catalog/en.json: every message id and its English, sorted (never edited by hand);
//  - core/i18n/route-messages.json: for the root and each route module, the ids its screens use
//    (from the modules it imports, as the browser bundle would: server code excluded), so a
//    page's data carries only its own messages;
//  - core/i18n/translations/index.ts: the translations (written by hand, one file per language and
//    area, core/i18n/translations/<locale>/<area>.json, an area being an id's first segment) as
//    one catalog per language.
// `npm run i18n -- --check` writes nothing and fails when either file is out of date (a test runs it).
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build, type Plugin } from "esbuild";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "#core/i18n/locales.ts";

/** Text as Biome formats it (the generated files are checked like any other). */
async function formatted(path: string, text: string): Promise<string> {
  const child = execFile("npx", ["biome", "format", `--stdin-file-path=${path}`], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  child.stdin!.end(text);
  let out = "";
  child.stdout!.on("data", (chunk: string) => {
    out += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`biome could not format ${path}`);
  return out;
}

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const EN_CATALOG = "core/i18n/catalog/en.json";
export const ROUTE_MESSAGES = "core/i18n/route-messages.json";
export const TRANSLATIONS_INDEX = "core/i18n/translations/index.ts";
const TRANSLATIONS = "core/i18n/translations";

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

/** The translation files, by language: core/i18n/translations/<locale>/<area>.json. */
export function translationFiles(): Map<Locale, string[]> {
  return new Map(
    LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => {
      const dir = `${ROOT}${TRANSLATIONS}/${locale}`;
      return [
        locale,
        existsSync(dir)
          ? readdirSync(dir)
              .filter((name) => name.endsWith(".json"))
              .sort()
          : [],
      ];
    }),
  );
}

/** The module that gathers each language's files into one catalog (imports, so the bundlers see them). */
function translationsIndex(): string {
  const imports: string[] = [];
  const locales: string[] = [];
  for (const [locale, files] of translationFiles()) {
    const names = files.map((file) => {
      const name = `${locale}_${file.replace(/\.json$/, "").replace(/[^a-zA-Z0-9]/g, "_")}`;
      imports.push(`import ${name} from "./${locale}/${file}";`);
      return `...${name}`;
    });
    locales.push(`  ${locale}: {${names.length ? ` ${names.join(", ")} ` : ""}},`);
  }
  return [
    "// Written by `npm run i18n` from the files beside it: never edit by hand.",
    // In the order Biome keeps imports: by path.
    ...imports.sort((a, b) => a.split('"')[1]!.localeCompare(b.split('"')[1]!)),
    "",
    "export const TRANSLATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {",
    ...locales,
    "};",
    "",
  ].join("\n");
}

export async function generate(): Promise<{ en: string; routes: string; index: string }> {
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
  return {
    en: await formatted(EN_CATALOG, JSON.stringify(en, null, 2)),
    routes: await formatted(ROUTE_MESSAGES, JSON.stringify(routes, null, 2)),
    index: await formatted(TRANSLATIONS_INDEX, translationsIndex()),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { en, routes, index } = await generate();
  const files = [
    [EN_CATALOG, en],
    [ROUTE_MESSAGES, routes],
    [TRANSLATIONS_INDEX, index],
  ] as const;
  if (process.argv.includes("--check")) {
    const current = (path: string) => (existsSync(`${ROOT}${path}`) ? readFileSync(`${ROOT}${path}`, "utf8") : "");
    const stale = files.filter(([path, text]) => current(path) !== text).map(([path]) => path);
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
