/**
 * Printable PDFs of the citizen's credentials (issue 4, spec 000 §2 "Citizen screens" and §7):
 *
 *  - the credential certificate at /credentials/<type>_certificate.pdf: the holder's own record of
 *    one credential (every attribute, issuer, validity, its status checked live) with a QR code of
 *    a 24-hour share link that verifies it;
 *  - the signed verification certificate at /api/shares/download/{id}: what one share tells a
 *    verifier (type, issuer, purpose, dates, live status; nothing personal), with a compact JWS
 *    over the same facts signed by the issuing authority's key, checkable against its JWKS.
 *
 * Drawn with the platform's PDF kit (server/pdf/document.ts, ADR 037) in the holder's language:
 * Noto fonts for every script the product speaks, right-to-left pages mirrored, every word printed
 * from one set of words (`CertificateWords`, English by default) so the message catalogs can
 * supply them. The QR code is drawn as rectangles from qrcode's module matrix, so no image
 * decoding is needed.
 */

import { defineMessages, type MessageDescriptor } from "@formatjs/intl";
import { webCrypto } from "#core/credentials/index.ts";
import { signCompactJws } from "#core/credentials/jws.ts";
import { formats, intlTag } from "#core/format/locale.ts";
import { ukWallClock } from "#core/format/uk-time.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import {
  AUTHORITIES,
  CREDENTIAL_TYPE_CODES,
  CREDENTIAL_TYPES,
  type CredentialTypeCode,
  type IssuerId,
  isCredentialTypeCode,
  walletTypeNames,
} from "#core/issuers/registry.ts";
import { qrRuns } from "#core/qr/qr-code.ts";
import type { Database } from "#db/client.ts";
import { listWalletCredentials, type WalletCredential } from "#server/credentials/credentials.ts";
import type { IssuerKey } from "#server/credentials/issuer-keys.ts";
import type { LiveCheck } from "#server/credentials/live-check.ts";
import { serverCredentialType } from "#server/credentials/type-text.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { COLOURS, CONTENT_WIDTH, MARGIN, newDocument, PdfWriter } from "#server/pdf/document.ts";
import type { ShareRecord } from "#server/shares/shares.ts";

// ---------------------------------------------------------------------------------------------
// Names and formats shared by the /credentials page and the PDFs
// ---------------------------------------------------------------------------------------------

// Dates and claim values as every screen shows them (core/format/format.ts); the certificate's
// times carry the zone name, since a PDF is read far from the page that made it.
import { formatAttributeValue, formatDateTimeZoned as formatDateTime } from "#core/format/format.ts";

export { formatAttributeValue };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The name a screen and a certificate give the type (spec 000 §3 "Citizen sample credential"). */
function credentialTypeName(type: string): string {
  return isCredentialTypeCode(type) ? CREDENTIAL_TYPES[type].longName : walletTypeNames(type).title;
}

const CERTIFICATE_SUFFIX = "_certificate.pdf";

/**
 * Spec 000 §7: "a static file path under /credentials/ built from the lowercased type with
 * underscores plus _certificate.pdf", from the type's display name: Right to Work →
 * right_to_work_certificate.pdf, DBS Enhanced Check → dbs_enhanced_check_certificate.pdf.
 */
export function certificateFileName(type: string): string {
  const slug = credentialTypeName(type)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return `${slug}${CERTIFICATE_SUFFIX}`;
}

/** The type a certificate file name stands for, or undefined. */
export function typeForCertificateFile(fileName: string): CredentialTypeCode | undefined {
  return CREDENTIAL_TYPE_CODES.find((code) => certificateFileName(code) === fileName);
}

/**
 * The download path of a credential's certificate. The spec's path names a type; the user holds
 * one current credential per type (a re-issue revokes and hides the older copy), and the path
 * alone means the newest listed one. Only a card for an older credential of the same type (one an
 * authority revoked, still listed) adds `?credential=<id>` to name it exactly.
 */
export function certificatePath(type: string, credentialId?: string): string {
  const path = `/credentials/${certificateFileName(type)}`;
  return credentialId ? `${path}?credential=${encodeURIComponent(credentialId)}` : path;
}

/**
 * The user's credential a certificate path stands for: the newest listed credential of the
 * file's type, or the listed one `credentialId` names (and only if it is of that type). Someone
 * else's credential, a replaced copy or an unknown file name reads as undefined (not found).
 */
