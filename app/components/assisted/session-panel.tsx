/**
 * The active session panel (spec 000 §2, §4; issue 10): client, assistance type, progress (step /
 * total as a percentage), the current step's form, Continue, Pause Session, End Session, and the
 * dual-control notice with Request Approval and its live state. What a step needs before
 * Continue comes from the same rules the session's object applies (core/assisted/session.ts), so
 * the panel never offers what the server would refuse; the server decides all the same.
 */
import { type ComponentProps, type FormEvent, type ReactNode, useEffect, useState } from "react";
import { apiRequest } from "#app/client/api-client.ts";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { ProgressBar } from "#app/components/ui/progress-bar.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { useUnsavedChanges } from "#app/components/ui/use-unsaved-changes.ts";
import type { SessionAction } from "#core/assisted/api.ts";
import {
  type AssistedSession,
  approvalState,
  DOCUMENT_TYPES,
  type DocumentType,
  makerOf,
  type SessionStatus,
  STEPS,
  unmetRequirement,
} from "#core/assisted/session.ts";
import { formatDate, formatDateTime } from "#core/format/format.ts";
import type { Tone } from "#core/format/tone.ts";
import type { CandidateRecord } from "#server/assisted/sessions.ts";

/** One step's work sent to POST /api/assisted/sessions/{id}/actions; resolves true when it was done. */
export type Act = (body: SessionAction, success?: string) => Promise<boolean>;

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
}

