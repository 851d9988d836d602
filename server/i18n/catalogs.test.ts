import { createIntl } from "@formatjs/intl";
import {
  isArgumentElement,
  isDateElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  type MessageFormatElement,
  parse,
} from "icu-messageformat-parser-full";
import { isStructurallySame } from "icu-messageformat-parser-full/manipulator.js";
import { describe, expect, it } from "vitest";
import en from "#core/i18n/catalog/en.json";
import glossary from "#core/i18n/glossary.json";
import { DEFAULT_LOCALE, LOCALES, type Locale, localesFor } from "#core/i18n/locales.ts";
import review from "#core/i18n/review.json";
import { TRANSLATIONS } from "#core/i18n/translations/index.ts";
import { CATALOGS, serverIntl, translates } from "./catalogs.ts";
import { CITIZEN_ROUTES, citizenHomeMessageIds } from "./page-language.ts";
import { messageIdsFor, ROUTE_MESSAGES } from "./routes.ts";

/**
 * The catalogs' checks (issue 21, ADR 035): what a translator or a developer can get wrong, caught
 * before a person reads it.
 */
const english: Record<string, string> = en;
const TRANSLATED = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

/** Every plural and select in a message, nested ones included. */
function choices(ast: MessageFormatElement[]): MessageFormatElement[] {
  return ast.flatMap((element) => {
    if (isPluralElement(element) || isSelectElement(element))
      return [element, ...Object.values(element.options).flatMap((option) => choices(option.value))];
    if (isTagElement(element)) return choices(element.children);
    return [];
  });
}

describe("the English catalog", () => {
  it("has every message parsing as ICU MessageFormat, each plural and select with an `other`", () => {
    for (const [id, source] of Object.entries(english)) {
      const ast = parse(source);
      for (const choice of choices(ast)) {
        expect(Object.keys((choice as { options: object }).options), `${id}: ${source}`).toContain("other");
      }
    }
  });
});

describe.each(TRANSLATED)("the %s translations", (locale) => {
  const translations: Record<string, string> = TRANSLATIONS[locale] ?? {};

  it("translate only messages the code has (no stale or mistyped ids)", () => {
    expect(Object.keys(translations).filter((id) => !(id in english))).toEqual([]);
  });

  it("parse, give every plural and select an `other`, and keep English's placeholders and tags", () => {
    for (const [id, source] of Object.entries(translations)) {
      const ast = parse(source);
      for (const choice of choices(ast))
        expect(Object.keys((choice as { options: object }).options), `${locale} ${id}`).toContain("other");
      const same = isStructurallySame(parse(english[id]!), ast);
      expect(same.success, `${locale} ${id}: ${same.error?.message}`).toBe(true);
    }
  });

  it("record their review state", () => {
    expect(["drafted", "reviewed"]).toContain((review as Record<string, string>)[locale]);
  });

  it("have the glossary's terms", () => {
    for (const [term, entry] of Object.entries(glossary.terms))
      expect((entry as Record<string, string>)[locale], `${term} in ${locale}`).toBeTruthy();
  });
});

/**
 * Where each language must be complete: Welsh on every page; the other ten on the citizen's pages.
 * What is not translated yet is listed here, with the languages it is missing in; the list may only
 * shrink: an entry that is complete after all fails, so it is taken out when the work lands.
 */
const NOT_YET: Readonly<Record<string, readonly Locale[]>> = {};

/** A glossary entry (core/i18n/glossary.json): the word in each language, and the words a language must not use for it. */
interface GlossaryEntry {
  en: string;
  englishStems?: string[];
  rejected?: Partial<Record<Locale, string[]>>;
  [locale: string]: unknown;
}

const TERMS = Object.entries({ ...glossary.terms, ...glossary.moreTerms }) as [string, GlossaryEntry][];

