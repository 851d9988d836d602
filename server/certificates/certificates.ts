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
 * Drawn with pdf-lib's standard fonts only (no font files in the worker), A4, text in WinAnsi:
 * characters outside it are reduced to their base letter or "?". The QR code is drawn as
 * rectangles from qrcode's module matrix, so no image decoding is needed.
 */

import { webCrypto } from "#core/credentials/index.ts";
import { signCompactJws } from "#core/credentials/jws.ts";
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
import { COLOURS, CONTENT_WIDTH, drawable, MARGIN, newDocument, PdfWriter, wrap } from "#server/pdf/document.ts";
import type { ShareRecord } from "#server/shares/shares.ts";

// ---------------------------------------------------------------------------------------------
// Names and formats shared by the /credentials page and the PDFs
// ---------------------------------------------------------------------------------------------

// Dates and claim values as every screen shows them (core/format/format.ts); the certificate's
// times carry the zone name, since a PDF is read far from the page that made it.
import { formatAttributeValue, formatDate, formatDateTimeZoned as formatDateTime } from "#core/format/format.ts";

export { formatAttributeValue };

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

const STATUS_WORDS: Record<string, string> = {
  active: "Active",
  revoked: "Revoked",
  expired: "Expired",
  pending: "Pending",
};

/** A stored status as a word ("Active", "Revoked"); anything else as is (spec 000 §4). */
function statusWord(status: string): string {
  return STATUS_WORDS[status] ?? status;
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
  /** The live status as a tinted box with a coloured bar: green when valid, red otherwise. */
  statusBox(check: LiveCheck): void {
    const title = check.valid ? liveCheckLine(check) : `Not valid at ${formatDateTime(check.checkedAt)}`;
    const detail = check.valid ? "Checked live: signed by the issuer, in date and not revoked." : check.message;
    const detailLines = wrap(this.fonts.regular, 10, drawable(this.fonts.regular, detail), CONTENT_WIDTH - 28);
    const height = 22 + 16 + detailLines.length * 13 + 4;
    this.ensure(height + 12);
    this.y -= 12;
    const top = this.y;
    this.page.drawRectangle({
      x: MARGIN,
      y: top - height,
      width: CONTENT_WIDTH,
      height,
      color: check.valid ? GREEN_TINT : RED_TINT,
    });
    this.page.drawRectangle({ x: MARGIN, y: top - height, width: 6, height, color: check.valid ? GREEN : RED });
    this.text("Current status", { x: MARGIN + 18, y: top - 16, size: 9, font: this.fonts.bold, color: GREY });
    this.text(title, {
      x: MARGIN + 18,
      y: top - 32,
      size: 13,
      font: this.fonts.bold,
      color: check.valid ? GREEN : RED,
    });
    for (const [i, line] of detailLines.entries()) this.text(line, { x: MARGIN + 18, y: top - 48 - i * 13, size: 10 });
    this.y = top - height;
  }

  /** A QR code of `value` with its top-left corner at (x, top); returns its bottom edge. */
  qr(value: string, x: number, top: number, size = QR_SIZE): number {
    const { extent, runs } = qrRuns(value);
    const cell = size / extent;
    this.page.drawRectangle({
      x,
      y: top - size,
      width: size,
      height: size,
      color: WHITE,
      borderColor: RULE,
      borderWidth: 0.5,
    });
    for (const run of runs) {
      this.page.drawRectangle({
        x: x + run.x * cell,
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
 * right with its caption. The cursor ends below whichever is longer.
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
    const font = i === 0 ? writer.fonts.bold : i === qr.caption.length - 1 ? writer.fonts.mono : writer.fonts.regular;
    const size = i === qr.caption.length - 1 ? 7 : 8.5;
    for (const part of wrap(font, size, drawable(font, line), QR_SIZE)) {
      y -= size + 3;
      writer.text(part, { x, y, size, font, color: i === 0 ? BLACK : GREY });
    }
  }
  writer.page = page;
  writer.y = page === startPage ? Math.min(leftBottom, y) : leftBottom;
}

export interface CredentialCertificateInput {
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
  const typeName = credential.display.longName;
  const authority = credential.display.authorityName;
  const holder = holderName(attributes);
  const { doc, fonts } = await newDocument({
    title: `${typeName} Certificate`,
    author: authority,
    subject: `${typeName} credential ${credential.id}${holder ? ` held by ${holder}` : ""}, issued by ${authority}`,
    keywords: ["credential certificate", typeName, credential.id],
    now,
  });
  const writer = new CertificateWriter(doc, fonts, "Credential Certificate");

  writer.y -= 22;
  writer.text(`${typeName} Certificate`, { x: MARGIN, y: writer.y, size: 24, font: fonts.bold });
  writer.y -= 12;
  writer.paragraph(`A verifiable credential issued by the ${authority}${holder ? ` to ${holder}` : ""}.`, {
    size: 12,
    color: GREY,
    leading: 20,
  });
  writer.statusBox(check);

  writer.heading("Credential");
  withQrColumn(
    writer,
    (width) => {
      const row = (label: string, value: string, mono = false) =>
        writer.field(label, value, { width, labelWidth: 110, mono });
      row("Credential type", typeName);
      row("Holder", holder ?? "Not stated in the credential");
      row("Issuer", authority);
      row("Issuer URL", credential.issuer);
      row("Issued", formatDate(credential.issuedAt));
      row("Expires", credential.expiresAt ? formatDate(credential.expiresAt) : "No expiry");
      if (credential.revokedAt) row("Revoked", formatDate(credential.revokedAt));
      row("Recorded status", statusWord(credential.status));
      row("Credential ID", credential.id, true);
    },
    verification
      ? {
          value: verification.url,
          caption: [
            "Scan to check this credential now",
            `Link valid until ${formatDateTime(verification.expiresAt)}`,
            verification.url,
          ],
        }
      : null,
  );
  if (!verification) {
    writer.y -= 8;
    writer.paragraph(
      credential.status === "active"
        ? // Fetched without the holder's Download Certificate (a GET): no link is made for it (issue 20).
          "No verification link: use Download Certificate on your Credentials page to add a QR code a verifier can scan."
        : `No verification link: a ${statusWord(credential.status).toLowerCase()} credential cannot be shared.`,
      { size: 10, color: GREY },
    );
  }

  writer.heading("Attributes");
  if (attributes.length === 0) writer.paragraph("The credential discloses no attributes.", { color: GREY });
  for (const attribute of attributes)
    writer.field(attribute.label, formatAttributeValue(attribute.value), { labelWidth: 170 });

  writer.finish(
    `Generated ${formatDateTime(now)} by UK Digital Identity. This is a printable record of a digital credential (SD-JWT VC) signed by the ${authority} and ` +
      `held in the holder's wallet. The status above was checked when the certificate was made${verification ? "; scan the QR code for the status now." : "."}`,
  );
  return (await doc.save()) as Uint8Array<ArrayBuffer>;
}

export interface VerificationCertificateInput {
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

const SHARE_STATUS_WORDS: Record<ShareRecord["status"], string> = {
  active: "Active",
  expired: "Expired",
  revoked: "Revoked",
};

/**
 * The signed verification certificate of one share (spec 000 §2 /shares: "PDFs are verification
 * certificates ... digitally signed"). It states what the share link states and no personal
 * details: type, issuer, purpose, recipient, dates and the credential's status checked now.
 */
export async function buildVerificationCertificate(
  input: VerificationCertificateInput,
): Promise<Uint8Array<ArrayBuffer>> {
  const { share, check, now } = input;
  const authority = AUTHORITIES[input.issuerId].name;
  const { doc, fonts } = await newDocument({
    title: `Verification Certificate: ${share.credentialName}`,
    author: authority,
    subject: `Signed verification certificate for a shared ${share.credentialName} credential (share ${share.id}); the signed statement (JWS, typ ${VERIFICATION_CERTIFICATE_TYP}) is the Keywords entry`,
    keywords: [input.jws],
    now,
  });
  const writer = new CertificateWriter(doc, fonts, "Verification Certificate");

  writer.y -= 22;
  writer.text("Signed Verification Certificate", { x: MARGIN, y: writer.y, size: 24, font: fonts.bold });
  writer.y -= 12;
  writer.paragraph(`${share.credentialName} issued by the ${authority}`, { size: 12, color: GREY, leading: 20 });
  writer.statusBox(check);

  writer.heading("Shared credential");
  withQrColumn(
    writer,
    (width) => {
      const row = (label: string, value: string, mono = false) =>
        writer.field(label, value, { width, labelWidth: 110, mono });
      row("Credential type", share.credentialName);
      row("Issuer", authority);
      row("Issuer URL", input.iss);
      row("Purpose", share.purpose);
      row("Shared with", share.sharedWith ?? "Not specified");
      row("Shared", formatDateTime(share.sharedDate));
      row("Link expires", formatDateTime(share.expiryDate));
      row("Share status", SHARE_STATUS_WORDS[share.status]);
      row("Share reference", share.id, true);
    },
    {
      value: input.verifyUrl,
      caption: [
        "Scan to verify",
        share.status === "active"
          ? "Shows whether the credential is valid right now"
          : `This share is ${share.status}: the link says so`,
        input.verifyUrl,
      ],
    },
  );
  writer.y -= 8;
  writer.paragraph(
    "This certificate and the link contain no personal details: only the credential's type, its issuer and whether it is valid.",
    {
      size: 10,
      color: GREY,
    },
  );

  writer.heading("Digital signature");
  writer.paragraph(
    `Signed by the ${authority} with key ${input.kid}. To check it, verify the compact JWS below (EdDSA, typ ${VERIFICATION_CERTIFICATE_TYP}) ` +
      `with the key of that kid published at ${input.jwksUrl}; its payload repeats the share, the status and the time of the check.`,
    { size: 10 },
  );
  writer.y -= 6;
  writer.paragraph(input.jws, { size: 6.5, font: fonts.mono, leading: 8.5 });

  writer.finish(
    `Generated ${formatDateTime(now)} by UK Digital Identity. The status above was checked when the certificate was made; ` +
      "the verification link shows the status at the time it is opened.",
  );
  return (await doc.save()) as Uint8Array<ArrayBuffer>;
}
