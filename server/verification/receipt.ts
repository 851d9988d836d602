/**
 * The verification receipt: the PDF a verifier (an employer, a landlord) downloads after checking
 * a citizen's credential, as its record of the check. It states who checked what, when and why,
 * what they saw, the result, and the record-keeping duty, and it carries a compact JWS over
 * exactly those facts signed with a platform key, checkable against the platform's verifier keys
 * (a JWKS at RECEIPT_KEYS_PATH).
 *
 * Drawn like the certificates, with the platform's PDF kit (server/pdf/document.ts, ADR 037): Noto
 * fonts for every script the product speaks, A4, in the verifier's language (right-to-left pages
 * mirrored), every word from one set of words (`ReceiptWords`, English by default); times in UK
 * time with the zone name.
 */

import { defineMessages, type MessageDescriptor } from "@formatjs/intl";
import { base64urlDecodeText } from "#core/credentials/encoding.ts";
import { webCrypto } from "#core/credentials/index.ts";
import { signCompactJws } from "#core/credentials/jws.ts";
import { formats } from "#core/format/locale.ts";
import { ukDate, ukWallClock } from "#core/format/uk-time.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import type { CheckOutcome } from "#core/verification/checks.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { COLOURS, CONTENT_WIDTH, MARGIN, newDocument, PdfWriter } from "#server/pdf/document.ts";

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

/** The results and outcomes a receipt knows (their words are messages below). */
const RESULTS: ReadonlySet<string> = new Set<ReceiptFacts["result"]>(["valid", "invalid", "expired"]);
const OUTCOMES: ReadonlySet<string> = new Set<CheckOutcome["status"]>(["passed", "failed"]);

/** The check's outcome as the receipt prints it: "Passed", "Failed: Under 18", or why there is none. */
function outcomeWords(facts: Pick<ReceiptFacts, "valid" | "outcome">, words: ReceiptWords): string {
  if (!facts.outcome) return facts.valid ? words.notEvaluated : words.notEvaluatedNotAccepted;
  const outcome = words.outcome[facts.outcome.status];
  return facts.outcome.message ? words.outcomeWithMessage(outcome, facts.outcome.message) : outcome;
}

/** Red for a credential not accepted and for a check it failed (ADR 033): green only when both hold. */
const passedInFull = (facts: ReceiptFacts) => facts.valid && facts.outcome?.status !== "failed";

