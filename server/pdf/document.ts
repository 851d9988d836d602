/**
 * What every PDF the platform makes shares (credential and verification certificates, verification
 * receipts): pdf-lib with Noto fonts embedded as subsets (ADR 037: every language of the product,
 * Latin, Arabic script, Bengali, Gujarati, Gurmukhi; Courier for identifiers), A4, GOV.UK
 * colours, the document's language, and a writer that moves a cursor down the pages, starting a
 * new page (with the band) when the next block would not fit. A right-to-left document (Arabic,
 * Urdu) is the left-to-right one mirrored: text starts at the right margin, the band's parts and
 * the columns swap sides.
 */

import { PageSizes, PDFDocument, type PDFPage, type RGB, rgb } from "pdf-lib";
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale } from "#core/i18n/locales.ts";
import { type FontStyle, Typesetter } from "#server/pdf/typeset.ts";

export type { FontStyle };

export const COLOURS = {
  black: rgb(0.043, 0.047, 0.047), // #0b0c0c
  grey: rgb(0.314, 0.353, 0.373), // #505a5f
  blue: rgb(0.114, 0.439, 0.722), // #1d70b8
  green: rgb(0, 0.439, 0.235), // #00703c
  red: rgb(0.831, 0.208, 0.11), // #d4351c
  rule: rgb(0.694, 0.706, 0.714), // #b1b4b6
  greenTint: rgb(0.9, 0.96, 0.92),
  redTint: rgb(0.99, 0.92, 0.9),
  white: rgb(1, 1, 1),
} as const;

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
export const MARGIN = 56;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BAND_HEIGHT = 64;

/**
 * Lines of at most `width` points as `measure` measures them; words longer than a line (ids, URLs,
 * tokens) are broken. A line is measured as its words and the spaces between them (each word is
 * shaped once, and no script joins across a space).
 */
