/**
 * The wallet's Recent Activity (spec 000 §2 "Wallet page"): the citizen's own wallet_events rows,
 * newest first, each turned into a readable title and sentence. The specification shows sample
 * content here; we show what really happened to this person's credentials and shares.
 */
import { defineMessages, type MessageDescriptor } from "@formatjs/intl";
import { and, desc, eq, inArray } from "drizzle-orm";
import { capitalise, inWords } from "#core/format/format.ts";
import type { Tone } from "#core/format/tone.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { AUTHORITIES, CREDENTIAL_TYPES, isCredentialTypeCode } from "#core/issuers/registry.ts";
import {
  ITEM_LABEL_MESSAGES,
  PROFILE_ITEMS,
  PROFILE_UPDATED,
  type ProfileItemKey,
  SECTION_TITLE_MESSAGES,
} from "#core/profile/items.ts";
import { checkAttributeText } from "#core/verification/check-messages.ts";
import { isCheckType } from "#core/verification/checks.ts";
import { holderRefusalText } from "#core/verification/holder-refusals.ts";
import { reasonMessage } from "#core/verification/reasons.ts";
import type { Database } from "#db/client.ts";
import { walletEvents } from "#db/schema/index.ts";
import { describeSecurityChange, SECURITY_CHANGED } from "#server/accounts/security-notices.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { PAPER_DELIVERY } from "./credentials.ts";
import { serverCredentialType } from "./type-text.ts";

/** How many events the page loads; it shows the first few until the log is expanded. */
const ACTIVITY_LIMIT = 25;

export interface WalletActivity {
  id: string;
  kind: string;
  title: string;
  description: string;
  /** ISO timestamp. */
  at: string;
  credentialType: string | null;
  tone: Tone;
}

type EventRow = Pick<typeof walletEvents.$inferSelect, "id" | "kind" | "detail" | "createdAt">;

/**
 * The rows' words (issue 21): the log stores what happened (a kind and its details), never
 * sentences, so each row is worded when the page is made, in the page's language.
 */