export async function findCertificateCredential(
  db: Database,
  userId: string,
  fileName: string,
  credentialId: string | null,
  now = new Date(),
): Promise<WalletCredential | undefined> {
  const type = typeForCertificateFile(fileName);
  if (!type) return undefined;
  const held = (await listWalletCredentials(db, userId, now)).filter((c) => c.type === type);
  return credentialId ? held.find((c) => c.id === credentialId) : held[0];
}

/** The holder's name as the credential itself states it (its own disclosed claims). */
export function holderName(attributes: { name: string; value: unknown }[]): string | null {
  const claim = (name: string) => {
    const value = attributes.find((a) => a.name === name)?.value;
    return typeof value === "string" && value.trim() ? value.trim() : null;
  };
  const parts = [claim("given_name"), claim("family_name")].filter(Boolean);
  return parts.length ? parts.join(" ") : null;
}

/** The live check as one line: "Valid at <time>" or "Not valid at <time>: <reason>". */
export function liveCheckLine(check: LiveCheck): string {
  const at = formatDateTime(check.checkedAt);
  return check.valid ? `Valid at ${at}` : `Not valid at ${at}: ${check.message}`;
}

// ---------------------------------------------------------------------------------------------
// The signed statement of a verification certificate
// ---------------------------------------------------------------------------------------------

/** The JWS typ of the statement, so it can never be mistaken for a credential or a status list. */
const VERIFICATION_CERTIFICATE_TYP = "verification-certificate+jwt";

export interface VerificationStatement {
  shareId: string;
  credentialType: string;
  /** The credential's issuer (its `iss`), whose key signs the statement. */
  iss: string;
  /** The live check's outcome: "valid" or its reason code (REVOKED, EXPIRED, STATUS_UNKNOWN, ...). */
  status: string;
  shareStatus: ShareRecord["status"];
  checkedAt: string;
  sharedAt: string;
  expiresAt: string;
  iat: number;
}

export function verificationStatement(share: ShareRecord, iss: string, check: LiveCheck): VerificationStatement {
  return {
    shareId: share.id,
    credentialType: share.credentialType,
    iss,
    status: check.valid ? "valid" : check.reason,
    shareStatus: share.status,
    checkedAt: check.checkedAt,
    sharedAt: share.sharedDate,
    expiresAt: share.expiryDate,
    iat: Math.floor(new Date(check.checkedAt).getTime() / 1000),
  };
}

/** A compact JWS (EdDSA) of the statement by the authority's key; `kid` is in its published JWKS. */
export function signVerificationStatement(key: IssuerKey, statement: VerificationStatement): Promise<string> {
  return signCompactJws(
    webCrypto(),
    { typ: VERIFICATION_CERTIFICATE_TYP, kid: key.kid },
    { ...statement },
    key.privateKey,
  );
}

// ---------------------------------------------------------------------------------------------
// The words the certificates print
// ---------------------------------------------------------------------------------------------

/**
 * Every word the two certificates print, in one language: the layout takes all of its text from
 * here, so a message catalog can supply a language without touching the drawing. Facts (names,
 * dates, identifiers, URLs) are passed in as values.
 */
export interface CertificateWords {
  /** The language of the words (the PDF's /Lang and direction). */
  locale: Locale;
  platform: string;
  /** "12 Apr 2026". */
  date: (value: string | Date) => string;
  /** "12 Apr 2026, 14:05 BST": UK time with the zone, since a PDF is read far from the page that made it. */
  dateTime: (value: string | Date) => string;
  /** A claim's value: yes or no, lists joined, calendar dates. */
  attributeValue: (value: unknown) => string;
  pageOf: (page: number, pages: number) => string;
  /** The live check. */
  currentStatus: string;
  validAt: (time: string) => string;
  notValidAt: (time: string) => string;
  checkedLive: string;
  /** Stored statuses of a credential, and of a share. */
  credentialStatus: Record<string, string>;
  shareStatus: Record<ShareRecord["status"], string>;
  // The credential certificate
  credentialBand: string;
  credentialTitle: (typeName: string) => string;
  credentialSubject: (facts: { typeName: string; id: string; holder: string | null; authority: string }) => string;
  credentialKeyword: string;
  credentialIntro: (authority: string, holder: string | null) => string;
  credentialHeading: string;
  credentialType: string;
  holder: string;
  holderNotStated: string;
  issuer: string;
  issuerUrl: string;
  issued: string;
  expires: string;
  noExpiry: string;
  revoked: string;
  recordedStatus: string;
  credentialId: string;
  scanToCheck: string;
  linkValidUntil: (time: string) => string;
  noLinkActive: string;
  noLinkInactive: (status: string) => string;
  attributesHeading: string;
  noAttributes: string;
  credentialFooter: (facts: { generatedAt: string; authority: string; withLink: boolean }) => string;
  // The verification certificate
  verificationBand: string;
  verificationTitle: string;
  verificationDocumentTitle: (credentialName: string) => string;
  verificationSubject: (facts: { credentialName: string; shareId: string; typ: string }) => string;
  verificationIntro: (credentialName: string, authority: string) => string;
  sharedCredentialHeading: string;
  purpose: string;
  sharedWith: string;
  notSpecified: string;
  shared: string;
  linkExpires: string;
  shareStatusLabel: string;
  shareReference: string;
  scanToVerify: string;
  showsValidNow: string;
  shareIs: (status: string) => string;
  noPersonalDetails: string;
  signatureHeading: string;
  signedBy: (facts: { authority: string; kid: string; typ: string; jwksUrl: string }) => string;
  verificationFooter: (generatedAt: string) => string;
}