/** Spec 000 §4: active is shown as In Progress. One table for the panel and the office's list. */
export const SESSION_STATUS: Record<SessionStatus, { label: string; tone: Tone }> = {
  active: { label: "In Progress", tone: "ok" },
  paused: { label: "Paused", tone: "warn" },
  completed: { label: "Completed", tone: "neutral" },
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
}: PanelProps) {
  const progress = Math.round((session.currentStep / session.totalSteps) * 100);
  const step = STEPS[session.currentStep - 1];
  const unmet = unmetRequirement(session, now);
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
            {session.assistanceType} · run by {session.operator.name}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge tone={SESSION_STATUS[session.status].tone} data-testid="session-status">
            {SESSION_STATUS[session.status].label}
          </StatusBadge>
          <StatusBadge tone={connected ? "ok" : "warn"} data-testid="live-indicator">
            {connected ? "Live" : "Reconnecting"}
          </StatusBadge>
        </div>
      </div>

      <div className="mt-4">
        <p className="flex justify-between text-sm font-semibold" data-testid="session-progress" aria-live="polite">
          <span>
            Step {session.currentStep} of {session.totalSteps}: {step?.title}
          </span>
          <span>{progress}%</span>
        </p>
        <ProgressBar value={progress} label={`Session progress: ${progress}%`} className="mt-1 h-3" />
        <ol className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {STEPS.map((s, index) => (
            <li
              key={s.title}
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
              {s.title}
            </li>
          ))}
        </ol>
      </div>

      {open ? (
        <div className="mt-5 border-t border-govuk-border pt-4 dark:border-slate-700">
          {!active ? (
            <p className="mb-3 font-semibold" role="status">
              This session is paused. Resume it to carry on.
            </p>
          ) : null}
          <fieldset disabled={!active || busy} className="min-w-0">
            <legend className="sr-only">
              Step {session.currentStep}: {step?.title}
            </legend>
            <StepForm session={session} act={act} />
          </fieldset>
          {step && "dualControl" in step ? (
            <DualControlNotice session={session} viewer={viewer} now={now} busy={busy} act={act} />
          ) : null}
          {active && unmet && !lastStep ? (
            <p className="mt-4 text-sm font-semibold" data-testid="step-requirement">
              Before you continue: {unmet}.
            </p>
          ) : null}
        </div>
      ) : (
        <p className="mt-4" role="status">
          This session ended {session.completedAt ? formatDateTime(session.completedAt) : ""}.
        </p>
      )}

      {open ? (
        <div className="mt-5 flex flex-wrap gap-3">
          {!lastStep ? (
            <Button onClick={onContinue} disabled={busy || !active || Boolean(unmet)} data-testid="button-continue">
              Continue
            </Button>
          ) : null}
          {active ? (
            <Button variant="secondary" onClick={onPause} disabled={busy} data-testid="button-pause">
              Pause Session
            </Button>
          ) : (
            <Button variant="secondary" onClick={onResume} disabled={busy} data-testid="button-resume">
              Resume Session
            </Button>
          )}
          <Button variant="destructive" onClick={onEnd} disabled={busy} data-testid="button-end">
            End Session
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

function StepForm({ session, act }: { session: AssistedSession; act: Act }) {
  switch (session.currentStep) {
    case 1:
      return <ClientStep session={session} act={act} />;
    case 2:
      return <DocumentStep session={session} act={act} />;
    case 3:
      return <VisualMatchStep session={session} act={act} />;
    case 4:
      return <IssueStep session={session} act={act} />;
    default:
      return <HandoverStep session={session} />;
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

const NEW_CLIENT_FIELDS: ({ field: keyof typeof NO_NEW_CLIENT } & Omit<
  ComponentProps<typeof TextField>,
  "value" | "onChange"
>)[] = [
  { field: "firstName", name: "client-first", label: "First name", required: true, autoComplete: "off" },
  { field: "lastName", name: "client-last", label: "Last name", required: true, autoComplete: "off" },
  {
    field: "username",
    name: "client-username",
    label: "Username",
    hint: "3 to 50 characters; the client signs in with it",
    required: true,
    minLength: 3,
    maxLength: 50,
    autoComplete: "off",
  },
  { field: "email", name: "client-email", label: "Email (optional)", type: "email", autoComplete: "off" },
  {
    field: "password",
    name: "client-password",
    label: "Password",
    hint: "The client types it themselves: at least 8 characters",
    type: "password",
    required: true,
    minLength: 8,
    autoComplete: "new-password",
  },
];

function ClientStep({ session, act }: { session: AssistedSession; act: Act }) {
  const [mode, setMode] = useState<"find" | "create">("find");
  const [account, setAccount] = useState("");
  const [fields, setFields] = useState(NO_NEW_CLIENT);
  // A new client's details typed and not yet sent would be lost by leaving (spec 000 §4).
  useUnsavedChanges(() => Object.values(fields).some((value) => value !== ""));
  const find = (event: FormEvent) => {
    event.preventDefault();
    void act({ type: "find-client", account }, "Client found");
  };
  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (await act({ type: "create-client", account: fields }, "Account created")) setFields(NO_NEW_CLIENT);
  };
  return (
    <div>
      <h3 className="text-lg font-bold">Client details</h3>
      {session.client ? (
        <Done>
          Client: <strong dir="auto">{session.client.name}</strong> (<bdi dir="ltr">{session.client.username}</bdi>)
          {session.client.createdHere ? ", account created here" : ""}.
        </Done>
      ) : null}
      <fieldset className="mb-3 flex min-w-0 gap-2" aria-label="Find or create the client's account">
        <Button
          variant={mode === "find" ? "secondary" : "outline"}
          aria-pressed={mode === "find"}
          onClick={() => setMode("find")}
        >
          Find an account
        </Button>
        <Button
          variant={mode === "create" ? "secondary" : "outline"}
          aria-pressed={mode === "create"}
          onClick={() => setMode("create")}
        >
          Create an account
        </Button>
      </fieldset>
      {mode === "find" ? (
        <form onSubmit={find} className="grid max-w-md gap-2">
          <TextField
            name="client-account"
            label="The client's username or email"
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            required
            autoComplete="off"
          />
          <Button type="submit">Find client</Button>
        </form>
      ) : (
        <form onSubmit={create} className="grid max-w-md gap-2">
          {NEW_CLIENT_FIELDS.map(({ field, ...input }) => (
            <TextField
              key={field}
              {...input}
              value={fields[field]}
              onChange={(event) => setFields((typed) => ({ ...typed, [field]: event.target.value }))}
            />
          ))}
          <Button type="submit">Create account</Button>
        </form>
      )}
    </div>
  );
}

const DOCUMENT_OPTIONS = Object.entries(DOCUMENT_TYPES).map(([value, label]) => ({ value, label }));

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
  const [type, setType] = useState<DocumentType>("passport");
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [image, setImage] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string[]>([]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await act(
      { type: "document", document: { type, number, expiryDate: expiry, ...(image ? { image } : {}) } },
      "Document recorded",
    );
    if (done) {
      setNumber("");
      setImage(null);
    }
  };
  const document = session.document;
  return (
    <div>
      <h3 className="text-lg font-bold">Identity document</h3>
      {document ? (
        <Done>
          {DOCUMENT_TYPES[document.type]} ending <strong>{document.numberLast4}</strong>, expires{" "}
          {formatDate(document.expiryDate)}
          {document.hasImage ? ", image captured" : ""}.{" "}
          {document.authorityRecordIds.length
            ? `The authorities hold ${document.authorityRecordIds.length} record(s) naming this document.`
            : "No authority's record names this document."}
        </Done>
      ) : null}
      <form onSubmit={submit} className="grid max-w-md gap-2">
        <SelectField
          label="Document type"
          options={DOCUMENT_OPTIONS}
          value={type}
          onChange={(e) => setType(e.target.value as DocumentType)}
          name="document-type"
        />
        <TextField
          name="document-number"
          label="Document number"
          hint="6 to 20 letters and digits; only the last 4 are kept after 72 hours"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          required
          autoComplete="off"
        />
        <TextField
          name="document-expiry"
          label="Expiry date"
          type="date"
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
          required
        />
        <TextField
          name="document-image"
          label="Photo of the document (optional)"
          hint="Held only in the session and deleted 72 hours after capture; JPEG or PNG up to about 500 KB"
          type="file"
          accept="image/jpeg,image/png"
          capture="environment"
          errors={imageError}
          onChange={(event) => {
            const file = event.target.files?.[0];
            setImageError([]);
            if (!file) return setImage(null);
            if (file.size > 500 * 1024) {
              setImageError(["The photo is too large: at most about 500 KB"]);
              return setImage(null);
            }
            readImage(file).then(setImage, () => setImageError(["The photo could not be read"]));
          }}
        />
        <Button type="submit">{document ? "Record again" : "Record document"}</Button>
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
        decision === "approved" ? "Approval given" : "Approval denied",
      )
    )
      setReason("");
  };
  const text: Record<NonNullable<typeof state> | "none", ReactNode> = {
    none: "This step needs a supervisor's approval (dual control) before the session can continue.",
    pending: approval ? (
      <>
        {approval.requestedBy.name} asked for approval at {formatDateTime(approval.requestedAt)}. The request lapses at{" "}
        {formatDateTime(approval.expiresAt)} if nobody decides.
      </>
    ) : null,
    approved: approval ? (
      <>
        Approved by {approval.decidedBy?.name} at {formatDateTime(approval.decidedAt!)}: “{approval.reason}”. The
        approval holds until {formatDateTime(approval.expiresAt)}.
      </>
    ) : null,
    denied: approval ? (
      <>
        Denied by {approval.decidedBy?.name} at {formatDateTime(approval.decidedAt!)}: “{approval.reason}”. Correct the
        document and ask again.
      </>
    ) : null,
    expired: "The approval lapsed before it was used. Ask again.",
  };
  const badge = { none: "Needed", pending: "Pending", approved: "Approved", denied: "Denied", expired: "Expired" }[
    state ?? "none"
  ];
  const tone = state === "approved" ? "ok" : state === "denied" ? "bad" : "warn";
  return (
    <section
      aria-labelledby="dual-control-heading"
      className="mt-5 rounded-sm border-s-8 border-s-govuk-yellow bg-yellow-50 p-4 dark:border-s-yellow-400 dark:bg-slate-800"
      data-testid="dual-control"
    >
      <h3 id="dual-control-heading" className="flex flex-wrap items-center gap-2 text-lg font-bold">
        Dual control required{" "}
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
          onClick={() => void act({ type: "request-approval" }, "Approval requested")}
          data-testid="button-request-approval"
        >
          Request Approval
        </Button>
      ) : null}
      {canDecide ? (
        <div className="mt-3 grid max-w-md gap-2">
          <TextField
            name="approval-reason"
            label="Reason for your decision"
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
              Approve
            </Button>
            <Button
              variant="destructive"
              disabled={busy || !reason.trim()}
              onClick={() => void decide("denied")}
              data-testid="button-deny"
            >
              Deny
            </Button>
          </div>
        </div>
      ) : maker ? (
        <p className="mt-2 text-sm" data-testid="maker-notice">
          Another supervisor must decide:{" "}
          {maker === "requester"
            ? "you cannot approve your own request"
            : maker === "operator"
              ? "you are running this session"
              : "you recorded this document"}
          . Call Supervisor if nobody has seen it.
        </p>
      ) : null}
    </section>
  );
}

