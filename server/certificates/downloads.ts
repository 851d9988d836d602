/**
 * The two PDF downloads (spec 000 §7 "Credential downloads"; /shares "Download PDF"), from the
 * signed-in holder's own records: find what the path names, check it live, draw it. The routes
 * authenticate and answer; an id that is not the holder's reads as not found.
 */
import { isLocale, type Locale } from "#core/i18n/locales.ts";
import { CREDENTIAL_TYPES, isCredentialTypeCode, issuerMetadataUrl } from "#core/issuers/registry.ts";
import type { CredentialContext } from "#server/credentials/context.ts";
import { credentialAttributes, getOwnCredential } from "#server/credentials/credentials.ts";
import { checkCredentialNow } from "#server/credentials/live-check.ts";
import { serverCredentialType } from "#server/credentials/type-text.ts";
import { cookieLocale } from "#server/i18n/page-language.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { certificateLink, getOwnShare } from "#server/shares/shares.ts";
import {
  buildCredentialCertificate,
  buildVerificationCertificate,
  findCertificateCredential,
  signVerificationStatement,
  verificationStatement,
} from "./certificates.ts";

/**
 * The language a holder's PDF is printed in (issue 21): the one they chose (the language cookie,
 * then the language saved on their profile), else what their browser asks for. A certificate is a
 * citizen document: every language the product speaks.
 */
export function downloadLocale(request: Request, user: { language: string | null }): Locale {
  const saved = user.language !== null && isLocale(user.language) ? user.language : undefined;
  return cookieLocale(request) ?? saved ?? requestLocale(request);
}

export interface PdfFile {
  bytes: Uint8Array<ArrayBuffer>;
  fileName: string;
}

/**
 * The holder's credential certificate for `fileName` (right_to_work_certificate.pdf …), or for the
 * listed credential `credentialId` names. The QR code opens the credential's certificate link
 * (shares.ts certificateLink) on the holder's own `origin`; a credential that is not active gets
 * no link and no QR code. `makeLink`: the holder's POST may make the link; a GET only prints the
 * link that is open (none: no QR code), so no other site can make a public link for the holder.
 */
export async function credentialCertificate(
  context: CredentialContext,
  userId: string,
  fileName: string,
  credentialId: string | null,
  origin: string,
  makeLink: boolean,
  locale: Locale,
  now = new Date(),
): Promise<PdfFile | undefined> {
  const { db } = context;
  const credential = await findCertificateCredential(db, userId, fileName, credentialId, now);
  if (!credential) return undefined;
  const [claims, check] = await Promise.all([
    credentialAttributes(credential),
    checkCredentialNow(context, credential, credential.status, now),
  ]);
  // Claim labels in the certificate's language; a claim the type does not define keeps its own label.
  const attributes = isCredentialTypeCode(credential.type)
    ? claims.map((a) => ({ ...a, label: serverCredentialType(locale, credential.type).claimLabel(a.name) }))
    : claims;
  const link = credential.status === "active" ? await certificateLink(db, userId, credential.id, makeLink, now) : null;
  const verification = link ? { url: `${origin}${link.verifyPath}`, expiresAt: link.expiryDate } : null;
  return {
    bytes: await buildCredentialCertificate({ credential, attributes, check, verification, now, locale }),
    fileName,
  };
}

/**
 * The signed verification certificate of the holder's share `shareId`: the credential checked
 * live, and a compact JWS of what it states, signed by the issuing authority's key.
 */
export async function verificationCertificate(
  context: CredentialContext,
  userId: string,
  shareId: string,
  origin: string,
  locale: Locale,
  now = new Date(),
): Promise<PdfFile | undefined> {
  const { db, keys, base } = context;
  const share = await getOwnShare(db, userId, shareId, now);
  if (!share || !isCredentialTypeCode(share.credentialType)) return undefined;
  const credential = await getOwnCredential(db, userId, share.credentialId, now);
  if (!credential) return undefined;
  const issuerId = CREDENTIAL_TYPES[share.credentialType].issuerId;
  const key = keys.get(issuerId);
  if (!key) throw new Error(`no signing key for ${issuerId}`);
  const check = await checkCredentialNow(context, credential, credential.status, now);
  const jws = await signVerificationStatement(key, verificationStatement(share, credential.issuer, check));
  const bytes = await buildVerificationCertificate({
    share,
    iss: credential.issuer,
    issuerId,
    check,
    verifyUrl: `${origin}${share.verifyPath}`,
    jws,
    kid: key.kid,
    jwksUrl: issuerMetadataUrl(base, issuerId),
    now,
    locale,
  });
  return { bytes, fileName: `verification_certificate_${share.id}.pdf` };
}

/** A PDF answer: downloaded as a file (`attachment`) or opened in the browser (`inline`). Never cached. */
export function pdfResponse(file: PdfFile, disposition: "attachment" | "inline"): Response {
  return new Response(file.bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `${disposition}; filename="${file.fileName}"`,
      "Content-Length": String(file.bytes.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