function wrap(measure: (text: string) => number, text: string, width: number): string[] {
  const lines: string[] = [];
  const space = measure(" ");
  let line = "";
  let lineWidth = 0;
  const fits = (piece: string) => measure(piece) <= width;
  for (const word of text.replace(/\s+/g, " ").split(/ +/).filter(Boolean)) {
    const wordWidth = measure(word);
    if (line && lineWidth + space + wordWidth <= width) {
      line = `${line} ${word}`;
      lineWidth += space + wordWidth;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (rest && !fits(rest)) {
      // The longest prefix that fits (at least one character), by bisection.
      let low = 1;
      let high = rest.length - 1;
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (fits(rest.slice(0, mid))) low = mid;
        else high = mid - 1;
      }
      // URLs break after a slash where one falls in the second half of the line.
      const slash = rest.lastIndexOf("/", low - 1);
      const cut = slash >= low / 2 && slash < rest.length - 1 ? slash + 1 : low;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
    lineWidth = rest ? measure(rest) : 0;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}

/**
 * A new A4 document in `locale` (its /Lang, its direction), with the platform's metadata and its
 * text setter. Save it with its writer's `save` (PdfWriter), which writes the fonts in first.
 */
export async function newDocument(meta: {
  title: string;
  subject: string;
  author?: string;
  keywords?: string[];
  now?: Date;
  locale?: Locale;
}): Promise<{ doc: PDFDocument; typesetter: Typesetter }> {
  const locale = LOCALE_INFO[meta.locale ?? DEFAULT_LOCALE];
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  doc.setSubject(meta.subject);
  if (meta.author) doc.setAuthor(meta.author);
  if (meta.keywords) doc.setKeywords(meta.keywords);
  doc.setCreator("UK Digital Identity");
  doc.setProducer("UK Digital Identity (pdf-lib)");
  doc.setLanguage(locale.tag);
  if (meta.now) {
    doc.setCreationDate(meta.now);
    doc.setModificationDate(meta.now);
  }
  return { doc, typesetter: await Typesetter.for(doc, locale.dir) };
}

/**
 * A top-to-bottom writer over A4 pages: a cursor `y`, a new page when the next block would run
 * into the bottom margin, the band every page carries (the platform's name and the document's
 * kind), and the footer and page numbers drawn on every page at the end.
 *
 * Every x is given as in a left-to-right document (from the left edge); in a right-to-left one
 * the writer mirrors it (`mirror`), so one layout serves both directions.
 */
export class PdfWriter {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  /** The top of the free space on the page. */
  y = 0;

  constructor(
    readonly doc: PDFDocument,
    readonly typesetter: Typesetter,
    /** The document's kind, on the right of every page's band. */
    readonly band: string,
    /** The platform's name, on the left of every page's band. */
    readonly platform = "UK Digital Identity",
  ) {
    this.newPage();
  }

  get rtl(): boolean {
    return this.typesetter.dir === "rtl";
  }

  /** Where a box `width` wide whose left edge is at `x` in a left-to-right document is drawn. */
  mirror(x: number, width: number): number {
    return this.rtl ? PAGE_WIDTH - x - width : x;
  }

  /** The width of `text` at `size` points. */
  width(text: string, size: number, style: FontStyle = "regular"): number {
    return this.typesetter.width(text, style, size);
  }

  /** `text` as lines at most `width` points wide. */
  lines(text: string, size: number, width: number, style: FontStyle = "regular"): string[] {
    return wrap((candidate) => this.width(candidate, size, style), text, width);
  }

  /** A rectangle, placed as in a left-to-right document. */
  rect(options: {
    x: number;
    y: number;
    width: number;
    height: number;
    color?: RGB;
    borderColor?: RGB;
    borderWidth?: number;
  }): void {
    this.page.drawRectangle({ ...options, x: this.mirror(options.x, options.width) });
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.rect({ x: 0, y: PAGE_HEIGHT - BAND_HEIGHT, width: PAGE_WIDTH, height: BAND_HEIGHT, color: COLOURS.blue });
    this.text(this.platform, { x: MARGIN, y: PAGE_HEIGHT - 40, size: 16, font: "bold", color: COLOURS.white });
    // The document's kind in 11 points, smaller when a language's words would run into the name.
    const room = CONTENT_WIDTH - this.width(this.platform, 16, "bold") - 24;
    const size = Math.min(11, (11 * room) / Math.max(this.width(this.band, 11), 1));
    this.text(this.band, {
      x: PAGE_WIDTH - MARGIN - this.width(this.band, size),
      y: PAGE_HEIGHT - 39,
      size,
      color: COLOURS.white,
    });
    this.y = PAGE_HEIGHT - BAND_HEIGHT - 40;
  }

  /** Room for `height` points below the cursor, else a new page. */
  ensure(height: number): void {
    if (this.y - height < MARGIN + 24) this.newPage();
  }

  /** One line of text whose start (its left edge in a left-to-right document) is at x. */
  text(
    value: string,
    options: { x: number; y: number; size: number; font?: FontStyle; color?: RGB; page?: PDFPage },
  ): void {
    const style = options.font ?? "regular";
    const line = value.replace(/\s+/g, " ");
    this.typesetter.drawLine(options.page ?? this.page, line, {
      x: this.mirror(options.x, this.width(line, options.size, style)),
      y: options.y,
      size: options.size,
      style,
      color: options.color ?? COLOURS.black,
    });
  }

  /** A wrapped paragraph at the cursor; `together` keeps its lines on one page (when they fit on one). */
  paragraph(
    value: string,
    options: {
      size?: number;
      font?: FontStyle;
      color?: RGB;
      x?: number;
      width?: number;
      leading?: number;
      together?: boolean;
    } = {},
  ): void {
    const size = options.size ?? 10;
    const font = options.font ?? "regular";
    const leading = options.leading ?? size * 1.35;
    const lines = this.lines(value, size, options.width ?? CONTENT_WIDTH, font);
    if (options.together) this.ensure(Math.min(lines.length * leading, PAGE_HEIGHT / 2));
    for (const line of lines) {
      this.ensure(leading);
      this.y -= leading;
      this.text(line, { x: options.x ?? MARGIN, y: this.y + leading - size, size, font, color: options.color });
    }
  }

  /**
   * The document's title in large type, its first baseline at the cursor, wrapped (a translated
   * title runs longer than the English one); the cursor ends on the last line's baseline.
   */
  title(value: string, size = 24): void {
    const lines = this.lines(value, size, CONTENT_WIDTH, "bold");
    lines.forEach((line, i) => {
      if (i > 0) this.y -= size * 1.25;
      this.text(line, { x: MARGIN, y: this.y, size, font: "bold" });
    });
  }

  /** A section heading with a rule under it, kept on a page with the first lines after it. */
  heading(value: string, size = 13): void {
    this.ensure(size + 30 + 28);
    this.y -= 14 + size;
    this.text(value, { x: MARGIN, y: this.y, size, font: "bold" });
    this.y -= 6;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + CONTENT_WIDTH, y: this.y },
      thickness: 0.75,
      color: COLOURS.rule,
    });
    this.y -= 4;
  }

  /** A label/value row; each wraps within its own column. */
  field(label: string, value: string, options: { width?: number; labelWidth?: number; mono?: boolean } = {}): void {
    const width = options.width ?? CONTENT_WIDTH;
    const labelWidth = options.labelWidth ?? 130;
    const size = 10;
    const leading = 14;
    const valueFont: FontStyle = options.mono ? "mono" : "regular";
    const valueSize = options.mono ? 9 : size;
    const labelLines = this.lines(label, size, labelWidth - 10, "bold");
    const valueLines = this.lines(value, valueSize, width - labelWidth, valueFont);
    const rows = Math.max(labelLines.length, valueLines.length);
    this.ensure(rows * leading + 6);
    this.y -= 6;
    for (let i = 0; i < rows; i++) {
      this.y -= leading;
      const baseline = this.y + 4;
      if (labelLines[i]) this.text(labelLines[i]!, { x: MARGIN, y: baseline, size, font: "bold", color: COLOURS.grey });
      if (valueLines[i])
        this.text(valueLines[i]!, { x: MARGIN + labelWidth, y: baseline, size: valueSize, font: valueFont });
    }
  }

  /** The PDF: the fonts the pages draw with written into it, then the document. */
  async save(): Promise<Uint8Array<ArrayBuffer>> {
    await this.typesetter.embedFonts();
    return (await this.doc.save()) as Uint8Array<ArrayBuffer>;
  }

  /**
   * The footer on every page, once everything is drawn, with the page numbers (`pageOf`) when
   * there is more than one page (or always, with `numberEveryPage`).
   */
  finish(
    footer: string,
    options: { numberEveryPage?: boolean; pageOf?: (page: number, pages: number) => string } = {},
  ): void {
    const lines = this.lines(footer, 8, CONTENT_WIDTH);
    const pageOf = options.pageOf ?? ((page: number, pages: number) => `Page ${page} of ${pages}`);
    this.pages.forEach((page, index) => {
      for (const [i, line] of lines.entries())
        this.text(line, { page, x: MARGIN, y: MARGIN - 10 - i * 10, size: 8, color: COLOURS.grey });
      if (this.pages.length > 1 || options.numberEveryPage) {
        const label = pageOf(index + 1, this.pages.length);
        this.text(label, {
          page,
          x: PAGE_WIDTH - MARGIN - this.width(label, 8),
          y: MARGIN + 6,
          size: 8,
          color: COLOURS.grey,
        });
      }
    });
  }
}
