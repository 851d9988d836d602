/**
 * The verification receipt: the PDF a verifier (an employer, a landlord) downloads after checking
 * a citizen's credential, as its record of the check. It states who checked what, when and why,
 * what they saw, the result, and the record-keeping duty, and it carries a compact JWS over
 * exactly those facts signed with a platform key, checkable against the platform's verifier keys
 * (a JWKS at RECEIPT_KEYS_PATH).
 *
 * Modelled on the certificates (server/certificates/certificates.ts): pdf-lib with the standard
 * fonts only (no font files in the worker), A4, text reduced to WinAnsi (accents dropped where
 * that gives a base letter, otherwise "?"), times in UK time with the zone name.
 */
import { PageSizes, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import { webCrypto } from "#core/credentials/index.ts";
import { base64urlDecodeText } from "#core/credentials/encoding.ts";
import { signCompactJws } from "#core/credentials/jws.ts";
import { formatDateTimeZoned } from "#core/format/format.ts";
import { ukDate } from "#core/format/uk-time.ts";

export interface ReceiptFacts {
  /** The presentations row id. */
  receiptId: string;
  organisation: { id: string; name: string };
  /** The verifier person's display name. */
  checkedBy: string;
  purpose: string;
  /** ISO time. */
  checkedAt: string;
  /** "Right to Work" | "Right to Rent" | "DBS Check" | "Age Verification" */
  checkType: string;
  /** The credential's long name, e.g. "Right to Work"; null if unknown. */
  credentialType: string | null;
  /** The issuing authority's name, e.g. "Home Office". */
  issuer: string | null;
  /** e.g. "GPG45 Medium" (rtw, rtr) or "GPG45 High" (dbs). */
  assuranceLevel: string | null;
  /** What the verifier saw, already formatted. */
  attributes: { label: string; value: string }[];
  valid: boolean;
  result: "valid" | "invalid" | "expired";
  /** Stable code, e.g. "valid", "STATUS_REVOKED". */
  reason: string;
  /** Plain English. */
  reasonMessage: string;
  /** SHA-256 of the presentation, base64url. */
  presentationHash: string;
  /** The verifier's confirmation that the person in front of them matches the credential holder. */
  visualMatch: { confirmedAt: string; confirmedBy: string } | null;
}

/** The JWS typ of a receipt, so it can never be mistaken for a credential or another statement. */
export const RECEIPT_TYP = "verification-receipt+jwt";

/** Where the platform publishes the keys that sign receipts (a JWKS). */
export const RECEIPT_KEYS_PATH = "/api/verifications/keys";

/** The record-keeping duties the receipt states; both are always printed. */
export const RETENTION_STATEMENTS = [
  "Employers: keep this receipt for the duration of the person's employment and for two years after it ends " +
    '(Home Office, "Right to work checks: an employer\'s guide").',
  "Landlords: the same duty applies to a right to rent check; keep this receipt for the duration of the tenancy " +
    'and for one year after it ends (Home Office, "Right to rent checks: a landlord\'s guide").',
] as const;

const RESULT_WORDS: Record<ReceiptFacts["result"], string> = { valid: "Valid", invalid: "Invalid", expired: "Expired" };

/** A receipt whose `valid` and `result` disagree would state two outcomes: refuse it. */
function checkFacts(facts: ReceiptFacts): void {
  if (!(facts.result in RESULT_WORDS)) throw new TypeError(`unknown receipt result: ${String(facts.result)}`);
  if (facts.valid !== (facts.result === "valid")) throw new TypeError(`receipt facts disagree: valid is ${facts.valid} but result is ${facts.result}`);
  if (Number.isNaN(Date.parse(facts.checkedAt))) throw new TypeError(`receipt checkedAt is not a time: ${facts.checkedAt}`);
}

/**
 * The signed payload: exactly the facts, member by member, so nothing a caller's object happens to
 * carry besides them is signed without being printed.
 */
function receiptPayload(facts: ReceiptFacts): Record<string, unknown> {
  return {
    receiptId: facts.receiptId,
    organisation: { id: facts.organisation.id, name: facts.organisation.name },
    checkedBy: facts.checkedBy,
    purpose: facts.purpose,
    checkedAt: facts.checkedAt,
    checkType: facts.checkType,
    credentialType: facts.credentialType,
    issuer: facts.issuer,
    assuranceLevel: facts.assuranceLevel,
    attributes: facts.attributes.map(({ label, value }) => ({ label, value })),
    valid: facts.valid,
    result: facts.result,
    reason: facts.reason,
    reasonMessage: facts.reasonMessage,
    presentationHash: facts.presentationHash,
    visualMatch: facts.visualMatch ? { confirmedAt: facts.visualMatch.confirmedAt, confirmedBy: facts.visualMatch.confirmedBy } : null,
  };
}

/** A compact JWS of the facts; alg from the key (ES256 or EdDSA), header {alg, typ, kid}. */
export async function signReceipt(facts: ReceiptFacts, key: { kid: string; privateKey: CryptoKey }): Promise<string> {
  checkFacts(facts);
  return signCompactJws(webCrypto(), { typ: RECEIPT_TYP, kid: key.kid }, receiptPayload(facts), key.privateKey);
}

/** JSON with members in sorted order, so two equal values compare equal whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * The signed receipt's header, after checking that it is a receipt and that its payload is the
 * facts about to be printed: a PDF must never show one thing and carry a signature over another.
 */
function signedHeader(facts: ReceiptFacts, signedReceipt: string): { alg: string; kid: string } {
  const parts = signedReceipt.split(".");
  let header: Record<string, unknown>;
  let payload: unknown;
  try {
    if (parts.length !== 3 || parts.some((part) => !part)) throw new Error("not three parts");
    header = JSON.parse(base64urlDecodeText(parts[0]!)) as Record<string, unknown>;
    payload = JSON.parse(base64urlDecodeText(parts[1]!));
  } catch (error) {
    throw new TypeError("the signed receipt is not a compact JWS", { cause: error });
  }
  if (header?.typ !== RECEIPT_TYP) throw new TypeError(`the signed receipt's typ is not ${RECEIPT_TYP}`);
  if (canonicalJson(payload) !== canonicalJson(receiptPayload(facts))) throw new TypeError("the signed receipt is not over these facts");
  return { alg: String(header.alg), kid: String(header.kid) };
}

/** e.g. verification-receipt-2026-11-24-7d0c7c86.pdf: the check's UK date and the receipt id's first 8 characters. */
export function receiptFileName(facts: ReceiptFacts): string {
  const checkedAt = new Date(facts.checkedAt);
  if (Number.isNaN(checkedAt.getTime())) throw new TypeError(`receipt checkedAt is not a time: ${facts.checkedAt}`);
  // Only letters and digits reach the name (it goes into a Content-Disposition header).
  const reference = facts.receiptId.toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 8);
  return `verification-receipt-${ukDate(checkedAt)}${reference ? `-${reference}` : ""}.pdf`;
}

