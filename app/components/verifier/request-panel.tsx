import { type FormEvent, type RefObject, useCallback, useEffect, useId, useRef, useState } from "react";
import { defineMessages, FormattedMessage, type IntlShape, type MessageDescriptor, useIntl } from "react-intl";
import { apiRequest, handleMutationError } from "#app/client/api-client.ts";
import { copyText } from "#app/client/clipboard.ts";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { QrCode } from "#app/components/ui/qr-code.tsx";
import { screenReaderOnly } from "#app/components/ui/screen-reader-only.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { useNow } from "#app/components/ui/use-now.ts";
import { useUnsavedChanges } from "#app/components/ui/use-unsaved-changes.ts";
import { formatCountdown } from "#core/format/format.ts";
import type { Tone } from "#core/format/tone.ts";
import { checkAttributeText, checkNameText } from "#core/verification/check-messages.ts";
import { CHECK_TYPES, CHECKS, type CheckType, SPEC_CHECK_TYPES } from "#core/verification/checks.ts";
import type { CreatedRequest } from "#server/verification/api-schemas.ts";
import type { RequestSnapshot, RequestStatus } from "#server/verification/request-state.ts";
import { untyped } from "./messages.ts";
import { watchRequest } from "./request-watch.ts";
import { zonedDateTime } from "./verification-display.tsx";
import { fromRequest, type ShownResult, toastResult } from "./verification-result.ts";

const messages = untyped(
  defineMessages({
    purposeRequired: {
      id: "verifier.request.purposeRequired",
      defaultMessage: "Purpose Required",
      description: "Toast title when the purpose is empty",
    },
    purposeRequiredDescription: {
      id: "verifier.request.purposeRequiredDescription",
      defaultMessage: "Please specify the purpose for this verification",
    },
    declined: { id: "verifier.request.declined", defaultMessage: "The citizen declined" },
    waiting: {
      id: "verifier.request.statusWaiting",
      defaultMessage: "Waiting",
      description: "A request's status badge",
    },
    answered: {
      id: "verifier.request.statusAnswered",
      defaultMessage: "Answered",
      description: "A request's status badge",
    },
    declinedBadge: {
      id: "verifier.request.statusDeclined",
      defaultMessage: "Declined",
      description: "A request's status badge",
    },
    expired: {
      id: "verifier.request.statusExpired",
      defaultMessage: "Expired",
      description: "A request's status badge",
    },
    failedBadge: {
      id: "verifier.request.statusFailed",
      defaultMessage: "Failed",
      description: "A request's status badge",
    },
    failed: {
      id: "verifier.request.failed",
      defaultMessage:
        "This request closed after too many answers that could not be accepted. Each one is in the history. Create a new request to try again.",
    },
    created: { id: "verifier.request.created", defaultMessage: "Request Created", description: "Toast title" },
    createdDescription: {
      id: "verifier.request.createdDescription",
      defaultMessage: "QR code generated for credential verification",
    },
    requestDeclined: {
      id: "verifier.request.requestDeclined",
      defaultMessage: "Request Declined",
      description: "Toast title",
    },
    heading: { id: "verifier.request.heading", defaultMessage: "Request Specific Credentials" },
    intro: {
      id: "verifier.request.intro",
      defaultMessage: "Ask the person for exactly what this check needs. They answer from their wallet.",
    },
    credentialType: { id: "verifier.request.credentialType", defaultMessage: "Credential type" },
    notRegistered: {
      id: "verifier.request.notRegistered",
      defaultMessage: "Your organisation is not registered for {check} checks, so this request would be refused.",
      description: "{check} is the name of a check, e.g. Right to Work",
    },
    attributes: { id: "verifier.request.attributes", defaultMessage: "Attributes to request" },
    attributesHint: {
      id: "verifier.request.attributesHint",
      defaultMessage: "Only these are shared. With none ticked, the {check} check asks for its default.",
    },
    purpose: { id: "verifier.request.purpose", defaultMessage: "Purpose" },
    purposeHint: {
      id: "verifier.request.purposeHint",
      defaultMessage:
        "Shown to the person when they decide whether to share, for example “Pre-employment right to work check”.",
    },
    creating: { id: "verifier.request.creating", defaultMessage: "Creating Request..." },
    create: { id: "verifier.request.create", defaultMessage: "Create Request" },
    activeHeading: {
      id: "verifier.request.activeHeading",
      defaultMessage: "{check} request",
      description: "Heading of a created request, e.g. 'Right to Work request'",
    },
    askingFor: {
      id: "verifier.request.askingFor",
      defaultMessage: "Asking for: {attributes}. Purpose: {purpose}",
      description: "{attributes} is a list of attribute names separated by semicolons",
    },
    qrLabel: {
      id: "verifier.request.qrLabel",
      defaultMessage: "QR code of this verification request: scan it with a digital identity wallet",
    },
    sendLink: { id: "verifier.request.sendLink", defaultMessage: "Or send the person this link" },
    openWallet: {
      id: "verifier.request.openWallet",
      defaultMessage: "Open in the web wallet<hidden> (opens in a new tab)</hidden>",
      description: "<hidden> wraps words only screen readers say",
    },
    linkCopied: { id: "verifier.request.linkCopied", defaultMessage: "Link Copied", description: "Toast title" },
    linkCopiedDescription: {
      id: "verifier.request.linkCopiedDescription",
      defaultMessage: "Wallet link copied to clipboard",
    },
    copyLink: { id: "verifier.request.copyLink", defaultMessage: "Copy link" },
    waitingForPerson: {
      id: "verifier.request.waitingForPerson",
      defaultMessage: "Waiting for the person to answer from their wallet…",
    },
    expiresIn: {
      id: "verifier.request.expiresIn",
      defaultMessage: "Expires in <timer>{countdown}</timer> <at>(at {time})</at>",
      description: "{countdown} is minutes and seconds left, e.g. 09:58; {time} the date and time it expires",
    },
    attempts: {
      id: "verifier.request.attempts",
      defaultMessage:
        "{count, plural, one {# answer} other {# answers}} could not be accepted (each one is in the history). The request is still open for the person's wallet.",
    },
    completed: {
      id: "verifier.request.completed",
      defaultMessage: "The person answered: the result is in the Verification Result panel.",
    },
    expiredMessage: {
      id: "verifier.request.expiredMessage",
      defaultMessage: "This request expired before it was answered. Create a new request to try again.",
    },
  }),
);