/** A receipt whose `valid` and `result` disagree would state two outcomes: refuse it. */
function checkFacts(facts: ReceiptFacts): void {
  if (!RESULTS.has(facts.result)) throw new TypeError(`unknown receipt result: ${String(facts.result)}`);
  if (facts.valid !== (facts.result === "valid"))
    throw new TypeError(`receipt facts disagree: valid is ${facts.valid} but result is ${facts.result}`);
  if (!facts.valid && facts.outcome !== null)
    throw new TypeError("receipt facts disagree: a result that is not valid has an outcome");
  if (facts.outcome && !OUTCOMES.has(facts.outcome.status))
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
// The words the receipt prints
// ---------------------------------------------------------------------------------------------

/**
 * Every word the receipt prints, in one language: the layout takes all of its text from here, so a
 * message catalog can supply a language without touching the drawing. The signed facts (names,
 * purpose, attributes, the reason message) are printed as they were signed.
 */
export interface ReceiptWords {
  /** The language of the words (the PDF's /Lang and direction). */
  locale: Locale;
  /** "24 Nov 2026, 14:05 GMT": UK time with the zone. */
  dateTime: (value: string | Date) => string;
  /** "Failed: Under 18": the outcome, then the check's message. */
  outcomeWithMessage: (outcome: string, message: string) => string;
  platform: string;
  title: string;
  pageOf: (page: number, pages: number) => string;
  subject: (facts: {
    checkType: string;
    credential: string;
    organisation: string;
    checkedAt: string;
    result: string;
    outcome: string;
    receiptId: string;
  }) => string;
  aCredential: string;
  intro: (checkType: string, organisation: string, checkedAt: string) => string;
  result: string;
  results: Record<ReceiptFacts["result"], string>;
  outcome: Record<CheckOutcome["status"], string>;
  notEvaluated: string;
  notEvaluatedNotAccepted: string;
  checkOutcome: (outcome: string) => string;
  reasonCode: string;
  outcomeCode: string;
  theCheck: string;
  organisation: string;
  organisationId: string;
  checkedBy: string;
  purpose: string;
  checkType: string;
  checkedAt: string;
  theCredential: string;
  credentialType: string;
  issuer: string;
  assuranceLevel: string;
  notKnown: string;
  notStated: string;
  presentationHash: string;
  whatTheVerifierSaw: string;
  attributes: string;
  none: string;
  identityConfirmation: string;
  visualMatch: string;
  visualMatchConfirmed: (confirmedBy: string, at: string) => string;
  notRecorded: string;
  keepingThisReceipt: string;
  receiptId: string;
  retention: readonly string[];
  signedByPlatform: string;
  signedStatement: (facts: { alg: string; typ: string; kid: string; keysPath: string }) => string;
  footer: (receiptId: string) => string;
}

const messages = defineMessages({
  platform: { id: "pdf.receipt.platform", defaultMessage: "UK Digital Identity" },
  title: { id: "pdf.receipt.title", defaultMessage: "Verification receipt" },
  pageOf: { id: "pdf.receipt.pageOf", defaultMessage: "Page {page} of {pages}" },
  zonedTime: {
    id: "pdf.receipt.zonedTime",
    defaultMessage: "{dateTime} {zone}",
    description: "A date and time with the UK time zone's abbreviation (BST or GMT)",
  },
  subject: {
    id: "pdf.receipt.subject",
    defaultMessage:
      "{checkType} check of a {credential} by {organisation} on {checkedAt}: {result}, check outcome {outcome} (receipt {receiptId})",
    description:
      "The PDF's Subject: checkType e.g. Right to work; credential: a credential type's name or the word for 'credential'",
  },
  aCredential: {
    id: "pdf.receipt.aCredential",
    defaultMessage: "credential",
    description: "Used in the Subject when the credential type is not known",
  },
  intro: { id: "pdf.receipt.intro", defaultMessage: "{checkType} check by {organisation} on {checkedAt}" },
  result: { id: "pdf.receipt.result", defaultMessage: "Result" },
  resultValid: { id: "pdf.receipt.resultValid", defaultMessage: "Valid", description: "The check's result" },
  resultInvalid: { id: "pdf.receipt.resultInvalid", defaultMessage: "Invalid", description: "The check's result" },
  resultExpired: { id: "pdf.receipt.resultExpired", defaultMessage: "Expired", description: "The check's result" },
  outcomePassed: { id: "pdf.receipt.outcomePassed", defaultMessage: "Passed", description: "The check's outcome" },
  outcomeFailed: { id: "pdf.receipt.outcomeFailed", defaultMessage: "Failed", description: "The check's outcome" },
  outcomeWithMessage: {
    id: "pdf.receipt.outcomeWithMessage",
    defaultMessage: "{outcome}: {message}",
    description: "The outcome, then why (message: a sentence from the check)",
  },
  notEvaluated: { id: "pdf.receipt.notEvaluated", defaultMessage: "Not evaluated" },
  notEvaluatedNotAccepted: {
    id: "pdf.receipt.notEvaluatedNotAccepted",
    defaultMessage: "Not evaluated: the credential was not accepted",
  },
  checkOutcome: { id: "pdf.receipt.checkOutcome", defaultMessage: "Check outcome: {outcome}" },
  reasonCode: {
    id: "pdf.receipt.reasonCode",
    defaultMessage: "Reason code:",
    description: "Followed by a code such as STATUS_REVOKED",
  },
  outcomeCode: { id: "pdf.receipt.outcomeCode", defaultMessage: "Outcome code:", description: "Followed by a code" },
  theCheck: { id: "pdf.receipt.theCheck", defaultMessage: "The check" },
  organisation: { id: "pdf.receipt.organisation", defaultMessage: "Organisation" },
  organisationId: { id: "pdf.receipt.organisationId", defaultMessage: "Organisation ID" },
  checkedBy: { id: "pdf.receipt.checkedBy", defaultMessage: "Checked by" },
  purpose: { id: "pdf.receipt.purpose", defaultMessage: "Purpose" },
  checkType: { id: "pdf.receipt.checkType", defaultMessage: "Check type" },
  checkedAt: { id: "pdf.receipt.checkedAt", defaultMessage: "Checked at" },
  theCredential: { id: "pdf.receipt.theCredential", defaultMessage: "The credential" },
  credentialType: { id: "pdf.receipt.credentialType", defaultMessage: "Credential type" },
  issuer: { id: "pdf.receipt.issuer", defaultMessage: "Issuer" },
  assuranceLevel: { id: "pdf.receipt.assuranceLevel", defaultMessage: "Assurance level" },
  notKnown: { id: "pdf.receipt.notKnown", defaultMessage: "Not known" },
  notStated: { id: "pdf.receipt.notStated", defaultMessage: "Not stated" },
  presentationHash: { id: "pdf.receipt.presentationHash", defaultMessage: "Presentation hash (SHA-256, base64url)" },
  whatTheVerifierSaw: { id: "pdf.receipt.whatTheVerifierSaw", defaultMessage: "What the verifier saw" },
  attributes: { id: "pdf.receipt.attributes", defaultMessage: "Attributes" },
  none: { id: "pdf.receipt.none", defaultMessage: "None" },
  identityConfirmation: { id: "pdf.receipt.identityConfirmation", defaultMessage: "Identity confirmation" },
  visualMatch: { id: "pdf.receipt.visualMatch", defaultMessage: "Visual match" },
  visualMatchConfirmed: {
    id: "pdf.receipt.visualMatchConfirmed",
    defaultMessage: "Confirmed by {confirmedBy} at {at}: the person presenting matched the credential holder",
  },
  notRecorded: { id: "pdf.receipt.notRecorded", defaultMessage: "Not recorded" },
  keepingThisReceipt: { id: "pdf.receipt.keepingThisReceipt", defaultMessage: "Keeping this receipt" },
  receiptId: { id: "pdf.receipt.receiptId", defaultMessage: "Receipt ID" },
  retentionEmployers: {
    id: "pdf.receipt.retentionEmployers",
    defaultMessage:
      "Employers: keep this receipt for the duration of the person's employment and for two years after it ends (Home Office, \"Right to work checks: an employer's guide\").",
  },
  retentionLandlords: {
    id: "pdf.receipt.retentionLandlords",
    defaultMessage:
      'Landlords: the same duty applies to a right to rent check; keep this receipt for the duration of the tenancy and for one year after it ends (Home Office, "Right to rent checks: a landlord\'s guide").',
  },
  signedByPlatform: { id: "pdf.receipt.signedByPlatform", defaultMessage: "Signed by the platform" },
  signedStatement: {
    id: "pdf.receipt.signedStatement",
    defaultMessage:
      "UK Digital Identity signed the facts on this receipt as the compact JWS below ({alg}, typ {typ}, key ID {kid}). To check it, verify the signature with the key of that ID from the platform's verifier keys, published as a JWKS at {keysPath}, and compare its payload with this receipt: any change to either breaks the signature.",
  },
  footer: { id: "pdf.receipt.footer", defaultMessage: "Receipt {receiptId}" },
});

const made = new Map<Locale, ReceiptWords>();

/** The receipt's words in `locale`, from the message catalogs (English where one is not translated). */
function receiptWords(locale: Locale): ReceiptWords {
  const known = made.get(locale);
  if (known) return known;
  const intl = serverIntl(locale);
  const m = (descriptor: MessageDescriptor, values?: Record<string, string | number>) =>
    intl.formatMessage(descriptor, values);
  const f = formats(locale);
  const words: ReceiptWords = {
    locale,
    dateTime: (value) => {
      const at = new Date(value);
      const zone = ukWallClock(at).hour === at.getUTCHours() ? "GMT" : "BST";
      return m(messages.zonedTime, { dateTime: f.dateTime(at), zone });
    },
    platform: m(messages.platform),
    title: m(messages.title),
    pageOf: (page, pages) => m(messages.pageOf, { page: f.number(page), pages: f.number(pages) }),
    subject: (facts) => m(messages.subject, { ...facts }),
    aCredential: m(messages.aCredential),
    intro: (checkType, organisation, checkedAt) => m(messages.intro, { checkType, organisation, checkedAt }),
    result: m(messages.result),
    results: { valid: m(messages.resultValid), invalid: m(messages.resultInvalid), expired: m(messages.resultExpired) },
    outcome: { passed: m(messages.outcomePassed), failed: m(messages.outcomeFailed) },
    outcomeWithMessage: (outcome, message) => m(messages.outcomeWithMessage, { outcome, message }),
    notEvaluated: m(messages.notEvaluated),
    notEvaluatedNotAccepted: m(messages.notEvaluatedNotAccepted),
    checkOutcome: (outcome) => m(messages.checkOutcome, { outcome }),
    reasonCode: m(messages.reasonCode),
    outcomeCode: m(messages.outcomeCode),
    theCheck: m(messages.theCheck),
    organisation: m(messages.organisation),
    organisationId: m(messages.organisationId),
    checkedBy: m(messages.checkedBy),
    purpose: m(messages.purpose),
    checkType: m(messages.checkType),
    checkedAt: m(messages.checkedAt),
    theCredential: m(messages.theCredential),
    credentialType: m(messages.credentialType),
    issuer: m(messages.issuer),
    assuranceLevel: m(messages.assuranceLevel),
    notKnown: m(messages.notKnown),
    notStated: m(messages.notStated),
    presentationHash: m(messages.presentationHash),
    whatTheVerifierSaw: m(messages.whatTheVerifierSaw),
    attributes: m(messages.attributes),
    none: m(messages.none),
    identityConfirmation: m(messages.identityConfirmation),
    visualMatch: m(messages.visualMatch),
    visualMatchConfirmed: (confirmedBy, at) => m(messages.visualMatchConfirmed, { confirmedBy, at }),
    notRecorded: m(messages.notRecorded),
    keepingThisReceipt: m(messages.keepingThisReceipt),
    receiptId: m(messages.receiptId),
    retention: [m(messages.retentionEmployers), m(messages.retentionLandlords)],
    signedByPlatform: m(messages.signedByPlatform),
    signedStatement: (facts) => m(messages.signedStatement, { ...facts }),
    footer: (receiptId) => m(messages.footer, { receiptId }),
  };
  made.set(locale, words);
  return words;
}

/** The receipt's words in English: the default, and the source the other languages are translated from. */
export const RECEIPT_WORDS_EN: ReceiptWords = receiptWords(DEFAULT_LOCALE);

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
  result(facts: ReceiptFacts, words: ReceiptWords): void {
    const colour = passedInFull(facts) ? GREEN : RED;
    const message = this.lines(facts.reasonMessage, 11, CONTENT_WIDTH - 24);
    const outcome = this.lines(words.checkOutcome(outcomeWords(facts, words)), 12, CONTENT_WIDTH - 24, "bold");
    const height = 18 + 34 + message.length * 15 + 22 + outcome.length * 16 + 8 + (facts.outcome?.reason ? 14 : 0);
    this.ensure(height + 16);
    this.y -= 16;
    const top = this.y;
    this.rect({ x: MARGIN, y: top - height, width: 6, height, color: colour });
    this.text(words.result, { x: MARGIN + 18, y: top - 14, size: 10, font: "bold", color: GREY });
    this.text(words.results[facts.result], { x: MARGIN + 18, y: top - 44, size: 30, font: "bold", color: colour });
    for (const [i, line] of message.entries()) this.text(line, { x: MARGIN + 18, y: top - 64 - i * 15, size: 11 });
    const codeY = top - 64 - message.length * 15 - 2;
    this.code(words.reasonCode, facts.reason, codeY);
    for (const [i, line] of outcome.entries())
      this.text(line, { x: MARGIN + 18, y: codeY - 20 - i * 16, size: 12, font: "bold", color: colour });
    if (facts.outcome?.reason) this.code(words.outcomeCode, facts.outcome.reason, codeY - 20 - outcome.length * 16 - 2);
    this.y = top - height;
  }

  /** "Reason code: STATUS_REVOKED": the label in the document's language, the code in Courier after it. */
  private code(label: string, code: string, y: number): void {
    const x = MARGIN + 18;
    this.text(label, { x, y, size: 9, color: GREY });
    this.text(code, { x: x + this.width(label, 9) + 4, y, size: 9, font: "mono", color: GREY });
  }
}

