/**
 * Text in any of the product's languages on a PDF page (ADR 037): each piece of text is cut into
 * runs drawn by one font face each (Noto Sans for Latin, Noto Naskh Arabic for Arabic and Urdu,
 * Noto Sans Bengali, Gujarati and Gurmukhi; Courier for identifiers), shaped by fontkit (joining,
 * conjuncts, vowel signs, mark positions), ordered for the eye (right-to-left runs reversed, Latin
 * names, numbers, dates and identifiers kept left to right) and written as positioned glyphs, so
 * the marks fontkit positions (Arabic dots and vowels, Indic vowel signs) land where it put them:
 * pdf-lib's own drawText keeps only the advances.
 *
 * The font files are parsed once per isolate and shared by every document; each document embeds
 * a subset of each face it draws with.
 */
import createRegeneratorRuntime from "@babel/runtime/helpers/regeneratorRuntime";
import fontkit, { type Glyph, type GlyphPosition, type Font as ShapingFont } from "@pdf-lib/fontkit";
import {
  beginText,
  type Color,
  CustomFontSubsetEmbedder,
  endText,
  type PDFDocument,
  PDFFont,
  PDFHexString,
  type PDFName,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  StandardFontEmbedder,
  StandardFonts,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
} from "pdf-lib";

/** Courier by its name (pdf-lib's StandardFonts and its embedder's FontNames are the same strings, typed apart). */
const COURIER = StandardFonts.Courier as unknown as Parameters<typeof StandardFontEmbedder.for>[0];

/** What pdf-lib embeds a font with: a subset of a Noto face, or a standard font. */
type FontEmbedder = CustomFontSubsetEmbedder | StandardFontEmbedder;

import { FONT_FILES } from "#server/pdf/font-files.ts";
import { woffToSfnt } from "#server/pdf/woff.ts";

export type FontStyle = "regular" | "bold" | "mono";

type FontFile = keyof typeof FONT_FILES;

/** A font face a run is drawn with: a Noto file shaped by fontkit, or Courier (a standard font) for identifiers. */
interface Face {
  key: FontFile | "courier";
  /** The Unicode script whose letters the face is for (Latin for Courier). */
  script: "Latin" | "Arabic" | "Bengali" | "Gujarati" | "Gurmukhi";
  rtl: boolean;
}

const face = (key: Face["key"], script: Face["script"]): Face => ({ key, script, rtl: script === "Arabic" });

/** The faces for each style, in order of preference: a character is drawn by the first face that has it. */
const CHAINS: Record<FontStyle, readonly Face[]> = (() => {
  const chain = (weight: 400 | 700) => [
    face(`latin${weight}`, "Latin"),
    face(`latinExt${weight}`, "Latin"),
    face(`arabic${weight}`, "Arabic"),
    face(`bengali${weight}`, "Bengali"),
    face(`gujarati${weight}`, "Gujarati"),
    face(`gurmukhi${weight}`, "Gurmukhi"),
  ];
  return { regular: chain(400), bold: chain(700), mono: [face("courier", "Latin"), ...chain(400)] };
})();

const FACES: readonly Face[] = [...new Set([...CHAINS.regular, ...CHAINS.bold, ...CHAINS.mono])];

/**
 * Features turned off when fontkit cannot position marks with them: its Gurmukhi mark positioning
 * reads an anchor the font leaves empty (allowed by OpenType) for a conjunct with a subjoined ra
 * ("ਪ੍ਰ") and throws. The glyphs (substitutions) are the same; only those marks keep their advance,
 * in the words where it throws.
 */
const MARK_POSITIONING_OFF = { abvm: false, blwm: false };

// ---------------------------------------------------------------------------------------------
// The font files, parsed once per isolate
// ---------------------------------------------------------------------------------------------

const parsed = new Map<FontFile, { bytes: Uint8Array; font: ShapingFont }>();

function decodeBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Every face, unwrapped and parsed: once per isolate, on the first PDF. */
let loading: Promise<void> | undefined;
function loadFonts(): Promise<void> {
  loading ??= Promise.all(
    (Object.keys(FONT_FILES) as FontFile[]).map(async (key) => {
      const bytes = await woffToSfnt(decodeBase64(FONT_FILES[key]));
      parsed.set(key, { bytes, font: fontkit.create(bytes) });
    }),
  ).then(
    () => undefined,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function fontFile(key: FontFile): { bytes: Uint8Array; font: ShapingFont } {
  const entry = parsed.get(key);
  if (!entry) throw new Error(`font ${key} used before the fonts were loaded`);
  return entry;
}

/**
 * pdf-lib's font loader, answering with the font already parsed for these bytes, so a document's
 * subset of a face parses nothing again.
 */
const sharedFontkit = {
  create(bytes: Uint8Array): ShapingFont {
    for (const entry of parsed.values()) if (entry.bytes === bytes) return entry.font;
    return fontkit.create(bytes);
  },
};

/**
 * fontkit's Indic shaper (Bengali, Gujarati, Gurmukhi) is compiled for a global `regeneratorRuntime`
 * it does not import: lend it one for the length of a synchronous call only, so no other code sees
 * it. Babel's helper makes one without setting the global (its `@babel/runtime/regenerator` entry and
 * the regenerator-runtime package both set it when imported).
 */
const regeneratorRuntime = createRegeneratorRuntime();

function withRegenerator<T>(call: () => T): T {
  const global = globalThis as { regeneratorRuntime?: unknown };
  const had = Object.hasOwn(global, "regeneratorRuntime");
  const before = global.regeneratorRuntime;
  global.regeneratorRuntime = regeneratorRuntime;
  try {
    return call();
  } finally {
    if (had) global.regeneratorRuntime = before;
    else delete global.regeneratorRuntime;
  }
}

function shape(key: FontFile, text: string): { glyphs: Glyph[]; positions: GlyphPosition[] } {
  const { font } = fontFile(key);
  return withRegenerator(() => {
    try {
      return font.layout(text);
    } catch (error) {
      if (!key.startsWith("gurmukhi")) throw error;
      // Word by word (Gurmukhi is left to right and joins nothing across a space), so only the
      // words fontkit cannot position lose their above/below-base mark positioning.
      const glyphs: Glyph[] = [];
      const positions: GlyphPosition[] = [];
      for (const word of text.split(/(\s+)/).filter(Boolean)) {
        let run: { glyphs: Glyph[]; positions: GlyphPosition[] };
        try {
          run = font.layout(word);
        } catch {
          run = font.layout(word, { ...MARK_POSITIONING_OFF });
        }
        glyphs.push(...run.glyphs);
        positions.push(...run.positions);
      }
      return { glyphs, positions };
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Runs
// ---------------------------------------------------------------------------------------------

/** A piece of text drawn with one face, shaped: glyphs in visual order (fontkit reverses a right-to-left run). */
export interface Run {
  face: Face;
  text: string;
  /** Glyph ids in visual order (empty for Courier, which pdf-lib encodes itself). */
  glyphs: Glyph[];
  positions: GlyphPosition[];
  /** The advance at size 1. */
  width: number;
}

const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
const SCRIPT: Record<Face["script"], RegExp> = {
  Latin: /^\p{Script=Latin}$/u,
  Arabic: /^\p{Script=Arabic}$/u,
  Bengali: /^\p{Script=Bengali}$/u,
  Gujarati: /^\p{Script=Gujarati}$/u,
  Gurmukhi: /^\p{Script=Gurmukhi}$/u,
};
/** Latin letters and European digits: always left to right, never part of a right-to-left run. */
const LEFT_TO_RIGHT = /^[0-9A-Za-z]$/;

/**
 * A document's text setter: its direction, its faces, and the drawing of lines. A face becomes a
 * font of the document when a page first draws with it, and `embedFonts` writes the subsets of the
 * faces drawn with (a face never drawn with costs the PDF nothing).
 */
export class Typesetter {
  private readonly fonts = new Map<Face, PDFFont>();
  private readonly keys = new WeakMap<PDFPage, Map<PDFFont, PDFName>>();
  private readonly shaped = new Map<string, Run[]>();
  private readonly courierCharset: ReadonlySet<number>;

  private constructor(
    readonly doc: PDFDocument,
    readonly dir: "ltr" | "rtl",
    private readonly embedders: ReadonlyMap<Face, FontEmbedder>,
  ) {
    const courier = embedders.get(CHAINS.mono[0]!) as StandardFontEmbedder;
    this.courierCharset = new Set(courier.encoding.supportedCodePoints);
  }

  static async for(doc: PDFDocument, dir: "ltr" | "rtl"): Promise<Typesetter> {
    await loadFonts();
    const embedders = new Map<Face, FontEmbedder>();
    await Promise.all(
      FACES.map(async (f) => {
        embedders.set(
          f,
          f.key === "courier"
            ? StandardFontEmbedder.for(COURIER)
            : await CustomFontSubsetEmbedder.for(
                sharedFontkit as unknown as Parameters<typeof CustomFontSubsetEmbedder.for>[0],
                fontFile(f.key).bytes,
                undefined,
                f.script === "Gurmukhi" ? { ...MARK_POSITIONING_OFF } : undefined,
              ),
        );
      }),
    );
    return new Typesetter(doc, dir, embedders);
  }

  /** The face as a font of this document (not written into it unless a page draws with it). */
  private font(f: Face): PDFFont {
    let font = this.fonts.get(f);
    if (!font) {
      font = PDFFont.of(this.doc.context.nextRef(), this.doc, this.embedders.get(f)!);
      this.fonts.set(f, font);
    }
    return font;
  }

  /** Writes the fonts the pages draw with into the document: call it once everything is drawn, before saving. */
  async embedFonts(): Promise<void> {
    const drawn = new Set<PDFFont>();
    for (const page of this.doc.getPages()) for (const font of this.keys.get(page)?.keys() ?? []) drawn.add(font);
    for (const font of drawn) await font.embed();
  }

  private covers(f: Face, codePoint: number): boolean {
    if (f.key === "courier") return this.courierCharset.has(codePoint);
    return fontFile(f.key).font.hasGlyphForCodePoint(codePoint);
  }

  /** The text cut into runs of one face each, in logical (reading) order. */
  private segments(text: string, style: FontStyle): { face: Face; text: string }[] {
    const chain = CHAINS[style];
    const segments: { face: Face; text: string }[] = [];
    for (const char of text) {
      const codePoint = char.codePointAt(0)!;
      const last = segments.at(-1);
      const leftToRight = LEFT_TO_RIGHT.test(char);
      const sameScript = !!last && (NEUTRAL.test(char) || SCRIPT[last.face.script].test(char));
      if (last && sameScript && !(leftToRight && last.face.rtl) && this.covers(last.face, codePoint)) {
        last.text += char;
        continue;
      }
      const chosen =
        chain.find((f) => !(leftToRight && f.rtl) && this.covers(f, codePoint)) ??
        chain.find((f) => this.covers(f, codePoint));
      // A character none of the faces has (a script the product does not speak, an emoji) prints as "?".
      const drawn = chosen ? char : "?";
      const into = chosen ?? chain[0]!;
      if (last?.face === into) last.text += drawn;
      else segments.push({ face: into, text: drawn });
    }
    // Spaces between runs of opposite directions take the document's direction (as the Unicode
    // bidirectional algorithm resolves them): those ending a run against it go to the next run.
    for (const [i, segment] of segments.entries()) {
      const next = segments[i + 1];
      if (!next || next.face.rtl === segment.face.rtl || segment.face.rtl === (this.dir === "rtl")) continue;
      const spaces = /\s+$/.exec(segment.text)?.[0];
      if (!spaces || spaces === segment.text) continue;
      segment.text = segment.text.slice(0, -spaces.length);
      next.text = spaces + next.text;
    }
    return segments;
  }

  /** The runs of `text`, shaped, in logical order (shaped once per document). */
  runs(text: string, style: FontStyle): Run[] {
    const key = `${style}\u0000${text}`;
    let runs = this.shaped.get(key);
    if (!runs) {
      runs = this.shape(text, style);
      this.shaped.set(key, runs);
    }
    return runs;
  }

  private shape(text: string, style: FontStyle): Run[] {
    return this.segments(text, style).map(({ face: f, text: piece }) => {
      if (f.key === "courier") {
        const font = this.font(f);
        return { face: f, text: piece, glyphs: [], positions: [], width: font.widthOfTextAtSize(piece, 1) };
      }
      const { glyphs, positions } = shape(f.key, piece);
      const unitsPerEm = fontFile(f.key).font.unitsPerEm;
      const width = positions.reduce((sum, p) => sum + p.xAdvance, 0) / unitsPerEm;
      return { face: f, text: piece, glyphs, positions, width };
    });
  }

  /** The width of `text` at `size` points. */
  width(text: string, style: FontStyle, size: number): number {
    return this.runs(text, style).reduce((sum, run) => sum + run.width, 0) * size;
  }

  /**
   * The runs in the order they are drawn from left to right: in a right-to-left document the
   * sequence is reversed, except that neighbouring left-to-right runs (a name, a date, an
   * identifier) keep their own order; in a left-to-right document, neighbouring right-to-left runs
   * are reversed among themselves.
   */
  visualOrder(runs: Run[]): Run[] {
    const groups: Run[][] = [];
    for (const run of runs) {
      const last = groups.at(-1);
      if (last && last[0]!.face.rtl === run.face.rtl) last.push(run);
      else groups.push([run]);
    }
    const ordered = this.dir === "rtl" ? groups.reverse() : groups;
    return ordered.flatMap((group) => (group[0]!.face.rtl ? group.reverse() : group));
  }

  private fontKey(page: PDFPage, font: PDFFont): PDFName {
    let keys = this.keys.get(page);
    if (!keys) {
      keys = new Map();
      this.keys.set(page, keys);
    }
    let key = keys.get(font);
    if (!key) {
      key = page.node.newFontDictionary(font.name, font.ref);
      keys.set(font, key);
    }
    return key;
  }

  /**
   * One line of text with its left edge at x and its baseline at y, in one text object (so a
   * reader takes it as one line), each glyph placed where the shaper put it.
   */
  drawLine(
    page: PDFPage,
    text: string,
    options: { x: number; y: number; size: number; style: FontStyle; color: Color },
  ) {
    const { size } = options;
    const operators = [pushGraphicsState(), beginText(), setFillingColor(options.color)];
    let pen = options.x;
    for (const run of this.visualOrder(this.runs(text, options.style))) {
      const font = this.font(run.face);
      operators.push(setFontAndSize(this.fontKey(page, font), size));
      if (run.face.key === "courier") {
        operators.push(setTextMatrix(1, 0, 0, 1, pen, options.y), showText(font.encodeText(run.text)));
        pen += run.width * size;
        continue;
      }
      // pdf-lib's encoding of the run adds its glyphs to the subset (with widths and the
      // ToUnicode map); its codes are in the shaper's glyph order, the same as ours.
      const hex = withRegenerator(() => font.encodeText(run.text)).asString();
      const codes = hex.match(/.{4}/g) ?? [];
      if (codes.length !== run.glyphs.length)
        throw new Error(`shaping disagreed for "${run.text}": ${codes.length} codes, ${run.glyphs.length} glyphs`);
      const scale = size / fontFile(run.face.key as FontFile).font.unitsPerEm;
      let buffered = "";
      // Where the PDF's own pen stands after the glyphs shown so far (their advance widths).
      let at = Number.NaN;
      let atY = options.y;
      const flush = () => {
        if (buffered) operators.push(showText(PDFHexString.of(buffered)));
        buffered = "";
      };
      run.glyphs.forEach((glyph, i) => {
        const position = run.positions[i]!;
        const gx = pen + position.xOffset * scale;
        const gy = options.y + position.yOffset * scale;
        if (!(Math.abs(gx - at) < 0.001 && Math.abs(gy - atY) < 0.001)) {
          flush();
          operators.push(setTextMatrix(1, 0, 0, 1, gx, gy));
        }
        buffered += codes[i];
        at = gx + glyph.advanceWidth * scale;
        atY = gy;
        pen += position.xAdvance * scale;
      });
      flush();
    }
    operators.push(endText(), popGraphicsState());
    page.pushOperators(...operators);
  }
}
