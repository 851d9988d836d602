import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type BuildOptions, build } from "esbuild";

/**
 * Bundles TypeScript the benches and measurements run (the credentials core uses parameter
 * properties, which Node's type stripping cannot run) into .tmp/{folder}/{name}.mjs and imports it.
 * `entry` is a file, or module text (e.g. re-exports of several modules).
 */
export async function bundleAndImport<T>(
  folder: string,
  name: string,
  entry: { file: string } | { contents: string },
  platform: BuildOptions["platform"] = "neutral",
): Promise<T> {
  const outdir = join(".tmp", folder);
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, `${name}.mjs`);
  await build({
    ...("file" in entry
      ? { entryPoints: [entry.file] }
      : { stdin: { contents: entry.contents, resolveDir: process.cwd(), loader: "ts" } }),
    bundle: true,
    packages: "external",
    format: "esm",
    platform,
    target: "esnext",
    outfile,
    logLevel: "warning",
  });
  return (await import(pathToFileURL(join(process.cwd(), outfile)).href)) as T;
}
