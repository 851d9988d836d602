/**
 * What every issuance starts from (ADR 011): the credential type asked for, and the authority's
 * own record of the person for it, never what the citizen typed. Issuing to a device key
 * (issuance.ts) and printing a paper credential (paper.ts) refuse the same things with the same
 * answers: an unknown type, no record, a record that has expired.
 */
import { defineMessage, defineMessages } from "@formatjs/intl";
import { and, eq } from "drizzle-orm";
import { AUTHORITIES, CREDENTIAL_TYPES, type CredentialType, isCredentialTypeCode } from "#core/issuers/registry.ts";
import { ageEqualOrOver } from "#core/verification/checks.ts";
import type { Database } from "#db/client.ts";
import { authorityRecords } from "#db/schema/index.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";

export type AuthorityRecord = typeof authorityRecords.$inferSelect;

const messages = defineMessages({
  typeUnknown: defineMessage<{ type: string }>({
    id: "wallet.api.typeUnknown",
    defaultMessage: 'Unknown credential type "{type}"',
    description: "{type} is what the request named, as it was sent.",
  }),
  noRecord: defineMessage<{ authority: string; type: string }>({
    id: "wallet.api.noRecord",
    defaultMessage: "The {authority} holds no {type} record for you yet. An assisted-digital session can add one.",
    description: "{authority}: e.g. 'Home Office'; {type}: the credential type's long name, e.g. 'Right to Work'.",
  }),
  recordPending: defineMessage<{ authority: string; type: string }>({
    id: "wallet.api.recordPending",
    defaultMessage:
      "The {authority} has not finished your {type} check yet. A wallet app can ask for it now and receive it when the check is complete.",
    description:
      "{authority}: e.g. 'Disclosure and Barring Service'; {type}: the credential type's long name, e.g. 'Enhanced DBS Check'.",
  }),
  recordExpired: defineMessage<{ authority: string; type: string }>({
    id: "wallet.api.recordExpired",
    defaultMessage: "The {authority}'s {type} record for you has expired",
    description: "{authority}: e.g. 'Home Office'; {type}: the credential type's long name, e.g. 'Right to Work'.",
  }),
});

/** The code of the refusal for a record whose check is not finished. */
const RECORD_PENDING = "RECORD_PENDING";

/** The credential type a request names: 404 TYPE_UNKNOWN for anything else. */
export function credentialTypeOf(code: unknown): CredentialType {
  if (!isCredentialTypeCode(code))
    throw new WordedServiceError(404, messages.typeUnknown, "TYPE_UNKNOWN", { type: String(code).slice(0, 40) });
  return CREDENTIAL_TYPES[code];
}

/**
 * The authority's record of `type` about the user, still vouched for at `now`: 404 NO_RECORD when
 * there is none, 409 RECORD_EXPIRED when its validity has passed, and 409 RECORD_PENDING while the
 * authority has not finished its check, unless the caller can wait for it (`pending: "allow"`: an
 * offer to a wallet app, whose credential request is then deferred).
 */
export async function authorityRecordFor(
  db: Database,
  userId: string,
  type: CredentialType,
  now: Date,
  options: { pending?: "refuse" | "allow" } = {},
): Promise<AuthorityRecord> {
  const [record] = await db
    .select()
    .from(authorityRecords)
    .where(and(eq(authorityRecords.userId, userId), eq(authorityRecords.type, type.code)))
    .limit(1);
  const authority = AUTHORITIES[type.issuerId].name;
  if (!record) {
    throw new WordedServiceError(404, messages.noRecord, "NO_RECORD", { authority, type: type.longName });
  }
  if (record.validUntil.getTime() <= now.getTime()) {
    throw new WordedServiceError(409, messages.recordExpired, "RECORD_EXPIRED", { authority, type: type.longName });
  }
  if (record.status === "pending" && options.pending !== "allow") {
    throw new WordedServiceError(409, messages.recordPending, RECORD_PENDING, { authority, type: type.longName });
  }
  return record;
}

/**
 * The claims a credential made from the record carries. Issue 9: a record with a date of birth
 * also attests age thresholds (`age_equal_or_over`), a structured claim whose members are each
 * disclosable alone.
 */
export function recordClaims(
  record: Pick<AuthorityRecord, "attributes">,
  now: Date,
): { claims: Record<string, unknown>; structured: string[] } {
  const age =
    typeof record.attributes.birthdate === "string" ? ageEqualOrOver(record.attributes.birthdate, now) : undefined;
  return age
    ? { claims: { ...record.attributes, age_equal_or_over: age }, structured: ["age_equal_or_over"] }
    : { claims: record.attributes, structured: [] };
}
