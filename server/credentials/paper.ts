/**
 * Paper credentials (issue 10, assisted digital): at a counter an operator prints a citizen's
 * credential as a QR code, for someone without a phone. A printed code cannot sign a key-binding
 * JWT, so the credential is issued bound to no key: no `cnf`, and `"binding": "paper"` in clear in
 * the issuer-signed payload (core/credentials/profile.ts), which verifiers accept only when a code
 * is scanned in person (the verifier worker's POST /api/presentations/validate), never as a
 * wallet's answer. What stands in for the device key is the checker comparing the holder's photo
 * ID with the name on it; what bounds a lost or copied sheet is its short life and revocation.
 *
 * - Lifetime: PAPER_CREDENTIAL_LIFETIME_DAYS, never past the authority record's validity.
 * - Status: a slot on the issuer's open status list like any credential, so revoking it
 *   (server/credentials/revocation.ts) is seen by the next online check.
 * - It is the person's credential (`credentials`, their userId, `metadata.delivery` "paper") and
 *   logged in their wallet; it leaves their wallet credential of the same type as it is.
 * - The printed text is the presentation of PAPER_DISCLOSURES (core/issuers/registry.ts) without a
 *   KB-JWT, packed as an offline QR code (`UKID1:`, core/verification/offline-qr.ts), made from the
 *   stored credential whenever it is printed (paperPayload). A type with no PAPER_DISCLOSURES entry
 *   is never printed (printableOnPaper).
 */
import { defineMessages } from "@formatjs/intl";
import { issueCredential, presentPaperCredential } from "#core/credentials/index.ts";
import type { Locale } from "#core/i18n/locales.ts";
import {
  CREDENTIAL_TYPES,
  type CredentialTypeCode,
  issuerUrl,
  PAPER_DISCLOSURES,
  printableOnPaper,
  vctUrl,
} from "#core/issuers/registry.ts";
import { encodeOfflinePresentation } from "#core/verification/offline-qr.ts";
import type { Database } from "#db/client.ts";
import { type CredentialMetadata, credentials, walletEvents } from "#db/schema/index.ts";
import type { ServiceError } from "#server/http/errors.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { authorityRecordFor, credentialTypeOf, recordClaims } from "./authority-records.ts";
import { PAPER_DELIVERY } from "./credentials.ts";
import type { IssuerKeys } from "./issuer-keys.ts";
import { openStatusList, withStatusSlots } from "./status-lists.ts";
import { serverCredentialType } from "./type-text.ts";

/** How long a printed credential is valid: the checker's window, as 15 minutes is a wallet code's. */
export const PAPER_CREDENTIAL_LIFETIME_DAYS = 30;
const DAY_MS = 86_400_000;

const messages = defineMessages({
  paperNotAllowed: {
    id: "server.citizen.paper.notAllowed",
    defaultMessage: "A {type} is not issued on paper: it needs the holder's own device",
    description: "{type}: a credential type's full name (DBS Enhanced Check)",
  },
});

/**
 * 409 PAPER_NOT_ALLOWED (issue 21: worded in the reader's language, the type's name in it too):
 * its English message names the type by its long name, as before.
 */
class PaperNotAllowed extends WordedServiceError {
  readonly typeCode: CredentialTypeCode | undefined;

  constructor(typeName: string) {
    super(409, messages.paperNotAllowed, "PAPER_NOT_ALLOWED", { type: typeName });
    this.typeCode = (Object.keys(CREDENTIAL_TYPES) as CredentialTypeCode[]).find(
      (code) => CREDENTIAL_TYPES[code].longName === typeName,
    );
  }

  override messageIn(locale: Locale): string {
    const type = this.typeCode ? serverCredentialType(locale, this.typeCode).name : String(this.values?.type ?? "");
    return serverIntl(locale).formatMessage(this.words, { type });
  }
}

/** 409 PAPER_NOT_ALLOWED: a type that is never printed (printableOnPaper), named by its long name. */
export function paperNotAllowed(typeName: string): ServiceError {
  return new PaperNotAllowed(typeName);
}