/** The spec's four checks, then any other check the organisation is registered for (a driving licence, a professional certificate). */
const checkOptions = (allowedChecks: readonly string[], intl: IntlShape) =>
  CHECK_TYPES.filter(
    (code) => (SPEC_CHECK_TYPES as readonly string[]).includes(code) || allowedChecks.includes(code),
  ).map((code) => ({ value: code, label: checkNameText(intl, code) }));

const STATUS_BADGE: Record<RequestStatus, { label: MessageDescriptor; tone: Tone }> = {
  pending: { label: messages.waiting, tone: "info" },
  completed: { label: messages.answered, tone: "ok" },
  declined: { label: messages.declinedBadge, tone: "bad" },
  // Spec 000 §4: expiry takes the destructive style, as an expired result does.
  expired: { label: messages.expired, tone: "bad" },
  // What a request that failed says: too many answers could not be accepted (docs/decisions/029).
  failed: { label: messages.failedBadge, tone: "bad" },
};

/**
 * "Request Specific Credentials" (spec 000 §2, §5, §7): the check (Right to Work, Right to Rent,
 * DBS Check, Age Verification; a driving licence or professional certificate check where the
 * organisation is registered for it), its attributes (the check's defaults ticked; changing the check
 * resets them), the purpose. An empty purpose shows the toast and sends nothing. A created request
 * shows its QR code (the openid4vp:// request), the web-wallet link with Copy link, and the time
 * left; its answer arrives live (./request-watch.ts) and goes to the Verification Result panel.
 * Answers that end nothing (docs/decisions/029) are counted under the countdown; a request that
 * fails after too many shows why, in the result panel too.
 */
