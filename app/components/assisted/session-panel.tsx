/**
 * The active session panel (spec 000 §2, §4; issue 10): client, assistance type, progress (step /
 * total as a percentage), the current step's form, Continue, Pause Session, End Session, and the
 * dual-control notice with Request Approval and its live state. What a step needs before
 * Continue comes from the same rules the session's object applies (core/assisted/session.ts), so
 * the panel never offers what the server would refuse; the server decides all the same.
 */
import { type ComponentProps, type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { defineMessages, FormattedMessage, type MessageDescriptor, useIntl } from "react-intl";
import { apiRequest } from "#app/client/api-client.ts";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { ProgressBar } from "#app/components/ui/progress-bar.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { useUnsavedChanges } from "#app/components/ui/use-unsaved-changes.ts";
import type { ActionAnswer, IssuanceDelivery, SessionAction } from "#core/assisted/api.ts";
import {
  type AssistedSession,
  approvalState,
  DOCUMENT_TYPES,
  type DocumentType,
  makerOf,
  type SessionStatus,
  STEPS,
  unmetRequirementOf,
} from "#core/assisted/session.ts";
import { UNMET_WORDS } from "#core/assisted/unmet-words.ts";
import type { Tone } from "#core/format/tone.ts";
import { LOCALE_INFO, LOCALES, type Locale } from "#core/i18n/locales.ts";
import type { CandidateRecord } from "#server/assisted/sessions.ts";
import { CounterOffersDialog, type ReceivedOffers } from "./counter-offers.tsx";

const messagesDeclared = defineMessages({
  statusActive: { id: "assisted.session.statusActive", defaultMessage: "In Progress" },
  statusPaused: { id: "assisted.session.statusPaused", defaultMessage: "Paused" },
  statusCompleted: { id: "assisted.session.statusCompleted", defaultMessage: "Completed" },
  byline: {
    id: "assisted.session.byline",
    defaultMessage: "{assistanceType} · run by {operator}",
    description: "Under the client's name: the kind of help, and the operator running the session.",
  },
  live: { id: "assisted.session.live", defaultMessage: "Live", description: "Badge: the live feed is connected." },
  reconnecting: { id: "assisted.session.reconnecting", defaultMessage: "Reconnecting" },
  progress: { id: "assisted.session.progress", defaultMessage: "Step {step} of {total}: {title}" },
  percent: { id: "assisted.session.percent", defaultMessage: "{progress}%" },
  progressLabel: { id: "assisted.session.progressLabel", defaultMessage: "Session progress: {progress}%" },
  stepLegend: { id: "assisted.session.stepLegend", defaultMessage: "Step {step}: {title}" },
  paused: { id: "assisted.session.paused", defaultMessage: "This session is paused. Resume it to carry on." },
  beforeContinue: { id: "assisted.session.beforeContinue", defaultMessage: "Before you continue: {unmet}." },
  ended: { id: "assisted.session.ended", defaultMessage: "This session ended {when}." },
  continue: { id: "assisted.session.continue", defaultMessage: "Continue" },
  pause: { id: "assisted.session.pause", defaultMessage: "Pause Session" },
  resume: { id: "assisted.session.resume", defaultMessage: "Resume Session" },
  end: { id: "assisted.session.end", defaultMessage: "End Session" },
  stepClient: { id: "assisted.session.step.client", defaultMessage: "Client details" },
  stepDocument: { id: "assisted.session.step.document", defaultMessage: "Identity document" },
  stepVisual: { id: "assisted.session.step.visual", defaultMessage: "Visual match" },
  stepIssue: { id: "assisted.session.step.issue", defaultMessage: "Issue credentials" },
  stepHandover: { id: "assisted.session.step.handover", defaultMessage: "Handover" },
  clientDone: {
    id: "assisted.session.client.done",
    defaultMessage: "Client: <strong>{name}</strong> ({username}).",
  },
  clientDoneCreated: {
    id: "assisted.session.client.doneCreated",
    defaultMessage: "Client: <strong>{name}</strong> ({username}), account created here.",
  },
  findOrCreate: { id: "assisted.session.client.findOrCreate", defaultMessage: "Find or create the client's account" },
  findAccount: { id: "assisted.session.client.findAccount", defaultMessage: "Find an account" },
  createAccount: { id: "assisted.session.client.createAccount", defaultMessage: "Create an account" },
  accountLabel: { id: "assisted.session.client.accountLabel", defaultMessage: "The client's username or email" },
  findClient: { id: "assisted.session.client.findClient", defaultMessage: "Find client" },
  createSubmit: { id: "assisted.session.client.createSubmit", defaultMessage: "Create account" },
  clientFound: { id: "assisted.session.client.found", defaultMessage: "Client found" },
  accountCreated: { id: "assisted.session.client.created", defaultMessage: "Account created" },
  firstName: { id: "assisted.session.client.firstName", defaultMessage: "First name" },
  lastName: { id: "assisted.session.client.lastName", defaultMessage: "Last name" },
  username: { id: "assisted.session.client.username", defaultMessage: "Username" },
  usernameHint: {
    id: "assisted.session.client.usernameHint",
    defaultMessage: "3 to 50 characters; the client signs in with it",
  },
  email: { id: "assisted.session.client.email", defaultMessage: "Email (optional)" },
  password: { id: "assisted.session.client.password", defaultMessage: "Password" },
  passwordHint: {
    id: "assisted.session.client.passwordHint",
    defaultMessage: "The client types it themselves: at least 8 characters",
  },
  docPassport: { id: "assisted.session.document.passport", defaultMessage: "UK passport" },
  docDrivingLicence: { id: "assisted.session.document.drivingLicence", defaultMessage: "UK photocard driving licence" },
  docBrp: { id: "assisted.session.document.brp", defaultMessage: "Biometric residence permit" },
  documentDone: {
    id: "assisted.session.document.done",
    defaultMessage: "{type} ending <strong>{last4}</strong>, expires {expiry}.",
  },
  documentDoneImage: {
    id: "assisted.session.document.doneImage",
    defaultMessage: "{type} ending <strong>{last4}</strong>, expires {expiry}, image captured.",
  },
  documentRecords: {
    id: "assisted.session.document.records",
    defaultMessage:
      "{count, plural, =0 {No authority's record names this document.} one {The authorities hold # record naming this document.} other {The authorities hold # records naming this document.}}",
  },
  documentRecorded: { id: "assisted.session.document.recorded", defaultMessage: "Document recorded" },
  documentType: { id: "assisted.session.document.type", defaultMessage: "Document type" },
  documentNumber: { id: "assisted.session.document.number", defaultMessage: "Document number" },
  documentNumberHint: {
    id: "assisted.session.document.numberHint",
    defaultMessage: "6 to 20 letters and digits; only the last 4 are kept after 72 hours",
  },
  expiryDate: { id: "assisted.session.document.expiryDate", defaultMessage: "Expiry date" },
  photo: { id: "assisted.session.document.photo", defaultMessage: "Photo of the document (optional)" },
  photoHint: {
    id: "assisted.session.document.photoHint",
    defaultMessage: "Held only in the session and deleted 72 hours after capture; JPEG or PNG up to about 500 KB",
  },
  photoTooLarge: {
    id: "assisted.session.document.photoTooLarge",
    defaultMessage: "The photo is too large: at most about 500 KB",
  },
  photoUnreadable: { id: "assisted.session.document.photoUnreadable", defaultMessage: "The photo could not be read" },
  recordAgain: { id: "assisted.session.document.recordAgain", defaultMessage: "Record again" },
  recordDocument: { id: "assisted.session.document.record", defaultMessage: "Record document" },
  approvalGiven: { id: "assisted.session.approval.given", defaultMessage: "Approval given" },
  approvalDenied: { id: "assisted.session.approval.denied", defaultMessage: "Approval denied" },
  approvalRequested: { id: "assisted.session.approval.requested", defaultMessage: "Approval requested" },
  approvalNone: {
    id: "assisted.session.approval.none",
    defaultMessage: "This step needs a supervisor's approval (dual control) before the session can continue.",
  },
  approvalPending: {
    id: "assisted.session.approval.pending",
    defaultMessage: "{name} asked for approval at {requestedAt}. The request lapses at {expiresAt} if nobody decides.",
  },
  approvalApproved: {
    id: "assisted.session.approval.approved",
    defaultMessage: "Approved by {name} at {decidedAt}: “{reason}”. The approval holds until {expiresAt}.",
  },
  approvalDeniedText: {
    id: "assisted.session.approval.deniedText",
    defaultMessage: "Denied by {name} at {decidedAt}: “{reason}”. Correct the document and ask again.",
  },
  approvalExpired: {
    id: "assisted.session.approval.expired",
    defaultMessage: "The approval lapsed before it was used. Ask again.",
  },
  badgeNeeded: { id: "assisted.session.approval.badgeNeeded", defaultMessage: "Needed" },
  badgePending: { id: "assisted.session.approval.badgePending", defaultMessage: "Pending" },
  badgeApproved: { id: "assisted.session.approval.badgeApproved", defaultMessage: "Approved" },
  badgeDenied: { id: "assisted.session.approval.badgeDenied", defaultMessage: "Denied" },
  badgeExpired: { id: "assisted.session.approval.badgeExpired", defaultMessage: "Expired" },
  dualControl: { id: "assisted.session.approval.heading", defaultMessage: "Dual control required" },
  requestApproval: { id: "assisted.session.approval.request", defaultMessage: "Request Approval" },
  reason: { id: "assisted.session.approval.reason", defaultMessage: "Reason for your decision" },
  approve: { id: "assisted.session.approval.approve", defaultMessage: "Approve" },
  deny: { id: "assisted.session.approval.deny", defaultMessage: "Deny" },
  makerRequester: {
    id: "assisted.session.approval.makerRequester",
    defaultMessage:
      "Another supervisor must decide: you cannot approve your own request. Call Supervisor if nobody has seen it.",
  },
  makerOperator: {
    id: "assisted.session.approval.makerOperator",
    defaultMessage:
      "Another supervisor must decide: you are running this session. Call Supervisor if nobody has seen it.",
  },
  makerRecorder: {
    id: "assisted.session.approval.makerRecorder",
    defaultMessage:
      "Another supervisor must decide: you recorded this document. Call Supervisor if nobody has seen it.",
  },
  visualConfirmed: { id: "assisted.session.visual.confirmed", defaultMessage: "Visual match confirmed" },
  visualRecorded: { id: "assisted.session.visual.recorded", defaultMessage: "Visual match recorded" },
  visualMatched: {
    id: "assisted.session.visual.matched",
    defaultMessage: "The person matches the document (checked by {name}).",
  },
  visualNotMatched: {
    id: "assisted.session.visual.notMatched",
    defaultMessage: "The person did not match the document (checked by {name}).",
  },
  visualQuestion: {
    id: "assisted.session.visual.question",
    defaultMessage: "Does the person in front of you match the document's photo and details?",
  },
  visualYes: { id: "assisted.session.visual.yes", defaultMessage: "Yes, they match" },
  visualNo: { id: "assisted.session.visual.no", defaultMessage: "No, they do not match" },
  notes: { id: "assisted.session.visual.notes", defaultMessage: "Notes (optional)" },
  recordVisual: { id: "assisted.session.visual.record", defaultMessage: "Record visual match" },
  recordsUnreadable: {
    id: "assisted.session.issue.recordsUnreadable",
    defaultMessage: "The authorities' records could not be read. Try again in a moment.",
  },
  issuedWallet: {
    id: "assisted.session.issue.issuedWallet",
    defaultMessage:
      "{count, plural, one {Issued # credential to the client's wallet.} other {Issued # credentials to the client's wallet.}}",
  },
  issuedPaper: {
    id: "assisted.session.issue.issuedPaper",
    defaultMessage: "{count, plural, one {Issued # credential on paper.} other {Issued # credentials on paper.}}",
  },
  issuedApp: {
    id: "assisted.session.issue.issuedApp",
    defaultMessage:
      "{count, plural, one {Offered # credential to the client's wallet app.} other {Offered # credentials to the client's wallet app.}}",
  },
  issuedBy: { id: "assisted.session.issue.issuedBy", defaultMessage: "Issued by {name}." },
  credentialsIssued: { id: "assisted.session.issue.issued", defaultMessage: "Credentials issued" },
  readingRecords: { id: "assisted.session.issue.reading", defaultMessage: "Reading the authorities' records…" },
  noRecords: {
    id: "assisted.session.issue.noRecords",
    defaultMessage:
      "No authority holds a record for {name} or names their document, so nothing can be issued. End the session and refer the client to the issuing authority.",
  },
  thisClient: { id: "assisted.session.issue.thisClient", defaultMessage: "this client" },
  recordsLegend: {
    id: "assisted.session.issue.recordsLegend",
    defaultMessage: "The authorities' records: compare each with the client and the document",
  },
  nameOnRecord: {
    id: "assisted.session.issue.nameOnRecord",
    defaultMessage:
      "Name on record: <strong>{name}</strong>{born, select, none {} other {, born {born}}}; valid until {validUntil}{linked, select, yes {} other {; found through the document (will be added to the client's account)}}",
    description: "born: the date of birth, or 'none'; linked: 'yes' when the record is already the client account's.",
  },
  notGiven: { id: "assisted.session.issue.notGiven", defaultMessage: "not given" },
  nameMismatch: {
    id: "assisted.session.issue.nameMismatch",
    defaultMessage: "This name is not the client account's: it cannot be issued to them.",
  },
  client: { id: "assisted.session.issue.client", defaultMessage: "Client: <strong>{name}</strong>" },
  confirmRecord: {
    id: "assisted.session.issue.confirmRecord",
    defaultMessage: "The authority's record matches the client in front of me and their document",
  },
  deliveryLegend: { id: "assisted.session.issue.deliveryLegend", defaultMessage: "How will the client hold them?" },
  deliveryWallet: {
    id: "assisted.session.issue.deliveryWallet",
    defaultMessage: "In their wallet (they add them on their own phone or computer)",
  },
  deliveryApp: {
    id: "assisted.session.issue.deliveryApp",
    defaultMessage: "In their own wallet app: they scan a QR code here with their phone",
    description: "A wallet app of the client's choosing, not ours.",
  },
  deliveryPaper: {
    id: "assisted.session.issue.deliveryPaper",
    defaultMessage: "On paper (no phone): print a paper QR",
  },
  printPaper: {
    id: "assisted.session.paper.print",
    defaultMessage: "{count, plural, one {Print paper QR} other {Print paper QR (# credentials)}}",
  },
  newTab: { id: "assisted.session.paper.newTab", defaultMessage: "(opens in a new tab)" },
  clientLanguage: {
    id: "assisted.session.paper.clientLanguage",
    defaultMessage: "The client's language for the paper",
  },
  handoverAccount: {
    id: "assisted.session.handover.account",
    defaultMessage: "Account: <strong>{username}</strong>.",
  },
  handoverAccountCreated: {
    id: "assisted.session.handover.accountCreated",
    defaultMessage:
      "Account: <strong>{username}</strong> (created today: the client keeps their password to themselves).",
  },
  handoverWallet: {
    id: "assisted.session.handover.wallet",
    defaultMessage:
      "On their phone or computer the client signs in, opens My Wallet and adds their credentials: they are ready for them.",
  },
  handoverApp: {
    id: "assisted.session.handover.app",
    defaultMessage:
      "The client's wallet app receives each credential once they have typed its transaction code (a record still being checked arrives when the check is done). If an offer expired, they can make a new one in My Wallet.",
  },
  handoverPaper: {
    id: "assisted.session.handover.paper",
    defaultMessage:
      "Hand over the printed paper QR. Tell the client that whoever checks it will also ask for photo ID, and when it expires.",
  },
  handoverDeleted: {
    id: "assisted.session.handover.deleted",
    defaultMessage: "The document's full number and any photo are deleted 72 hours after capture.",
  },
  handoverEnd: {
    id: "assisted.session.handover.end",
    defaultMessage: "When the client has everything, end the session.",
  },
});
/** Widened so that formatMessage takes values (the catalog test checks each message's placeholders). */
const messages: { readonly [K in keyof typeof messagesDeclared]: MessageDescriptor } = messagesDeclared;

/** The steps' titles, in order (core/assisted/session.ts's STEPS). */
const STEP_TITLES = [
  messages.stepClient,
  messages.stepDocument,
  messages.stepVisual,
  messages.stepIssue,
  messages.stepHandover,
] as const;

/** What step 4 says once it is done, by where the credentials went. */
const ISSUED: Record<IssuanceDelivery, MessageDescriptor> = {
  wallet: messages.issuedWallet,
  paper: messages.issuedPaper,
  app: messages.issuedApp,
};

const DOCUMENT_NAMES: Record<DocumentType, MessageDescriptor> = {
  passport: messages.docPassport,
  "driving-licence": messages.docDrivingLicence,
  brp: messages.docBrp,
};

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/**
 * One step's work sent to POST /api/assisted/sessions/{id}/actions; resolves true when it was
 * done. `onAnswer` receives the whole answer: what only the asker sees (an issue's offers).
 */
export type Act = (
  body: SessionAction,
  success?: string,
  onAnswer?: (answer: ActionAnswer) => void,
) => Promise<boolean>;

interface PanelProps {
  session: AssistedSession;
  viewer: { id: string; supervisor: boolean };
  now: Date;
  busy: boolean;
  connected: boolean;
  act: Act;
  onContinue: () => void;
  onPause: () => void;
  onResume: () => void;
  onEnd: () => void;
  /** The client's language for their paper credential (issue 21). */
  clientLocale: Locale;
  onClientLocale: (locale: Locale) => void;
}

/** Spec 000 §4: active is shown as In Progress. One table for the panel and the office's list. */
export const SESSION_STATUS: Record<SessionStatus, { label: MessageDescriptor; tone: Tone }> = {
  active: { label: messages.statusActive, tone: "ok" },
  paused: { label: messages.statusPaused, tone: "warn" },
  completed: { label: messages.statusCompleted, tone: "neutral" },
};

export function SessionPanel({
  session,
  viewer,
  now,
  busy,
  connected,
  act,
  onContinue,
  onPause,
  onResume,
  onEnd,
  clientLocale,
  onClientLocale,
}: PanelProps) {
  const intl = useIntl();
  const f = useFormats();
  const progress = Math.round((session.currentStep / session.totalSteps) * 100);
  const step = STEPS[session.currentStep - 1];
  const stepTitle = STEP_TITLES[session.currentStep - 1];
  const title = stepTitle ? intl.formatMessage(stepTitle) : "";
  const unmetKey = unmetRequirementOf(session, now);
  const unmet = unmetKey ? intl.formatMessage(UNMET_WORDS[unmetKey]) : null;
  const open = session.status !== "completed";
  const active = session.status === "active";
  const lastStep = session.currentStep >= session.totalSteps;
  return (
    <Card as="section" aria-labelledby="session-heading" className="p-5" data-testid="active-session">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="session-heading" tabIndex={-1} className="text-2xl font-bold">
            {session.clientName}
          </h2>
          <p className="text-govuk-grey dark:text-slate-400">
            {intl.formatMessage(messages.byline, {
              assistanceType: session.assistanceType,
              operator: session.operator.name,
            })}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge tone={SESSION_STATUS[session.status].tone} data-testid="session-status">
            {intl.formatMessage(SESSION_STATUS[session.status].label)}
          </StatusBadge>
          <StatusBadge tone={connected ? "ok" : "warn"} data-testid="live-indicator">
            {intl.formatMessage(connected ? messages.live : messages.reconnecting)}
          </StatusBadge>
        </div>
      </div>

      <div className="mt-4">
        <p className="flex justify-between text-sm font-semibold" data-testid="session-progress" aria-live="polite">
          <span>
            {intl.formatMessage(messages.progress, { step: session.currentStep, total: session.totalSteps, title })}
          </span>
          <span>{intl.formatMessage(messages.percent, { progress })}</span>
        </p>
        <ProgressBar
          value={progress}
          label={intl.formatMessage(messages.progressLabel, { progress })}
          className="mt-1 h-3"
        />
        <ol className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {STEP_TITLES.map((s, index) => (
            <li
              key={s.id}
              aria-current={index + 1 === session.currentStep ? "step" : undefined}
              className={
                index + 1 === session.currentStep
                  ? "font-bold"
                  : index + 1 < session.currentStep
                    ? ""
                    : "text-govuk-grey dark:text-slate-400"
              }
            >
              {index + 1 < session.currentStep ? "✓ " : `${index + 1}. `}
              {intl.formatMessage(s)}
            </li>
          ))}
        </ol>
      </div>

      {open ? (
        <div className="mt-5 border-t border-govuk-border pt-4 dark:border-slate-700">
          {!active ? (
            <p className="mb-3 font-semibold" role="status">
              {intl.formatMessage(messages.paused)}
            </p>
          ) : null}
          <fieldset disabled={!active || busy} className="min-w-0">
            <legend className="sr-only">
              {intl.formatMessage(messages.stepLegend, { step: session.currentStep, title })}
            </legend>
            <StepForm session={session} act={act} paper={{ clientLocale, onClientLocale }} />
          </fieldset>
          {step && "dualControl" in step ? (
            <DualControlNotice session={session} viewer={viewer} now={now} busy={busy} act={act} />
          ) : null}
          {active && unmet && !lastStep ? (
            <p className="mt-4 text-sm font-semibold" data-testid="step-requirement">
              {intl.formatMessage(messages.beforeContinue, { unmet })}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="mt-4" role="status">
          {intl.formatMessage(messages.ended, { when: session.completedAt ? f.dateTime(session.completedAt) : "" })}
        </p>
      )}

      {open ? (
        <div className="mt-5 flex flex-wrap gap-3">
          {!lastStep ? (
            <Button onClick={onContinue} disabled={busy || !active || Boolean(unmet)} data-testid="button-continue">
              {intl.formatMessage(messages.continue)}
            </Button>
          ) : null}
          {active ? (
            <Button variant="secondary" onClick={onPause} disabled={busy} data-testid="button-pause">
              {intl.formatMessage(messages.pause)}
            </Button>
          ) : (
            <Button variant="secondary" onClick={onResume} disabled={busy} data-testid="button-resume">
              {intl.formatMessage(messages.resume)}
            </Button>
          )}
          <Button variant="destructive" onClick={onEnd} disabled={busy} data-testid="button-end">
            {intl.formatMessage(messages.end)}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/** The paper's language as the panel holds it. */
interface PaperChoice {
  clientLocale: Locale;
  onClientLocale: (locale: Locale) => void;
}

function StepForm({ session, act, paper }: { session: AssistedSession; act: Act; paper: PaperChoice }) {
  switch (session.currentStep) {
    case 1:
      return <ClientStep session={session} act={act} />;
    case 2:
      return <DocumentStep session={session} act={act} />;
    case 3:
      return <VisualMatchStep session={session} act={act} />;
    case 4:
      return <IssueStep session={session} act={act} paper={paper} />;
    default:
      return <HandoverStep session={session} paper={paper} />;
  }
}

function Done({ children }: { children: ReactNode }) {
  return (
    <p
      className="mb-3 rounded-sm border-s-4 border-govuk-green bg-green-50 p-3 dark:border-green-500 dark:bg-green-950"
      data-testid="step-done"
    >
      {children}
    </p>
  );
}

/** A new client's account as the operator types it (registration's fields, names required). */
const NO_NEW_CLIENT = { firstName: "", lastName: "", username: "", email: "", password: "" };

const NEW_CLIENT_FIELDS: ({
  field: keyof typeof NO_NEW_CLIENT;
  label: MessageDescriptor;
  hint?: MessageDescriptor;
} & Omit<ComponentProps<typeof TextField>, "value" | "onChange" | "label" | "hint">)[] = [
  { field: "firstName", name: "client-first", label: messages.firstName, required: true, autoComplete: "off" },
  { field: "lastName", name: "client-last", label: messages.lastName, required: true, autoComplete: "off" },
  {
    field: "username",
    name: "client-username",
    label: messages.username,
    hint: messages.usernameHint,
    required: true,
    minLength: 3,
    maxLength: 50,
    autoComplete: "off",
  },
  { field: "email", name: "client-email", label: messages.email, type: "email", autoComplete: "off" },
  {
    field: "password",
    name: "client-password",
    label: messages.password,
    hint: messages.passwordHint,
    type: "password",
    required: true,
    minLength: 8,
    autoComplete: "new-password",
  },
];

function ClientStep({ session, act }: { session: AssistedSession; act: Act }) {
  const intl = useIntl();
  const [mode, setMode] = useState<"find" | "create">("find");
  const [account, setAccount] = useState("");
  const [fields, setFields] = useState(NO_NEW_CLIENT);
  // A new client's details typed and not yet sent would be lost by leaving (spec 000 §4).
  useUnsavedChanges(() => Object.values(fields).some((value) => value !== ""));
  const find = (event: FormEvent) => {
    event.preventDefault();
    void act({ type: "find-client", account }, intl.formatMessage(messages.clientFound));
  };
  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (await act({ type: "create-client", account: fields }, intl.formatMessage(messages.accountCreated)))
      setFields(NO_NEW_CLIENT);
  };
  return (
    <div>
      <h3 className="text-lg font-bold">{intl.formatMessage(messages.stepClient)}</h3>
      {session.client ? (
        <Done>
          <FormattedMessage
            {...(session.client.createdHere ? messages.clientDoneCreated : messages.clientDone)}
            values={{
              name: <bdi dir="auto">{session.client.name}</bdi>,
              username: <bdi dir="ltr">{session.client.username}</bdi>,
              strong,
            }}
          />
        </Done>
      ) : null}
      <fieldset className="mb-3 flex min-w-0 gap-2" aria-label={intl.formatMessage(messages.findOrCreate)}>
        <Button
          variant={mode === "find" ? "secondary" : "outline"}
          aria-pressed={mode === "find"}
          onClick={() => setMode("find")}
        >
          {intl.formatMessage(messages.findAccount)}
        </Button>
        <Button
          variant={mode === "create" ? "secondary" : "outline"}
          aria-pressed={mode === "create"}
          onClick={() => setMode("create")}
        >
          {intl.formatMessage(messages.createAccount)}
        </Button>
      </fieldset>
      {mode === "find" ? (
        <form onSubmit={find} className="grid max-w-md gap-2">
          <TextField
            name="client-account"
            label={intl.formatMessage(messages.accountLabel)}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            required
            autoComplete="off"
          />
          <Button type="submit">{intl.formatMessage(messages.findClient)}</Button>
        </form>
      ) : (
        <form onSubmit={create} className="grid max-w-md gap-2">
          {NEW_CLIENT_FIELDS.map(({ field, label, hint, ...input }) => (
            <TextField
              key={field}
              {...input}
              label={intl.formatMessage(label)}
              hint={hint ? intl.formatMessage(hint) : undefined}
              value={fields[field]}
              onChange={(event) => setFields((typed) => ({ ...typed, [field]: event.target.value }))}
            />
          ))}
          <Button type="submit">{intl.formatMessage(messages.createSubmit)}</Button>
        </form>
      )}
    </div>
  );
}

/** Reads a picked or captured photo as a data URL (what the API takes). */
function readImage(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function DocumentStep({ session, act }: { session: AssistedSession; act: Act }) {
  const intl = useIntl();
  const f = useFormats();
  const documentOptions = (Object.keys(DOCUMENT_TYPES) as DocumentType[]).map((value) => ({
    value,
    label: intl.formatMessage(DOCUMENT_NAMES[value]),
  }));
  const [type, setType] = useState<DocumentType>("passport");
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [image, setImage] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string[]>([]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await act(
      { type: "document", document: { type, number, expiryDate: expiry, ...(image ? { image } : {}) } },
      intl.formatMessage(messages.documentRecorded),
    );
    if (done) {
      setNumber("");
      setImage(null);
    }
  };
  const document = session.document;
  return (
    <div>
      <h3 className="text-lg font-bold">{intl.formatMessage(messages.stepDocument)}</h3>
      {document ? (
        <Done>
          <FormattedMessage
            {...(document.hasImage ? messages.documentDoneImage : messages.documentDone)}
            values={{
              type: intl.formatMessage(DOCUMENT_NAMES[document.type]),
              last4: <bdi dir="ltr">{document.numberLast4}</bdi>,
              expiry: f.calendarDate(document.expiryDate),
              strong,
            }}
          />{" "}
          {intl.formatMessage(messages.documentRecords, { count: document.authorityRecordIds.length })}
        </Done>
      ) : null}
      <form onSubmit={submit} className="grid max-w-md gap-2">
        <SelectField
          label={intl.formatMessage(messages.documentType)}
          options={documentOptions}
          value={type}
          onChange={(e) => setType(e.target.value as DocumentType)}
          name="document-type"
        />
        <TextField
          name="document-number"
          label={intl.formatMessage(messages.documentNumber)}
          hint={intl.formatMessage(messages.documentNumberHint)}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          required
          autoComplete="off"
        />
        <TextField
          name="document-expiry"
          label={intl.formatMessage(messages.expiryDate)}
          type="date"
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
          required
        />
        <TextField
          name="document-image"
          label={intl.formatMessage(messages.photo)}
          hint={intl.formatMessage(messages.photoHint)}
          type="file"
          accept="image/jpeg,image/png"
          capture="environment"
          errors={imageError}
          onChange={(event) => {
            const file = event.target.files?.[0];
            setImageError([]);
            if (!file) return setImage(null);
            if (file.size > 500 * 1024) {
              setImageError([intl.formatMessage(messages.photoTooLarge)]);
              return setImage(null);
            }
            readImage(file).then(setImage, () => setImageError([intl.formatMessage(messages.photoUnreadable)]));
          }}
        />
        <Button type="submit">{intl.formatMessage(document ? messages.recordAgain : messages.recordDocument)}</Button>
      </form>
    </div>
  );
}

/** The dual-control notice (spec 000 §4): who asked, its live state, and a supervisor's decision. */
function DualControlNotice({
  session,
  viewer,
  now,
  busy,
  act,
}: {
  session: AssistedSession;
  viewer: PanelProps["viewer"];
  now: Date;
  busy: boolean;
  act: Act;
}) {
  const intl = useIntl();
  const f = useFormats();
  const [reason, setReason] = useState("");
  const approval = session.approval;
  const state = approvalState(approval, now);
  // The same maker-checker rule the session's object applies: the console offers no decision it would refuse.
  const maker = state === "pending" ? makerOf(session, viewer.id) : null;
  const canDecide = state === "pending" && viewer.supervisor && !maker;
  const decide = async (decision: "approved" | "denied") => {
    if (
      await act(
        { type: "decide-approval", approvalId: approval!.id, decision, reason },
        intl.formatMessage(decision === "approved" ? messages.approvalGiven : messages.approvalDenied),
      )
    )
      setReason("");
  };
  const text: Record<NonNullable<typeof state> | "none", ReactNode> = {
    none: intl.formatMessage(messages.approvalNone),
    pending: approval
      ? intl.formatMessage(messages.approvalPending, {
          name: approval.requestedBy.name,
          requestedAt: f.dateTime(approval.requestedAt),
          expiresAt: f.dateTime(approval.expiresAt),
        })
      : null,
    approved: approval
      ? intl.formatMessage(messages.approvalApproved, {
          name: approval.decidedBy?.name,
          decidedAt: f.dateTime(approval.decidedAt!),
          reason: approval.reason,
          expiresAt: f.dateTime(approval.expiresAt),
        })
      : null,
    denied: approval
      ? intl.formatMessage(messages.approvalDeniedText, {
          name: approval.decidedBy?.name,
          decidedAt: f.dateTime(approval.decidedAt!),
          reason: approval.reason,
        })
      : null,
    expired: intl.formatMessage(messages.approvalExpired),
  };
  const badge = intl.formatMessage(
    {
      none: messages.badgeNeeded,
      pending: messages.badgePending,
      approved: messages.badgeApproved,
      denied: messages.badgeDenied,
      expired: messages.badgeExpired,
    }[state ?? "none"],
  );
  const tone = state === "approved" ? "ok" : state === "denied" ? "bad" : "warn";
  return (
    <section
      aria-labelledby="dual-control-heading"
      className="mt-5 rounded-sm border-s-8 border-s-govuk-yellow bg-yellow-50 p-4 dark:border-s-yellow-400 dark:bg-slate-800"
      data-testid="dual-control"
    >
      <h3 id="dual-control-heading" className="flex flex-wrap items-center gap-2 text-lg font-bold">
        {intl.formatMessage(messages.dualControl)}{" "}
        <StatusBadge tone={tone} data-testid="approval-state">
          {badge}
        </StatusBadge>
      </h3>
      <p className="mt-1" aria-live="polite">
        {text[state ?? "none"]}
      </p>
      {session.status === "active" && state !== "pending" && !(state === "approved") ? (
        <Button
          className="mt-3"
          disabled={busy || !session.document}
          onClick={() => void act({ type: "request-approval" }, intl.formatMessage(messages.approvalRequested))}
          data-testid="button-request-approval"
        >
          {intl.formatMessage(messages.requestApproval)}
        </Button>
      ) : null}
      {canDecide ? (
        <div className="mt-3 grid max-w-md gap-2">
          <TextField
            name="approval-reason"
            label={intl.formatMessage(messages.reason)}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
            required
            autoComplete="off"
          />
          <div className="flex gap-2">
            <Button
              disabled={busy || !reason.trim()}
              onClick={() => void decide("approved")}
              data-testid="button-approve"
            >
              {intl.formatMessage(messages.approve)}
            </Button>
            <Button
              variant="destructive"
              disabled={busy || !reason.trim()}
              onClick={() => void decide("denied")}
              data-testid="button-deny"
            >
              {intl.formatMessage(messages.deny)}
            </Button>
          </div>
        </div>
      ) : maker ? (
        <p className="mt-2 text-sm" data-testid="maker-notice">
          {intl.formatMessage(
            maker === "requester"
              ? messages.makerRequester
              : maker === "operator"
                ? messages.makerOperator
                : messages.makerRecorder,
          )}
        </p>
      ) : null}
    </section>
  );
}

function VisualMatchStep({ session, act }: { session: AssistedSession; act: Act }) {
  const intl = useIntl();
  const [matched, setMatched] = useState<"yes" | "no">("yes");
  const [notes, setNotes] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void act(
      { type: "visual-match", matched: matched === "yes", notes },
      intl.formatMessage(matched === "yes" ? messages.visualConfirmed : messages.visualRecorded),
    );
  };
  return (
    <div>
      <h3 className="text-lg font-bold">{intl.formatMessage(messages.stepVisual)}</h3>
      {session.visualMatch ? (
        <Done>
          {intl.formatMessage(session.visualMatch.matched ? messages.visualMatched : messages.visualNotMatched, {
            name: session.visualMatch.by.name,
          })}
        </Done>
      ) : null}
      <form onSubmit={submit} className="grid max-w-md gap-2">
        <fieldset className="grid gap-1">
          <legend className="font-semibold">{intl.formatMessage(messages.visualQuestion)}</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="visual-match"
              value="yes"
              checked={matched === "yes"}
              onChange={() => setMatched("yes")}
            />{" "}
            {intl.formatMessage(messages.visualYes)}
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="visual-match"
              value="no"
              checked={matched === "no"}
              onChange={() => setMatched("no")}
            />{" "}
            {intl.formatMessage(messages.visualNo)}
          </label>
        </fieldset>
        <TextField
          name="visual-notes"
          label={intl.formatMessage(messages.notes)}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          maxLength={500}
          autoComplete="off"
        />
        <Button type="submit">{intl.formatMessage(messages.recordVisual)}</Button>
      </form>
    </div>
  );
}

function IssueStep({ session, act, paper }: { session: AssistedSession; act: Act; paper: PaperChoice }) {
  const intl = useIntl();
  const f = useFormats();
  const [records, setRecords] = useState<CandidateRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [delivery, setDelivery] = useState<IssuanceDelivery>("wallet");
  const [confirmed, setConfirmed] = useState(false);
  // The offers to the client's wallet app: held here only, until the operator is done with them.
  const [offers, setOffers] = useState<ReceivedOffers | null>(null);
  const offersDialog = <CounterOffersDialog received={offers} onClose={() => setOffers(null)} />;
  // The dialog closed: focus goes to the step's heading, once the page behind it is no longer inert.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const offered = useRef(false);
  useEffect(() => {
    if (offers) offered.current = true;
    else if (offered.current) {
      offered.current = false;
      headingRef.current?.focus();
    }
  }, [offers]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the records are the client's, so another client account means reading them again
  useEffect(() => {
    let live = true;
    apiRequest("GET", `/api/assisted/sessions/${session.id}/records`)
      .then((response) => response.json() as Promise<CandidateRecord[]>)
      .then(
        (list) => {
          if (!live) return;
          setRecords(list);
          setChosen(list.filter((record) => record.nameMatches).map((record) => record.type));
        },
        () => live && setError(intl.formatMessage(messages.recordsUnreadable)),
      );
    return () => {
      live = false;
    };
  }, [session.id, session.client?.userId]);

  if (session.issuance) {
    const issuance = session.issuance;
    return (
      <div>
        <h3 ref={headingRef} tabIndex={-1} className="text-lg font-bold">
          {intl.formatMessage(messages.stepIssue)}
        </h3>
        <Done>
          {intl.formatMessage(ISSUED[issuance.delivery], { count: issuance.credentialTypes.length })}{" "}
          {intl.formatMessage(messages.issuedBy, { name: issuance.by.name })}
        </Done>
        <PaperLinks session={session} paper={paper} />
        {offersDialog}
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The button stays disabled until the operator confirms; the server refuses an unconfirmed issue all the same.
    if (!confirmed) return;
    void act(
      { type: "issue", credentialTypes: chosen, delivery, confirmed },
      intl.formatMessage(messages.credentialsIssued),
      (answer) => {
        if (answer.offers?.length) setOffers({ offers: answer.offers, receivedAt: Date.now() });
      },
    );
  };
  return (
    <div>
      <h3 className="text-lg font-bold">{intl.formatMessage(messages.stepIssue)}</h3>
      {error ? <p role="alert">{error}</p> : null}
      {records === null && !error ? <p role="status">{intl.formatMessage(messages.readingRecords)}</p> : null}
      {records && !records.length ? (
        <p role="status" data-testid="no-records">
          {intl.formatMessage(messages.noRecords, {
            name: session.client?.name ?? intl.formatMessage(messages.thisClient),
          })}
        </p>
      ) : null}
      {records?.length ? (
        <form onSubmit={submit} className="grid gap-3">
          <fieldset className="grid gap-2">
            <legend className="font-semibold">{intl.formatMessage(messages.recordsLegend)}</legend>
            {records.map((record) => (
              <label
                key={record.id}
                className="flex items-start gap-2 rounded-sm border border-govuk-border p-2 dark:border-slate-700"
                data-testid="authority-record"
              >
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={chosen.includes(record.type)}
                  onChange={(e) =>
                    setChosen((c) => (e.target.checked ? [...c, record.type] : c.filter((t) => t !== record.type)))
                  }
                />
                <span>
                  <span className="font-semibold">{record.typeName}</span> ({record.authority})
                  <span className="block text-sm">
                    <FormattedMessage
                      {...messages.nameOnRecord}
                      values={{
                        name: record.name || intl.formatMessage(messages.notGiven),
                        born: record.birthdate ? f.calendarDate(record.birthdate) : "none",
                        validUntil: f.date(record.validUntil),
                        linked: record.linked ? "yes" : "no",
                        strong,
                      }}
                    />
                  </span>
                  {record.nameMatches ? null : (
                    <span className="block text-sm font-semibold text-govuk-red dark:text-red-400">
                      {intl.formatMessage(messages.nameMismatch)}
                    </span>
                  )}
                </span>
              </label>
            ))}
          </fieldset>
          <p>
            <FormattedMessage
              {...messages.client}
              values={{ name: <bdi dir="auto">{session.client?.name}</bdi>, strong }}
            />
          </p>
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-1"
              checked={confirmed}
              onChange={(e) => setConfirmed(e.target.checked)}
              data-testid="confirm-record"
            />
            <span>{intl.formatMessage(messages.confirmRecord)}</span>
          </label>
          <fieldset className="grid gap-1">
            <legend className="font-semibold">{intl.formatMessage(messages.deliveryLegend)}</legend>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="delivery"
                value="wallet"
                checked={delivery === "wallet"}
                onChange={() => setDelivery("wallet")}
              />{" "}
              {intl.formatMessage(messages.deliveryWallet)}
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="delivery"
                value="paper"
                checked={delivery === "paper"}
                onChange={() => setDelivery("paper")}
              />{" "}
              {intl.formatMessage(messages.deliveryPaper)}
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="delivery"
                value="app"
                checked={delivery === "app"}
                onChange={() => setDelivery("app")}
              />{" "}
              {intl.formatMessage(messages.deliveryApp)}
            </label>
          </fieldset>
          <Button type="submit" disabled={!confirmed || !chosen.length} data-testid="button-issue">
            {intl.formatMessage(messages.stepIssue)}
          </Button>
        </form>
      ) : null}
    </div>
  );
}

/**
 * The page that prints the session's paper credentials (what Generate Paper QR opens), in the
 * client's language (issue 21: the paper is theirs, whatever language the console is in).
 */
export const paperPage = (sessionId: string, clientLocale: Locale) =>
  `/assisted/sessions/${sessionId}/paper?lang=${clientLocale}`;

/** The client's language for the paper (each named in itself), and the link that prints it. */
function PaperLinks({ session, paper }: { session: AssistedSession; paper: PaperChoice }) {
  const intl = useIntl();
  const count = session.issuance?.paperCredentialIds.length ?? 0;
  if (!count) return null;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SelectField
        label={intl.formatMessage(messages.clientLanguage)}
        name="paper-language"
        options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_INFO[locale].name }))}
        value={paper.clientLocale}
        onChange={(event) => paper.onClientLocale(event.target.value as Locale)}
        data-testid="paper-language"
      />
      <a
        className={buttonClasses("outline")}
        href={paperPage(session.id, paper.clientLocale)}
        target="_blank"
        rel="noopener"
        data-testid="paper-link"
      >
        {intl.formatMessage(messages.printPaper, { count })}
        <span className="sr-only"> {intl.formatMessage(messages.newTab)}</span>
      </a>
    </div>
  );
}

function HandoverStep({ session, paper }: { session: AssistedSession; paper: PaperChoice }) {
  const intl = useIntl();
  const issuance = session.issuance;
  return (
    <div data-testid="handover">
      <h3 className="text-lg font-bold">{intl.formatMessage(messages.stepHandover)}</h3>
      <ul className="mt-2 list-disc space-y-1 ps-6">
        <li>
          <FormattedMessage
            {...(session.client?.createdHere ? messages.handoverAccountCreated : messages.handoverAccount)}
            values={{ username: <bdi dir="ltr">{session.client?.username}</bdi>, strong }}
          />
        </li>
        {issuance?.delivery === "wallet" ? <li>{intl.formatMessage(messages.handoverWallet)}</li> : null}
        {issuance?.delivery === "paper" ? <li>{intl.formatMessage(messages.handoverPaper)}</li> : null}
        {issuance?.delivery === "app" ? <li>{intl.formatMessage(messages.handoverApp)}</li> : null}
        <li>{intl.formatMessage(messages.handoverDeleted)}</li>
      </ul>
      <div className="mt-3">
        <PaperLinks session={session} paper={paper} />
      </div>
      <p className="mt-3">{intl.formatMessage(messages.handoverEnd)}</p>
    </div>
  );
}
