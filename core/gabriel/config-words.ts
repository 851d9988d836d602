/**
 * The words of the agents' thresholds as Configure Policies shows them (issue 21): each field's
 * label, unit and help. The agents run from their English declarations (core/gabriel/agents.ts,
 * which tests and the spec pin); each has its message here, found by the field's key and its
 * unit's key as the server sends them, never by the English.
 */
import { defineMessages, type MessageDescriptor } from "@formatjs/intl";
import type { ConfigFieldKey, ConfigUnit } from "./agents.ts";
import type { Formatter } from "./case-titles.ts";

const configWords = defineMessages({
  labelStallDays: {
    id: "gabriel.config.labelStallDays",
    defaultMessage: "Days before an unfinished account counts as stalled",
  },
  labelMaxExtraAttributes: {
    id: "gabriel.config.labelMaxExtraAttributes",
    defaultMessage: "Attributes a request may ask for beyond the check's default",
  },
  labelUnregisteredThreshold: {
    id: "gabriel.config.labelUnregisteredThreshold",
    defaultMessage: "Refused checks before an organisation is flagged",
  },
  labelUnregisteredWindow: {
    id: "gabriel.config.labelUnregisteredWindow",
    defaultMessage: "Window for refused checks",
  },
  labelFailuresThreshold: {
    id: "gabriel.config.labelFailuresThreshold",
    defaultMessage: "Failed checks before a credential is flagged",
  },
  labelFailureWindow: { id: "gabriel.config.labelFailureWindow", defaultMessage: "Window for failed checks" },
  labelOrganisationsThreshold: {
    id: "gabriel.config.labelOrganisationsThreshold",
    defaultMessage: "Organisations before a credential is flagged",
  },
  labelOrganisationsWindow: {
    id: "gabriel.config.labelOrganisationsWindow",
    defaultMessage: "Window for organisations",
  },
  labelSignInFailuresThreshold: {
    id: "gabriel.config.labelSignInFailuresThreshold",
    defaultMessage: "Failed sign-ins before an account is flagged",
  },
  labelSignInWindow: { id: "gabriel.config.labelSignInWindow", defaultMessage: "Window for failed sign-ins" },
  labelStuckSession: {
    id: "gabriel.config.labelStuckSession",
    defaultMessage: "Minutes before an open assisted session counts as stuck",
  },
  labelErrorRepeatThreshold: {
    id: "gabriel.config.labelErrorRepeatThreshold",
    defaultMessage: "Repeats before an error is flagged",
  },
  labelErrorWindow: { id: "gabriel.config.labelErrorWindow", defaultMessage: "Window for repeated errors" },
  unitDays: { id: "gabriel.config.unitDays", defaultMessage: "days", description: "A threshold's unit." },
  unitAttributes: {
    id: "gabriel.config.unitAttributes",
    defaultMessage: "attributes",
    description: "A threshold's unit.",
  },
  unitRefusals: { id: "gabriel.config.unitRefusals", defaultMessage: "refusals", description: "A threshold's unit." },
  unitHours: { id: "gabriel.config.unitHours", defaultMessage: "hours", description: "A threshold's unit." },
  unitFailures: { id: "gabriel.config.unitFailures", defaultMessage: "failures", description: "A threshold's unit." },
  unitMinutes: { id: "gabriel.config.unitMinutes", defaultMessage: "minutes", description: "A threshold's unit." },
  unitOrganisations: {
    id: "gabriel.config.unitOrganisations",
    defaultMessage: "organisations",
    description: "A threshold's unit.",
  },
  unitErrors: { id: "gabriel.config.unitErrors", defaultMessage: "errors", description: "A threshold's unit." },
  helpStallDays: {
    id: "gabriel.config.helpStallDays",
    defaultMessage: "An account with no credential this long after it was made is recorded as stalled.",
  },
  helpMaxExtraAttributes: {
    id: "gabriel.config.helpMaxExtraAttributes",
    defaultMessage:
      "A verification request asking for more attributes than this beyond what its check needs by default is raised for review.",
  },
  helpUnregisteredThreshold: {
    id: "gabriel.config.helpUnregisteredThreshold",
    defaultMessage:
      "An organisation refused this many times for checks its registration does not allow, within the window, is raised for review.",
  },
  helpUnregisteredWindow: {
    id: "gabriel.config.helpUnregisteredWindow",
    defaultMessage: "How far apart the refused checks may be and still count together.",
  },
  helpFailuresThreshold: {
    id: "gabriel.config.helpFailuresThreshold",
    defaultMessage: "A credential failing verification this many times within the window is raised for review.",
  },
  helpFailureWindow: {
    id: "gabriel.config.helpFailureWindow",
    defaultMessage: "How far apart the failures may be and still count together.",
  },
  helpOrganisationsThreshold: {
    id: "gabriel.config.helpOrganisationsThreshold",
    defaultMessage:
      "A credential verified by this many different organisations within the window is raised for review.",
  },
  helpOrganisationsWindow: {
    id: "gabriel.config.helpOrganisationsWindow",
    defaultMessage: "How far apart the verifications may be and still count together.",
  },
  helpSignInFailuresThreshold: {
    id: "gabriel.config.helpSignInFailuresThreshold",
    defaultMessage: "An account with this many failed sign-ins within the window is raised for review.",
  },
  helpSignInWindow: {
    id: "gabriel.config.helpSignInWindow",
    defaultMessage: "How far apart the failed sign-ins may be and still count together.",
  },
  helpStuckSession: {
    id: "gabriel.config.helpStuckSession",
    defaultMessage: "An assisted session with no activity this long that has not ended is recorded as stuck.",
  },
  helpErrorRepeatThreshold: {
    id: "gabriel.config.helpErrorRepeatThreshold",
    defaultMessage: "The same server error this many times within the window is raised for review.",
  },
  helpErrorWindow: {
    id: "gabriel.config.helpErrorWindow",
    defaultMessage: "How far apart the errors may be and still count together.",
  },
});

