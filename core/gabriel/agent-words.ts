/**
 * The words of Gabriel's agents as people read them (issue 21): names, purposes, what each looks at,
 * may and may never do, and its rules. The agents run from their English declarations
 * (core/gabriel/agents.ts, which tests and the spec pin); each sentence there has its message here,
 * found by the key the server sends with it (the agent's type, a statement's key, a rule's id), so
 * a screen shows it in the page's language and never depends on matching the English.
 */
import { defineMessages, type MessageDescriptor } from "@formatjs/intl";
import type { AgentStatement } from "./agents.ts";
import type { Formatter } from "./case-titles.ts";
import type { AgentType } from "./events.ts";

const agentWords = defineMessages({
  nameOnboarding: { id: "gabriel.agents.nameOnboarding", defaultMessage: "Onboarding Agent" },
  nameCompliance: { id: "gabriel.agents.nameCompliance", defaultMessage: "Compliance Agent" },
  nameRisk: { id: "gabriel.agents.nameRisk", defaultMessage: "Risk Agent" },
  nameSupport: { id: "gabriel.agents.nameSupport", defaultMessage: "Support Agent" },
  purposeOnboarding: {
    id: "gabriel.agents.purposeOnboarding",
    defaultMessage: "Notices when getting a citizen set up goes wrong, so that a person can help.",
  },
  purposeCompliance: {
    id: "gabriel.agents.purposeCompliance",
    defaultMessage:
      "Checks that verifiers ask only for what a check needs and only for checks they are registered for.",
  },
  purposeRisk: {
    id: "gabriel.agents.purposeRisk",
    defaultMessage: "Spots patterns that may mean a credential or an account is being misused.",
  },
  purposeSupport: {
    id: "gabriel.agents.purposeSupport",
    defaultMessage:
      "Notices where the service is letting people down: sessions left hanging and errors that keep happening.",
  },
  watchNewAccounts: { id: "gabriel.agents.watchNewAccounts", defaultMessage: "New accounts" },
  watchCredentialsIssued: { id: "gabriel.agents.watchCredentialsIssued", defaultMessage: "Credentials issued" },
  watchAssistedDenied: {
    id: "gabriel.agents.watchAssistedDenied",
    defaultMessage: "Assisted-digital session activity (denied approvals, failed visual matches)",
  },
  watchRequests: {
    id: "gabriel.agents.watchRequests",
    defaultMessage: "Verification requests (the check, the attributes asked for and the stated purpose)",
  },
  watchUnregistered: {
    id: "gabriel.agents.watchUnregistered",
    defaultMessage: "Verification results refused because the verifier is not registered for the check",
  },
  watchResults: {
    id: "gabriel.agents.watchResults",
    defaultMessage: "Verification results (which credential, which organisation, the outcome)",
  },
  watchSignIns: { id: "gabriel.agents.watchSignIns", defaultMessage: "Failed sign-ins" },
  watchAssisted: { id: "gabriel.agents.watchAssisted", defaultMessage: "Assisted-digital session activity" },
  watchErrors: {
    id: "gabriel.agents.watchErrors",
    defaultMessage: "Server errors (component, kind and message, without personal data)",
  },
  alwaysRead: { id: "gabriel.agents.alwaysRead", defaultMessage: "read the platform's events listed here" },
  alwaysRecord: { id: "gabriel.agents.alwaysRecord", defaultMessage: "record its analysis in the audit trail" },
  alwaysRaise: { id: "gabriel.agents.alwaysRaise", defaultMessage: "raise a case for a person to review" },
  mayStalled: {
    id: "gabriel.agents.mayStalled",
    defaultMessage: "record accounts that stalled before their first credential",
  },
  mayStuck: { id: "gabriel.agents.mayStuck", defaultMessage: "record assisted sessions that look stuck" },
  neverRevoke: { id: "gabriel.agents.neverRevoke", defaultMessage: "revoke or suspend a credential" },
  neverAccount: { id: "gabriel.agents.neverAccount", defaultMessage: "suspend, lock or close an account" },
  neverVerification: {
    id: "gabriel.agents.neverVerification",
    defaultMessage: "refuse, block or approve a verification",
  },
  neverContact: { id: "gabriel.agents.neverContact", defaultMessage: "contact a citizen, verifier or operator" },
  neverDecide: { id: "gabriel.agents.neverDecide", defaultMessage: "decide a review case" },
  neverThresholds: { id: "gabriel.agents.neverThresholds", defaultMessage: "change its own thresholds" },
  neverRerun: { id: "gabriel.agents.neverRerun", defaultMessage: "re-run or undo an assisted session" },
  neverRegistration: {
    id: "gabriel.agents.neverRegistration",
    defaultMessage: "change or withdraw an organisation's registration",
  },
  neverEndSession: { id: "gabriel.agents.neverEndSession", defaultMessage: "end, pause or resume an assisted session" },
  neverRestart: { id: "gabriel.agents.neverRestart", defaultMessage: "restart or change any part of the service" },
  ruleRecordDisagrees: {
    id: "gabriel.agents.ruleRecordDisagrees",
    defaultMessage:
      "An assisted setup where a supervisor denied approval of the identity document, or the person did not match the document.",
  },
  ruleStalled: {
    id: "gabriel.agents.ruleStalled",
    defaultMessage: "An account that has had no credential for some days after it was made.",
  },
  ruleMinimisation: {
    id: "gabriel.agents.ruleMinimisation",
    defaultMessage:
      "A verification request asking for more attributes than its check needs, or for a kind of check that does not exist.",
  },
  ruleUnregistered: {
    id: "gabriel.agents.ruleUnregistered",
    defaultMessage: "An organisation repeatedly asking for checks its registration does not allow.",
  },
  ruleRepeatedFailures: {
    id: "gabriel.agents.ruleRepeatedFailures",
    defaultMessage: "The same credential failing verification several times in a short time.",
  },
  ruleManyOrganisations: {
    id: "gabriel.agents.ruleManyOrganisations",
    defaultMessage: "The same credential verified by many different organisations in a short time.",
  },
  ruleRevoked: { id: "gabriel.agents.ruleRevoked", defaultMessage: "A revoked credential being presented." },
  ruleSignIns: {
    id: "gabriel.agents.ruleSignIns",
    defaultMessage: "Many failed sign-ins to the same account in a short time.",
  },
  ruleStuck: {
    id: "gabriel.agents.ruleStuck",
    defaultMessage: "An assisted session with no activity for a long time that has not ended.",
  },
  ruleRecurringErrors: {
    id: "gabriel.agents.ruleRecurringErrors",
    defaultMessage: "The same server error happening again and again in a short time.",
  },
});