/** Not a letter, nor a hyphen (Welsh joins words with one: "budd-daliadau" is not "budd"). */
const EDGE = "[^\\p{L}\\p{M}-]";
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Welsh writes its apostrophe both ways (sy'n, sy’n). */
const plainApostrophes = (text: string) => text.replaceAll("’", "'");

/**
 * A Welsh word in every form a mutation gives it (soft, nasal, aspirate, h before a vowel): after
 * "y", "ei", "fy", "ein" or a preposition a rejected "datgelu dethol" reads "ddatgelu dethol",
 * "buddion" reads "fuddion" or "muddion".
 */
function welshForms(word: string): string[] {
  const lower = word.toLowerCase();
  const MUTATIONS: [string, string[]][] = [
    ["ll", ["l"]],
    ["rh", ["r"]],
    ["ch", []],
    ["dd", []],
    ["ff", []],
    ["ng", []],
    ["ph", []],
    ["th", []],
    ["p", ["b", "mh", "ph"]],
    ["t", ["d", "nh", "th"]],
    ["c", ["g", "ngh", "ch"]],
    ["b", ["f", "m"]],
    ["d", ["dd", "n"]],
    ["g", ["", "ng"]],
    ["m", ["f"]],
  ];
  const mutation = MUTATIONS.find(([initial]) => lower.startsWith(initial));
  if (mutation) return [lower, ...mutation[1].map((initial) => initial + lower.slice(mutation[0].length))];
  return /^[aeiouwyâêîôûŵŷ]/.test(lower) ? [lower, `h${lower}`] : [lower];
}

/** The words rejected for a term in a language, each in every form it takes there, as one pattern. */
function rejectedPattern(locale: Locale, words: readonly string[]): RegExp {
  const forms = words.flatMap((word) => (locale === "cy" ? welshForms(word) : [word.toLowerCase()]));
  return new RegExp(
    `(?<=^|${EDGE})(${forms.map((form) => literally(plainApostrophes(form))).join("|")})(?=$|${EDGE})`,
    "iu",
  );
}

/**
 * One word for one thing (issue 21): translators' synonyms for a term the glossary has decided
 * (Welsh "datgelu dewisol" beside "datgelu detholus", "Buddion" beside "Manteision") never come back.
 */
describe("the glossary's words", () => {
  const rejections = TERMS.flatMap(([term, entry]) =>
    Object.entries(entry.rejected ?? {}).map(([locale, words]) => [term, locale as Locale, words, entry] as const),
  );

  it.each(rejections)("%s in %s: no translation uses a rejected word for it", (term, locale, words, entry) => {
    const stems = entry.englishStems ?? [];
    expect(stems, `${term} names the English words that mark a message as using it`).not.toEqual([]);
    const usesTerm = new RegExp(`(?<=^|${EDGE})(${stems.map(literally).join("|")})`, "iu");
    const rejected = rejectedPattern(locale, words);
    const found = Object.entries(TRANSLATIONS[locale] ?? {})
      .filter(([id]) => usesTerm.test(english[id] ?? ""))
      .flatMap(([id, text]) => {
        const match = plainApostrophes(text).match(rejected);
        return match ? [`${id}: "${match[1]}" in "${text}"`] : [];
      });
    expect(found).toEqual([]);
  });

  it.each(rejections)("%s in %s: the chosen word is not among the rejected ones", (term, locale, words, entry) => {
    expect(typeof entry[locale], `${term} has its word in ${locale}`).toBe("string");
    expect(String(entry[locale]), term).not.toMatch(rejectedPattern(locale, words));
  });
});

describe("where each language is complete", () => {
  const pages = Object.keys(ROUTE_MESSAGES).filter((id) => id !== "root");
  const offeredIn = (id: string): readonly Locale[] => localesFor(CITIZEN_ROUTES.has(id) ? "citizen" : "all");

  it.each(pages)("%s is translated into every language it is offered in", (id) => {
    const ids = messageIdsFor([id]);
    const missing = offeredIn(id).filter((locale) => !translates(locale, ids));
    expect(missing).toEqual([...(NOT_YET[id] ?? [])]);
  });

  // `/` signed in as a citizen is a citizen screen (server/i18n/page-language.ts CITIZEN_HOME);
  // its rows are the server's words a citizen reads (`server.citizen.*`, ADR 040).
  it("a citizen's home dashboard, and the server's words a citizen reads, are translated into every language", () => {
    const dashboard = citizenHomeMessageIds();
    expect(dashboard).toEqual(expect.arrayContaining(["dashboard.page.welcomeBack", "dashboard.citizen.myWallet"]));
    const server = Object.keys(english).filter((id) => id.startsWith("server.citizen."));
    const ids = [...dashboard, ...server];
    const missing = localesFor("citizen").flatMap((locale) =>
      ids.filter((id) => !translates(locale, [id])).map((id) => `${locale} ${id}`),
    );
    expect(missing).toEqual([]);
  });
});

describe("Welsh plurals", () => {
  // Welsh has six plural forms: 0 zero, 1 one, 2 two, 3 few, 6 many, 7 other (CLDR).
  const COUNTS = [0, 1, 2, 3, 6, 7] as const;
  const FORMS = ["zero", "one", "two", "few", "many", "other"] as const;
  const welsh = Object.entries(TRANSLATIONS.cy ?? {}).filter(([, source]) =>
    choices(parse(source)).some(isPluralElement),
  );

  it("are chosen by count as CLDR says in the runtime we render with", () => {
    expect(COUNTS.map((count) => new Intl.PluralRules("cy").select(count))).toEqual([...FORMS]);
  });

  it.each(welsh)("%s has all six forms, each chosen by its count", (id, source) => {
    const plural = choices(parse(source)).find(isPluralElement)!;
    for (const form of FORMS) expect(Object.keys(plural.options), `${id} lacks ${form}`).toContain(form);
    const intl = serverIntl("cy");
    const values = (count: number) => ({ ...placeholders(parse(source)), [plural.value]: count });
    const outputs = COUNTS.map((count) =>
      String(intl.formatMessage({ id: id as keyof typeof en }, values(count) as never)),
    );
    // Each count picks its own form: the output equals the message with only that form left.
    COUNTS.forEach((count, i) => {
      const only = parse(source).map((element) =>
        isPluralElement(element) && element.value === plural.value
          ? { ...element, options: { other: element.options[FORMS[i]!]! } }
          : element,
      );
      const expected = serverIntlWith(only, values(count));
      expect(outputs[i], `${id} for ${count}`).toBe(expected);
    });
  });
});

/** A value for every placeholder and tag of a message (numbers for counts, words for the rest). */
function placeholders(ast: MessageFormatElement[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (isTagElement(element)) {
        values[element.value] = (chunks: unknown[]) => chunks.join("");
        visit(element.children);
      } else if (isPluralElement(element) || isSelectElement(element)) {
        values[element.value] = isPluralElement(element) ? 1 : "other";
        for (const option of Object.values(element.options)) visit(option.value);
      } else if (isNumberElement(element)) values[element.value] = 1;
      else if (isDateElement(element) || isTimeElement(element)) values[element.value] = new Date(0);
      else if (isArgumentElement(element)) values[element.value] = "x";
    }
  };
  visit(ast);
  return values;
}

/** A parsed message formatted alone, in Welsh (to compare one plural form with the whole message). */
function serverIntlWith(ast: MessageFormatElement[], values: Record<string, unknown>): string {
  return String(
    createIntl({ locale: "cy", messages: { only: ast } as never }).formatMessage(
      { id: "only" as never },
      values as never,
    ),
  );
}

it("the server's catalogs hold English and every translation", () => {
  expect(Object.keys(CATALOGS).sort()).toEqual([...LOCALES].sort());
});