const LABELS: Readonly<Record<ConfigFieldKey, MessageDescriptor>> = {
  stallDays: configWords.labelStallDays,
  maxExtraAttributes: configWords.labelMaxExtraAttributes,
  unregisteredThreshold: configWords.labelUnregisteredThreshold,
  unregisteredWindowHours: configWords.labelUnregisteredWindow,
  failuresThreshold: configWords.labelFailuresThreshold,
  failureWindowMinutes: configWords.labelFailureWindow,
  organisationsThreshold: configWords.labelOrganisationsThreshold,
  organisationsWindowHours: configWords.labelOrganisationsWindow,
  signInFailuresThreshold: configWords.labelSignInFailuresThreshold,
  signInWindowMinutes: configWords.labelSignInWindow,
  stuckSessionMinutes: configWords.labelStuckSession,
  errorRepeatThreshold: configWords.labelErrorRepeatThreshold,
  errorWindowMinutes: configWords.labelErrorWindow,
};

const HELP: Readonly<Record<ConfigFieldKey, MessageDescriptor>> = {
  stallDays: configWords.helpStallDays,
  maxExtraAttributes: configWords.helpMaxExtraAttributes,
  unregisteredThreshold: configWords.helpUnregisteredThreshold,
  unregisteredWindowHours: configWords.helpUnregisteredWindow,
  failuresThreshold: configWords.helpFailuresThreshold,
  failureWindowMinutes: configWords.helpFailureWindow,
  organisationsThreshold: configWords.helpOrganisationsThreshold,
  organisationsWindowHours: configWords.helpOrganisationsWindow,
  signInFailuresThreshold: configWords.helpSignInFailuresThreshold,
  signInWindowMinutes: configWords.helpSignInWindow,
  stuckSessionMinutes: configWords.helpStuckSession,
  errorRepeatThreshold: configWords.helpErrorRepeatThreshold,
  errorWindowMinutes: configWords.helpErrorWindow,
};

const UNITS: Readonly<Record<ConfigUnit, MessageDescriptor>> = {
  days: configWords.unitDays,
  attributes: configWords.unitAttributes,
  refusals: configWords.unitRefusals,
  hours: configWords.unitHours,
  failures: configWords.unitFailures,
  minutes: configWords.unitMinutes,
  organisations: configWords.unitOrganisations,
  errors: configWords.unitErrors,
};

/** A threshold's label in the page's language, by its key. */
export const configLabel = (intl: Formatter, key: ConfigFieldKey): string => intl.formatMessage(LABELS[key]);

/** A threshold's help in the page's language, by its key. */
export const configHelp = (intl: Formatter, key: ConfigFieldKey): string => intl.formatMessage(HELP[key]);

/** What a threshold counts, in the page's language, by the unit's key. */
export const configUnit = (intl: Formatter, unit: ConfigUnit): string => intl.formatMessage(UNITS[unit]);
