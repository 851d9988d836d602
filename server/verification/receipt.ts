/**
 * The verification receipt: the PDF a verifier (an employer, a landlord) downloads after checking
 * a citizen's credential, as its record of the check. It states who checked what, when and why,
 * what they saw, the result, and the record-keeping duty, and it carries a compact JWS over
 * exactly those facts signed with a platform key, checkable against the platform's verifier keys
 * (a JWKS at RECEIPT_KEYS_PATH).
 *
 * Drawn like the certificates, with the platform's PDF kit (server/pdf/document.ts): standard
 * fonts, A4, text reduced to WinAnsi; times in UK time with the zone name.
 */

import { base64urlDecodeText } from "#core/credentials/encoding.ts";
import { webCrypto } from "#core/credentials/index.ts";
import { signCompactJws } from "#core/credentials/jws.ts";
import { formatDateTimeZoned } from "#core/format/format.ts";
import { ukDate } from "#core/format/uk-time.ts";
import type { CheckOutcome } from "#core/verification/checks.ts";
import { COLOURS, CONTENT_WIDTH, drawable, MARGIN, newDocument, PdfWriter, wrap } from "#server/pdf/document.ts";

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
  /**
   * Whether the check passed (ADR 033): a valid credential can fail it ("Under 18"). Null when not
   * evaluated: always for a result that is not valid, and for a record kept before outcomes were.
   */
  outcome: CheckOutcome | null;
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
const OUTCOME_WORDS: Record<CheckOutcome["status"], string> = { passed: "Passed", failed: "Failed" };

/** The check's outcome as the receipt prints it: "Passed", "Failed: Under 18", or why there is none. */
function outcomeWords(facts: Pick<ReceiptFacts, "valid" | "outcome">): string {
  if (!facts.outcome) return facts.valid ? "Not evaluated" : "Not evaluated: the credential was not accepted";
  const words = OUTCOME_WORDS[facts.outcome.status];
  return facts.outcome.message ? `${words}: ${facts.outcome.message}` : words;
}

/** Red for a credential not accepted and for a check it failed (ADR 033): green only when both hold. */
const passedInFull = (facts: ReceiptFacts) => facts.valid && facts.outcome?.status !== "failed";

/** A receipt whose `valid` and `result` disagree would state two outcomes: refuse it. */
function checkFacts(facts: ReceiptFacts): void {
  if (!(facts.result in RESULT_WORDS)) throw new TypeError(`unknown receipt result: ${String(facts.result)}`);
  if (facts.valid !== (facts.result === "valid"))
    throw new TypeError(`receipt facts disagree: valid is ${facts.valid} but result is ${facts.result}`);
  if (!facts.valid && facts.outcome !== null)
    throw new TypeError("receipt facts disagree: a result that is not valid has an outcome");
  if (facts.outcome && !(facts.outcome.status in OUTCOME_WORDS))
    throw new TypeError(`unknown receipt outcome: ${String(facts.outcome.status)}`);
  if (Number.isNaN(Date.parse(facts.checkedAt)))
    throw new TypeError(`receipt checkedAt is not a time: ${facts.checkedAt}`);
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
    outcome: facts.outcome
      ? { status: facts.outcome.status, reason: facts.outcome.reason, message: facts.outcome.message }
      : null,
    presentationHash: facts.presentationHash,
    visualMatch: facts.visualMatch
      ? { confirmedAt: facts.visualMatch.confirmedAt, confirmedBy: facts.visualMatch.confirmedBy }
      : null,
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
  if (canonicalJson(payload) !== canonicalJson(receiptPayload(facts)))
    throw new TypeError("the signed receipt is not over these facts");
  return { alg: String(header.alg), kid: String(header.kid) };
}

/** e.g. verification-receipt-2026-11-24-7d0c7c86.pdf: the check's UK date and the receipt id's first 8 characters. */
export function receiptFileName(facts: ReceiptFacts): string {
  const checkedAt = new Date(facts.checkedAt);
  if (Number.isNaN(checkedAt.getTime())) throw new TypeError(`receipt checkedAt is not a time: ${facts.checkedAt}`);
  // Only letters and digits reach the name (it goes into a Content-Disposition header).
  const reference = facts.receiptId
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .slice(0, 8);
  return `verification-receipt-${ukDate(checkedAt)}${reference ? `-${reference}` : ""}.pdf`;
}