const messages = defineMessages({
  paperPrinted: { id: "server.citizen.activity.paperPrinted", defaultMessage: "Paper credential printed" },
  paperPrintedDetail: {
    id: "server.citizen.activity.paperPrintedDetail",
    defaultMessage: "{name} issued by {issuer} on paper at a counter; it is not on any device",
    description: "{name}: a credential type (Right to Work); {issuer}: an organisation (Home Office)",
  },
  added: { id: "server.citizen.activity.added", defaultMessage: "Credential added" },
  addedDetail: {
    id: "server.citizen.activity.addedDetail",
    defaultMessage: "{name} issued by {issuer} to this wallet",
    description: "{name}: a credential type (Right to Work); {issuer}: an organisation (Home Office)",
  },
  sentToApp: { id: "server.citizen.activity.sentToApp", defaultMessage: "Sent to another wallet app" },
  sentToAppDetail: {
    id: "server.citizen.activity.sentToAppDetail",
    defaultMessage: "{name} issued by {issuer} to another wallet app (copies: {copies})",
    description:
      "{name}: a credential type (Right to Work); {issuer}: an organisation (Home Office); {copies}: a number, how many copies the wallet app received",
  },
  deferred: { id: "server.citizen.activity.deferred", defaultMessage: "Requested by a wallet app" },
  deferredDetail: {
    id: "server.citizen.activity.deferredDetail",
    defaultMessage: "A wallet app asked for {name}; {issuer} will issue it when its check is complete",
    description:
      "{name}: a credential type (Enhanced DBS Check); {issuer}: an organisation (Disclosure and Barring Service)",
  },
  appAccepted: { id: "server.citizen.activity.appAccepted", defaultMessage: "Stored in a wallet app" },
  appAcceptedDetail: {
    id: "server.citizen.activity.appAcceptedDetail",
    defaultMessage: "A wallet app confirmed it holds {name}",
    description: "{name}: a credential type (Right to Work)",
  },
  appFailed: { id: "server.citizen.activity.appFailed", defaultMessage: "Not stored in a wallet app" },
  appFailedDetail: {
    id: "server.citizen.activity.appFailedDetail",
    defaultMessage: "A wallet app could not store {name}; the copies sent to it were revoked",
    description: "{name}: a credential type (Right to Work)",
  },
  appDeclined: { id: "server.citizen.activity.appDeclined", defaultMessage: "Declined in a wallet app" },
  appDeclinedDetail: {
    id: "server.citizen.activity.appDeclinedDetail",
    defaultMessage: "{name} was declined in a wallet app; the copies sent to it were revoked",
    description: "{name}: a credential type (Right to Work)",
  },
  appCopiesRevoked: { id: "server.citizen.activity.appCopiesRevoked", defaultMessage: "Copies revoked" },
  appCopiesRevokedDetail: {
    id: "server.citizen.activity.appCopiesRevokedDetail",
    defaultMessage: "You revoked the copies of {name} held in another wallet app (copies: {copies})",
    description: "{name}: a credential type (Right to Work); {copies}: a number",
  },
  reissued: { id: "server.citizen.activity.reissued", defaultMessage: "Credential re-issued" },
  reissuedDetail: {
    id: "server.citizen.activity.reissuedDetail",
    defaultMessage: "{name} re-issued by {issuer}; the earlier copy was revoked",
    description: "{name}: a credential type (Right to Work); {issuer}: an organisation (Home Office)",
  },
  revoked: { id: "server.citizen.activity.revoked", defaultMessage: "Credential revoked" },
  revokedDetail: {
    id: "server.citizen.activity.revokedDetail",
    defaultMessage: "{name} was revoked and can no longer be verified",
    description: "{name}: a credential type (Right to Work)",
  },
  revokedDetailReason: {
    id: "server.citizen.activity.revokedDetailReason",
    defaultMessage: "{name} was revoked and can no longer be verified ({reason})",
    description: "{name}: a credential type; {reason}: the issuer's reason, as the issuer typed it",
  },
  shared: { id: "server.citizen.activity.shared", defaultMessage: "Credential shared" },
  sharedDetail: {
    id: "server.citizen.activity.sharedDetail",
    defaultMessage: "A 24-hour verification link to your {name} was created",
    description: "{name}: a credential type (Right to Work), or the word for 'credential'",
  },
  shareWithdrawn: { id: "server.citizen.activity.shareWithdrawn", defaultMessage: "Share withdrawn" },
  shareWithdrawnDetail: {
    id: "server.citizen.activity.shareWithdrawnDetail",
    defaultMessage: "The verification link to your {name} was withdrawn",
    description: "{name}: a credential type (Right to Work), or the word for 'credential'",
  },
  shareOpened: { id: "server.citizen.activity.shareOpened", defaultMessage: "Share link opened" },
  shareOpenedDetail: {
    id: "server.citizen.activity.shareOpenedDetail",
    defaultMessage: "Someone opened the verification link to your {name}",
    description: "{name}: a credential type (Right to Work), or the word for 'credential'",
  },
  profileUpdated: { id: "server.citizen.activity.profileUpdated", defaultMessage: "Profile updated" },
  itemSaved: {
    id: "server.citizen.activity.itemSaved",
    defaultMessage: "{item} saved in {section}",
    description: "{item}: a profile item (Phone number); {section}: a profile section (Basic Information)",
  },
  sectionSaved: {
    id: "server.citizen.activity.sectionSaved",
    defaultMessage: "{section} saved",
    description: "{section}: a profile section (Basic Information), or 'Profile details'",
  },
  profileDetails: { id: "server.citizen.activity.profileDetails", defaultMessage: "Profile details" },
  verified: { id: "server.citizen.activity.verified", defaultMessage: "Credential verified" },
  verifiedSaw: {
    id: "server.citizen.activity.verifiedSaw",
    defaultMessage: "{who} checked your {name}; they saw: {seen}",
    description: "{who}: an organisation; {name}: a credential type; {seen}: a list of the details they saw",
  },
  verifiedPurposeSaw: {
    id: "server.citizen.activity.verifiedPurposeSaw",
    defaultMessage: '{who} checked your {name} for "{purpose}"; they saw: {seen}',
    description:
      "{who}: an organisation; {name}: a credential type; {purpose}: why, as the organisation typed it; {seen}: a list of the details they saw",
  },
  verifiedNothing: {
    id: "server.citizen.activity.verifiedNothing",
    defaultMessage: "{who} checked your {name}; they saw nothing from it",
    description: "{who}: an organisation; {name}: a credential type",
  },
  verifiedPurposeNothing: {
    id: "server.citizen.activity.verifiedPurposeNothing",
    defaultMessage: '{who} checked your {name} for "{purpose}"; they saw nothing from it',
    description: "{who}: an organisation; {name}: a credential type; {purpose}: why, as the organisation typed it",
  },
  refused: { id: "server.citizen.activity.refused", defaultMessage: "Verification refused" },
  refusedDetail: {
    id: "server.citizen.activity.refusedDetail",
    defaultMessage: "{who} tried to check your {name}; the check did not pass ({reason})",
    description: "{who}: an organisation; {name}: a credential type; {reason}: a sentence saying why",
  },
  refusedPurposeDetail: {
    id: "server.citizen.activity.refusedPurposeDetail",
    defaultMessage: '{who} tried to check your {name} for "{purpose}"; the check did not pass ({reason})',
    description:
      "{who}: an organisation; {name}: a credential type; {purpose}: why, as the organisation typed it; {reason}: a sentence saying why",
  },
  aVerifier: {
    id: "server.citizen.activity.aVerifier",
    defaultMessage: "A verifier",
    description: "Who checked a credential, when the organisation's name is not known",
  },
  reasonOther: {
    id: "server.citizen.activity.reasonOther",
    defaultMessage: "The presentation could not be verified.",
  },
  certificateDownloaded: {
    id: "server.citizen.activity.certificateDownloaded",
    defaultMessage: "Certificate downloaded",
  },
  certificateDetail: {
    id: "server.citizen.activity.certificateDetail",
    defaultMessage: "The {name} certificate was downloaded",
    description: "{name}: a credential type (Right to Work)",
  },
  aCredential: {
    id: "server.citizen.activity.aCredential",
    defaultMessage: "credential",
    description: "Stands for a credential of a type the service no longer knows, inside a sentence",
  },
  theIssuingAuthority: {
    id: "server.citizen.activity.theIssuingAuthority",
    defaultMessage: "the issuing authority",
    description: "Stands for the organisation that issued a credential, when it is not known, inside a sentence",
  },
  walletActivity: {
    id: "server.citizen.activity.walletActivity",
    defaultMessage: "Wallet activity",
    description: "A row of the activity log whose kind the service does not know",
  },
});