const messages = defineMessages({
  platform: {
    id: "pdf.certificate.platform",
    defaultMessage: "UK Digital Identity",
    description: "The platform's name, printed at the top of every page",
  },
  pageOf: { id: "pdf.certificate.pageOf", defaultMessage: "Page {page} of {pages}" },
  zonedTime: {
    id: "pdf.certificate.zonedTime",
    defaultMessage: "{dateTime} {zone}",
    description: "A date and time with the UK time zone's abbreviation (BST or GMT)",
  },
  yes: { id: "pdf.certificate.yes", defaultMessage: "Yes", description: "A claim's value: yes" },
  no: { id: "pdf.certificate.no", defaultMessage: "No", description: "A claim's value: no" },
  notRecorded: {
    id: "pdf.certificate.notRecorded",
    defaultMessage: "Not recorded",
    description: "A claim with no value",
  },
  currentStatus: { id: "pdf.certificate.currentStatus", defaultMessage: "Current status" },
  validAt: { id: "pdf.certificate.validAt", defaultMessage: "Valid at {time}" },
  notValidAt: { id: "pdf.certificate.notValidAt", defaultMessage: "Not valid at {time}" },
  checkedLive: {
    id: "pdf.certificate.checkedLive",
    defaultMessage: "Checked live: signed by the issuer, in date and not revoked.",
  },
  statusActive: {
    id: "pdf.certificate.status.active",
    defaultMessage: "Active",
    description: "A credential's or a share's status",
  },
  statusRevoked: {
    id: "pdf.certificate.status.revoked",
    defaultMessage: "Revoked",
    description: "A credential's or a share's status",
  },
  statusExpired: {
    id: "pdf.certificate.status.expired",
    defaultMessage: "Expired",
    description: "A credential's or a share's status",
  },
  statusPending: {
    id: "pdf.certificate.status.pending",
    defaultMessage: "Pending",
    description: "A credential's status",
  },
  credentialBand: { id: "pdf.certificate.credentialBand", defaultMessage: "Credential Certificate" },
  credentialTitle: {
    id: "pdf.certificate.credentialTitle",
    defaultMessage: "{typeName} Certificate",
    description: "typeName: e.g. Right to Work",
  },
  credentialSubject: {
    id: "pdf.certificate.credentialSubject",
    defaultMessage: "{typeName} credential {id} held by {holder}, issued by {authority}",
  },
  credentialSubjectNoHolder: {
    id: "pdf.certificate.credentialSubjectNoHolder",
    defaultMessage: "{typeName} credential {id}, issued by {authority}",
  },
  credentialKeyword: { id: "pdf.certificate.credentialKeyword", defaultMessage: "credential certificate" },
  credentialIntro: {
    id: "pdf.certificate.credentialIntro",
    defaultMessage: "A verifiable credential issued by the {authority} to {holder}.",
  },
  credentialIntroNoHolder: {
    id: "pdf.certificate.credentialIntroNoHolder",
    defaultMessage: "A verifiable credential issued by the {authority}.",
  },
  credentialHeading: { id: "pdf.certificate.credentialHeading", defaultMessage: "Credential" },
  credentialType: { id: "pdf.certificate.credentialType", defaultMessage: "Credential type" },
  holder: { id: "pdf.certificate.holder", defaultMessage: "Holder" },
  holderNotStated: { id: "pdf.certificate.holderNotStated", defaultMessage: "Not stated in the credential" },
  issuer: { id: "pdf.certificate.issuer", defaultMessage: "Issuer" },
  issuerUrl: { id: "pdf.certificate.issuerUrl", defaultMessage: "Issuer URL" },
  issued: { id: "pdf.certificate.issued", defaultMessage: "Issued" },
  expires: { id: "pdf.certificate.expires", defaultMessage: "Expires" },
  noExpiry: { id: "pdf.certificate.noExpiry", defaultMessage: "No expiry" },
  revoked: { id: "pdf.certificate.revoked", defaultMessage: "Revoked", description: "Label: the date it was revoked" },
  recordedStatus: { id: "pdf.certificate.recordedStatus", defaultMessage: "Recorded status" },
  credentialId: { id: "pdf.certificate.credentialId", defaultMessage: "Credential ID" },
  scanToCheck: { id: "pdf.certificate.scanToCheck", defaultMessage: "Scan to check this credential now" },
  linkValidUntil: { id: "pdf.certificate.linkValidUntil", defaultMessage: "Link valid until {time}" },
  noLinkActive: {
    id: "pdf.certificate.noLinkActive",
    defaultMessage:
      "No verification link: use Download Certificate on your Credentials page to add a QR code a verifier can scan.",
  },
  noLinkInactive: {
    id: "pdf.certificate.noLinkInactive",
    defaultMessage: "No verification link: a {status} credential cannot be shared.",
    description: "status: the credential's status in lower case (revoked, expired)",
  },
  attributesHeading: { id: "pdf.certificate.attributesHeading", defaultMessage: "Attributes" },
  noAttributes: { id: "pdf.certificate.noAttributes", defaultMessage: "The credential discloses no attributes." },
  credentialFooter: {
    id: "pdf.certificate.credentialFooter",
    defaultMessage:
      "Generated {generatedAt} by UK Digital Identity. This is a printable record of a digital credential (SD-JWT VC) signed by the {authority} and held in the holder's wallet. The status above was checked when the certificate was made; scan the QR code for the status now.",
  },
  credentialFooterNoLink: {
    id: "pdf.certificate.credentialFooterNoLink",
    defaultMessage:
      "Generated {generatedAt} by UK Digital Identity. This is a printable record of a digital credential (SD-JWT VC) signed by the {authority} and held in the holder's wallet. The status above was checked when the certificate was made.",
  },
  verificationBand: { id: "pdf.certificate.verificationBand", defaultMessage: "Verification Certificate" },
  verificationTitle: { id: "pdf.certificate.verificationTitle", defaultMessage: "Signed Verification Certificate" },
  verificationDocumentTitle: {
    id: "pdf.certificate.verificationDocumentTitle",
    defaultMessage: "Verification Certificate: {credentialName}",
  },
  verificationSubject: {
    id: "pdf.certificate.verificationSubject",
    defaultMessage:
      "Signed verification certificate for a shared {credentialName} credential (share {shareId}); the signed statement (JWS, typ {typ}) is the Keywords entry",
  },
  verificationIntro: {
    id: "pdf.certificate.verificationIntro",
    defaultMessage: "{credentialName} issued by the {authority}",
  },
  sharedCredentialHeading: { id: "pdf.certificate.sharedCredentialHeading", defaultMessage: "Shared credential" },
  purpose: { id: "pdf.certificate.purpose", defaultMessage: "Purpose" },
  sharedWith: { id: "pdf.certificate.sharedWith", defaultMessage: "Shared with" },
  notSpecified: { id: "pdf.certificate.notSpecified", defaultMessage: "Not specified" },
  shared: { id: "pdf.certificate.shared", defaultMessage: "Shared", description: "Label: the date it was shared" },
  linkExpires: { id: "pdf.certificate.linkExpires", defaultMessage: "Link expires" },
  shareStatusLabel: { id: "pdf.certificate.shareStatusLabel", defaultMessage: "Share status" },
  shareReference: { id: "pdf.certificate.shareReference", defaultMessage: "Share reference" },
  scanToVerify: { id: "pdf.certificate.scanToVerify", defaultMessage: "Scan to verify" },
  showsValidNow: {
    id: "pdf.certificate.showsValidNow",
    defaultMessage: "Shows whether the credential is valid right now",
  },
  shareIs: {
    id: "pdf.certificate.shareIs",
    defaultMessage:
      "This share is {status, select, expired {expired} revoked {revoked} other {{status}}}: the link says so",
  },
  noPersonalDetails: {
    id: "pdf.certificate.noPersonalDetails",
    defaultMessage:
      "This certificate and the link contain no personal details: only the credential's type, its issuer and whether it is valid.",
  },
  signatureHeading: { id: "pdf.certificate.signatureHeading", defaultMessage: "Digital signature" },
  signedBy: {
    id: "pdf.certificate.signedBy",
    defaultMessage:
      "Signed by the {authority} with key {kid}. To check it, verify the compact JWS below (EdDSA, typ {typ}) with the key of that kid published at {jwksUrl}; its payload repeats the share, the status and the time of the check.",
  },
  verificationFooter: {
    id: "pdf.certificate.verificationFooter",
    defaultMessage:
      "Generated {generatedAt} by UK Digital Identity. The status above was checked when the certificate was made; the verification link shows the status at the time it is opened.",
  },
});

