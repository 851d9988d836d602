/**
 * A review case's description as the agents raise it (issue 21, ADR 042 amended): the values that
 * vary, stored with the case beside its English `description`, and worded by the case's title
 * kind (./case-titles.ts) when a page is made, in the reader's language. Identifiers, times
 * ("2026-05-01 10:03 UTC"), result codes and what a verifier or the platform wrote (a purpose, an
 * error's message) are data and stay as they are; the words around them, the names of checks and
 * their attributes are worded. Cases raised before descriptions had values show their English,
 * marked as English.
 */
import { defineMessages, type IntlShape, type MessageDescriptor } from "@formatjs/intl";
import { checkAttributeText, checkNameText } from "#core/verification/check-messages.ts";
import { isCheckType } from "#core/verification/checks.ts";
import type { CaseTitleKind } from "./case-titles.ts";

/**
 * What varies in a description. Strings and numbers are placeholders of its message; lists are
 * codes the formatter words first (`checkTypes`: a tally of check names; `extra`, `defaults`:
 * attributes of `checkType`). Flags for what may be missing are "yes" or "no".
 */
export type CaseDescriptionValues = Record<string, string | number | string[]>;

const DESCRIPTIONS: Readonly<Record<CaseTitleKind, MessageDescriptor>> = defineMessages({
  repeatedFailures: {
    id: "server.staff.gabriel.description.repeatedFailures",
    defaultMessage:
      "Credential {credentialId} failed verification {count, plural, one {# time} other {# times}} between {from} and {to} ({results}), at {organisations, plural, one {# organisation} other {# organisations}}. Someone may be trying to misuse it, or its holder may need help. The agent has taken no action: a person decides.",
    description:
      "A review case's description. from, to: times like '2026-05-01 10:03 UTC'. results: the failures' codes with counts, e.g. 'BAD_SIGNATURE ×3'.",
  },
  manyOrganisations: {
    id: "server.staff.gabriel.description.manyOrganisations",
    defaultMessage:
      "Credential {credentialId} was verified as valid by {count, plural, one {# different organisation} other {# different organisations}} between {from} and {to}: {organisationIds}. This can be ordinary (someone applying for several jobs) or a sign that the credential is shared or copied. The agent has taken no action: a person decides.",
    description: "A review case's description. organisationIds: identifiers separated by commas.",
  },
  revokedPresented: {
    id: "server.staff.gabriel.description.revokedPresented",
    defaultMessage:
      "{credentialKnown, select, yes {Credential {credentialId}} other {A credential}}, which has been revoked, was presented {organisationKnown, select, yes {to organisation {organisationId}} other {to a verifier}} at {at}{checkKnown, select, yes { for a {check} check} other {}}{modeKnown, select, yes { ({mode})} other {}}. The verification was refused. The agent has taken no action: a person decides.",
    description:
      "A review case's description. check: the kind of check, e.g. 'Right to Work'. mode: how it was presented, as its code (online, offline, share).",
  },
  signInFailures: {
    id: "server.staff.gabriel.description.signInFailures",
    defaultMessage:
      "Account {userId} had {count, plural, one {# failed sign-in} other {# failed sign-ins}} between {from} and {to} ({reasons}). Someone may be guessing its password. Sign-in throttling still applies; the account is not locked by the agent. The agent has taken no action: a person decides.",
    description: "A review case's description. reasons: the server's reason codes with counts.",
  },
  unknownCheck: {
    id: "server.staff.gabriel.description.unknownCheck",
    defaultMessage:
      '{organisationKnown, select, yes {Organisation {organisationId}} other {A verifier with no organisation (request {requestId})}} made {count, plural, one {a request} other {# requests}} on {day} for "{credentialType}", which is not a kind of check the platform offers. Stated purpose: "{purposeGiven, select, yes {{purpose}} other {none given}}". The agent has taken no action: a person decides.',
    description:
      "A review case's description. credentialType: what the verifier asked for, as it wrote it. purpose: the verifier's own words.",
  },
  extraAttributes: {
    id: "server.staff.gabriel.description.extraAttributes",
    defaultMessage:
      '{organisationKnown, select, yes {Organisation {organisationId}} other {A verifier with no organisation (request {requestId})}} made {count, plural, one {a request} other {# requests}} on {day} for a {check} check asking for {named}, beyond the check\'s default ({defaults}); the policy allows {allowed} more. Stated purpose: "{purposeGiven, select, yes {{purpose}} other {none given}}".{unknown, plural, =0 {} one { # attribute is not part of this check at all.} other { # attributes are not part of this check at all.}} A person should decide whether the purpose needs them. The agent has taken no action: a person decides.',
    description:
      "A review case's description. check: the kind of check. named: the attributes asked for, each as 'label (identifier)'. defaults: the check's usual attributes. purpose: the verifier's own words.",
  },
  unregisteredChecks: {
    id: "server.staff.gabriel.description.unregisteredChecks",
    defaultMessage:
      "Organisation {organisationId} was refused {count, plural, one {# time} other {# times}} between {from} and {to} for checks its registration does not allow ({checks}). A person should decide whether its registration or its use of the service needs attention. The agent has taken no action: a person decides.",
    description: "A review case's description. checks: the kinds of check with counts, e.g. 'DBS Check ×3'.",
  },
  stalledAccount: {
    id: "server.staff.gabriel.description.stalledAccount",
    defaultMessage:
      "Account {userId}, made at {at}, has had no credential issued since. Recorded for the onboarding picture: no one is contacted and nothing is changed.",
    description: "A review case's description. at: a time like '2026-05-01 10:03 UTC'.",
  },
  approvalDenied: {
    id: "server.staff.gabriel.description.approvalDenied",
    defaultMessage:
      "In assisted session {sessionId}{officeKnown, select, yes { (office {officeId})} other {}}, a supervisor denied approval of the identity document recorded{count, plural, one { at {last}} other { # times, most recently at {last}}}. A person should compare the session's record with the document and the issuing authority's record before the client is helped further. The agent has taken no action: a person decides.",
    description: "A review case's description. last: a time like '2026-05-01 10:03 UTC'.",
  },
  visualMismatch: {
    id: "server.staff.gabriel.description.visualMismatch",
    defaultMessage:
      "In assisted session {sessionId}{officeKnown, select, yes { (office {officeId})} other {}}, the operator found that the person did not match the identity document{count, plural, one { at {last}} other { # times, most recently at {last}}}. A person should compare the session's record with the document and the issuing authority's record before the client is helped further. The agent has taken no action: a person decides.",
    description: "A review case's description. last: a time like '2026-05-01 10:03 UTC'.",
  },
  stuckSession: {
    id: "server.staff.gabriel.description.stuckSession",
    defaultMessage:
      'Assisted session {sessionId}{officeKnown, select, yes { (office {officeId})} other {}} has not ended and has had no activity since {at}, when it recorded "{event}". Recorded so that the office can follow up; the agent has not ended, paused or changed it.',
    description:
      "A review case's description. event: the session's last event as the session recorded it (in English).",
  },
  recurringErrors: {
    id: "server.staff.gabriel.description.recurringErrors",
    defaultMessage:
      '{typeKnown, select, yes {{errorType}} other {An error}} in {component}, "{message}", happened {count, plural, one {# time} other {# times}} between {from} and {to}. A person should find the cause; the agent has changed nothing.',
    description:
      "A review case's description. errorType: the error's class, e.g. 'TypeError'. component and message: as the code wrote them.",
  },
});

