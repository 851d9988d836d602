import { decodePDFRawStream, PDFArray, PDFDocument, type PDFPage, PDFRawStream } from "pdf-lib";

/**
 * The text a PDF the product made draws, for tests in Node and workerd alike (the verification
 * receipt, the credential certificate, the signed verification certificate): pdf-lib writes
 * standard-font text as hex strings in WinAnsi (Windows-1252), each shown by one `Tj` operator.
 */

/** The strings one page draws, one per text-showing operator, in drawing order. */
function pageLines(page: PDFPage): string[] {
  const contents = page.node.Contents();
  if (!contents) return [];
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  const windows1252 = new TextDecoder("windows-1252");
  const out: string[] = [];
  for (const stream of streams) {
    // A loaded document's content streams are stored (raw) streams: anything else would be text we cannot read.
    if (!(stream instanceof PDFRawStream)) throw new Error("expected a stored content stream");
    const operators = new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode());
    for (const match of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      out.push(windows1252.decode(Uint8Array.from(match[1]!.match(/../g) ?? [], (byte) => parseInt(byte, 16))));
    }
  }
  return out;
}

/** The strings every page of `doc` draws, pages in order. */
export const documentLines = (doc: PDFDocument): string[] => doc.getPages().flatMap(pageLines);

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