const made = new Map<Locale, CertificateWords>();

/** The certificates' words in `locale`, from the message catalogs (English where one is not translated). */
function certificateWords(locale: Locale): CertificateWords {
  const known = made.get(locale);
  if (known) return known;
  const intl = serverIntl(locale);
  const m = (descriptor: MessageDescriptor, values?: Record<string, string | number>) =>
    intl.formatMessage(descriptor, values);
  const f = formats(locale);
  const status = {
    active: m(messages.statusActive),
    revoked: m(messages.statusRevoked),
    expired: m(messages.statusExpired),
  };
  const words: CertificateWords = {
    locale,
    platform: m(messages.platform),
    pageOf: (page, pages) => m(messages.pageOf, { page: f.number(page), pages: f.number(pages) }),
    date: (value) => f.date(value),
    dateTime: (value) => {
      const at = new Date(value);
      const zone = ukWallClock(at).hour === at.getUTCHours() ? "GMT" : "BST";
      return m(messages.zonedTime, { dateTime: f.dateTime(at), zone });
    },
    attributeValue: function value(claim: unknown): string {
      if (claim === true) return m(messages.yes);
      if (claim === false) return m(messages.no);
      if (claim === null || claim === undefined) return m(messages.notRecorded);
      if (Array.isArray(claim)) return claim.map(value).join(", ");
      if (typeof claim === "string" && ISO_DATE.test(claim)) {
        const date = new Date(`${claim}T00:00:00Z`);
        return Number.isNaN(date.getTime()) ? claim : f.calendarDate(date);
      }
      return formatAttributeValue(claim);
    },
    currentStatus: m(messages.currentStatus),
    validAt: (time) => m(messages.validAt, { time }),
    notValidAt: (time) => m(messages.notValidAt, { time }),
    checkedLive: m(messages.checkedLive),
    credentialStatus: { ...status, pending: m(messages.statusPending) },
    shareStatus: status,
    credentialBand: m(messages.credentialBand),
    credentialTitle: (typeName) => m(messages.credentialTitle, { typeName }),
    credentialSubject: ({ typeName, id, holder, authority }) =>
      holder
        ? m(messages.credentialSubject, { typeName, id, holder, authority })
        : m(messages.credentialSubjectNoHolder, { typeName, id, authority }),
    credentialKeyword: m(messages.credentialKeyword),
    credentialIntro: (authority, holder) =>
      holder ? m(messages.credentialIntro, { authority, holder }) : m(messages.credentialIntroNoHolder, { authority }),
    credentialHeading: m(messages.credentialHeading),
    credentialType: m(messages.credentialType),
    holder: m(messages.holder),
    holderNotStated: m(messages.holderNotStated),
    issuer: m(messages.issuer),
    issuerUrl: m(messages.issuerUrl),
    issued: m(messages.issued),
    expires: m(messages.expires),
    noExpiry: m(messages.noExpiry),
    revoked: m(messages.revoked),
    recordedStatus: m(messages.recordedStatus),
    credentialId: m(messages.credentialId),
    scanToCheck: m(messages.scanToCheck),
    linkValidUntil: (time) => m(messages.linkValidUntil, { time }),
    noLinkActive: m(messages.noLinkActive),
    noLinkInactive: (word) => m(messages.noLinkInactive, { status: word.toLocaleLowerCase(intlTag(locale)) }),
    attributesHeading: m(messages.attributesHeading),
    noAttributes: m(messages.noAttributes),
    credentialFooter: ({ generatedAt, authority, withLink }) =>
      m(withLink ? messages.credentialFooter : messages.credentialFooterNoLink, { generatedAt, authority }),
    verificationBand: m(messages.verificationBand),
    verificationTitle: m(messages.verificationTitle),
    verificationDocumentTitle: (credentialName) => m(messages.verificationDocumentTitle, { credentialName }),
    verificationSubject: (facts) => m(messages.verificationSubject, { ...facts }),
    verificationIntro: (credentialName, authority) => m(messages.verificationIntro, { credentialName, authority }),
    sharedCredentialHeading: m(messages.sharedCredentialHeading),
    purpose: m(messages.purpose),
    sharedWith: m(messages.sharedWith),
    notSpecified: m(messages.notSpecified),
    shared: m(messages.shared),
    linkExpires: m(messages.linkExpires),
    shareStatusLabel: m(messages.shareStatusLabel),
    shareReference: m(messages.shareReference),
    scanToVerify: m(messages.scanToVerify),
    showsValidNow: m(messages.showsValidNow),
    shareIs: (code) => m(messages.shareIs, { status: code }),
    noPersonalDetails: m(messages.noPersonalDetails),
    signatureHeading: m(messages.signatureHeading),
    signedBy: (facts) => m(messages.signedBy, { ...facts }),
    verificationFooter: (generatedAt) => m(messages.verificationFooter, { generatedAt }),
  };
  made.set(locale, words);
  return words;
}

