/**
 * A review case's title as the agents raise it (issue 21): a stable kind and the values that vary
 * (counts, a period, a component), stored with the case and worded when a page is made, in the
 * reader's language. The English `title` a finding also carries stays for logs and the audit
 * trail; cases raised before titles had a kind show that English, marked as English.
 */
import { defineMessages, type MessageDescriptor } from "@formatjs/intl";

/** A length of time in its largest whole unit. */
export interface Period {
  count: number;
  unit: "day" | "hour" | "minute";
}

export const CASE_TITLE_KINDS = [
  "repeatedFailures",
  "manyOrganisations",
  "revokedPresented",
  "signInFailures",
  "unknownCheck",
  "extraAttributes",
  "unregisteredChecks",
  "stalledAccount",
  "approvalDenied",
  "visualMismatch",
  "stuckSession",
  "recurringErrors",
] as const;
export type CaseTitleKind = (typeof CASE_TITLE_KINDS)[number];

export interface CaseTitle {
  kind: CaseTitleKind;
  /** Counts, and periods as `<name>Count` and `<name>Unit` (worded by PERIOD into `<name>`). */
  values: Record<string, string | number>;
}

const TITLES: Readonly<Record<CaseTitleKind, MessageDescriptor>> = defineMessages({
  repeatedFailures: {
    id: "server.staff.gabriel.case.repeatedFailures",
    defaultMessage: "Credential failed verification {count, plural, one {# time} other {# times}} within {window}",
    description: "A review case's title. window: a length of time, e.g. '1 hour'.",
  },
  manyOrganisations: {
    id: "server.staff.gabriel.case.manyOrganisations",
    defaultMessage:
      "Credential verified by {count, plural, one {# organisation} other {# organisations}} within {window}",
    description: "A review case's title. window: a length of time, e.g. '24 hours'.",
  },
  revokedPresented: {
    id: "server.staff.gabriel.case.revokedPresented",
    defaultMessage: "A revoked credential was presented",
    description: "A review case's title.",
  },
  signInFailures: {
    id: "server.staff.gabriel.case.signInFailures",
    defaultMessage: "{count, plural, one {# failed sign-in} other {# failed sign-ins}} to one account within {window}",
    description: "A review case's title. window: a length of time, e.g. '15 minutes'.",
  },
  unknownCheck: {
    id: "server.staff.gabriel.case.unknownCheck",
    defaultMessage: "Verification request for a kind of check that does not exist",
    description: "A review case's title.",
  },
  extraAttributes: {
    id: "server.staff.gabriel.case.extraAttributes",
    defaultMessage:
      "{check} request asks for {count, plural, one {# attribute} other {# attributes}} beyond what the check needs",
    description: "A review case's title. check: the kind of check, e.g. 'Right to Work'.",
  },
  unregisteredChecks: {
    id: "server.staff.gabriel.case.unregisteredChecks",
    defaultMessage:
      "Organisation asked {count, plural, one {# time} other {# times}} for checks it is not registered for",
    description: "A review case's title.",
  },
  stalledAccount: {
    id: "server.staff.gabriel.case.stalledAccount",
    defaultMessage: "Account has no credential {days, plural, one {# day} other {# days}} after it was made",
    description: "A review case's title.",
  },
  approvalDenied: {
    id: "server.staff.gabriel.case.approvalDenied",
    defaultMessage: "Assisted setup: approval of the identity document denied",
    description: "A review case's title.",
  },
  visualMismatch: {
    id: "server.staff.gabriel.case.visualMismatch",
    defaultMessage: "Assisted setup: the person did not match the identity document",
    description: "A review case's title.",
  },
  stuckSession: {
    id: "server.staff.gabriel.case.stuckSession",
    defaultMessage: "Assisted session idle for {idle}",
    description: "A review case's title. idle: a length of time, e.g. '75 minutes'.",
  },
  recurringErrors: {
    id: "server.staff.gabriel.case.recurringErrors",
    defaultMessage: "Recurring error in {component}: {count, plural, one {# time} other {# times}} within {window}",
    description: "A review case's title. component: the part of the service, as its code names it.",
  },
});

const PERIOD = defineMessages({
  period: {
    id: "server.staff.gabriel.case.period",
    defaultMessage:
      "{unit, select, day {{count, plural, one {# day} other {# days}}} hour {{count, plural, one {# hour} other {# hours}}} other {{count, plural, one {# minute} other {# minutes}}}}",
    description: "A length of time inside a review case's title: unit is day, hour or minute.",
  },
}).period;

/** What formats a message: react-intl's `useIntl()` on a page and `serverIntl(locale)` on the server both do. */
export interface Formatter {
  formatMessage(descriptor: MessageDescriptor, values?: Record<string, string | number>): string;
}

/** A case's title in the formatter's language. */
export function caseTitle(intl: Formatter, title: CaseTitle): string {
  const values: Record<string, string | number> = { ...title.values };
  for (const [key, unit] of Object.entries(title.values)) {
    if (!key.endsWith("Unit")) continue;
    const name = key.slice(0, -"Unit".length);
    values[name] = intl.formatMessage(PERIOD, { unit, count: title.values[`${name}Count`] ?? 0 });
  }
  return intl.formatMessage(TITLES[title.kind], values);
}
