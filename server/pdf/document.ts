/**
 * What every PDF the platform makes shares (credential and verification certificates, verification
 * receipts): pdf-lib with the standard fonts only (no font files in the worker), A4, GOV.UK colours,
 * text reduced to what the fonts can encode (WinAnsi), and a writer that moves a cursor down the
 * pages, starting a new page (with the band) when the next block would not fit.
 */
import { PageSizes, PDFDocument, type PDFFont, type PDFPage, type RGB, rgb, StandardFonts } from "pdf-lib";

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

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

/** Letters with a stroke, which Unicode does not decompose into a base letter and a mark. */
const STROKED: Record<string, string> = { ł: "l", Ł: "L", đ: "d", Đ: "D", ħ: "h", Ħ: "H", ı: "i", ŧ: "t", Ŧ: "T" };

/** The text as a standard font can draw it (WinAnsi): a letter without its accent, else "?". */
export function drawable(font: PDFFont, text: string): string {
  const charset = new Set(font.getCharacterSet());
  const has = (char: string) => charset.has(char.codePointAt(0)!);
  return [...text.replace(/\s+/g, " ")]
    .map((char) => {
      if (has(char)) return char;
      const base = STROKED[char] ?? char.normalize("NFKD").replace(/\p{M}/gu, "");
      return base && [...base].every(has) ? base : "?";
    })
    .join("");
}

/** Lines of at most `width` points; words longer than a line (ids, URLs, tokens) are broken. */
export function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  for (const word of text.split(/ +/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
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
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}

/** A new A4 document with the platform's metadata and the three standard fonts embedded. */
export async function newDocument(meta: {
  title: string;
  subject: string;
  author?: string;
  keywords?: string[];
  now?: Date;
}): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  doc.setSubject(meta.subject);
  if (meta.author) doc.setAuthor(meta.author);
  if (meta.keywords) doc.setKeywords(meta.keywords);
  doc.setCreator("UK Digital Identity");
  doc.setProducer("UK Digital Identity (pdf-lib)");
  doc.setLanguage("en-GB");
  if (meta.now) {
    doc.setCreationDate(meta.now);
    doc.setModificationDate(meta.now);
  }
  const [regular, bold, mono] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.Courier),
  ]);
  return { doc, fonts: { regular, bold, mono } };
}

/**
 * A top-to-bottom writer over A4 pages: a cursor `y`, a new page when the next block would run
 * into the bottom margin, the band every page carries (the platform's name and the document's
 * kind), and the footer and page numbers drawn on every page at the end.
 */
export class PdfWriter {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  /** The top of the free space on the page. */
  y = 0;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    /** The document's kind, on the right of every page's band. */
    readonly band: string,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.page.drawRectangle({
      x: 0,
      y: PAGE_HEIGHT - BAND_HEIGHT,
      width: PAGE_WIDTH,
      height: BAND_HEIGHT,
      color: COLOURS.blue,
    });
    this.text("UK Digital Identity", {
      x: MARGIN,
      y: PAGE_HEIGHT - 40,
      size: 16,
      font: this.fonts.bold,
      color: COLOURS.white,
    });
    const band = drawable(this.fonts.regular, this.band);
    this.text(band, {
      x: PAGE_WIDTH - MARGIN - this.fonts.regular.widthOfTextAtSize(band, 11),
      y: PAGE_HEIGHT - 39,
      size: 11,
      color: COLOURS.white,
    });
    this.y = PAGE_HEIGHT - BAND_HEIGHT - 40;
  }

  /** Room for `height` points below the cursor, else a new page. */
  ensure(height: number): void {
    if (this.y - height < MARGIN + 24) this.newPage();
  }

  text(value: string, options: { x: number; y: number; size: number; font?: PDFFont; color?: RGB }): void {
    const font = options.font ?? this.fonts.regular;
    this.page.drawText(drawable(font, value), {
      x: options.x,
      y: options.y,
      size: options.size,
      font,
      color: options.color ?? COLOURS.black,
    });
  }

  /** A wrapped paragraph at the cursor; `together` keeps its lines on one page (when they fit on one). */
  paragraph(
    value: string,
    options: {
      size?: number;
      font?: PDFFont;
      color?: RGB;
      x?: number;
      width?: number;
      leading?: number;
      together?: boolean;
    } = {},
  ): void {
    const size = options.size ?? 10;
    const font = options.font ?? this.fonts.regular;
    const leading = options.leading ?? size * 1.35;
    const lines = wrap(font, size, drawable(font, value), options.width ?? CONTENT_WIDTH);
    if (options.together) this.ensure(Math.min(lines.length * leading, PAGE_HEIGHT / 2));
    for (const line of lines) {
      this.ensure(leading);
      this.y -= leading;
      this.text(line, { x: options.x ?? MARGIN, y: this.y + leading - size, size, font, color: options.color });
    }
  }

  /** A section heading with a rule under it, kept on a page with the first lines after it. */
  heading(value: string, size = 13): void {
    this.ensure(size + 30 + 28);
    this.y -= 14 + size;
    this.text(value, { x: MARGIN, y: this.y, size, font: this.fonts.bold });
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
    const valueFont = options.mono ? this.fonts.mono : this.fonts.regular;
    const valueSize = options.mono ? 9 : size;
    const labelLines = wrap(this.fonts.bold, size, drawable(this.fonts.bold, label), labelWidth - 10);
    const valueLines = wrap(valueFont, valueSize, drawable(valueFont, value), width - labelWidth);
    const rows = Math.max(labelLines.length, valueLines.length);
    this.ensure(rows * leading + 6);
    this.y -= 6;
    for (let i = 0; i < rows; i++) {
      this.y -= leading;
      const baseline = this.y + 4;
      if (labelLines[i])
        this.text(labelLines[i]!, { x: MARGIN, y: baseline, size, font: this.fonts.bold, color: COLOURS.grey });
      if (valueLines[i])
        this.text(valueLines[i]!, { x: MARGIN + labelWidth, y: baseline, size: valueSize, font: valueFont });
    }
  }

  /**
   * The footer on every page, once everything is drawn, with "Page n of m" when there is more than
   * one page (or always, with `numberEveryPage`).
   */
  finish(footer: string, options: { numberEveryPage?: boolean } = {}): void {
    const lines = wrap(this.fonts.regular, 8, drawable(this.fonts.regular, footer), CONTENT_WIDTH);
    this.pages.forEach((page, index) => {
      for (const [i, line] of lines.entries())
        page.drawText(line, {
          x: MARGIN,
          y: MARGIN - 10 - i * 10,
          size: 8,
          font: this.fonts.regular,
          color: COLOURS.grey,
        });
      if (this.pages.length > 1 || options.numberEveryPage) {
        const label = `Page ${index + 1} of ${this.pages.length}`;
        page.drawText(label, {
          x: PAGE_WIDTH - MARGIN - this.fonts.regular.widthOfTextAtSize(label, 8),
          y: MARGIN + 6,
          size: 8,
          font: this.fonts.regular,
          color: COLOURS.grey,
        });
      }
    });
  }
}