const NAMES: Readonly<Record<AgentType, MessageDescriptor>> = {
  onboarding: agentWords.nameOnboarding,
  compliance: agentWords.nameCompliance,
  risk: agentWords.nameRisk,
  support: agentWords.nameSupport,
};

const PURPOSES: Readonly<Record<AgentType, MessageDescriptor>> = {
  onboarding: agentWords.purposeOnboarding,
  compliance: agentWords.purposeCompliance,
  risk: agentWords.purposeRisk,
  support: agentWords.purposeSupport,
};

const STATEMENTS: Readonly<Record<AgentStatement, MessageDescriptor>> = {
  watchNewAccounts: agentWords.watchNewAccounts,
  watchCredentialsIssued: agentWords.watchCredentialsIssued,
  watchAssistedDenied: agentWords.watchAssistedDenied,
  watchRequests: agentWords.watchRequests,
  watchUnregistered: agentWords.watchUnregistered,
  watchResults: agentWords.watchResults,
  watchSignIns: agentWords.watchSignIns,
  watchAssisted: agentWords.watchAssisted,
  watchErrors: agentWords.watchErrors,
  alwaysRead: agentWords.alwaysRead,
  alwaysRecord: agentWords.alwaysRecord,
  alwaysRaise: agentWords.alwaysRaise,
  mayStalled: agentWords.mayStalled,
  mayStuck: agentWords.mayStuck,
  neverRevoke: agentWords.neverRevoke,
  neverAccount: agentWords.neverAccount,
  neverVerification: agentWords.neverVerification,
  neverContact: agentWords.neverContact,
  neverDecide: agentWords.neverDecide,
  neverThresholds: agentWords.neverThresholds,
  neverRerun: agentWords.neverRerun,
  neverRegistration: agentWords.neverRegistration,
  neverEndSession: agentWords.neverEndSession,
  neverRestart: agentWords.neverRestart,
};

/** The rules' declarations by rule id (core/gabriel/agents.ts `rules`). */
const RULES: Readonly<Record<string, MessageDescriptor>> = {
  "onboarding.record-disagrees": agentWords.ruleRecordDisagrees,
  "onboarding.stalled-account": agentWords.ruleStalled,
  "compliance.data-minimisation": agentWords.ruleMinimisation,
  "compliance.unregistered-checks": agentWords.ruleUnregistered,
  "risk.repeated-failures": agentWords.ruleRepeatedFailures,
  "risk.many-organisations": agentWords.ruleManyOrganisations,
  "risk.revoked-presented": agentWords.ruleRevoked,
  "risk.sign-in-failures": agentWords.ruleSignIns,
  "support.stuck-session": agentWords.ruleStuck,
  "support.recurring-errors": agentWords.ruleRecurringErrors,
};

/** An agent's name in the page's language, by its type. */
export const agentName = (intl: Formatter, type: AgentType): string => intl.formatMessage(NAMES[type]);

/** An agent's purpose in the page's language, by its type. */
export const agentPurpose = (intl: Formatter, type: AgentType): string => intl.formatMessage(PURPOSES[type]);

/** One of an agent's statements (what it watches, may or may never do), by its key. */
export const agentStatement = (intl: Formatter, key: AgentStatement): string => intl.formatMessage(STATEMENTS[key]);

/** What a rule looks for, by the rule's id; a rule this screen does not know yet, in the English it declares. */
export function agentRule(intl: Formatter, rule: { id: string; looksFor: string }): string {
  const message = RULES[rule.id];
  return message ? intl.formatMessage(message) : rule.looksFor;
}