/** The certificates' words in English: the default, and the source the other languages are translated from. */
export const CERTIFICATE_WORDS_EN: CertificateWords = certificateWords(DEFAULT_LOCALE);

// ---------------------------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------------------------

const {
  black: BLACK,
  grey: GREY,
  green: GREEN,
  red: RED,
  rule: RULE,
  greenTint: GREEN_TINT,
  redTint: RED_TINT,
  white: WHITE,
} = COLOURS;
const QR_SIZE = 150;
const COLUMN_GAP = 24;

/** The certificates' writer (server/pdf/document.ts) with their live-status box and QR codes. */
class CertificateWriter extends PdfWriter {
  constructor(
    doc: ConstructorParameters<typeof PdfWriter>[0],
    typesetter: ConstructorParameters<typeof PdfWriter>[1],
    band: string,
    readonly words: CertificateWords,
  ) {
    super(doc, typesetter, band, words.platform);
  }

  /** The live status as a tinted box with a coloured bar: green when valid, red otherwise. */
  statusBox(check: LiveCheck): void {
    const at = this.words.dateTime(check.checkedAt);
    const title = check.valid ? this.words.validAt(at) : this.words.notValidAt(at);
    const detail = check.valid ? this.words.checkedLive : check.message;
    const detailLines = this.lines(detail, 10, CONTENT_WIDTH - 28);
    const height = 22 + 16 + detailLines.length * 13 + 4;
    this.ensure(height + 12);
    this.y -= 12;
    const top = this.y;
    this.rect({ x: MARGIN, y: top - height, width: CONTENT_WIDTH, height, color: check.valid ? GREEN_TINT : RED_TINT });
    this.rect({ x: MARGIN, y: top - height, width: 6, height, color: check.valid ? GREEN : RED });
    this.text(this.words.currentStatus, { x: MARGIN + 18, y: top - 16, size: 9, font: "bold", color: GREY });
    this.text(title, { x: MARGIN + 18, y: top - 32, size: 13, font: "bold", color: check.valid ? GREEN : RED });
    for (const [i, line] of detailLines.entries()) this.text(line, { x: MARGIN + 18, y: top - 48 - i * 13, size: 10 });
    this.y = top - height;
  }

