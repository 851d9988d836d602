import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFPage, PDFRawStream } from "pdf-lib";

/**
 * The text a PDF the product made draws, for tests in Node and workerd alike (the verification
 * receipt, the credential certificate, the signed verification certificate). The PDF kit
 * (server/pdf/document.ts, ADR 037) draws each line as one text object (BT … ET), with glyph codes
 * of embedded fonts (read back through each font's ToUnicode map) and, for identifiers, Courier
 * codes in WinAnsi (Windows-1252).
 */

/** One drawn line: its text (in drawing order: a right-to-left run reads reversed) and where it starts. */
export interface DrawnLine {
  text: string;
  x: number;
  y: number;
  /** The glyph codes of embedded fonts, four hex digits each ("0000" is a missing glyph). */
  codes: string[];
}

function decoded(stream: unknown): string {
  // A loaded document's streams are stored (raw) streams: anything else would be text we cannot read.
  if (!(stream instanceof PDFRawStream)) throw new Error("expected a stored stream");
  return new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode());
}

/** A font's code → text, from its ToUnicode map; null for a standard font (WinAnsi, one byte a character). */
function toUnicode(font: PDFDict): Map<string, string> | null {
  const cmap = font.lookup(PDFName.of("ToUnicode"));
  if (!cmap) return null;
  const map = new Map<string, string>();
  for (const [, code, unicode] of decoded(cmap).matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]+)>/g)) {
    const units = (unicode!.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16));
    map.set(code!.toUpperCase(), String.fromCharCode(...units));
  }
  return map;
}

const windows1252 = new TextDecoder("windows-1252");

/** Each embedded font of a page: its font program (TrueType) and its ToUnicode map (code → text). */
export function embeddedFonts(page: PDFPage): { name: string; program: Uint8Array; toUnicode: Map<string, string> }[] {
  const fonts = page.node.Resources()?.lookup(PDFName.of("Font"));
  if (!(fonts instanceof PDFDict)) return [];
  return fonts.entries().flatMap(([name, ref]) => {
    const font = page.doc.context.lookup(ref, PDFDict);
    const descendants = font.lookupMaybe(PDFName.of("DescendantFonts"), PDFArray);
    if (!descendants) return [];
    const descriptor = page.doc.context
      .lookup(descendants.get(0), PDFDict)
      .lookupMaybe(PDFName.of("FontDescriptor"), PDFDict);
    const file = descriptor?.lookup(PDFName.of("FontFile2"));
    if (!(file instanceof PDFRawStream)) return [];
    return [
      { name: name.asString(), program: decodePDFRawStream(file).decode(), toUnicode: toUnicode(font) ?? new Map() },
    ];
  });
}

/** The lines one page draws, in drawing order. */
export function drawnLines(page: PDFPage): DrawnLine[] {
  const contents = page.node.Contents();
  if (!contents) return [];
  const fontsDict = page.node.Resources()?.lookup(PDFName.of("Font"));
  const fonts = new Map<string, Map<string, string> | null>();
  if (fontsDict instanceof PDFDict)
    for (const [name, ref] of fontsDict.entries())
      fonts.set(name.asString(), toUnicode(page.doc.context.lookup(ref) as PDFDict));
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  const out: DrawnLine[] = [];
  let line: DrawnLine | null = null;
  let font: Map<string, string> | null = null;
  const operator =
    /(\/[^\s/<>[\]()]+)\s+[-\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj|[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+([-\d.]+)\s+([-\d.]+)\s+Tm|\bBT\b|\bET\b/g;
  for (const stream of streams) {
    for (const match of decoded(stream).matchAll(operator)) {
      const [all, fontName, hex, x, y] = match;
      if (all === "BT") line = { text: "", x: Number.NaN, y: Number.NaN, codes: [] };
      else if (all === "ET") {
        if (line) out.push(line);
        line = null;
      } else if (fontName) font = fonts.get(fontName) ?? null;
      else if (x !== undefined && line && Number.isNaN(line.x)) {
        line.x = Number(x);
        line.y = Number(y);
      } else if (hex !== undefined && line) {
        if (font) {
          const codes = (hex.match(/.{4}/g) ?? []).map((code) => code.toUpperCase());
          line.codes.push(...codes);
          line.text += codes.map((code) => font!.get(code) ?? "\uFFFD").join("");
        } else {
          line.text += windows1252.decode(Uint8Array.from(hex.match(/../g) ?? [], (byte) => parseInt(byte, 16)));
        }
      }
    }
  }
  return out;
}

/** The strings every page of `doc` draws, one per line, pages in order. */
export const documentLines = (doc: PDFDocument): string[] =>
  doc.getPages().flatMap((page) => drawnLines(page).map((line) => line.text));

/**
 * The strings the PDF in `bytes` draws, pages in order. Loaded with `updateMetadata: false`, so
 * reading it stamps nothing (pdf-lib would otherwise set itself as the producer).
 */
async function pdfLines(bytes: ArrayBuffer | Uint8Array): Promise<string[]> {
  return documentLines(await PDFDocument.load(bytes, { updateMetadata: false }));
}

/**
 * The PDF's drawn text joined by `separator`: a space gives wrapped paragraphs back (they break
 * at spaces); a line break keeps each drawn line apart (for `^…$` with the `m` flag).
 */
export async function pdfText(bytes: ArrayBuffer | Uint8Array, separator = " "): Promise<string> {
  return (await pdfLines(bytes)).join(separator);
}