function VisualMatchStep({ session, act }: { session: AssistedSession; act: Act }) {
  const [matched, setMatched] = useState<"yes" | "no">("yes");
  const [notes, setNotes] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void act(
      { type: "visual-match", matched: matched === "yes", notes },
      matched === "yes" ? "Visual match confirmed" : "Visual match recorded",
    );
  };
  return (
    <div>
      <h3 className="text-lg font-bold">Visual match</h3>
      {session.visualMatch ? (
        <Done>
          {session.visualMatch.matched ? "The person matches the document" : "The person did not match the document"}{" "}
          (checked by {session.visualMatch.by.name}).
        </Done>
      ) : null}
      <form onSubmit={submit} className="grid max-w-md gap-2">
        <fieldset className="grid gap-1">
          <legend className="font-semibold">
            Does the person in front of you match the document's photo and details?
          </legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="visual-match"
              value="yes"
              checked={matched === "yes"}
              onChange={() => setMatched("yes")}
            />{" "}
            Yes, they match
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="visual-match"
              value="no"
              checked={matched === "no"}
              onChange={() => setMatched("no")}
            />{" "}
            No, they do not match
          </label>
        </fieldset>
        <TextField
          name="visual-notes"
          label="Notes (optional)"
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          maxLength={500}
          autoComplete="off"
        />
        <Button type="submit">Record visual match</Button>
      </form>
    </div>
  );
}

