import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Urdu and Arabic pages run right to left (docs/decisions/036-right-to-left.md): a page's layout
 * mirrors only if its spacing, insets, alignment, borders and corners are logical (start/end), so
 * a left or right utility anywhere in the app is a page that breaks in those languages. This scans
 * every source file of the app and its stylesheet and names each physical-direction utility it
 * finds, by file and line.
 */

const appFolder = join(import.meta.dirname, "..", "..");

/** A Tailwind value: a spacing step, a fraction, a keyword, or an arbitrary `[…]`/`(…)` value. */
const value = String.raw`(?:\d+(?:\.\d+)?|\d+\/\d+|px|full|auto|\[[^\]\s]+\]|\([^)\s]+\))`;

/** A utility name (after its variants and `!`/`-` are taken off) that says left or right. */
const physical: RegExp[] = [
  new RegExp(`^(?:scroll-)?[mp][lr]-${value}$`),
  new RegExp(`^(?:left|right)-${value}$`),
  /^text-(?:left|right)$/,
  /^border-[lr](?:-\S+)?$/,
  /^rounded-(?:[lr]|tl|tr|bl|br)(?:-\S+)?$/,
  /^(?:float|clear)-(?:left|right)$/,
  /^origin-(?:left|right|top-left|top-right|bottom-left|bottom-right)$/,
  /^bg-(?:linear|gradient)-to-(?:[lr]|tl|tr|bl|br)$/,
];

/** `translate-x` moves an element physically: it is logical only beside an `rtl:` translate of its own. */
const translateX = new RegExp(`^translate-x-${value}$`);

/** Declarations in a stylesheet that say left or right. */
const physicalCss =
  /(?:^|[\s;{])(?:margin|padding|border|scroll-margin|scroll-padding)-(?:left|right)\b|(?:^|[\s;{])(?:left|right)\s*:|\btext-align\s*:\s*(?:left|right)\b|\bfloat\s*:\s*(?:left|right)\b|\bborder-(?:top|bottom)-(?:left|right)-radius\b/;

/** Inline styles (`style={{ … }}`) that say left or right. */
const physicalStyle =
  /\b(?:left|right|(?:margin|padding|border|scrollMargin|scrollPadding)(?:Left|Right)\w*)\s*:|\btextAlign\s*:\s*["'](?:left|right)["']/;

/**
 * Uses that stay physical on purpose, each with its reason: `file` relative to app/, `utility` as
 * written (variants included), or an inline style's property as written (`left:`).
 */
const allowed: { file: string; utility: string; reason: string }[] = [
  {
    file: "components/analytics/charts.tsx",
    utility: "-translate-x-1/2",
    reason: 'centres a time-axis label on its point inside the plot\'s dir="ltr" island (ADR 036)',
  },
  {
    file: "components/analytics/charts.tsx",
    utility: "left:",
    reason: 'places a time-axis label inside the plot\'s dir="ltr" island: time runs left to right (ADR 036)',
  },
];

/** A class string's utility without its variants (`sm:`, `rtl:`, `[&>svg]:`), `!` or negative sign. */
function utilityName(token: string): string {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < token.length; i++) {
    const c = token[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (c === ":" && depth === 0) start = i + 1;
  }
  return token.slice(start).replace(/^!|!$/g, "").replace(/^-/, "");
}

function isRtlVariant(token: string): boolean {
  return /(^|:)rtl:/.test(token);
}

/** Every physical-direction utility in one file's text, as `line: utility`. */
function physicalUtilities(text: string, stylesheet: boolean): { line: number; utility: string }[] {
  const found: { line: number; utility: string }[] = [];
  text.split("\n").forEach((source, index) => {
    const line = index + 1;
    const declaration = stylesheet
      ? source.replace(/\/\*.*?\*\//g, "").match(physicalCss)
      : source.match(physicalStyle);
    if (declaration) found.push({ line, utility: declaration[0].replace(/^[\s;{]+/, "") });
    const tokens = source.split(/[\s"'`{}(),;]+|\$\{/).filter(Boolean);
    const applyTokens = stylesheet ? tokens.slice(tokens.indexOf("@apply") + 1) : tokens;
    if (stylesheet && !tokens.includes("@apply")) return;
    for (const token of applyTokens) {
      const name = utilityName(token);
      if (physical.some((pattern) => pattern.test(name))) {
        found.push({ line, utility: token });
      } else if (
        translateX.test(name) &&
        !isRtlVariant(token) &&
        !tokens.some((other) => isRtlVariant(other) && translateX.test(utilityName(other)))
      ) {
        found.push({ line, utility: token });
      }
    }
  });
  return found;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(?:tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

function offences(files: string[]): string[] {
  return files.flatMap((file) => {
    const name = relative(appFolder, file);
    return physicalUtilities(readFileSync(file, "utf8"), file.endsWith(".css"))
      .filter(({ utility }) => !allowed.some((entry) => entry.file === name && entry.utility === utility))
      .map(({ line, utility }) => `app/${name}:${line}: ${utility}`);
  });
}

describe("logical direction in the app's styles", () => {
  it("uses no left or right utility, so Urdu and Arabic pages mirror", () => {
    const files = sourceFiles(appFolder);
    expect(files.length).toBeGreaterThan(100);
    expect(offences(files)).toEqual([]);
  });

  it("finds the physical utilities it is meant to keep out, and lets logical ones through", () => {
    const found = (text: string) => physicalUtilities(text, false).map(({ utility }) => utility);
    expect(
      found(`<div className="ml-2 sm:pr-4 left-0 -right-[3rem] text-left border-l-4 rounded-tr-md md:float-right">`),
    ).toEqual([
      "ml-2",
      "sm:pr-4",
      "left-0",
      "-right-[3rem]",
      "text-left",
      "border-l-4",
      "rounded-tr-md",
      "md:float-right",
    ]);
    expect(found(`cn("origin-left", active && "bg-linear-to-r", "-translate-x-1/2")`)).toEqual([
      "origin-left",
      "bg-linear-to-r",
      "-translate-x-1/2",
    ]);
    expect(
      found(
        `<div className="ms-2 sm:pe-4 inset-s-0 text-start border-s-4 rounded-se-md divide-x -translate-x-1/2 rtl:translate-x-1/2">`,
      ),
    ).toEqual([]);
    // Words that only look like utilities: credential types, prose.
    expect(found(`const type = "right-to-work"; // the left-hand column`)).toEqual([]);
    expect(found(`<span style={{ marginLeft: 4 }} />`)).toEqual(["marginLeft:"]);
    expect(found(`<span style={{ marginInlineStart: 4, top: "50%" }} />`)).toEqual([]);
    expect(physicalUtilities(".a { margin-left: 1rem; }\n.b { margin-inline-start: 1rem; }\n", true)).toEqual([
      { line: 1, utility: "margin-left" },
    ]);
  });
});
