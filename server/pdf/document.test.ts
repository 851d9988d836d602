import fontkit from "@pdf-lib/fontkit";
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFPage } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { LOCALE_INFO, LOCALES, type Locale } from "#core/i18n/locales.ts";
import { drawnLines, embeddedFonts } from "#tests/support/pdf-text.ts";
import { MARGIN, newDocument, PdfWriter } from "./document.ts";
import { SAMPLES } from "./samples.test-data.ts";

const ID = "7d0c7c86-6f6b-4d55-9a53-8f4f0b8c2f11";
const DATE = "2026-11-28";
const PAGE_WIDTH = 595.28;

/** A one-page PDF in `locale`: the sample sentence as a heading, a paragraph and a label, the name, a date and an id. */
async function samplePdf(locale: Locale): Promise<PDFDocument> {
  const { sentence, name } = SAMPLES[locale];
  const { doc, typesetter } = await newDocument({ title: sentence, subject: sentence, locale });
  const writer = new PdfWriter(doc, typesetter, sentence);
  writer.heading(sentence);
  writer.paragraph(`${sentence}. ${name}`);
  writer.field(sentence, name);
  writer.field(name, DATE);
  writer.field(sentence, ID, { mono: true });
  writer.finish(sentence, { numberEveryPage: true });
  return PDFDocument.load(await writer.save());
}

/** The font programs a page's fonts embed (a TrueType or OpenType file in a font descriptor). */
function embeddedFontFiles(page: PDFPage): string[] {
  const fonts = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
  const files: string[] = [];
  for (const [, ref] of fonts?.entries() ?? []) {
    const font = page.doc.context.lookup(ref, PDFDict);
    const descendants = font.lookupMaybe(PDFName.of("DescendantFonts"), PDFArray);
    const cid = descendants ? page.doc.context.lookup(descendants.get(0), PDFDict) : font;
    const descriptor = cid.lookupMaybe(PDFName.of("FontDescriptor"), PDFDict);
    for (const key of ["FontFile2", "FontFile3"]) if (descriptor?.get(PDFName.of(key))) files.push(key);
  }
  return files;
}

describe("PDFs in every language of the product (ADR 037)", () => {
  it.each(LOCALES)("%s: draws the sample in an embedded font, every glyph found, with /Lang set", async (locale) => {
    const doc = await samplePdf(locale);
    const page = doc.getPage(0);
    expect(String(doc.catalog.lookup(PDFName.of("Lang"))?.toString())).toBe(`(${LOCALE_INFO[locale].tag})`);
    expect(embeddedFontFiles(page).length).toBeGreaterThan(0);
    const lines = drawnLines(page);
    const codes = lines.flatMap((line) => line.codes);
    expect(codes.length).toBeGreaterThan(0);
    // Glyph 0 is .notdef, the empty box a font draws for a character it does not have.
    expect(codes).not.toContain("0000");
    // The name, the date and the id read back as they were written (left to right, in any language).
    const text = lines.map((line) => line.text);
    expect(text).toContain(DATE);
    expect(text).toContain(ID);
    if (/^\p{Script=Latin}/u.test(SAMPLES[locale].sentence)) {
      expect(text).toContain(SAMPLES[locale].sentence);
      expect(text).toContain(SAMPLES[locale].name);
    }
  });

  it.each(LOCALES)("%s: every letter drawn has its outline in the embedded font", async (locale) => {
    const fonts = embeddedFonts((await samplePdf(locale)).getPage(0));
    expect(fonts.length).toBeGreaterThan(0);
    for (const { name, program, toUnicode } of fonts) {
      const font = fontkit.create(program);
      for (const [code, text] of toUnicode) {
        // A glyph the font program cannot read, or reads as no outline, prints as nothing. (A mark
        // may be an empty placeholder by the font's design: Gujarati's anusvara after the i sign.)
        const outline = font.getGlyph(parseInt(code, 16)).path.toSVG();
        if (/^\p{L}/u.test(text)) expect(outline, `${name} ${code} "${text}"`).not.toBe("");
      }
    }
  });

  it.each(["ar", "ur"] as const)(
    "%s: lays the page out from the right, labels right of their values",
    async (locale) => {
      const lines = drawnLines((await samplePdf(locale)).getPage(0));
      const date = lines.find((line) => line.text === DATE)!;
      // On the date's row (a first glyph may be a mark its shaper raised or lowered a little).
      const label = lines.filter((line) => Math.abs(line.y - date.y) < 6 && line !== date);
      // The date's label (the name) is on its row, in the label column on the right, the date left of it.
      expect(label).toHaveLength(1);
      expect(label[0]!.x).toBeGreaterThan(PAGE_WIDTH - MARGIN - 130);
      expect(date.x).toBeLessThan(label[0]!.x);
      // The date's right edge is where the value column starts from the right: it is right aligned.
      expect(date.x).toBeGreaterThan(PAGE_WIDTH / 2);
    },
  );

  it("lays a left-to-right page out from the left, labels left of their values", async () => {
    const lines = drawnLines((await samplePdf("cy")).getPage(0));
    const date = lines.find((line) => line.text === DATE)!;
    const label = lines.find((line) => Math.abs(line.y - date.y) < 0.01 && line !== date)!;
    expect(label.text).toBe(SAMPLES.cy.name);
    expect(label.x).toBeCloseTo(MARGIN, 1);
    expect(date.x).toBeGreaterThan(label.x);
  });
});

describe("fontkit's Indic shaper", () => {
  it("gets its regenerator runtime for the call only: no global is left behind", async () => {
    await samplePdf("bn");
    expect("regeneratorRuntime" in globalThis).toBe(false);
  });
});

describe("Gurmukhi marks", () => {
  it("keeps the font's placement of the marks in words fontkit can position, beside one it cannot (ਪ੍ਰ)", async () => {
    const { typesetter } = await newDocument({ title: "t", subject: "s", locale: "pa" });
    // ਕੰਮ ("work"): the font moves its tippi (ੰ) left onto ਕ; ਪ੍ਰਮਾਣ makes fontkit's mark positioning throw.
    const [alone] = typesetter.runs("ਕੰਮ", "regular");
    const [beside] = typesetter.runs("ਕੰਮ ਪ੍ਰਮਾਣ", "regular");
    const tippi = alone!.positions.findIndex((position) => position.xOffset !== 0);
    expect(tippi).toBeGreaterThan(0);
    expect(beside!.positions[tippi]).toEqual(alone!.positions[tippi]);
  });
});
