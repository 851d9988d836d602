/**
 * The data of /credentials (spec 000 §2 "Citizen screens", §3 "Citizen sample credential", §4):
 * the signed-in person's own credentials as the page shows them, and the summary tiles. Dates and
 * attribute values are formatted here so the page reads the same before and after hydration.
 * "Expires soon" is the wallet's own flag (toWalletCredential): it is not worked out again here.
 * Its words are in the page's language (issue 21): the loader says which.
 */
import { defineMessages, type IntlShape, type NoMessageValues as NoValues } from "@formatjs/intl";
import { type Formats, formats } from "#core/format/locale.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import type { Database } from "#db/client.ts";
import { certificateFileName, certificatePath } from "#server/certificates/certificates.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import {
  credentialAttributes,
  EXPIRING_SOON_DAYS,
  listWalletCredentials,
  type WalletCredential,
} from "./credentials.ts";
import { serverCredentialType } from "./type-text.ts";

const DAY_MS = 86_400_000;

const messages = defineMessages<{
  revokedOn: { date: string };
  revoked: NoValues;
  expiredOn: { date: string };
  expired: NoValues;
  status: { status: string };
  expiresIn: { days: number };
  refusalRevoked: NoValues;
  refusalExpired: NoValues;
  refusalOther: { status: string };
  yes: NoValues;
  no: NoValues;
  notRecorded: NoValues;
}>({
  revokedOn: { id: "credentials.note.revokedOn", defaultMessage: "Revoked on {date}" },
  revoked: { id: "credentials.note.revoked", defaultMessage: "Revoked" },
  expiredOn: { id: "credentials.note.expiredOn", defaultMessage: "Expired on {date}" },
  expired: { id: "credentials.note.expired", defaultMessage: "Expired" },
  status: {
    id: "credentials.note.status",
    defaultMessage: "Status: {status}",
    description: "A credential's status that has no words of its own (a code such as 'suspended')",
  },
  expiresIn: {
    id: "credentials.note.expiresIn",
    defaultMessage: "Expires in {days, plural, one {# day} other {# days}}",
  },
  refusalRevoked: { id: "credentials.refusal.revoked", defaultMessage: "A revoked credential cannot be shared." },
  refusalExpired: { id: "credentials.refusal.expired", defaultMessage: "An expired credential cannot be shared." },
  refusalOther: {
    id: "credentials.refusal.other",
    defaultMessage: "A credential that is {status} cannot be shared.",
    description: "{status} is a status code such as 'suspended'",
  },
  yes: { id: "credentials.value.yes", defaultMessage: "Yes", description: "A claim's value: true" },
  no: { id: "credentials.value.no", defaultMessage: "No", description: "A claim's value: false" },
  notRecorded: {
    id: "credentials.value.notRecorded",
    defaultMessage: "Not recorded",
    description: "A claim with no value",
  },
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A claim value as people read it, in the page's language: yes or no, lists joined, calendar dates. */
function attributeValue(value: unknown, intl: IntlShape, f: Formats): string {
  if (value === true) return intl.formatMessage(messages.yes);
  if (value === false) return intl.formatMessage(messages.no);
  if (value === null || value === undefined) return intl.formatMessage(messages.notRecorded);
  if (Array.isArray(value)) return value.map((v) => attributeValue(v, intl, f)).join(", ");
  if (typeof value === "string" && ISO_DATE.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? value : f.calendarDate(date);
  }
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Spec 000 §4 "Citizen sample credential display". */
export type CredentialBadge = "Active" | "Expires Soon" | "Inactive";

export interface CredentialView {
  id: string;
  type: string;
  status: WalletCredential["status"];
  typeName: string;
  authorityName: string;
  colour: string;
  icon: string;
  badge: CredentialBadge;
  /** A line under the dates: when it was revoked or expired, or how many days an expiring one has left. */
  note: string | null;
  issuedAt: string;
  issued: string;
  expiresAt: string | null;
  expires: string | null;
  revokedAt: string | null;
  revoked: string | null;
  verificationCount: number;
  attributes: { name: string; label: string; value: string }[];
  certificatePath: string;
  certificateFile: string;
  /** Why it cannot be shared, or null when it can. */
  shareRefusal: string | null;
}

export interface CredentialsPageData {
  credentials: CredentialView[];
  summary: {
    total: number;
    activeAndValid: number;
    expiringSoon: number;
    /** Sent with the data: the constant lives in a server module the browser bundle leaves out. */
    expiringSoonDays: number;
  };
}

export function credentialBadge(credential: Pick<WalletCredential, "status" | "display">): CredentialBadge {
  if (credential.status !== "active") return "Inactive";
  return credential.display.expiringSoon ? "Expires Soon" : "Active";
}

/** Why a credential cannot be shared, or null when it can (only an active one can: server/shares/shares.ts). */
export function shareRefusal(
  credential: Pick<WalletCredential, "status">,
  locale: Locale = DEFAULT_LOCALE,
): string | null {
  const intl = serverIntl(locale);
  if (credential.status === "active") return null;
  if (credential.status === "revoked") return intl.formatMessage(messages.refusalRevoked);
  if (credential.status === "expired") return intl.formatMessage(messages.refusalExpired);
  return intl.formatMessage(messages.refusalOther, { status: credential.status });
}

export function statusNote(
  credential: Pick<WalletCredential, "status" | "display" | "expiresAt" | "revokedAt">,
  now: Date,
  locale: Locale = DEFAULT_LOCALE,
): string | null {
  const intl = serverIntl(locale);
  const f = formats(locale);
  if (credential.status === "revoked")
    return credential.revokedAt
      ? intl.formatMessage(messages.revokedOn, { date: f.date(credential.revokedAt) })
      : intl.formatMessage(messages.revoked);
  if (credential.status === "expired")
    return credential.expiresAt
      ? intl.formatMessage(messages.expiredOn, { date: f.date(credential.expiresAt) })
      : intl.formatMessage(messages.expired);
  if (credential.status !== "active") return intl.formatMessage(messages.status, { status: credential.status });
  if (credential.display.expiringSoon && credential.expiresAt) {
    const days = Math.max(0, Math.ceil((new Date(credential.expiresAt).getTime() - now.getTime()) / DAY_MS));
    return intl.formatMessage(messages.expiresIn, { days });
  }
  return null;
}

/** One held credential as its card and details dialog show it; `newest`: the newest of its type held. */
async function toView(
  credential: WalletCredential,
  newest: boolean,
  now: Date,
  locale: Locale,
): Promise<CredentialView> {
  const intl = serverIntl(locale);
  const f = formats(locale);
  const type = serverCredentialType(locale, credential.type);
  return {
    id: credential.id,
    type: credential.type,
    status: credential.status,
    typeName: type.name,
    authorityName: credential.display.authorityName,
    colour: credential.display.colour,
    icon: credential.display.icon,
    badge: credentialBadge(credential),
    note: statusNote(credential, now, locale),
    issuedAt: credential.issuedAt,
    issued: f.date(credential.issuedAt),
    expiresAt: credential.expiresAt,
    expires: credential.expiresAt ? f.date(credential.expiresAt) : null,
    revokedAt: credential.revokedAt,
    revoked: credential.revokedAt ? f.date(credential.revokedAt) : null,
    verificationCount: credential.verificationCount,
    attributes: (await credentialAttributes(credential)).map((a) => ({
      name: a.name,
      label: type.claimLabel(a.name),
      value: attributeValue(a.value, intl, f),
    })),
    // The spec's path means the newest of the type; an older listed copy is named by id.
    certificatePath: certificatePath(credential.type, newest ? undefined : credential.id),
    certificateFile: certificateFileName(credential.type),
    shareRefusal: shareRefusal(credential, locale),
  };
}

/** The page's data for `userId` (the signed-in person), read at `now`, its words in `locale`. */
export async function credentialsPageData(
  db: Database,
  userId: string,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<CredentialsPageData> {
  const held = await listWalletCredentials(db, userId, now);
  // Newest first, so the first of each type is the newest.
  const newestOfType = new Map<string, string>();
  for (const credential of held)
    if (!newestOfType.has(credential.type)) newestOfType.set(credential.type, credential.id);
  const credentials = await Promise.all(
    held.map((credential) => toView(credential, newestOfType.get(credential.type) === credential.id, now, locale)),
  );
  return {
    credentials,
    summary: {
      total: held.length,
      activeAndValid: held.filter((c) => c.status === "active").length,
      expiringSoon: held.filter((c) => c.display.expiringSoon).length,
      expiringSoonDays: EXPIRING_SOON_DAYS,
    },
  };
}