  /**
   * A QR code of `value` whose box starts at x (mirrored with the page), top at `top`; returns its
   * bottom edge. The code itself is never mirrored.
   */
  qr(value: string, x: number, top: number, size = QR_SIZE): number {
    const { extent, runs } = qrRuns(value);
    const cell = size / extent;
    const left = this.mirror(x, size);
    this.page.drawRectangle({
      x: left,
      y: top - size,
      width: size,
      height: size,
      color: WHITE,
      borderColor: RULE,
      borderWidth: 0.5,
    });
    for (const run of runs) {
      this.page.drawRectangle({
        x: left + run.x * cell,
        y: top - (run.y + 1) * cell,
        width: run.length * cell,
        height: cell,
        color: BLACK,
      });
    }
    return top - size;
  }
}

/**
 * Two columns at the cursor: `left` draws fields within the given width, the QR code sits on the
 * right (on the left of a right-to-left page) with its caption. The cursor ends below whichever is
 * longer.
 */
function withQrColumn(
  writer: CertificateWriter,
  left: (width: number) => void,
  qr: { value: string; caption: string[] } | null,
): void {
  const top = writer.y;
  const startPage = writer.page;
  const leftWidth = qr ? CONTENT_WIDTH - QR_SIZE - COLUMN_GAP : CONTENT_WIDTH;
  left(leftWidth);
  if (!qr) return;
  const page = writer.page;
  const leftBottom = writer.y;
  // The QR code goes beside the fields' first rows, on the page they started on.
  writer.page = startPage;
  const x = MARGIN + CONTENT_WIDTH - QR_SIZE;
  let y = writer.qr(qr.value, x, top - 8);
  for (const [i, line] of qr.caption.entries()) {
    const font = i === 0 ? "bold" : i === qr.caption.length - 1 ? "mono" : "regular";
    const size = i === qr.caption.length - 1 ? 7 : 8.5;
    for (const part of writer.lines(line, size, QR_SIZE, font)) {
      y -= size + 3;
      writer.text(part, { x, y, size, font, color: i === 0 ? BLACK : GREY });
    }
  }
  writer.page = page;
  writer.y = page === startPage ? Math.min(leftBottom, y) : leftBottom;
}