// ---------------------------------------------------------------------------------------------
// Drawing (GOV.UK colours, one column, top to bottom)
// ---------------------------------------------------------------------------------------------

const { grey: GREY, green: GREEN, red: RED } = COLOURS;

/** The receipts' writer (server/pdf/document.ts) with the result in large type. */
class ReceiptWriter extends PdfWriter {
  /**
   * The result in large type with a coloured bar, then the check's outcome in bold: green when the
   * credential is valid and the check did not fail, red otherwise (ADR 033).
   */
  result(facts: ReceiptFacts): void {
    const colour = passedInFull(facts) ? GREEN : RED;
    const message = wrap(this.fonts.regular, 11, drawable(this.fonts.regular, facts.reasonMessage), CONTENT_WIDTH - 24);
    const outcome = wrap(
      this.fonts.bold,
      12,
      drawable(this.fonts.bold, `Check outcome: ${outcomeWords(facts)}`),
      CONTENT_WIDTH - 24,
    );
    const height = 18 + 34 + message.length * 15 + 22 + outcome.length * 16 + 8 + (facts.outcome?.reason ? 14 : 0);
    this.ensure(height + 16);
    this.y -= 16;
    const top = this.y;
    this.page.drawRectangle({ x: MARGIN, y: top - height, width: 6, height, color: colour });
    this.text("Result", { x: MARGIN + 18, y: top - 14, size: 10, font: this.fonts.bold, color: GREY });
    this.text(RESULT_WORDS[facts.result], {
      x: MARGIN + 18,
      y: top - 44,
      size: 30,
      font: this.fonts.bold,
      color: colour,
    });
    for (const [i, line] of message.entries()) this.text(line, { x: MARGIN + 18, y: top - 64 - i * 15, size: 11 });
    const codeY = top - 64 - message.length * 15 - 2;
    this.text(`Reason code: ${facts.reason}`, {
      x: MARGIN + 18,
      y: codeY,
      size: 9,
      font: this.fonts.mono,
      color: GREY,
    });
    for (const [i, line] of outcome.entries())
      this.text(line, { x: MARGIN + 18, y: codeY - 20 - i * 16, size: 12, font: this.fonts.bold, color: colour });
    if (facts.outcome?.reason)
      this.text(`Outcome code: ${facts.outcome.reason}`, {
        x: MARGIN + 18,
        y: codeY - 20 - outcome.length * 16 - 2,
        size: 9,
        font: this.fonts.mono,
        color: GREY,
      });
    this.y = top - height;
  }
}

const orNot = (value: string | null, missing: string) => (value?.trim() ? value : missing);

/** The receipt as a PDF (one or two A4 pages), printing `signedReceipt`, which must be signed over these facts. */
export async function receiptPdf(facts: ReceiptFacts, signedReceipt: string): Promise<Uint8Array> {
  checkFacts(facts);
  const { alg, kid } = signedHeader(facts, signedReceipt);
  const checkedAt = formatDateTimeZoned(facts.checkedAt);
  const credential = orNot(facts.credentialType, "credential");

  const { doc, fonts } = await newDocument({
    title: "Verification receipt",
    subject: `${facts.checkType} check of a ${credential} by ${facts.organisation.name} on ${checkedAt}: ${RESULT_WORDS[facts.result]}, check outcome ${outcomeWords(facts)} (receipt ${facts.receiptId})`,
  });
  const writer = new ReceiptWriter(doc, fonts, "Verification receipt");

  writer.y -= 4;
  writer.text("Verification receipt", { x: MARGIN, y: writer.y, size: 24, font: fonts.bold });
  writer.y -= 8;
  writer.paragraph(`${facts.checkType} check by ${facts.organisation.name} on ${checkedAt}`, {
    size: 12,
    color: GREY,
    leading: 18,
  });
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
  writer.paragraph(signedReceipt, { size: 6.5, font: fonts.mono, leading: 8.5, together: true });

  writer.finish(`Receipt ${facts.receiptId}`, { numberEveryPage: true });
  return doc.save();
}
