/**
 * /verifier/trust-list (administrators; ADR 050): the roots and issuer certificates the verifier
 * trusts, grouped by state (waiting for approval first), each with its kind, checks, fingerprint,
 * validity and who proposed, approved or retired it; a form to propose one; Approve, Reject and
 * Retire, each confirmed in a dialog. Everything posts to the page's own action (no JavaScript
 * needed): the decision being confirmed is in the address, so without JavaScript the confirmation
 * shows in the page, and with it in a modal dialog. The proposer sees their own proposal without
 * Approve, and why.
 */
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { defineMessages, FormattedMessage, type MessageDescriptor, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { FieldErrors, TextField } from "#app/components/ui/text-field.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import type { Tone } from "#core/format/tone.ts";
import { checkNameText } from "#core/verification/check-messages.ts";
import { CHECK_TYPES } from "#core/verification/checks.ts";
import type { TrustDecision } from "#server/verification/trust-list-admin.ts";
import type {
  ProposeField,
  TrustListActionResult,
  TrustListConfirm,
  TrustListEntry,
} from "#server/verification/trust-list-page.ts";
import { untyped } from "./messages.ts";

const messages = untyped(
  defineMessages({
    back: { id: "verifier.trustList.back", defaultMessage: "Back to Verifier Portal" },
    title: { id: "verifier.trustList.title", defaultMessage: "Trust list" },
    lead: {
      id: "verifier.trustList.lead",
      defaultMessage:
        "The roots and issuer certificates the verifier trusts, and for which checks. One administrator proposes an entry; another must approve it before it is trusted.",
    },
    onlyAdmins: {
      id: "verifier.trustList.onlyAdmins",
      defaultMessage: "Only administrators can manage the trust list",
    },
    organisations: { id: "verifier.trustList.organisations", defaultMessage: "Verifier organisations" },
    waiting: { id: "verifier.trustList.waiting", defaultMessage: "Waiting for approval", description: "Heading" },
    active: { id: "verifier.trustList.active", defaultMessage: "Trusted", description: "Heading" },
    retired: { id: "verifier.trustList.retired", defaultMessage: "Retired and rejected", description: "Heading" },
    none: { id: "verifier.trustList.none", defaultMessage: "None" },
    badgeProposed: { id: "verifier.trustList.badgeProposed", defaultMessage: "Waiting", description: "State badge" },
    badgeActive: { id: "verifier.trustList.badgeActive", defaultMessage: "Trusted", description: "State badge" },
    badgeRetired: { id: "verifier.trustList.badgeRetired", defaultMessage: "Retired", description: "State badge" },
    badgeRejected: { id: "verifier.trustList.badgeRejected", defaultMessage: "Rejected", description: "State badge" },
    kindIaca: { id: "verifier.trustList.kindIaca", defaultMessage: "mdoc IACA root" },
    kindIssuer: { id: "verifier.trustList.kindIssuer", defaultMessage: "SD-JWT VC issuer certificate" },
    kind: { id: "verifier.trustList.kind", defaultMessage: "Kind" },
    checks: { id: "verifier.trustList.checks", defaultMessage: "Trusted for" },
    fingerprint: { id: "verifier.trustList.fingerprint", defaultMessage: "SHA-256 fingerprint" },
    subject: { id: "verifier.trustList.subject", defaultMessage: "Subject" },
    validity: { id: "verifier.trustList.validity", defaultMessage: "Valid" },
    validityRange: { id: "verifier.trustList.validityRange", defaultMessage: "{from} to {until}" },
    unreadable: {
      id: "verifier.trustList.unreadable",
      defaultMessage: "The stored certificate cannot be read: retire this entry",
    },
    proposedBy: { id: "verifier.trustList.proposedBy", defaultMessage: "Proposed by {who} on {date}" },
    approvedBy: { id: "verifier.trustList.approvedBy", defaultMessage: "Approved by {who} on {date}" },
    retiredBy: { id: "verifier.trustList.retiredBy", defaultMessage: "Retired by {who} on {date}" },
    rejectedBy: { id: "verifier.trustList.rejectedBy", defaultMessage: "Rejected by {who} on {date}" },
    platform: {
      id: "verifier.trustList.platform",
      defaultMessage: "the platform",
      description: "Who made an entry that no person proposed (the demo's own root)",
    },
    reason: { id: "verifier.trustList.reason", defaultMessage: "Reason: {reason}" },
    stale: {
      id: "verifier.trustList.stale",
      defaultMessage:
        "Proposed more than 14 days ago, so it can no longer be approved: reject it, and propose it again if it is still wanted.",
    },
    ownProposal: {
      id: "verifier.trustList.ownProposal",
      defaultMessage: "You proposed this entry, so another administrator must approve it.",
    },
    approve: {
      id: "verifier.trustList.approve",
      defaultMessage: "Approve<hidden> {name}</hidden>",
      description: "<hidden> wraps words only screen readers say",
    },
    reject: {
      id: "verifier.trustList.reject",
      defaultMessage: "Reject<hidden> {name}</hidden>",
      description: "<hidden> wraps words only screen readers say",
    },
    retire: {
      id: "verifier.trustList.retire",
      defaultMessage: "Retire<hidden> {name}</hidden>",
      description: "<hidden> wraps words only screen readers say",
    },
    confirmApprove: { id: "verifier.trustList.confirmApprove", defaultMessage: "Approve {name}?" },
    confirmApproveText: {
      id: "verifier.trustList.confirmApproveText",
      defaultMessage:
        "The verifier will trust it for {checks} at once. Check its SHA-256 fingerprint against the one its owner gave you.",
    },
    confirmReject: { id: "verifier.trustList.confirmReject", defaultMessage: "Reject {name}?" },
    confirmRejectText: {
      id: "verifier.trustList.confirmRejectText",
      defaultMessage: "The proposal ends and is never trusted. It can be proposed again.",
    },
    confirmRetire: { id: "verifier.trustList.confirmRetire", defaultMessage: "Retire {name}?" },
    confirmRetireText: {
      id: "verifier.trustList.confirmRetireText",
      defaultMessage:
        "The verifier stops trusting it within a minute; answers it signed are refused from then on. This cannot be undone: trusting it again needs a new proposal.",
    },
    decisionReason: { id: "verifier.trustList.decisionReason", defaultMessage: "Reason" },
    decisionReasonOptional: { id: "verifier.trustList.decisionReasonOptional", defaultMessage: "Reason (optional)" },
    cancel: { id: "verifier.trustList.cancel", defaultMessage: "Cancel" },
    confirmApproveButton: { id: "verifier.trustList.confirmApproveButton", defaultMessage: "Approve" },
    confirmRejectButton: { id: "verifier.trustList.confirmRejectButton", defaultMessage: "Reject" },
    confirmRetireButton: { id: "verifier.trustList.confirmRetireButton", defaultMessage: "Retire" },
    doneProposed: {
      id: "verifier.trustList.doneProposed",
      defaultMessage: "{name} proposed: another administrator must approve it",
    },
    doneApproved: { id: "verifier.trustList.doneApproved", defaultMessage: "{name} approved: the verifier trusts it" },
    doneRejected: { id: "verifier.trustList.doneRejected", defaultMessage: "{name} rejected" },
    doneRetired: { id: "verifier.trustList.doneRetired", defaultMessage: "{name} retired" },
    proposeHeading: { id: "verifier.trustList.proposeHeading", defaultMessage: "Propose an entry" },
    kindLegend: { id: "verifier.trustList.kindLegend", defaultMessage: "What it is" },
    name: { id: "verifier.trustList.name", defaultMessage: "Name" },
    nameHint: {
      id: "verifier.trustList.nameHint",
      defaultMessage: "Who it is, as a verifier's result will name the issuer, e.g. DVLA IACA 2027",
    },
    certificate: { id: "verifier.trustList.certificate", defaultMessage: "Certificate" },
    certificateHint: {
      id: "verifier.trustList.certificateHint",
      defaultMessage: "Paste the certificate in PEM (-----BEGIN CERTIFICATE-----) or as base64 DER",
    },
    checksLegend: { id: "verifier.trustList.checksLegend", defaultMessage: "Checks it is trusted for" },
    proposeReason: { id: "verifier.trustList.proposeReason", defaultMessage: "Why it should be trusted" },
    proposeReasonHint: {
      id: "verifier.trustList.proposeReasonHint",
      defaultMessage: "Where the certificate came from and how you checked it",
    },
    propose: { id: "verifier.trustList.propose", defaultMessage: "Propose" },
    errorTitle: { id: "verifier.trustList.errorTitle", defaultMessage: "There is a problem" },
    errorName: { id: "verifier.trustList.errorName", defaultMessage: "Give a name of 2 to 120 characters" },
    errorCertificate: { id: "verifier.trustList.errorCertificate", defaultMessage: "Paste one certificate" },
    errorChecks: { id: "verifier.trustList.errorChecks", defaultMessage: "Choose at least one check" },
    errorReason: { id: "verifier.trustList.errorReason", defaultMessage: "Give a reason of 3 to 500 characters" },
  }),
);

const FIELD_ERRORS: Record<ProposeField, MessageDescriptor> = {
  name: messages.errorName,
  certificate: messages.errorCertificate,
  checks: messages.errorChecks,
  reason: messages.errorReason,
};

const DECISIONS: Record<
  TrustDecision,
  { label: MessageDescriptor; title: MessageDescriptor; text: MessageDescriptor; button: MessageDescriptor }
> = {
  approve: {
    label: messages.approve,
    title: messages.confirmApprove,
    text: messages.confirmApproveText,
    button: messages.confirmApproveButton,
  },
  reject: {
    label: messages.reject,
    title: messages.confirmReject,
    text: messages.confirmRejectText,
    button: messages.confirmRejectButton,
  },
  retire: {
    label: messages.retire,
    title: messages.confirmRetire,
    text: messages.confirmRetireText,
    button: messages.confirmRetireButton,
  },
};

const DONE: Record<string, MessageDescriptor> = {
  proposed: messages.doneProposed,
  approved: messages.doneApproved,
  rejected: messages.doneRejected,
  retired: messages.doneRetired,
};

const PAGE = "/verifier/trust-list";

const hidden = (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>;

/**
 * What was just done takes the focus: the button that did it has gone (the entry moved on, the
 * dialog closed), and the focus would otherwise fall back to the top of the page.
 */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

interface PageData {
  entries: TrustListEntry[];
  confirm: TrustListConfirm;
  done: { action: string; name: string } | null;
}

type ActionProblem = Extract<TrustListActionResult, { ok: false }>;

export function TrustListPage(props: {
  allowed: boolean;
  me: string;
  page: PageData | null;
  result: ActionProblem | null;
}) {
  const intl = useIntl();
  const back = { to: "/verifier", label: intl.formatMessage(messages.back) };
  const title = intl.formatMessage(messages.title);
  if (!props.allowed || !props.page) {
    return (
      <SignedInPage title={title} back={back}>
        <Card className="mt-8 max-w-3xl p-6" role="alert">
          <h2 className="text-xl font-bold">{intl.formatMessage(messages.onlyAdmins)}</h2>
        </Card>
      </SignedInPage>
    );
  }
  const { entries, confirm, done } = props.page;
  const groups: [string, MessageDescriptor, TrustListEntry[]][] = [
    ["waiting", messages.waiting, entries.filter((e) => e.state === "proposed")],
    ["active", messages.active, entries.filter((e) => e.state === "active")],
    ["retired", messages.retired, entries.filter((e) => e.state === "retired")],
  ];
  // A problem with a decision shows beside the list; one with the proposal, in its form.
  const decisionProblem = props.result?.form === "decision" ? props.result : null;
  return (
    <SignedInPage title={title} lead={intl.formatMessage(messages.lead)} back={back}>
      <p className="mt-4">
        <TextLink to="/verifier/organisations" className="font-semibold">
          {intl.formatMessage(messages.organisations)}
        </TextLink>
      </p>
      {done ? (
        <p
          ref={focusOnMount}
          tabIndex={-1}
          role="status"
          className="mt-6 border-s-8 border-s-govuk-green bg-white p-4 font-semibold dark:border-s-green-500 dark:bg-slate-900"
        >
          {intl.formatMessage(DONE[done.action]!, { name: done.name })}
        </p>
      ) : null}
      {decisionProblem?.message ? (
        <div
          role="alert"
          className="mt-6 border-s-8 border-s-govuk-red bg-white p-4 dark:border-s-red-500 dark:bg-slate-900"
        >
          <h2 className="font-bold">{intl.formatMessage(messages.errorTitle)}</h2>
          <p className="mt-1">{decisionProblem.message}</p>
        </div>
      ) : null}
      <div className="mt-8 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="grid content-start gap-6">
          {groups.map(([key, heading, list]) => (
            <Card key={key} as="section" aria-labelledby={`${key}-heading`} className="p-5">
              <h2 id={`${key}-heading`} className="text-xl font-bold">
                {intl.formatMessage(heading)}
              </h2>
              {list.length ? (
                <ul className="mt-3 divide-y divide-govuk-border dark:divide-slate-700" data-testid={`trust-${key}`}>
                  {list.map((entry) => (
                    <EntryItem key={entry.id} entry={entry} me={props.me} />
                  ))}
                </ul>
              ) : (
                <p className="mt-3">{intl.formatMessage(messages.none)}</p>
              )}
            </Card>
          ))}
        </div>
        {/* A new form after each change, so what was just proposed is not left in it. */}
        <ProposeForm
          key={done ? `${done.action}-${done.name}` : "propose"}
          problem={props.result?.form === "propose" ? props.result : null}
        />
      </div>
      {confirm ? <Confirm confirm={confirm} problem={decisionProblem} /> : null}
    </SignedInPage>
  );
}

function stateBadge(entry: TrustListEntry): { label: MessageDescriptor; tone: Tone } {
  if (entry.state === "proposed") return { label: messages.badgeProposed, tone: "warn" };
  if (entry.state === "active") return { label: messages.badgeActive, tone: "ok" };
  return { label: entry.rejected ? messages.badgeRejected : messages.badgeRetired, tone: "neutral" };
}

/** One entry: what it is, who did what to it, and what may be done with it now. */
function EntryItem({ entry, me }: { entry: TrustListEntry; me: string }) {
  const intl = useIntl();
  const f = useFormats();
  const badge = stateBadge(entry);
  const who = (actor: TrustListEntry["proposed"]) =>
    actor.name ?? actor.username ?? intl.formatMessage(messages.platform);
  const own = entry.state === "proposed" && entry.proposed.id === me;
  const decisions: TrustDecision[] =
    entry.state === "proposed"
      ? own
        ? ["reject"]
        : ["approve", "reject"]
      : entry.state === "active"
        ? ["retire"]
        : [];
  return (
    <li className="grid gap-2 py-4" data-testid="trust-entry">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-bold">{entry.name}</h3>
        <StatusBadge tone={badge.tone}>{intl.formatMessage(badge.label)}</StatusBadge>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{intl.formatMessage(messages.kind)}</dt>
        <dd>{intl.formatMessage(entry.kind === "mdoc_iaca_root" ? messages.kindIaca : messages.kindIssuer)}</dd>
        <dt className="font-semibold">{intl.formatMessage(messages.checks)}</dt>
        <dd>{entry.checks.map((check) => checkNameText(intl, check)).join(", ")}</dd>
        {entry.certificate ? (
          <>
            <dt className="font-semibold">{intl.formatMessage(messages.subject)}</dt>
            <dd dir="ltr" className="break-all">
              {entry.certificate.subject}
            </dd>
            <dt className="font-semibold">{intl.formatMessage(messages.validity)}</dt>
            <dd>
              {intl.formatMessage(messages.validityRange, {
                from: f.date(entry.certificate.notBefore),
                until: f.date(entry.certificate.notAfter),
              })}
            </dd>
            <dt className="font-semibold">{intl.formatMessage(messages.fingerprint)}</dt>
            <dd dir="ltr" className="break-all font-mono text-xs" data-testid="trust-fingerprint">
              {entry.certificate.fingerprint}
            </dd>
          </>
        ) : (
          <dd className="font-semibold text-govuk-red dark:text-red-400 sm:col-span-2">
            {intl.formatMessage(messages.unreadable)}
          </dd>
        )}
      </dl>
      <ul className="text-sm text-govuk-grey dark:text-slate-300">
        <li>
          {intl.formatMessage(messages.proposedBy, {
            who: who(entry.proposed),
            date: entry.proposed.at ? f.date(entry.proposed.at) : "",
          })}
        </li>
        {entry.approved ? (
          <li>
            {intl.formatMessage(messages.approvedBy, {
              who: who(entry.approved),
              date: entry.approved.at ? f.date(entry.approved.at) : "",
            })}
          </li>
        ) : null}
        {entry.retired ? (
          <li>
            {intl.formatMessage(entry.rejected ? messages.rejectedBy : messages.retiredBy, {
              who: who(entry.retired),
              date: entry.retired.at ? f.date(entry.retired.at) : "",
            })}
          </li>
        ) : null}
        {entry.reason ? <li>{intl.formatMessage(messages.reason, { reason: entry.reason })}</li> : null}
      </ul>
      {entry.stale ? (
        <p className="text-sm font-semibold">{intl.formatMessage(messages.stale)}</p>
      ) : own ? (
        <p className="text-sm font-semibold">{intl.formatMessage(messages.ownProposal)}</p>
      ) : null}
      {decisions.length ? (
        <div className="flex flex-wrap gap-3">
          {decisions.map((decision) => (
            <Link
              key={decision}
              to={`${PAGE}?confirm=${decision}&entry=${entry.id}`}
              preventScrollReset
              className={buttonClasses(decision === "approve" ? "primary" : "secondary")}
            >
              <FormattedMessage {...DECISIONS[decision].label} values={{ name: entry.name, hidden }} />
            </Link>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** The confirmation of a decision: a modal dialog once the page runs its JavaScript, a panel before. */
function Confirm({ confirm, problem }: { confirm: NonNullable<TrustListConfirm>; problem: ActionProblem | null }) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const busy = useNavigation().state === "submitting";
  const { decision, entry } = confirm;
  const words = DECISIONS[decision];
  const title = intl.formatMessage(words.title, { name: entry.name });
  const description = intl.formatMessage(words.text, {
    checks: entry.checks.map((check) => checkNameText(intl, check)).join(", "),
  });
  // The fingerprint is one long word: it wraps anywhere rather than widening the dialog.
  const fingerprint = entry.certificate ? (
    <p dir="ltr" className="mb-4 break-all font-mono text-xs" data-testid="confirm-fingerprint">
      {entry.certificate.fingerprint}
    </p>
  ) : null;
  const reasonErrors = problem?.fields.includes("reason") ? [intl.formatMessage(messages.errorReason)] : undefined;
  const form = (
    // Posted to the address that asks for this confirmation, so a refusal shows in it again.
    <Form
      method="post"
      action={`${PAGE}?confirm=${decision}&entry=${entry.id}`}
      className="grid gap-4"
      preventScrollReset
    >
      <input type="hidden" name="intent" value={decision} />
      <input type="hidden" name="entry" value={entry.id} />
      <TextField
        name="reason"
        label={intl.formatMessage(decision === "approve" ? messages.decisionReasonOptional : messages.decisionReason)}
        errors={reasonErrors}
        required={decision !== "approve"}
        autoComplete="off"
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={decision === "approve" ? "primary" : "destructive"} disabled={busy}>
          {intl.formatMessage(words.button)}
        </Button>
        <Link to={PAGE} preventScrollReset className={buttonClasses("outline")}>
          {intl.formatMessage(messages.cancel)}
        </Link>
      </div>
    </Form>
  );
  if (!hydrated)
    return (
      <Card as="section" aria-labelledby="confirm-heading" className="mt-8 max-w-2xl p-6" data-testid="trust-confirm">
        <h2 id="confirm-heading" className="text-xl font-bold">
          {title}
        </h2>
        <p className="mt-1 mb-4 break-words text-sm">{description}</p>
        {fingerprint}
        {form}
      </Card>
    );
  return (
    <Dialog
      open
      onClose={() => navigate(PAGE, { preventScrollReset: true, replace: true })}
      title={title}
      description={description}
      testId="trust-confirm"
    >
      {fingerprint}
      {form}
    </Dialog>
  );
}

/** The proposal: what it is, its name, the certificate, the checks, and why. */
function ProposeForm({ problem }: { problem: ActionProblem | null }) {
  const intl = useIntl();
  const busy = useNavigation().state === "submitting";
  const values = problem?.values;
  const errors = (field: ProposeField) =>
    problem?.fields.includes(field) ? [intl.formatMessage(FIELD_ERRORS[field])] : undefined;
  const certificateErrors = errors("certificate") ?? (problem?.message ? [problem.message] : undefined);
  const reasonErrors = errors("reason");
  const checksErrors = errors("checks");
  return (
    <Card as="section" aria-labelledby="propose-heading" className="content-start self-start p-5">
      <h2 id="propose-heading" className="text-xl font-bold">
        {intl.formatMessage(messages.proposeHeading)}
      </h2>
      <Form method="post" action={PAGE} className="mt-4 grid gap-5" noValidate>
        <input type="hidden" name="intent" value="propose" />
        <fieldset>
          <legend className="font-semibold">{intl.formatMessage(messages.kindLegend)}</legend>
          <div className="mt-2 grid gap-2">
            {(
              [
                ["mdoc_iaca_root", messages.kindIaca],
                ["sd_jwt_vc_issuer_certificate", messages.kindIssuer],
              ] as const
            ).map(([kind, label]) => (
              <label key={kind} className="flex items-center gap-3">
                <input
                  type="radio"
                  name="kind"
                  value={kind}
                  defaultChecked={kind === (values?.kind || "mdoc_iaca_root")}
                  className="h-5 w-5"
                />
                <span>{intl.formatMessage(label)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          name="name"
          label={intl.formatMessage(messages.name)}
          hint={intl.formatMessage(messages.nameHint)}
          errors={errors("name")}
          defaultValue={values?.name}
          autoComplete="off"
        />
        <TextArea
          id="field-certificate"
          name="certificate"
          label={intl.formatMessage(messages.certificate)}
          hint={intl.formatMessage(messages.certificateHint)}
          rows={8}
          code
          defaultValue={values?.certificate}
          errors={certificateErrors}
        />
        <fieldset aria-describedby={checksErrors ? "field-checks-error" : undefined}>
          <legend className="font-semibold">{intl.formatMessage(messages.checksLegend)}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {CHECK_TYPES.map((check) => (
              <label key={check} className="flex items-center gap-3">
                <input
                  type="checkbox"
                  name="checks"
                  value={check}
                  defaultChecked={values?.checks.includes(check)}
                  className="h-5 w-5"
                />
                <span>{checkNameText(intl, check)}</span>
              </label>
            ))}
          </div>
          {checksErrors ? <FieldErrors id="field-checks-error" errors={checksErrors} /> : null}
        </fieldset>
        <TextArea
          id="field-propose-reason"
          name="reason"
          label={intl.formatMessage(messages.proposeReason)}
          hint={intl.formatMessage(messages.proposeReasonHint)}
          rows={3}
          defaultValue={values?.reason}
          errors={reasonErrors}
        />
        <Button type="submit" disabled={busy} data-testid="button-propose">
          {intl.formatMessage(messages.propose)}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * A labelled textarea with its hint and errors tied to it, as TextField is for an input. `code`:
 * what is pasted is machine text (a PEM), shown monospaced and left to right.
 */
function TextArea({
  id,
  name,
  label,
  hint,
  rows,
  code = false,
  defaultValue,
  errors,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  rows: number;
  code?: boolean;
  defaultValue: string | undefined;
  errors: string[] | undefined;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-govuk-grey dark:text-slate-400">
        {hint}
      </p>
      <textarea
        id={id}
        name={name}
        rows={rows}
        dir={code ? "ltr" : undefined}
        spellCheck={code ? false : undefined}
        defaultValue={defaultValue}
        aria-invalid={errors ? true : undefined}
        aria-describedby={`${id}-hint${errors ? ` ${id}-error` : ""}`}
        className={`w-full rounded-sm border-2 border-govuk-black bg-white px-3 py-2 text-govuk-black dark:border-slate-400 dark:bg-slate-900 dark:text-slate-100 ${code ? "font-mono text-sm" : "text-base"}`}
      />
      {errors ? <FieldErrors id={`${id}-error`} errors={errors} /> : null}
    </div>
  );
}