/**
 * The language a certificate is printed in: its locale (the PDF's /Lang and direction; English by
 * default) and its words (the catalogs' words of that locale unless given).
 */
export interface CertificateLanguage {
  locale?: Locale;
  words?: CertificateWords;
}

/** The words and locale of `language`. */
function languageOf(language: CertificateLanguage): { words: CertificateWords; locale: Locale } {
  const locale = language.locale ?? language.words?.locale ?? DEFAULT_LOCALE;
  return { words: language.words ?? certificateWords(locale), locale };
}

/** A credential type's full name in `locale` ("Right to Work"); a type the registry does not know keeps `fallback`. */
function typeNameIn(locale: Locale, type: string, fallback: string): string {
  return isCredentialTypeCode(type) ? serverCredentialType(locale, type).name : fallback;
}

export interface CredentialCertificateInput extends CertificateLanguage {
  credential: WalletCredential;
  attributes: { name: string; label: string; value: unknown }[];
  check: LiveCheck;
  /** The 24-hour share link the QR code opens, or null when the credential cannot be shared. */
  verification: { url: string; expiresAt: string } | null;
  now: Date;
}

/** The credential certificate (spec 000 §7 "Credential downloads"). */
export async function buildCredentialCertificate(input: CredentialCertificateInput): Promise<Uint8Array<ArrayBuffer>> {
  const { credential, attributes, check, verification, now } = input;
  const { words, locale } = languageOf(input);
  const typeName = typeNameIn(locale, credential.type, credential.display.longName);
  const authority = credential.display.authorityName;
  const holder = holderName(attributes);
  const status = words.credentialStatus[credential.status] ?? credential.status;
  const { doc, typesetter } = await newDocument({
    title: words.credentialTitle(typeName),
    author: authority,
    subject: words.credentialSubject({ typeName, id: credential.id, holder, authority }),
    keywords: [words.credentialKeyword, typeName, credential.id],
    now,
    locale,
  });
  const writer = new CertificateWriter(doc, typesetter, words.credentialBand, words);

  writer.y -= 22;
  writer.title(words.credentialTitle(typeName));
  writer.y -= 12;
  writer.paragraph(words.credentialIntro(authority, holder), { size: 12, color: GREY, leading: 20 });
  writer.statusBox(check);

  writer.heading(words.credentialHeading);
  withQrColumn(
    writer,
    (width) => {
      const row = (label: string, value: string, mono = false) =>
        writer.field(label, value, { width, labelWidth: 110, mono });
      row(words.credentialType, typeName);
      row(words.holder, holder ?? words.holderNotStated);
      row(words.issuer, authority);
      row(words.issuerUrl, credential.issuer);
      row(words.issued, words.date(credential.issuedAt));
      row(words.expires, credential.expiresAt ? words.date(credential.expiresAt) : words.noExpiry);
      if (credential.revokedAt) row(words.revoked, words.date(credential.revokedAt));
      row(words.recordedStatus, status);
      row(words.credentialId, credential.id, true);
    },
    verification
      ? {
          value: verification.url,
          caption: [words.scanToCheck, words.linkValidUntil(words.dateTime(verification.expiresAt)), verification.url],
        }
      : null,
  );
  if (!verification) {
    writer.y -= 8;
    writer.paragraph(
      credential.status === "active"
        ? // Fetched without the holder's Download Certificate (a GET): no link is made for it (issue 20).
          words.noLinkActive
        : words.noLinkInactive(status),
      { size: 10, color: GREY },
    );
  }

  writer.heading(words.attributesHeading);
  if (attributes.length === 0) writer.paragraph(words.noAttributes, { color: GREY });
  for (const attribute of attributes)
    writer.field(attribute.label, words.attributeValue(attribute.value), { labelWidth: 170 });

  writer.finish(words.credentialFooter({ generatedAt: words.dateTime(now), authority, withLink: !!verification }), {
    pageOf: words.pageOf,
  });
  return writer.save();
}

