/**
 * The words of the assisted-digital API's refusals an operator reads on the console (issue 21),
 * e.g. in the "Update Error" toast: each is a catalog message, so the API answers its `message` in
 * the operator's language (WordedServiceError); the codes never change.
 */
import { defineMessages, type MessageDescriptor } from "@formatjs/intl";
import type { SessionRule, SessionRuleValues, UnmetRequirement } from "#core/assisted/session.ts";
import { UNMET_WORDS } from "#core/assisted/unmet-words.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";

const declared = defineMessages({
  staffOnly: {
    id: "assisted.server.errors.staffOnly",
    defaultMessage: "Assisted sessions are for operators and administrators",
  },
  noOffice: {
    id: "assisted.server.errors.noOffice",
    defaultMessage: "You are not assigned to an office yet: ask an administrator",
  },
  sessionNotFound: { id: "assisted.server.errors.sessionNotFound", defaultMessage: "Assisted session not found" },
  nameOffice: {
    id: "assisted.server.errors.nameOffice",
    defaultMessage: "Name the office (officeId)",
    description: "officeId is the field's name in the API: keep it as it is.",
  },
  officeIdInvalid: {
    id: "assisted.server.errors.officeIdInvalid",
    defaultMessage: "officeId must be an office's id",
    description: "officeId is the field's name in the API: keep it as it is.",
  },
  officeParamInvalid: {
    id: "assisted.server.errors.officeParamInvalid",
    defaultMessage: "office must be an office id",
    description: "office is the address's parameter name: keep it as it is.",
  },
  noSuchOffice: { id: "assisted.server.errors.noSuchOffice", defaultMessage: "No such office" },
  completedAtOnly: {
    id: "assisted.server.errors.completedAtOnly",
    defaultMessage: "completedAt goes only with status completed",
    description: "completedAt, status and completed are the API's names: keep them as they are.",
  },
  clientNotFound: {
    id: "assisted.server.errors.clientNotFound",
    defaultMessage: "No citizen account has that username or email",
  },
  clientAtStepOne: {
    id: "assisted.server.errors.clientAtStepOne",
    defaultMessage: "A client is found or created at step 1 of an active session",
  },
  notSupervisor: {
    id: "assisted.server.errors.notSupervisor",
    defaultMessage: "Only a supervisor or an administrator can decide approvals",
  },
  recordsAtStepFour: {
    id: "assisted.server.errors.recordsAtStepFour",
    defaultMessage:
      "The authorities' records are shown at step 4 of an open session, after a supervisor's approval and the visual match",
  },
  noRecord: {
    id: "assisted.server.errors.noRecord",
    defaultMessage: "No authority holds a {credential} for this client",
    description: "credential: a credential's name, e.g. 'Right to Work check'.",
  },
  noRecordOfKind: {
    id: "assisted.server.errors.noRecordOfKind",
    defaultMessage: "No authority holds a record of that kind for this client",
  },
  nameMismatch: {
    id: "assisted.server.errors.nameMismatch",
    defaultMessage:
      "The {type} record names {name}, not the client's account: correct the account or refer the client to the authority",
  },
  nameMismatchNobody: {
    id: "assisted.server.errors.nameMismatchNobody",
    defaultMessage:
      "The {type} record names nobody, not the client's account: correct the account or refer the client to the authority",
  },
  recordTaken: {
    id: "assisted.server.errors.recordTaken",
    defaultMessage: "An authority's record was linked to an account meanwhile: read the records again",
  },
  queueEntryNotFound: { id: "assisted.server.errors.queueEntryNotFound", defaultMessage: "Queue entry not found" },
  notInQueue: { id: "assisted.server.errors.notInQueue", defaultMessage: "This client is no longer in the queue" },
  notScheduled: {
    id: "assisted.server.errors.notScheduled",
    defaultMessage: "Only a scheduled appointment can be marked arrived",
  },
  entryChanged: { id: "assisted.server.errors.entryChanged", defaultMessage: "Someone else changed this entry first" },
  sessionStarted: {
    id: "assisted.server.errors.sessionStarted",
    defaultMessage: "Someone else started a session for this client first",
  },
  tooManyLookups: {
    id: "server.staff.assisted.tooManyLookups",
    defaultMessage: "You have looked up too many document numbers in the last hour. Try again later.",
  },
});
/** Widened so that WordedServiceError takes values (the catalog test checks each message's placeholders). */
export const assistedErrors: { readonly [K in keyof typeof declared]: MessageDescriptor } = declared;