// ---------------------------------------------------------------------------------------------
// Drawing (GOV.UK colours, one column, top to bottom)
// ---------------------------------------------------------------------------------------------

const BLACK = rgb(0.043, 0.047, 0.047); // #0b0c0c
const GREY = rgb(0.314, 0.353, 0.373); // #505a5f
const BLUE = rgb(0.114, 0.439, 0.722); // #1d70b8
const GREEN = rgb(0, 0.439, 0.235); // #00703c
const RED = rgb(0.831, 0.208, 0.11); // #d4351c
const RULE = rgb(0.694, 0.706, 0.714); // #b1b4b6
const WHITE = rgb(1, 1, 1);

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 56;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BAND_HEIGHT = 56;
/** Kept clear above the bottom margin for the footer. */
const FOOTER_SPACE = 20;
const LABEL_WIDTH = 140;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

/** Letters with a stroke, which Unicode does not decompose into a base letter and a mark. */
const STROKED: Record<string, string> = { ł: "l", Ł: "L", đ: "d", Đ: "D", ħ: "h", Ħ: "H", ı: "i", ŧ: "t", Ŧ: "T" };

/** The text as the standard fonts can draw it: WinAnsi, a letter without its accent, else "?". */
function drawable(font: PDFFont, text: string): string {
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

/** Lines no wider than `width`; a word wider than a line (a hash, a token) is broken anywhere. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ").filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    for (const char of word) {
      if (line && !fits(line + char)) {
        lines.push(line);
        line = "";
      }
      line += char;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}

/** A cursor down A4 pages: a new page (with the band) when the next block would not fit. */
class ReceiptWriter {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  /** The top of the free space on the page. */
  y = 0;

  constructor(readonly fonts: Fonts, readonly doc: PDFDocument) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.page.drawRectangle({ x: 0, y: PAGE_HEIGHT - BAND_HEIGHT, width: PAGE_WIDTH, height: BAND_HEIGHT, color: BLUE });
    this.draw("UK Digital Identity", MARGIN, PAGE_HEIGHT - 35, { size: 15, font: this.fonts.bold, color: WHITE });
    const band = "Verification receipt";
    this.draw(band, PAGE_WIDTH - MARGIN - this.fonts.regular.widthOfTextAtSize(band, 11), PAGE_HEIGHT - 34, { size: 11, color: WHITE });
    this.y = PAGE_HEIGHT - BAND_HEIGHT - 28;
  }

  /** Room for `height` points below the cursor, else a new page. */
  ensure(height: number): void {
    if (this.y - height < MARGIN + FOOTER_SPACE) this.newPage();
  }

  draw(text: string, x: number, y: number, options: { size: number; font?: PDFFont; color?: RGB }): void {
    const font = options.font ?? this.fonts.regular;
    this.page.drawText(drawable(font, text), { x, y, size: options.size, font, color: options.color ?? BLACK });
  }

  /** A wrapped paragraph; `together` keeps all its lines on one page (when they fit on one). */
  paragraph(text: string, options: { size?: number; font?: PDFFont; color?: RGB; leading?: number; together?: boolean } = {}): void {
    const size = options.size ?? 10;
    const font = options.font ?? this.fonts.regular;
    const leading = options.leading ?? size * 1.4;
    const lines = wrap(font, size, drawable(font, text), CONTENT_WIDTH);
    if (options.together) this.ensure(Math.min(lines.length * leading, PAGE_HEIGHT / 2));
    for (const line of lines) {
      this.ensure(leading);
      this.y -= leading;
      this.draw(line, MARGIN, this.y + leading - size, { size, font, color: options.color });
    }
  }

  heading(text: string): void {
    this.ensure(13 + 18 + 8 + 40);
    this.y -= 18 + 13;
    this.draw(text, MARGIN, this.y, { size: 13, font: this.fonts.bold });
    this.y -= 7;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + CONTENT_WIDTH, y: this.y }, thickness: 0.75, color: RULE });
    this.y -= 2;
  }

  /** A label and its value, each wrapped in its own column. */
  field(label: string, value: string, options: { mono?: boolean } = {}): void {
    const valueFont = options.mono ? this.fonts.mono : this.fonts.regular;
    const valueSize = options.mono ? 9 : 10;
    const labels = wrap(this.fonts.bold, 10, drawable(this.fonts.bold, label), LABEL_WIDTH - 12);
    const values = wrap(valueFont, valueSize, drawable(valueFont, value), CONTENT_WIDTH - LABEL_WIDTH);
    const rows = Math.max(labels.length, values.length);
    const leading = 14;
    this.ensure(rows * leading + 6);
    this.y -= 6;
    for (let row = 0; row < rows; row++) {
      this.y -= leading;
      const baseline = this.y + 4;
      if (labels[row]) this.draw(labels[row]!, MARGIN, baseline, { size: 10, font: this.fonts.bold, color: GREY });
      if (values[row]) this.draw(values[row]!, MARGIN + LABEL_WIDTH, baseline, { size: valueSize, font: valueFont });
    }
  }

  /** The result in large type with a coloured bar: green when valid, red otherwise. */
  result(facts: ReceiptFacts): void {
    const colour = facts.valid ? GREEN : RED;
    const message = wrap(this.fonts.regular, 11, drawable(this.fonts.regular, facts.reasonMessage), CONTENT_WIDTH - 24);
    const height = 18 + 34 + message.length * 15 + 22;
    this.ensure(height + 16);
    this.y -= 16;
    const top = this.y;
    this.page.drawRectangle({ x: MARGIN, y: top - height, width: 6, height, color: colour });
    this.draw("Result", MARGIN + 18, top - 14, { size: 10, font: this.fonts.bold, color: GREY });
    this.draw(RESULT_WORDS[facts.result], MARGIN + 18, top - 44, { size: 30, font: this.fonts.bold, color: colour });
    message.forEach((line, i) => this.draw(line, MARGIN + 18, top - 64 - i * 15, { size: 11 }));
    this.draw(`Reason code: ${facts.reason}`, MARGIN + 18, top - 64 - message.length * 15 - 2, { size: 9, font: this.fonts.mono, color: GREY });
    this.y = top - height;
  }

  /** The receipt id and page numbers at the foot of every page, once everything is drawn. */
  finish(receiptId: string): void {
    const left = `Receipt ${receiptId}`;
    this.pages.forEach((page, index) => {
      const right = `Page ${index + 1} of ${this.pages.length}`;
      page.drawText(drawable(this.fonts.regular, left), { x: MARGIN, y: MARGIN - 8, size: 8, font: this.fonts.regular, color: GREY });
      page.drawText(right, { x: PAGE_WIDTH - MARGIN - this.fonts.regular.widthOfTextAtSize(right, 8), y: MARGIN - 8, size: 8, font: this.fonts.regular, color: GREY });
    });
  }
}

