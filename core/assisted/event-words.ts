/**
 * The assisted session's activity log in words (issue 21, ADR 046): each event's kind
 * (core/assisted/session.ts SessionEventWords) has a heading and a detail line in the catalogs, so
 * the console says them in its own language. The English is the rules' own `type` and `detail`,
 * which the agents, the audit log and the spec read and which stay stored as they are. Values that
 * are data (a client's name, a reason a supervisor typed) are passed through as they were typed.
 */
import { defineMessages, type MessageDescriptor } from "@formatjs/intl";
import { credentialTypeText } from "#core/issuers/type-messages.ts";
import { SESSION_EVENT_KINDS, type SessionEventKind, type SessionEventWords } from "./session.ts";

interface EventMessages {
  detail: MessageDescriptor;
  /** The values of `detail` that are data, shown as typed (the console isolates their direction). */
  data: readonly string[];
}

const TYPE = defineMessages({
  sessionStarted: { id: "assisted.session.event.sessionStarted", defaultMessage: "Session started" },
  stepCompleted: { id: "assisted.session.event.stepCompleted", defaultMessage: "Step completed" },
  sessionEnded: { id: "assisted.session.event.sessionEnded", defaultMessage: "Session ended" },
  sessionPaused: { id: "assisted.session.event.sessionPaused", defaultMessage: "Session paused" },
  sessionResumed: { id: "assisted.session.event.sessionResumed", defaultMessage: "Session resumed" },
  clientFound: { id: "assisted.session.event.clientFound", defaultMessage: "Client found" },
  accountCreated: { id: "assisted.session.event.accountCreated", defaultMessage: "Account created" },
  documentRecorded: { id: "assisted.session.event.documentRecorded", defaultMessage: "Document recorded" },
  approvalVoid: { id: "assisted.session.event.approvalVoid", defaultMessage: "Approval void" },
  approvalRequested: { id: "assisted.session.event.approvalRequested", defaultMessage: "Approval requested" },
  approvalGiven: { id: "assisted.session.event.approvalGiven", defaultMessage: "Approval given" },
  approvalDenied: { id: "assisted.session.event.approvalDenied", defaultMessage: "Approval denied" },
  visualMatchConfirmed: { id: "assisted.session.event.visualMatchConfirmed", defaultMessage: "Visual match confirmed" },
  visualMatchFailed: { id: "assisted.session.event.visualMatchFailed", defaultMessage: "Visual match failed" },
  credentialsIssued: { id: "assisted.session.event.credentialsIssued", defaultMessage: "Credentials issued" },
  credentialsOffered: { id: "assisted.session.event.credentialsOffered", defaultMessage: "Credentials offered" },
  rawDataDeleted: { id: "assisted.session.event.rawDataDeleted", defaultMessage: "Raw document data deleted" },
});

const DETAIL = defineMessages({
  sessionStarted: {
    id: "assisted.session.event.sessionStartedDetail",
    defaultMessage: "{assistanceType} for {clientName}",
    description: "Activity log. assistanceType and clientName are as the operator typed them.",
  },
  stepCompleted: {
    id: "assisted.session.event.stepCompletedDetail",
    defaultMessage: "Step {step} done; now {title}",
    description: "Activity log. title: the next step's title, e.g. 'Identity document'.",
  },
  sessionEnded: {
    id: "assisted.session.event.sessionEndedDetail",
    defaultMessage: "Ended at step {step} of {total}",
  },
  atStep: { id: "assisted.session.event.atStep", defaultMessage: "At step {step}" },
  client: {
    id: "assisted.session.event.clientDetail",
    defaultMessage: "{name} ({username})",
    description: "Activity log: the client's name and username, as their account has them.",
  },
  accountCreated: {
    id: "assisted.session.event.accountCreatedDetail",
    defaultMessage: "{name} ({username}), account created",
    description: "Activity log: the client's name and username, as their account has them.",
  },
  documentRecorded: {
    id: "assisted.session.event.documentRecordedDetail",
    defaultMessage:
      "{image, select, yes {{document} ending {last4}, expires {expires}, image captured} other {{document} ending {last4}, expires {expires}}}",
    description: "Activity log. document: its type, e.g. 'UK passport'; last4: its number's last 4 characters.",
  },
  approvalVoid: {
    id: "assisted.session.event.approvalVoidDetail",
    defaultMessage: "The document changed after approval was asked",
  },
  approvalRequested: {
    id: "assisted.session.event.approvalRequestedDetail",
    defaultMessage: "Step {step}: {title}",
    description: "Activity log. title: the step's title, e.g. 'Identity document'.",
  },
  typed: {
    id: "assisted.session.event.typed",
    defaultMessage: "{text}",
    description: "Activity log: a reason or notes exactly as a member of staff typed them.",
  },
  noNotes: { id: "assisted.session.event.noNotes", defaultMessage: "No notes" },
  credentialsIssued: {
    id: "assisted.session.event.credentialsIssuedDetail",
    defaultMessage:
      "{delivery, select, wallet {{credentials} (to the client's wallet)} other {{credentials} (on paper)}}",
    description: "Activity log. credentials: the credentials' names, separated by commas.",
  },
  credentialsOffered: {
    id: "assisted.session.event.credentialsOfferedDetail",
    defaultMessage:
      "{count, plural, one {{credentials} (# offered to the client's wallet app)} other {{credentials} (# offered to the client's wallet app)}}",
    description:
      "Activity log: credentials offered at the counter to the client's own wallet app (not ours). credentials: their names, separated by commas.",
  },
  rawDataDeleted: {
    id: "assisted.session.event.rawDataDeletedDetail",
    defaultMessage:
      "{hours, plural, one {# hour after capture: the full document number and any image} other {# hours after capture: the full document number and any image}}",
  },
});