export function RequestPanel({
  allowedChecks,
  onResult,
}: {
  allowedChecks: readonly string[];
  onResult: (shown: ShownResult) => void;
}) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const { toast } = useToast();
  const [type, setType] = useState<CheckType>("rtw");
  const [attributes, setAttributes] = useState<string[]>([...CHECKS.rtw.defaultAttributes]);
  const [purpose, setPurpose] = useState("");
  const [purposeError, setPurposeError] = useState(false);
  const [creating, setCreating] = useState(false);
  const [request, setRequest] = useState<CreatedRequest | null>(null);
  const [status, setStatus] = useState<RequestStatus>("pending");
  const [attempts, setAttempts] = useState(0);
  const purposeRef = useRef<HTMLInputElement>(null);
  const requestHeadingRef = useRef<HTMLHeadingElement>(null);
  const onResultRef = useRef(onResult);
  // The page's messages are sent afresh with every reload of its data (a new `intl` each time):
  // read through a ref, so a reload never restarts the watch of the request.
  const intlRef = useRef(intl);
  useEffect(() => {
    onResultRef.current = onResult;
    intlRef.current = intl;
  });
  const ids = { typeWarning: useId(), attributes: useId() };
  // A purpose typed and not yet sent in a request would be lost by leaving (spec 000 §4).
  useUnsavedChanges(() => purpose.trim() !== "" && purpose.trim() !== (request?.purpose ?? ""));

  const changeType = (next: CheckType) => {
    setType(next);
    setAttributes([...CHECKS[next].defaultAttributes]);
  };

  const toggleAttribute = (id: string, checked: boolean) =>
    // Spec 000 §5: each box adds or removes its item; no minimum (none asks for the check's default).
    setAttributes((current) =>
      checked
        ? CHECKS[type].attributes.map((a) => a.id).filter((a) => a === id || current.includes(a))
        : current.filter((a) => a !== id),
    );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (creating) return;
    const trimmed = purpose.trim();
    if (!trimmed) {
      setPurposeError(true);
      toast({
        title: intl.formatMessage(messages.purposeRequired),
        description: intl.formatMessage(messages.purposeRequiredDescription),
        variant: "destructive",
      });
      purposeRef.current?.focus();
      return;
    }
    setPurposeError(false);
    setCreating(true);
    try {
      const response = await apiRequest("POST", "/api/presentations/requests", {
        credentialType: type,
        requestedAttributes: attributes,
        purpose: trimmed,
      });
      const created = (await response.json()) as CreatedRequest;
      setRequest(created);
      setStatus("pending");
      setAttempts(0);
      toast({
        title: intl.formatMessage(messages.created),
        description: intl.formatMessage(messages.createdDescription),
      });
    } catch (error) {
      handleMutationError(error, toast, intl);
    } finally {
      setCreating(false);
    }
  }

  // Watch the request until it ends; a new request replaces the one watched.
  const handleSnapshot = useCallback(
    (snapshot: RequestSnapshot, created: CreatedRequest) => {
      const intl = intlRef.current;
      setStatus(snapshot.status);
      setAttempts(snapshot.attempts ?? 0);
      if ((snapshot.status === "completed" || snapshot.status === "failed") && snapshot.result) {
        const shown = fromRequest(snapshot.result, created, intl);
        onResultRef.current(shown);
        toastResult(shown, toast, intl);
      } else if (snapshot.status === "declined") {
        toast({
          title: intl.formatMessage(messages.requestDeclined),
          description: intl.formatMessage(messages.declined),
          variant: "destructive",
        });
      }
    },
    [toast],
  );
  useEffect(() => {
    if (!request) return;
    return watchRequest(request.id, request.expiresAt, {
      onSnapshot: (snapshot) => handleSnapshot(snapshot, request),
      onUnauthorized: (error) => handleMutationError(error, toast, intl),
    });
  }, [request, handleSnapshot, toast, intl]);

  // The new request's heading takes focus, so a keyboard or screen reader user finds the QR code.
  useEffect(() => {
    if (request) requestHeadingRef.current?.focus();
  }, [request]);

  const check = CHECKS[type];
  const allowed = (code: CheckType) => allowedChecks.includes(code);

  return (
    <Card as="section" aria-labelledby="request-heading" className="p-5" data-testid="request-panel">
      <div className="flex items-center gap-3">
        <span className="text-govuk-blue dark:text-govuk-blue-light">
          <Icon name="inbox" />
        </span>
        <h2 id="request-heading" className="text-xl font-bold">
          {intl.formatMessage(messages.heading)}
        </h2>
      </div>
      <p className="mt-1 text-govuk-grey dark:text-slate-400">{intl.formatMessage(messages.intro)}</p>

      <form className="mt-4 grid gap-5" onSubmit={(event) => void submit(event)} noValidate data-testid="request-form">
        <SelectField
          label={intl.formatMessage(messages.credentialType)}
          name="credentialType"
          value={type}
          onChange={(event) => changeType(event.target.value as CheckType)}
          options={checkOptions(allowedChecks, intl)}
          aria-describedby={allowed(type) ? undefined : ids.typeWarning}
          selectClassName="sm:max-w-xs"
          data-testid="select-credential-type"
        >
          {allowed(type) ? null : (
            <p
              id={ids.typeWarning}
              className="border-s-4 border-amber-500 ps-3 text-sm font-semibold"
              data-testid="check-not-registered"
            >
              {intl.formatMessage(messages.notRegistered, { check: checkNameText(intl, check.code) })}
            </p>
          )}
        </SelectField>

        <fieldset className="grid gap-2" aria-describedby={ids.attributes}>
          <legend className="font-semibold">{intl.formatMessage(messages.attributes)}</legend>
          <p id={ids.attributes} className="-mt-1 text-sm text-govuk-grey dark:text-slate-400">
            {intl.formatMessage(messages.attributesHint, { check: checkNameText(intl, check.code) })}
          </p>
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="attribute-options">
            {check.attributes.map((attribute) => {
              const id = `${ids.attributes}-${attribute.id}`;
              return (
                <li key={`${type}-${attribute.id}`} className="flex items-start gap-2">
                  <input
                    id={id}
                    type="checkbox"
                    name="requestedAttributes"
                    value={attribute.id}
                    checked={attributes.includes(attribute.id)}
                    onChange={(event) => toggleAttribute(attribute.id, event.target.checked)}
                    className="mt-0.5 h-5 w-5 shrink-0 accent-govuk-green"
                  />
                  <label htmlFor={id}>{checkAttributeText(intl, type, attribute.id) ?? attribute.label}</label>
                </li>
              );
            })}
          </ul>
        </fieldset>

        <TextField
          ref={purposeRef}
          name="purpose"
          label={intl.formatMessage(messages.purpose)}
          hint={intl.formatMessage(messages.purposeHint)}
          type="text"
          maxLength={500}
          value={purpose}
          onChange={(event) => {
            setPurpose(event.target.value);
            if (purposeError && event.target.value.trim()) setPurposeError(false);
          }}
          errors={purposeError ? [intl.formatMessage(messages.purposeRequiredDescription)] : undefined}
          data-testid="input-purpose"
        />

        <div>
          <Button type="submit" disabled={!hydrated || creating} data-testid="button-create-request">
            <Icon name="scan" className="h-5 w-5" />
            {intl.formatMessage(creating ? messages.creating : messages.create)}
          </Button>
        </div>
      </form>

      {request ? (
        <ActiveRequest request={request} status={status} attempts={attempts} headingRef={requestHeadingRef} />
      ) : null}
    </Card>
  );
}

