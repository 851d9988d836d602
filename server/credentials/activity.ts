/**
 * The wallet's Recent Activity (spec 000 §2 "Wallet page"): the citizen's own wallet_events rows,
 * newest first, each turned into a readable title and sentence. The specification shows sample
 * content here; we show what really happened to this person's credentials and shares.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { capitalise, inWords } from "#core/format/format.ts";
import type { Tone } from "#core/format/tone.ts";
import { AUTHORITIES, CREDENTIAL_TYPES, isCredentialTypeCode } from "#core/issuers/registry.ts";
import { PROFILE_ITEMS, PROFILE_UPDATED, type ProfileItemKey, SECTION_TITLES } from "#core/profile/items.ts";
import { checkAttribute, isCheckType } from "#core/verification/checks.ts";
import { reasonMessage } from "#core/verification/reasons.ts";
import type { Database } from "#db/client.ts";
import { walletEvents } from "#db/schema/index.ts";
import { describeSecurityChange, SECURITY_CHANGED } from "#server/accounts/security-notices.ts";
import { PAPER_DELIVERY } from "./credentials.ts";

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

function typeName(type: unknown): string {
  return isCredentialTypeCode(type) ? CREDENTIAL_TYPES[type].longName : "credential";
}

function issuerName(type: unknown): string {
  return isCredentialTypeCode(type) ? AUTHORITIES[CREDENTIAL_TYPES[type].issuerId].name : "the issuing authority";
}

/** One event as the page says it. Pure, so it is tested without a database. */
export function describeWalletEvent(row: EventRow): WalletActivity {
  const detail = row.detail ?? {};
  const type = typeof detail.type === "string" ? detail.type : null;
  const name = typeName(type);
  const base = { id: row.id, kind: row.kind, at: row.createdAt.toISOString(), credentialType: type };
  switch (row.kind) {
    case "credential_issued":
      // A paper credential (server/credentials/paper.ts) was printed at a counter: it is not in any wallet.
      return detail.delivery === PAPER_DELIVERY
        ? {
            ...base,
            tone: "ok",
            title: "Paper credential printed",
            description: `${capitalise(name)} issued by ${issuerName(type)} on paper at a counter; it is not on any device`,
          }
        : {
            ...base,
            tone: "ok",
            title: "Credential added",
            description: `${capitalise(name)} issued by ${issuerName(type)} to this wallet`,
          };
    case "credential_reissued":
      return {
        ...base,
        tone: "ok",
        title: "Credential re-issued",
        description: `${capitalise(name)} re-issued by ${issuerName(type)}; the earlier copy was revoked`,
      };
    case "credential_revoked": {
      const reason =
        typeof detail.reason === "string" && detail.reason.trim() ? ` (${detail.reason.trim().slice(0, 120)})` : "";
      return {
        ...base,
        tone: "warn",
        title: "Credential revoked",
        description: `${capitalise(name)} was revoked and can no longer be verified${reason}`,
      };
    }
    case "share_created":
      return {
        ...base,
        tone: "info",
        title: "Credential shared",
        description: `A 24-hour verification link to your ${name} was created`,
      };
    case "share_revoked":
      return {
        ...base,
        tone: "warn",
        title: "Share withdrawn",
        description: `The verification link to your ${name} was withdrawn`,
      };
    case "share_viewed":
      return {
        ...base,
        tone: "info",
        title: "Share link opened",
        description: `Someone opened the verification link to your ${name}`,
      };
    case PROFILE_UPDATED: {
      const section =
        typeof detail.section === "string" && Object.hasOwn(SECTION_TITLES, detail.section)
          ? SECTION_TITLES[detail.section as keyof typeof SECTION_TITLES]
          : "Profile details";
      const item =
        typeof detail.item === "string" && Object.hasOwn(PROFILE_ITEMS, detail.item)
          ? PROFILE_ITEMS[detail.item as ProfileItemKey].label
          : null;
      return {
        ...base,
        tone: "info",
        title: "Profile updated",
        description: item ? `${item} saved in ${section}` : `${section} saved`,
      };
    }
    case "credential_verified": {
      const who = typeof detail.organisation === "string" ? detail.organisation : "A verifier";
      const purpose =
        typeof detail.purpose === "string" && detail.purpose ? ` for "${detail.purpose.slice(0, 120)}"` : "";
      const check = isCheckType(detail.checkType) ? detail.checkType : undefined;
      const seen = Array.isArray(detail.attributes)
        ? detail.attributes.filter((a): a is string => typeof a === "string")
        : [];
      const labels = seen.map((id) => (check ? checkAttribute(check, id)?.label : undefined) ?? inWords(id));
      const saw = labels.length ? `; they saw: ${labels.join(", ")}` : "; they saw nothing from it";
      return detail.valid === true
        ? {
            ...base,
            tone: "ok",
            title: "Credential verified",
            description: `${who} checked your ${name}${purpose}${saw}`,
          }
        : {
            ...base,
            tone: "warn",
            title: "Verification refused",
            description: `${who} tried to check your ${name}${purpose}; the check did not pass (${reasonMessage(String(detail.reason ?? ""))})`,
          };
    }
    case SECURITY_CHANGED:
      return { ...base, ...describeSecurityChange(detail) };
    case "certificate_downloaded":
      return {
        ...base,
        tone: "info",
        title: "Certificate downloaded",
        description: `The ${name} certificate was downloaded`,
      };
    default:
      return {
        ...base,
        tone: "info",
        title: capitalise(inWords(row.kind)) || "Wallet activity",
        description: type ? name : "Wallet activity",
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
  return rows.map(describeWalletEvent);
}