const PART = defineMessages({
  stepTitle: {
    id: "assisted.session.event.stepTitle",
    defaultMessage:
      "{step, select, 1 {Client details} 2 {Identity document} 3 {Visual match} 4 {Issue credentials} other {Handover}}",
    description: "A step's title by its number, inside an activity log line.",
  },
  documentType: {
    id: "assisted.session.event.documentType",
    defaultMessage:
      "{type, select, passport {UK passport} drivingLicence {UK photocard driving licence} other {Biometric residence permit}}",
    description: "A kind of identity document, inside an activity log line.",
  },
});

/** What formats a message: react-intl's `useIntl()` on a page and `serverIntl(locale)` on the server both do. */
export interface Formatter {
  formatMessage(descriptor: MessageDescriptor, values?: Record<string, string | number>): string;
}

/** An event's heading and detail message, the detail's values, and which of them are data. */
export interface WordedEvent {
  type: MessageDescriptor;
  detail: MessageDescriptor;
  values: Record<string, string | number>;
  data: readonly string[];
}

const text = (value: unknown): string => (typeof value === "string" || typeof value === "number" ? String(value) : "");

/**
 * The messages for an event, with its values made ready (step titles, document and credential
 * names worded in the formatter's language; `date` writes the document's expiry). Null for an
 * event without words, or a kind this code does not know: the caller shows the English.
 */
export function wordedEvent(
  intl: Formatter,
  words: SessionEventWords | undefined,
  date: (isoDate: string) => string,
): WordedEvent | null {
  if (!words || !(SESSION_EVENT_KINDS as readonly string[]).includes(words.kind)) return null;
  const { kind, values } = words;
  const at = (messages: EventMessages, ready: Record<string, string | number>): WordedEvent => ({
    type: TYPE[kind as SessionEventKind],
    ...messages,
    values: ready,
  });
  const stepTitle = (step: unknown) => intl.formatMessage(PART.stepTitle, { step: text(step) });
  switch (kind) {
    case "sessionStarted":
      return at(
        { detail: DETAIL.sessionStarted, data: ["assistanceType", "clientName"] },
        { assistanceType: text(values.assistanceType), clientName: text(values.clientName) },
      );
    case "stepCompleted":
      return at({ detail: DETAIL.stepCompleted, data: [] }, { step: text(values.step), title: stepTitle(values.next) });
    case "sessionEnded":
      return at({ detail: DETAIL.sessionEnded, data: [] }, { step: text(values.step), total: text(values.total) });
    case "sessionPaused":
    case "sessionResumed":
      return at({ detail: DETAIL.atStep, data: [] }, { step: text(values.step) });
    case "clientFound":
    case "accountCreated":
      return at(
        { detail: kind === "clientFound" ? DETAIL.client : DETAIL.accountCreated, data: ["name", "username"] },
        { name: text(values.name), username: text(values.username) },
      );
    case "documentRecorded":
      return at(
        { detail: DETAIL.documentRecorded, data: ["last4"] },
        {
          image: values.image === "yes" ? "yes" : "no",
          document: intl.formatMessage(PART.documentType, {
            type: values.document === "driving-licence" ? "drivingLicence" : text(values.document),
          }),
          last4: text(values.last4),
          expires: date(text(values.expires)),
        },
      );
    case "approvalVoid":
      return at({ detail: DETAIL.approvalVoid, data: [] }, {});
    case "approvalRequested":
      return at(
        { detail: DETAIL.approvalRequested, data: [] },
        { step: text(values.step), title: stepTitle(values.step) },
      );
    case "approvalGiven":
    case "approvalDenied":
      return at({ detail: DETAIL.typed, data: ["text"] }, { text: text(values.reason) });
    case "visualMatchConfirmed":
    case "visualMatchFailed":
      return text(values.notes)
        ? at({ detail: DETAIL.typed, data: ["text"] }, { text: text(values.notes) })
        : at({ detail: DETAIL.noNotes, data: [] }, {});
    case "credentialsIssued": {
      const codes = Array.isArray(values.credentialTypes) ? values.credentialTypes : [];
      const names = codes.map((code) => credentialTypeText(intl, code).name);
      return at(
        { detail: DETAIL.credentialsIssued, data: [] },
        { delivery: text(values.delivery), credentials: names.join(", ") },
      );
    }
    case "credentialsOffered": {
      const codes = Array.isArray(values.credentialTypes) ? values.credentialTypes : [];
      return at(
        { detail: DETAIL.credentialsOffered, data: [] },
        {
          count: Number(values.count) || codes.length,
          credentials: codes.map((code) => credentialTypeText(intl, code).name).join(", "),
        },
      );
    }
    case "rawDataDeleted":
      return at({ detail: DETAIL.rawDataDeleted, data: [] }, { hours: Number(values.hours) || 0 });
    default:
      return null;
  }
}

/** An event's heading and detail as plain text in the formatter's language (null: no words). */
export function eventText(
  intl: Formatter,
  words: SessionEventWords | undefined,
  date: (isoDate: string) => string,
): { type: string; detail: string } | null {
  const worded = wordedEvent(intl, words, date);
  return worded
    ? { type: intl.formatMessage(worded.type), detail: intl.formatMessage(worded.detail, worded.values) }
    : null;
}