const PARTS: Readonly<Record<"attribute" | "notAnAttribute", MessageDescriptor>> = defineMessages({
  attribute: {
    id: "server.staff.gabriel.description.attribute",
    defaultMessage: "{label} ({id})",
    description: "An attribute a verifier asked for, in a list: its label, then its identifier.",
  },
  notAnAttribute: {
    id: "server.staff.gabriel.description.notAnAttribute",
    defaultMessage: "not an attribute of this check",
    description: "Stands for the label of an attribute the check does not have.",
  },
});

type Intl = Pick<IntlShape, "formatMessage">;

const list = (value: CaseDescriptionValues[string] | undefined): string[] => (Array.isArray(value) ? value : []);

/** "A ×2, B ×1", most frequent first (ties in code-unit order, as the English has them). */
export function tally(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([value, n]) => `${value} ×${n}`)
    .join(", ");
}

/**
 * A case's description in the formatter's language, from its title's kind and its values. In
 * English it reads exactly as the description the agent stored (server/gabriel/case-titles.test.ts).
 */
export function caseDescription(intl: Intl, kind: CaseTitleKind, stored: CaseDescriptionValues): string {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(stored)) if (!Array.isArray(value)) values[key] = value;
  const checkType = stored.checkType;
  if (typeof checkType === "string") values.check = checkNameText(intl, checkType);
  if (isCheckType(checkType)) {
    values.named = list(stored.extra)
      .map((id) =>
        intl.formatMessage(PARTS.attribute, {
          label: checkAttributeText(intl, checkType, id) ?? intl.formatMessage(PARTS.notAnAttribute),
          id,
        }),
      )
      .join(", ");
    values.defaults = list(stored.defaults)
      .map((id) => checkAttributeText(intl, checkType, id) ?? id)
      .join(", ");
  }
  if (stored.checkTypes !== undefined)
    values.checks = tally(list(stored.checkTypes).map((code) => checkNameText(intl, code)));
  return intl.formatMessage(DESCRIPTIONS[kind], values);
}