/**
 * The session rules' refusals (core/assisted/session.ts SessionRule), by key: the English of each
 * is the rules' own message, which stays for logs; "unmet" is worded by its requirement (UNMET_WORDS).
 */
const RULE_WORDS: Readonly<Record<Exclude<SessionRule, "unmet">, MessageDescriptor>> = defineMessages({
  ended: { id: "server.staff.assisted.rule.ended", defaultMessage: "This session has ended" },
  paused: { id: "server.staff.assisted.rule.paused", defaultMessage: "This session is paused: resume it first" },
  wrongStep: {
    id: "server.staff.assisted.rule.wrongStep",
    defaultMessage: "This belongs to step {step}; the session is at step {current}",
  },
  stepOutOfOrder: {
    id: "server.staff.assisted.rule.stepOutOfOrder",
    defaultMessage: "The session is at step {current}: it can only move to step {next}",
  },
  lastStep: {
    id: "server.staff.assisted.rule.lastStep",
    defaultMessage: "There is no step {step}: this session has {total, plural, one {# step} other {# steps}}",
  },
  documentExpired: {
    id: "server.staff.assisted.rule.documentExpired",
    defaultMessage: "This document has expired: it cannot prove the client's identity",
  },
  noApprovalNeeded: {
    id: "server.staff.assisted.rule.noApprovalNeeded",
    defaultMessage: "Step {step} does not need a supervisor's approval",
  },
  documentBeforeApproval: {
    id: "server.staff.assisted.rule.documentBeforeApproval",
    defaultMessage: "Record the identity document before asking for approval",
  },
  approvalPending: {
    id: "server.staff.assisted.rule.approvalPending",
    defaultMessage: "Approval has already been requested",
  },
  alreadyApproved: {
    id: "server.staff.assisted.rule.alreadyApproved",
    defaultMessage: "This step is already approved",
  },
  approvalNotFound: {
    id: "server.staff.assisted.rule.approvalNotFound",
    defaultMessage: "There is no such request for approval on this session",
  },
  approvalExpired: {
    id: "server.staff.assisted.rule.approvalExpired",
    defaultMessage: "This request for approval has expired",
  },
  approvalDecided: {
    id: "server.staff.assisted.rule.approvalDecided",
    defaultMessage: "This request for approval has already been decided",
  },
  ownRequest: { id: "server.staff.assisted.rule.ownRequest", defaultMessage: "You cannot approve your own request" },
  ownSession: {
    id: "server.staff.assisted.rule.ownSession",
    defaultMessage: "You ran this session or recorded its document: another supervisor must decide",
  },
  reasonRequired: { id: "server.staff.assisted.rule.reasonRequired", defaultMessage: "Give a reason for the decision" },
  noChange: {
    id: "server.staff.assisted.rule.noChange",
    defaultMessage: "This session is already {status, select, active {in progress} paused {paused} other {completed}}",
    description: "status: the session's state (active, paused or completed).",
  },
  alreadyIssued: {
    id: "server.staff.assisted.rule.alreadyIssued",
    defaultMessage: "Credentials have already been issued in this session",
  },
  noClient: { id: "server.staff.assisted.rule.noClient", defaultMessage: "The session has no client account" },
});

/** A session rule's refusal, worded by its key in the reader's language; its code as the rules gave it. */
export function ruleRefusal(
  status: number,
  code: string,
  rule: SessionRule,
  values: SessionRuleValues = {},
): WordedServiceError {
  if (rule === "unmet")
    return new WordedServiceError(status, UNMET_WORDS[values.requirement as UnmetRequirement], code);
  return new WordedServiceError(status, RULE_WORDS[rule], code, values);
}
