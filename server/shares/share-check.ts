/**
 * What /verify/{shareId} shows (issue 4; spec 000 §2 share dialog, §7;
 * docs/decisions/010-share-links.md): for an active share, whether the credential is valid right
 * now (issuer signature, expiry and status fetched fresh, failing closed), its type and its
 * issuer, and nothing else. Every check is recorded in `presentations` and counted on the share.
 */

import { defineMessages, type NoMessageValues as NoValues } from "@formatjs/intl";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { authorityText } from "#core/issuers/authority-messages.ts";
import { isCredentialTypeCode } from "#core/issuers/registry.ts";
import { type CredentialBindings, credentialContext } from "#server/credentials/context.ts";
import { effectiveStatus } from "#server/credentials/credentials.ts";
import { checkCredentialNow, type LiveCheck, recordCheck } from "#server/credentials/live-check.ts";
import { serverCredentialType } from "#server/credentials/type-text.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { openShare } from "./shares.ts";

const messages = defineMessages<{
  revokedReplaced: NoValues;
  revoked: { issuer: string };
  expired: NoValues;
  suspended: { issuer: string };
  unknown: { issuer: string };
  failed: { detail: string };
}>({
  revokedReplaced: {
    id: "verify.reason.revokedReplaced",
    defaultMessage:
      "This copy of the credential was revoked when the holder had it issued again. Ask them for a new link.",
  },
  revoked: {
    id: "verify.reason.revoked",
    defaultMessage: "The {issuer} has revoked this credential.",
    description:
      "{issuer} is an authority's short name in the page's language, e.g. 'Home Office' ('y Swyddfa Gartref' in Welsh)",
  },
  expired: { id: "verify.reason.expired", defaultMessage: "This credential has expired." },
  suspended: {
    id: "verify.reason.suspended",
    defaultMessage: "The {issuer} has suspended this credential.",
    description:
      "{issuer} is an authority's short name in the page's language, e.g. 'Home Office' ('y Swyddfa Gartref' in Welsh)",
  },
  unknown: {
    id: "verify.reason.unknown",
    defaultMessage:
      "We could not confirm the credential's status with the {issuer} just now, so it cannot be treated as valid. Try again in a few minutes.",
    description:
      "{issuer} is an authority's short name in the page's language, e.g. 'Home Office' ('y Swyddfa Gartref' in Welsh)",
  },
  failed: {
    id: "verify.reason.failed",
    defaultMessage: "The credential failed a security check: {detail}",
    description: "{detail} is a technical reason in English",
  },
});

/** Recorded as the purpose of every check this page makes (the holder's verification count). */
const SHARE_CHECK_PURPOSE = "Share link verification";

export type ShareCheckOutcome = "valid" | "revoked" | "expired" | "suspended" | "unknown" | "failed";

export type ShareCheck =
  | { kind: "invalid" }
  | { kind: "share-expired" }
  | { kind: "share-withdrawn" }
  | {
      kind: "checked";
      outcome: ShareCheckOutcome;
      /** Plain words for a result that is not valid. */
      reason: string | null;
      credentialName: string;
      issuerName: string;
      checkedAt: string;
      linkExpiresAt: string;
    };

export function outcomeOf(result: Pick<LiveCheck, "valid" | "reason">): ShareCheckOutcome {
  if (result.valid) return "valid";
  switch (result.reason) {
    case "STATUS_REVOKED":
      return "revoked";
    case "EXPIRED":
      return "expired";
    case "STATUS_SUSPENDED":
      return "suspended";
    // The issuer's status list could not be fetched or trusted: unknown, not revoked (fail closed, ADR 009).
    case "STATUS_UNKNOWN":
    case "STATUS_TOKEN_MALFORMED":
    case "STATUS_TOKEN_WRONG_TYP":
    case "STATUS_TOKEN_BAD_SIGNATURE":
    case "STATUS_TOKEN_EXPIRED":
    case "STATUS_SUB_MISMATCH":
    case "STATUS_LIST_INVALID":
    case "STATUS_LIST_TOO_LARGE":
      return "unknown";
    default:
      return "failed";
  }
}

/** The issuing authority's name in the page's language (an issuer we do not know keeps the name it gave). */
function issuerInWords(result: Pick<LiveCheck, "issuer" | "issuerId">, locale: Locale): string {
  return result.issuerId ? authorityText(serverIntl(locale), result.issuerId) : result.issuer;
}

export function reasonInWords(
  outcome: ShareCheckOutcome,
  result: Pick<LiveCheck, "issuer" | "issuerId" | "message">,
  replaced: boolean,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const intl = serverIntl(locale);
  const issuer = issuerInWords(result, locale);
  switch (outcome) {
    case "revoked":
      return replaced ? intl.formatMessage(messages.revokedReplaced) : intl.formatMessage(messages.revoked, { issuer });
    case "expired":
      return intl.formatMessage(messages.expired);
    case "suspended":
      return intl.formatMessage(messages.suspended, { issuer });
    case "unknown":
      return intl.formatMessage(messages.unknown, { issuer });
    default:
      // The core's messages never echo token content (core/credentials/errors.ts): safe to show.
      return intl.formatMessage(messages.failed, { detail: result.message });
  }
}

/** Who opened the link, as the check is recorded: the signed-in viewer if any (no address or browser: ADR 031). */
export interface ShareViewer {
  verifierId: string | null;
}

/**
 * Opens share `shareId` (counting the view while it is active) and, when it is active, checks its
 * credential now and records the check. A share that has ended says so and nothing more: not
 * even the credential's type. `viewer` is asked only when a check is recorded, so a link that is
 * not a share's, or a share that has ended, costs no session lookup.
 */
export async function checkShareLink(
  context: Pick<RequestContext<CredentialBindings>, "env" | "db">,
  requestUrl: string,
  shareId: string,
  viewer: () => Promise<ShareViewer>,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<ShareCheck> {
  // A link that is not a share's shape is refused by openShare without a query.
  const opened = await openShare(context.db, shareId, now);
  if (!opened) return { kind: "invalid" };
  const { share, credential } = opened;
  if (share.status === "revoked") return { kind: "share-withdrawn" };
  if (share.status === "expired") return { kind: "share-expired" };

  const wallet = await credentialContext(context, requestUrl);
  const result = await checkCredentialNow(wallet, credential, effectiveStatus(credential, now), now);
  await recordCheck(wallet.db, {
    credentialId: credential.id,
    purpose: SHARE_CHECK_PURPOSE,
    requestId: share.id,
    result,
    ...(await viewer()),
  });

  const known = isCredentialTypeCode(credential.type);
  const outcome = outcomeOf(result);
  return {
    kind: "checked",
    outcome,
    reason:
      outcome === "valid" ? null : reasonInWords(outcome, result, Boolean(credential.metadata?.replacedBy), locale),
    credentialName: known ? serverCredentialType(locale, credential.type).name : share.credentialName,
    issuerName: issuerInWords(result, locale),
    checkedAt: result.checkedAt,
    linkExpiresAt: share.expiryDate,
  };
}
