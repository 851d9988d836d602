import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import en from "#core/i18n/catalog/en.json";
import * as businessModel from "#core/pitch/business-model.ts";
import * as investment from "#core/pitch/investment.ts";
import * as programme from "#core/pitch/programme.ts";

/**
 * core/pitch holds every programme figure once; the pitch pages render it and never write one
 * themselves (core/pitch/programme.ts). This reads every pitch page's text (string literals,
 * template text and JSX text, not comments) and fails on a figure written out as core/pitch
 * displays it, so a page that stops using the module, or a new one that never did, is caught.
 * Words that moved into the message catalogs (issue 21) are read from the English catalog: every
 * message of the pitch and legal areas, each as its id.
 */

/** Every way core/pitch writes a figure: each display, and the pages' other spellings of one. */
function figureSpellings(): Set<string> {
  const spellings = new Set<string>();
  const walk = (value: unknown) => {
    if (value === null || typeof value !== "object") return;
    const fields = value as Record<string, unknown>;
    for (const key of ["display", "stat", "inPounds", "inTitle", "adjective"]) {
      if (typeof fields[key] === "string") spellings.add(fields[key]);
    }
    for (const field of Object.values(fields)) walk(field);
  };
  const { CONTACTS: _contacts, ...figures } = programme;
  for (const module of [figures, businessModel, investment]) walk(Object.values(module));
  return spellings;
}

/**
 * The spellings worth searching for: a bare count ("3", "7") or a word ("instant") is ordinary
 * prose on these pages, so only figures with a unit, a currency, a sign or more than three digits.
 */
const distinctive = (spelling: string) => /\d/.test(spelling) && !/^\d{1,3}$/.test(spelling);

/**
 * Other facts that read like a programme figure: each is a page's own statement, not a copy of
 * the figure it resembles (file, the text it appears in, why).
 */
const OTHER_FACTS: [file: string, text: string, why: string][] = [
  [
    "pilots/programme-stats.tsx",
    "ROI in 12 months",
    "the pilots' return is measured over 12 months, not the MVP's delivery",
  ],
  ["pilots-page.tsx", "Under 5 minutes", "the pilots' privacy response time, not a verification's"],
  ["pilots-page.tsx", "A privacy concern gets a response in under 5 minutes", "as its figure above"],
  ["pilots-page.tsx", "15 minutes", "the pilots' engineer mobilisation, not an offline QR code's life"],
  ["pilots-page.tsx", "An engineer can be mobilised within 15 minutes", "as its figure above"],
  ["pilots/pilot-cards.tsx", "6 months", "the NHS pilot's duration, not when pilots are visible"],
  ["government/content.ts", "Months 1-6", "the national roll-out's pilot phase, not the funding round's"],
  ["catalog:pitch.government.phases.pilot.months", "Months 1-6", "as in government/content.ts"],
  ["investor-funding-page.tsx", "12-month cashflow", "the cashflow table covers year 1"],
  ["catalog:pitch.investorFunding.cashflow.title", "12-month cashflow", "the cashflow table covers year 1"],
  ["roadmap-page.tsx", "95%+", "the roadmap's satisfaction target, not government's 95% faster processing"],
  ["catalog:pitch.roadmap.mvp.metric.satisfaction", "95%+", "as on /roadmap"],
  ["routes/($lang).pilots.tsx", "ROI in 12 months", "as on /pilots"],
  // The narration says what the pages say, in the same words.
  ["podcast-transcripts.server.ts", "with a target of 95%+", "the roadmap's satisfaction target"],
  ["podcast-transcripts.server.ts", "return on investment within 12 months", "the pilots' return, as on /pilots"],
  ["podcast-transcripts.server.ts", "NHS trusts over 6 months", "the NHS pilot's duration"],
  ["podcast-transcripts.server.ts", "in under 5 minutes", "the pilots' privacy response"],
  ["podcast-transcripts.server.ts", "mobilised within 15 minutes", "the pilots' engineer mobilisation"],
];

const PITCH_ROUTES = [
  "_index",
  "about",
  "challenge",
  "solution",
  "roadmap",
  "costs-benefits",
  "governance",
  "ministers",
  "podcasts",
  "pilots",
  "business-model",
  "investor-funding",
  "marketing",
  "government",
  "privacy-policy",
  "terms-of-service",
  "coming-soon.$feature",
];

const PITCH_DIR = "app/components/pitch";

function pitchSources(): { file: string; path: string }[] {
  const components = readdirSync(PITCH_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => ({ file: file.replaceAll("\\", "/"), path: join(PITCH_DIR, file) }));
  const routes = PITCH_ROUTES.map((name) => ({
    file: `routes/($lang).${name}.tsx`,
    path: `app/routes/($lang).${name}.tsx`,
  }));
  return [...components, ...routes];
}

/** The text a file shows or speaks: its string literals, template text and JSX text. */
function textsOf(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      // Import specifiers and JSX attribute names are not text a person reads.
      if (!ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) texts.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** Where `spelling` stands on its own in `text` (not inside a longer figure such as "£125k-£200k"). */
function writes(text: string, spelling: string): boolean {
  const escaped = spelling.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w.,£-])${escaped}(?![\\w]|[.,]\\d)`).test(text);
}

/** The pitch site's and the legal pages' messages, by id (their English, as the catalog holds it). */
const CATALOG_AREAS = ["pitch.", "legal."];
function catalogTexts(): { file: string; text: string }[] {
  return Object.entries(en as Record<string, string>)
    .filter(([id]) => CATALOG_AREAS.some((area) => id.startsWith(area)))
    .map(([id, text]) => ({ file: `catalog:${id}`, text }));
}

describe("the pitch pages take every programme figure from core/pitch", () => {
  const spellings = [...figureSpellings()].filter(distinctive);
  const sources = pitchSources();
  const messages = catalogTexts();

  it("reads the figures and the pages it checks", () => {
    expect(spellings).toEqual(expect.arrayContaining(["£1.25M", "£2.3B", "72 hours", "£0.50-£1.20", "-£771,498"]));
    expect(sources.map((source) => source.file)).toEqual(
      expect.arrayContaining([
        "governance-page.tsx",
        "podcast-transcripts.server.ts",
        "routes/($lang).coming-soon.$feature.tsx",
      ]),
    );
  });

  it("reads the pitch and legal messages of the English catalog", () => {
    expect(messages.map((message) => message.file)).toEqual(
      expect.arrayContaining([
        "catalog:pitch.about.values.privacy.text",
        "catalog:legal.privacyPolicy.revocation.text",
      ]),
    );
  });

  it("finds no figure written out on a page", () => {
    const texts = [...sources.flatMap(({ file, path }) => textsOf(path).map((text) => ({ file, text }))), ...messages];
    const written: string[] = [];
    for (const { file, text } of texts) {
      for (const spelling of spellings) {
        if (!writes(text, spelling)) continue;
        const allowed = OTHER_FACTS.some(([f, t]) => f === file && text.includes(t) && t.includes(spelling));
        if (!allowed) written.push(`${file}: ${spelling} in "${text.trim().slice(0, 100)}"`);
      }
    }
    expect(written).toEqual([]);
  });

  it("would catch a page writing a figure itself", () => {
    expect(writes("Within 24 hours", programme.INCIDENTS.detectionHours.display)).toBe(true);
    expect(writes("costs of £125k-£200k.", programme.COSTS.yearOneBuild.display)).toBe(true);
    // Inside a longer figure, a shorter one is not a copy of itself.
    expect(writes("costs of £125k-£200k.", programme.MVP.buildCost.display)).toBe(false);
  });
});