export interface VerificationCertificateInput extends CertificateLanguage {
  share: ShareRecord;
  /** The credential's issuer URL (its iss). */
  iss: string;
  issuerId: IssuerId;
  check: LiveCheck;
  verifyUrl: string;
  jws: string;
  kid: string;
  /** Where the issuer publishes its keys (SD-JWT VC issuer metadata with its JWKS). */
  jwksUrl: string;
  now: Date;
}

/**
 * The signed verification certificate of one share (spec 000 §2 /shares: "PDFs are verification
 * certificates ... digitally signed"). It states what the share link states and no personal
 * details: type, issuer, purpose, recipient, dates and the credential's status checked now.
 */
export async function buildVerificationCertificate(
  input: VerificationCertificateInput,
): Promise<Uint8Array<ArrayBuffer>> {
  const { share, check, now } = input;
  const { words, locale } = languageOf(input);
  const authority = AUTHORITIES[input.issuerId].name;
  const credentialName = typeNameIn(locale, share.credentialType, share.credentialName);
  const { doc, typesetter } = await newDocument({
    title: words.verificationDocumentTitle(credentialName),
    author: authority,
    subject: words.verificationSubject({
      credentialName: credentialName,
      shareId: share.id,
      typ: VERIFICATION_CERTIFICATE_TYP,
    }),
    keywords: [input.jws],
    now,
    locale,
  });
  const writer = new CertificateWriter(doc, typesetter, words.verificationBand, words);

  writer.y -= 22;
  writer.title(words.verificationTitle);
  writer.y -= 12;
  writer.paragraph(words.verificationIntro(credentialName, authority), { size: 12, color: GREY, leading: 20 });
  writer.statusBox(check);

  writer.heading(words.sharedCredentialHeading);
  const shareStatus = words.shareStatus[share.status];
  withQrColumn(
    writer,
    (width) => {
      const row = (label: string, value: string, mono = false) =>
        writer.field(label, value, { width, labelWidth: 110, mono });
      row(words.credentialType, credentialName);
      row(words.issuer, authority);
      row(words.issuerUrl, input.iss);
      row(words.purpose, share.purpose);
      row(words.sharedWith, share.sharedWith ?? words.notSpecified);
      row(words.shared, words.dateTime(share.sharedDate));
      row(words.linkExpires, words.dateTime(share.expiryDate));
      row(words.shareStatusLabel, shareStatus);
      row(words.shareReference, share.id, true);
    },
    {
      value: input.verifyUrl,
      caption: [
        words.scanToVerify,
        share.status === "active" ? words.showsValidNow : words.shareIs(share.status),
        input.verifyUrl,
      ],
    },
  );
  writer.y -= 8;
  writer.paragraph(words.noPersonalDetails, { size: 10, color: GREY });

  writer.heading(words.signatureHeading);
  writer.paragraph(
    words.signedBy({ authority, kid: input.kid, typ: VERIFICATION_CERTIFICATE_TYP, jwksUrl: input.jwksUrl }),
    { size: 10 },
  );
  writer.y -= 6;
  writer.paragraph(input.jws, { size: 6.5, font: "mono", leading: 8.5 });

  writer.finish(words.verificationFooter(words.dateTime(now)), { pageOf: words.pageOf });
  return writer.save();
}