export interface PaperIssueRequest {
  db: Database;
  keys: IssuerKeys;
  /** The https base of our identifiers (core/issuers/registry.ts publicBaseUrl). */
  base: string;
  /** The citizen the credential is about (the authority's record is theirs). */
  userId: string;
  /** A credential type code (rtw, rtr, dbs, driving_licence, professional_certificate). */
  type: string;
  now?: Date;
}

export interface PaperCredential {
  credentialId: string;
  /** The stored credential, from which paperPayload makes the text to print. */
  vcJwt: string;
  /** The credential's exp: PAPER_CREDENTIAL_LIFETIME_DAYS from issue, or the record's end if sooner. */
  expiresAt: Date;
}

/**
 * Issues the authority's record of `type` about the user as a paper credential; paperPayload makes
 * the text to print from it. Refuses as issuance to a device does: 404 TYPE_UNKNOWN, 404
 * NO_RECORD, 409 RECORD_EXPIRED, and 409 PAPER_NOT_ALLOWED for a type never printed
 * (ServiceError). The credential and its wallet log line are stored together.
 */
export async function issuePaperCredential(input: PaperIssueRequest): Promise<PaperCredential> {
  const { db, keys, base, userId } = input;
  const now = input.now ?? new Date();
  const type = credentialTypeOf(input.type);
  if (!printableOnPaper(type.code)) throw paperNotAllowed(type.longName);
  const issuer = keys.get(type.issuerId);
  if (!issuer) throw new Error(`no signing key for ${type.issuerId}`);
  const record = await authorityRecordFor(db, userId, type, now);

  const expiresAt = new Date(
    Math.min(now.getTime() + PAPER_CREDENTIAL_LIFETIME_DAYS * DAY_MS, record.validUntil.getTime()),
  );
  const iss = issuerUrl(base, type.issuerId);
  const vct = vctUrl(base, type.code);
  const list = await openStatusList(db, type.issuerId, base);
  const { claims, structured } = recordClaims(record, now);
  const metadata: CredentialMetadata = { delivery: PAPER_DELIVERY, vct, authorityRecordId: record.id };
  return withStatusSlots(db, list.listId, 1, async ([index]) => {
    const id = crypto.randomUUID();
    const vcJwt = await issueCredential({
      issuer: { iss, kid: issuer.kid, privateKey: issuer.privateKey },
      vct,
      paper: true,
      claims,
      structured,
      status: { idx: index, uri: list.uri },
      iat: Math.floor(now.getTime() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
      decoys: 2,
    });
    await db.batch([
      db.insert(credentials).values({
        id,
        userId,
        type: type.code,
        status: "active",
        vcJwt,
        issuer: iss,
        issuedAt: now,
        expiresAt,
        statusListId: list.listId,
        statusListIndex: index,
        metadata,
      }),
      db.insert(walletEvents).values({
        userId,
        kind: "credential_issued",
        credentialId: id,
        detail: { type: type.code, issuer: type.issuerId, delivery: PAPER_DELIVERY },
        createdAt: now,
      }),
    ]);
    return { credentialId: id, vcJwt, expiresAt };
  });
}

/**
 * The text to print for a paper credential as issued (`vcJwt`, e.g. its stored row, to print it
 * again): the presentation of its type's PAPER_DISCLOSURES, without a KB-JWT, as an offline QR code,
 * and the claim paths it discloses, in PAPER_DISCLOSURES order. The same text every time for the
 * same credential. Only what the credential holds is disclosed: a type's list may name a claim a
 * particular record lacks.
 */
export async function paperPayload(vcJwt: string, type: string): Promise<{ payload: string; disclosed: string[] }> {
  const credentialType = credentialTypeOf(type);
  const paths = PAPER_DISCLOSURES[credentialType.code];
  if (!paths) throw paperNotAllowed(credentialType.longName);
  const { presentation, disclosed } = await presentPaperCredential({ sdJwt: vcJwt, disclose: paths });
  return { payload: encodeOfflinePresentation(presentation), disclosed };
}