/** One event as the page says it, in `locale`. Pure, so it is tested without a database. */
export function describeWalletEvent(row: EventRow, locale: Locale = DEFAULT_LOCALE): WalletActivity {
  const intl = serverIntl(locale);
  const say = (words: MessageDescriptor, values?: Record<string, string>) => intl.formatMessage(words, values);
  const detail = row.detail ?? {};
  const type = typeof detail.type === "string" ? detail.type : null;
  const known = isCredentialTypeCode(type);
  const name = known ? serverCredentialType(locale, type).name : say(messages.aCredential);
  // Organisations keep their own names in every language (core/i18n/glossary.json).
  const issuer = known ? AUTHORITIES[CREDENTIAL_TYPES[type].issuerId].name : say(messages.theIssuingAuthority);
  const base = { id: row.id, kind: row.kind, at: row.createdAt.toISOString(), credentialType: type };
  // A sentence that opens with the type's name ("credential issued by…") starts with a capital.
  const sentence = (text: string) => capitalise(text);
  switch (row.kind) {
    case "credential_issued":
      // Copies for another wallet app (server/issuance): this wallet does not hold them.
      if (detail.wallet === "app") {
        return {
          ...base,
          tone: "ok",
          title: say(messages.sentToApp),
          description: sentence(say(messages.sentToAppDetail, { name, issuer, copies: String(detail.copies ?? 1) })),
        };
      }
      // A paper credential (server/credentials/paper.ts) was printed at a counter: it is not in any wallet.
      return detail.delivery === PAPER_DELIVERY
        ? {
            ...base,
            tone: "ok",
            title: say(messages.paperPrinted),
            description: sentence(say(messages.paperPrintedDetail, { name, issuer })),
          }
        : {
            ...base,
            tone: "ok",
            title: say(messages.added),
            description: sentence(say(messages.addedDetail, { name, issuer })),
          };
    case "credential_deferred":
      return {
        ...base,
        tone: "info",
        title: say(messages.deferred),
        description: say(messages.deferredDetail, { name, issuer }),
      };
    case "wallet_app_notified": {
      const [title, detailWords, tone] =
        detail.event === "credential_accepted"
          ? ([messages.appAccepted, messages.appAcceptedDetail, "ok"] as const)
          : detail.event === "credential_deleted"
            ? ([messages.appDeclined, messages.appDeclinedDetail, "warn"] as const)
            : ([messages.appFailed, messages.appFailedDetail, "warn"] as const);
      return { ...base, tone, title: say(title), description: sentence(say(detailWords, { name })) };
    }
    case "app_copies_revoked":
      return {
        ...base,
        tone: "warn",
        title: say(messages.appCopiesRevoked),
        description: say(messages.appCopiesRevokedDetail, { name, copies: String(detail.copies ?? 1) }),
      };
    case "credential_reissued":
      return {
        ...base,
        tone: "ok",
        title: say(messages.reissued),
        description: sentence(say(messages.reissuedDetail, { name, issuer })),
      };
    case "credential_revoked": {
      const reason = typeof detail.reason === "string" ? detail.reason.trim().slice(0, 120) : "";
      return {
        ...base,
        tone: "warn",
        title: say(messages.revoked),
        description: sentence(
          reason ? say(messages.revokedDetailReason, { name, reason }) : say(messages.revokedDetail, { name }),
        ),
      };
    }
    case "share_created":
      return { ...base, tone: "info", title: say(messages.shared), description: say(messages.sharedDetail, { name }) };
    case "share_revoked":
      return {
        ...base,
        tone: "warn",
        title: say(messages.shareWithdrawn),
        description: say(messages.shareWithdrawnDetail, { name }),
      };
    case "share_viewed":
      return {
        ...base,
        tone: "info",
        title: say(messages.shareOpened),
        description: say(messages.shareOpenedDetail, { name }),
      };
    case PROFILE_UPDATED: {
      const section =
        typeof detail.section === "string" && Object.hasOwn(SECTION_TITLE_MESSAGES, detail.section)
          ? say(SECTION_TITLE_MESSAGES[detail.section as keyof typeof SECTION_TITLE_MESSAGES])
          : say(messages.profileDetails);
      const item =
        typeof detail.item === "string" && Object.hasOwn(PROFILE_ITEMS, detail.item)
          ? say(ITEM_LABEL_MESSAGES[detail.item as ProfileItemKey])
          : null;
      return {
        ...base,
        tone: "info",
        title: say(messages.profileUpdated),
        description: item ? say(messages.itemSaved, { item, section }) : say(messages.sectionSaved, { section }),
      };
    }
    case "credential_verified": {
      const who = typeof detail.organisation === "string" ? detail.organisation : say(messages.aVerifier);
      const purpose = typeof detail.purpose === "string" ? detail.purpose.slice(0, 120) : "";
      const check = isCheckType(detail.checkType) ? detail.checkType : undefined;
      const seenIds = Array.isArray(detail.attributes)
        ? detail.attributes.filter((a): a is string => typeof a === "string")
        : [];
      // The check's own names for what was seen (as the consent screen lists them), in the page's language.
      const labels = seenIds.map((id) => (check ? checkAttributeText(intl, check, id) : undefined) ?? inWords(id));
      if (detail.valid === true) {
        const seen = intl.formatList(labels, { type: "unit" });
        const words = labels.length
          ? purpose
            ? say(messages.verifiedPurposeSaw, { who, name, purpose, seen })
            : say(messages.verifiedSaw, { who, name, seen })
          : purpose
            ? say(messages.verifiedPurposeNothing, { who, name, purpose })
            : say(messages.verifiedNothing, { who, name });
        return { ...base, tone: "ok", title: say(messages.verified), description: words };
      }
      const code = String(detail.reason ?? "");
      // The verifier's reason in the page's language (a credential's refusal or the request's); one
      // the citizen's languages have no words for is said in English only to English readers.
      const reason =
        holderRefusalText(intl, code) ?? (locale === DEFAULT_LOCALE ? reasonMessage(code) : say(messages.reasonOther));
      return {
        ...base,
        tone: "warn",
        title: say(messages.refused),
        description: purpose
          ? say(messages.refusedPurposeDetail, { who, name, purpose, reason })
          : say(messages.refusedDetail, { who, name, reason }),
      };
    }
    case SECURITY_CHANGED:
      return { ...base, ...describeSecurityChange(detail, locale) };
    case "certificate_downloaded":
      return {
        ...base,
        tone: "info",
        title: say(messages.certificateDownloaded),
        description: say(messages.certificateDetail, { name }),
      };
    default:
      return {
        ...base,
        tone: "info",
        // A kind added after this was written: its own name in English, else the log's name for a row.
        title: (locale === DEFAULT_LOCALE ? capitalise(inWords(row.kind)) : "") || say(messages.walletActivity),
        description: type ? name : say(messages.walletActivity),
      };
  }
}

/**
 * What the wallet's own log is made of. The person's log (wallet_events) also holds entries that
 * are not about the wallet (profile saves), which the dashboard's Recent Activity shows.
 */
const WALLET_EVENT_KINDS = [
  "credential_issued",
  "credential_reissued",
  "credential_revoked",
  "credential_verified",
  "share_created",
  "share_revoked",
  "share_viewed",
  "certificate_downloaded",
];

/** The user's own wallet events, newest first (no one else's: filtered by userId in the query). */
export async function listWalletActivity(
  db: Database,
  userId: string,
  locale: Locale = DEFAULT_LOCALE,
  limit = ACTIVITY_LIMIT,
): Promise<WalletActivity[]> {
  const rows = await db
    .select({
      id: walletEvents.id,
      kind: walletEvents.kind,
      detail: walletEvents.detail,
      createdAt: walletEvents.createdAt,
    })
    .from(walletEvents)
    .where(and(eq(walletEvents.userId, userId), inArray(walletEvents.kind, WALLET_EVENT_KINDS)))
    .orderBy(desc(walletEvents.createdAt))
    .limit(limit);
  return rows.map((row) => describeWalletEvent(row, locale));
}