function ActiveRequest({
  request,
  status,
  attempts,
  headingRef,
}: {
  request: CreatedRequest;
  status: RequestStatus;
  attempts: number;
  headingRef: RefObject<HTMLHeadingElement>;
}) {
  const intl = useIntl();
  const { toast } = useToast();
  const now = useNow(status === "pending" ? Date.parse(request.expiresAt) : null);
  const badge = STATUS_BADGE[status];
  const check = CHECKS[request.credentialType];
  const labels = request.requestedAttributes.map((id) => checkAttributeText(intl, request.credentialType, id) ?? id);

  return (
    <section
      aria-labelledby="active-request-heading"
      className="mt-6 border-t border-govuk-border pt-5 dark:border-slate-700"
      data-testid="active-request"
      data-status={status}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="active-request-heading" ref={headingRef} tabIndex={-1} className="text-lg font-bold">
          {intl.formatMessage(messages.activeHeading, { check: checkNameText(intl, check.code) })}
        </h3>
        <StatusBadge tone={badge.tone} data-testid="request-status">
          {intl.formatMessage(badge.label)}
        </StatusBadge>
      </div>
      <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">
        {intl.formatMessage(messages.askingFor, { attributes: labels.join("; "), purpose: request.purpose })}
      </p>

      <div className="mt-4 flex flex-col items-start gap-5 sm:flex-row">
        <div
          className={`shrink-0 rounded-sm border border-govuk-border bg-white p-2 dark:border-slate-600 ${status === "pending" ? "" : "opacity-40"}`}
        >
          <QrCode value={request.authorizationRequest} label={intl.formatMessage(messages.qrLabel)} size={208} />
        </div>
        <div className="grid min-w-0 flex-1 gap-3">
          <RequestState request={request} status={status} attempts={attempts} now={now} />
          <div>
            <p className="text-sm font-semibold">{intl.formatMessage(messages.sendLink)}</p>
            <p
              className="mt-1 break-all rounded-sm bg-govuk-grey-light px-2 py-1 font-mono text-xs dark:bg-slate-800"
              data-testid="wallet-link-text"
              dir="ltr"
            >
              {request.walletLink}
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
              <TextLink href={request.walletLink} target="_blank" rel="noopener" data-testid="wallet-link">
                <FormattedMessage {...messages.openWallet} values={{ hidden: screenReaderOnly }} />
              </TextLink>
              <Button
                variant="outline"
                className="px-3 py-1 text-sm"
                onClick={() =>
                  void copyText(request.walletLink, toast, {
                    title: intl.formatMessage(messages.linkCopied),
                    description: intl.formatMessage(messages.linkCopiedDescription),
                  })
                }
                data-testid="button-copy-wallet-link"
              >
                {intl.formatMessage(messages.copyLink)}
              </Button>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

function RequestState({
  request,
  status,
  attempts,
  now,
}: {
  request: CreatedRequest;
  status: RequestStatus;
  attempts: number;
  now: number;
}) {
  const intl = useIntl();
  const f = useFormats();
  if (status === "pending") {
    return (
      <div>
        <p className="font-semibold" role="status">
          {intl.formatMessage(messages.waitingForPerson)}
        </p>
        <p className="mt-1">
          <FormattedMessage
            {...messages.expiresIn}
            values={{
              countdown: formatCountdown(Date.parse(request.expiresAt) - now),
              time: zonedDateTime(f, request.expiresAt),
              timer: (chunks) => (
                <span
                  role="timer"
                  className="font-mono text-lg font-bold tabular-nums"
                  data-testid="request-countdown"
                  dir="ltr"
                >
                  {chunks}
                </span>
              ),
              at: (chunks) => <span className="text-sm text-govuk-grey dark:text-slate-400">{chunks}</span>,
            }}
          />
        </p>
        {attempts > 0 ? (
          <p className="mt-2 border-s-4 border-govuk-yellow ps-3 dark:border-yellow-400" data-testid="request-attempts">
            {intl.formatMessage(messages.attempts, { count: attempts })}
          </p>
        ) : null}
      </div>
    );
  }
  const message = intl.formatMessage(
    status === "completed"
      ? messages.completed
      : status === "declined"
        ? messages.declined
        : status === "failed"
          ? messages.failed
          : messages.expiredMessage,
  );
  return (
    <p
      role="status"
      className={
        status === "completed"
          ? "border-s-4 border-govuk-green ps-3 font-semibold dark:border-green-500"
          : "border-s-4 border-govuk-red ps-3 font-semibold dark:border-red-500"
      }
      data-testid="request-outcome"
    >
      {message}
    </p>
  );
}