function IssueStep({ session, act }: { session: AssistedSession; act: Act }) {
  const [records, setRecords] = useState<CandidateRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [delivery, setDelivery] = useState<"wallet" | "paper">("wallet");
  const [confirmed, setConfirmed] = useState(false);
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
        () => live && setError("The authorities' records could not be read. Try again in a moment."),
      );
    return () => {
      live = false;
    };
  }, [session.id, session.client?.userId]);

  if (session.issuance) {
    const issuance = session.issuance;
    return (
      <div>
        <h3 className="text-lg font-bold">Issue credentials</h3>
        <Done>
          Issued {issuance.credentialTypes.length} credential(s){" "}
          {issuance.delivery === "wallet" ? "to the client's wallet" : "on paper"} by {issuance.by.name}.
        </Done>
        <PaperLinks session={session} />
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The button stays disabled until the operator confirms; the server refuses an unconfirmed issue all the same.
    if (!confirmed) return;
    void act({ type: "issue", credentialTypes: chosen, delivery, confirmed }, "Credentials issued");
  };
  return (
    <div>
      <h3 className="text-lg font-bold">Issue credentials</h3>
      {error ? <p role="alert">{error}</p> : null}
      {records === null && !error ? <p role="status">Reading the authorities' records…</p> : null}
      {records && !records.length ? (
        <p role="status" data-testid="no-records">
          No authority holds a record for {session.client?.name ?? "this client"} or names their document, so nothing
          can be issued. End the session and refer the client to the issuing authority.
        </p>
      ) : null}
      {records?.length ? (
        <form onSubmit={submit} className="grid gap-3">
          <fieldset className="grid gap-2">
            <legend className="font-semibold">
              The authorities' records: compare each with the client and the document
            </legend>
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
                    Name on record: <strong>{record.name || "not given"}</strong>
                    {record.birthdate ? `, born ${formatDate(record.birthdate)}` : ""}; valid until{" "}
                    {formatDate(record.validUntil)}
                    {record.linked ? "" : "; found through the document (will be added to the client's account)"}
                  </span>
                  {record.nameMatches ? null : (
                    <span className="block text-sm font-semibold text-govuk-red dark:text-red-400">
                      This name is not the client account's: it cannot be issued to them.
                    </span>
                  )}
                </span>
              </label>
            ))}
          </fieldset>
          <p>
            Client: <strong dir="auto">{session.client?.name}</strong>
          </p>
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-1"
              checked={confirmed}
              onChange={(e) => setConfirmed(e.target.checked)}
              data-testid="confirm-record"
            />
            <span>The authority's record matches the client in front of me and their document</span>
          </label>
          <fieldset className="grid gap-1">
            <legend className="font-semibold">How will the client hold them?</legend>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="delivery"
                value="wallet"
                checked={delivery === "wallet"}
                onChange={() => setDelivery("wallet")}
              />{" "}
              In their wallet (they add them on their own phone or computer)
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="delivery"
                value="paper"
                checked={delivery === "paper"}
                onChange={() => setDelivery("paper")}
              />{" "}
              On paper (no phone): print a paper QR
            </label>
          </fieldset>
          <Button type="submit" disabled={!confirmed || !chosen.length} data-testid="button-issue">
            Issue credentials
          </Button>
        </form>
      ) : null}
    </div>
  );
}