const orNot = (value: string | null, missing: string) => (value?.trim() ? value : missing);

/**
 * The language a receipt is printed in: its locale (the PDF's /Lang and direction; English by
 * default) and its words (the catalogs' words of that locale unless given).
 */
export interface ReceiptLanguage {
  locale?: Locale;
  words?: ReceiptWords;
}

/** The receipt as a PDF (one or two A4 pages), printing `signedReceipt`, which must be signed over these facts. */
export async function receiptPdf(
  facts: ReceiptFacts,
  signedReceipt: string,
  language: ReceiptLanguage = {},
): Promise<Uint8Array> {
  checkFacts(facts);
  const locale = language.locale ?? language.words?.locale ?? DEFAULT_LOCALE;
  const words = language.words ?? receiptWords(locale);
  const { alg, kid } = signedHeader(facts, signedReceipt);
  const checkedAt = words.dateTime(facts.checkedAt);

  const { doc, typesetter } = await newDocument({
    title: words.title,
    subject: words.subject({
      checkType: facts.checkType,
      credential: orNot(facts.credentialType, words.aCredential),
      organisation: facts.organisation.name,
      checkedAt,
      result: words.results[facts.result],
      outcome: outcomeWords(facts, words),
      receiptId: facts.receiptId,
    }),
    locale,
  });
  const writer = new ReceiptWriter(doc, typesetter, words.title, words.platform);

  writer.y -= 4;
  writer.title(words.title);
  writer.y -= 8;
  writer.paragraph(words.intro(facts.checkType, facts.organisation.name, checkedAt), {
    size: 12,
    color: GREY,
    leading: 18,
  });
  writer.result(facts, words);

  writer.heading(words.theCheck);
  writer.field(words.organisation, facts.organisation.name);
  writer.field(words.organisationId, facts.organisation.id, { mono: true });
  writer.field(words.checkedBy, facts.checkedBy);
  writer.field(words.purpose, facts.purpose);
  writer.field(words.checkType, facts.checkType);
  writer.field(words.checkedAt, checkedAt);

  writer.heading(words.theCredential);
  writer.field(words.credentialType, orNot(facts.credentialType, words.notKnown));
  writer.field(words.issuer, orNot(facts.issuer, words.notKnown));
  writer.field(words.assuranceLevel, orNot(facts.assuranceLevel, words.notStated));
  writer.field(words.presentationHash, facts.presentationHash, { mono: true });

  writer.heading(words.whatTheVerifierSaw);
  if (facts.attributes.length === 0) writer.field(words.attributes, words.none);
  for (const attribute of facts.attributes) writer.field(attribute.label, attribute.value);

  writer.heading(words.identityConfirmation);
  writer.field(
    words.visualMatch,
    facts.visualMatch
      ? words.visualMatchConfirmed(facts.visualMatch.confirmedBy, words.dateTime(facts.visualMatch.confirmedAt))
      : words.notRecorded,
  );

  writer.heading(words.keepingThisReceipt);
  writer.field(words.receiptId, facts.receiptId, { mono: true });
  for (const statement of words.retention) {
    writer.y -= 6;
    writer.paragraph(statement, { size: 10 });
  }

  writer.heading(words.signedByPlatform);
  writer.paragraph(words.signedStatement({ alg, typ: RECEIPT_TYP, kid, keysPath: RECEIPT_KEYS_PATH }), {
    size: 9.5,
    leading: 13,
  });
  writer.y -= 6;
  writer.paragraph(signedReceipt, { size: 6.5, font: "mono", leading: 8.5, together: true });

  writer.finish(words.footer(facts.receiptId), { numberEveryPage: true, pageOf: words.pageOf });
  return writer.save();
}