const orNot = (value: string | null, missing: string) => (value && value.trim() ? value : missing);

/** The receipt as a PDF (one or two A4 pages), printing `signedReceipt`, which must be signed over these facts. */
export async function receiptPdf(facts: ReceiptFacts, signedReceipt: string): Promise<Uint8Array> {
  checkFacts(facts);
  const { alg, kid } = signedHeader(facts, signedReceipt);
  const checkedAt = formatDateTimeZoned(facts.checkedAt);
  const credential = orNot(facts.credentialType, "credential");

  const doc = await PDFDocument.create();
  doc.setTitle("Verification receipt", { showInWindowTitleBar: true });
  doc.setSubject(`${facts.checkType} check of a ${credential} by ${facts.organisation.name} on ${checkedAt}: ${RESULT_WORDS[facts.result]} (receipt ${facts.receiptId})`);
  doc.setCreator("UK Digital Identity");
  doc.setProducer("UK Digital Identity (pdf-lib)");
  doc.setLanguage("en-GB");
  const [regular, bold, mono] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.Courier),
  ]);
  const fonts = { regular, bold, mono };
  const writer = new ReceiptWriter(fonts, doc);

  writer.y -= 24;
  writer.draw("Verification receipt", MARGIN, writer.y, { size: 24, font: bold });
  writer.y -= 8;
  writer.paragraph(`${facts.checkType} check by ${facts.organisation.name} on ${checkedAt}`, { size: 12, color: GREY, leading: 18 });
  writer.result(facts);

  writer.heading("The check");
  writer.field("Organisation", facts.organisation.name);
  writer.field("Organisation ID", facts.organisation.id, { mono: true });
  writer.field("Checked by", facts.checkedBy);
  writer.field("Purpose", facts.purpose);
  writer.field("Check type", facts.checkType);
  writer.field("Checked at", checkedAt);

  writer.heading("The credential");
  writer.field("Credential type", orNot(facts.credentialType, "Not known"));
  writer.field("Issuer", orNot(facts.issuer, "Not known"));
  writer.field("Assurance level", orNot(facts.assuranceLevel, "Not stated"));
  writer.field("Presentation hash (SHA-256, base64url)", facts.presentationHash, { mono: true });

  writer.heading("What the verifier saw");
  if (facts.attributes.length === 0) writer.field("Attributes", "None");
  for (const attribute of facts.attributes) writer.field(attribute.label, attribute.value);

  writer.heading("Identity confirmation");
  writer.field(
    "Visual match",
    facts.visualMatch
      ? `Confirmed by ${facts.visualMatch.confirmedBy} at ${formatDateTimeZoned(facts.visualMatch.confirmedAt)}: the person presenting matched the credential holder`
      : "Not recorded",
  );

  writer.heading("Keeping this receipt");
  writer.field("Receipt ID", facts.receiptId, { mono: true });
  for (const statement of RETENTION_STATEMENTS) {
    writer.y -= 6;
    writer.paragraph(statement, { size: 10 });
  }

  writer.heading("Signed by the platform");
  writer.paragraph(
    `UK Digital Identity signed the facts on this receipt as the compact JWS below (${alg}, typ ${RECEIPT_TYP}, key ID ${kid}). ` +
      `To check it, verify the signature with the key of that ID from the platform's verifier keys, published as a JWKS at ${RECEIPT_KEYS_PATH}, ` +
      "and compare its payload with this receipt: any change to either breaks the signature.",
    { size: 9.5, leading: 13 },
  );
  writer.y -= 6;
  writer.paragraph(signedReceipt, { size: 6.5, font: mono, leading: 8.5, together: true });

  writer.finish(facts.receiptId);
  return doc.save();
}