/** The page that prints the session's paper credentials (what Generate Paper QR opens). */
export const paperPage = (sessionId: string) => `/assisted/sessions/${sessionId}/paper`;

function PaperLinks({ session }: { session: AssistedSession }) {
  const count = session.issuance?.paperCredentialIds.length ?? 0;
  if (!count) return null;
  return (
    <a
      className={buttonClasses("outline")}
      href={paperPage(session.id)}
      target="_blank"
      rel="noopener"
      data-testid="paper-link"
    >
      Print paper QR{count > 1 ? ` (${count} credentials)` : ""}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function HandoverStep({ session }: { session: AssistedSession }) {
  const issuance = session.issuance;
  return (
    <div data-testid="handover">
      <h3 className="text-lg font-bold">Handover</h3>
      <ul className="mt-2 list-disc space-y-1 ps-6">
        <li>
          Account: <strong>{session.client?.username}</strong>
          {session.client?.createdHere ? " (created today: the client keeps their password to themselves)" : ""}.
        </li>
        {issuance?.delivery === "wallet" ? (
          <li>
            On their phone or computer the client signs in, opens My Wallet and adds their credentials: they are ready
            for them.
          </li>
        ) : null}
        {issuance?.delivery === "paper" ? (
          <li>
            Hand over the printed paper QR. Tell the client that whoever checks it will also ask for photo ID, and when
            it expires.
          </li>
        ) : null}
        <li>The document's full number and any photo are deleted 72 hours after capture.</li>
      </ul>
      <div className="mt-3">
        <PaperLinks session={session} />
      </div>
      <p className="mt-3">When the client has everything, end the session.</p>
    </div>
  );
}
