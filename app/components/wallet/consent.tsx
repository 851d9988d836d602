/**
 * The consent screen for a verifier's request (issue 9; app/routes/wallet_.present.tsx): who asks,
 * what they will see, why, and which credential answers; Share or Decline. The presentation is
 * made on this device (present.client.ts) with only the requested disclosures and a key-binding
 * JWT carrying the request's nonce and the verifier's client_id, then posted to response_uri:
 * encrypted here first when the request asks for it (direct_post.jwt, ADR 049), so the answer
 * leaves this device readable by the request's own key alone.
 */
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import {
  defineMessage,
  defineMessages,
  FormattedMessage,
  type IntlShape,
  type MessageValue,
  useIntl,
} from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { holderRefusalText } from "#core/verification/holder-refusals.ts";
import { authorizationResponseFields } from "#core/verification/response-encryption.ts";
import type { ConsentCandidate, ConsentData } from "#server/verification/consent-page.ts";
import type { WalletRequest } from "#server/verification/wallet-request.ts";
import { onThisDevice, useDeviceKey } from "./device-key.ts";
import { PresentError, presentOnThisDevice } from "./present.client.ts";

export const consentMessages = defineMessages({
  metaDescription: {
    id: "wallet.consent.metaDescription",
    defaultMessage: "A verifier is asking to check a credential in your wallet.",
  },
  verifierAnswered: defineMessage<{ status: string }>({
    id: "wallet.consent.verifierAnswered",
    defaultMessage: "The verifier answered {status}.",
    description: "{status} is an HTTP status number, e.g. 500.",
  }),
  cannotAnswerLead: {
    id: "wallet.consent.cannotAnswer.lead",
    defaultMessage: "A verifier asked to check a credential in your wallet.",
  },
  cannotAnswerTitle: { id: "wallet.consent.cannotAnswer.title", defaultMessage: "This request cannot be answered" },
  presentFailed: {
    id: "wallet.consent.presentFailed",
    defaultMessage: "Your wallet could not make the presentation on this device.",
  },
  sendFailed: {
    id: "wallet.consent.sendFailed",
    defaultMessage: "Your answer could not be sent. Check your connection and try again.",
  },
  title: { id: "wallet.consent.title", defaultMessage: "Share your credential?" },
  lead: defineMessage<{ verifier: string; check: string }>({
    id: "wallet.consent.lead",
    defaultMessage: "{verifier} is asking to check a credential in your wallet ({check}).",
    description: "{verifier} is an organisation's name; {check} is the check's name, e.g. 'Right to Work'.",
  }),
  whoAsks: { id: "wallet.consent.whoAsks", defaultMessage: "Who is asking" },
  vouched: {
    id: "wallet.consent.vouched",
    defaultMessage: "Registered with the UK Digital Identity platform, which vouches for this organisation.",
  },
  whatSeen: { id: "wallet.consent.whatSeen", defaultMessage: "What they will see" },
  nothingElse: {
    id: "wallet.consent.nothingElse",
    defaultMessage: "Nothing else from your credential is shared: not your name or date of birth unless listed above.",
  },
  why: { id: "wallet.consent.why", defaultMessage: "Why", description: "Heading: why the verifier asks." },
  noReason: { id: "wallet.consent.noReason", defaultMessage: "The verifier gave no reason." },
  expiresAt: defineMessage<{ time: string }>({
    id: "wallet.consent.expiresAt",
    defaultMessage: "This request expires at {time}.",
  }),
  which: { id: "wallet.consent.which", defaultMessage: "Which credential answers" },
  checking: {
    id: "wallet.consent.checking",
    defaultMessage: "Checking which of your credentials this device holds…",
  },
  elsewhere: {
    id: "wallet.consent.elsewhere",
    defaultMessage:
      "Your credential for this check is held on another device. Open this link on that device, or re-issue the credential to this one from your wallet.",
  },
  noneHeld: defineMessage<{ check: string }>({
    id: "wallet.consent.noneHeld",
    defaultMessage: "You have no active credential that can answer a {check} check.",
  }),
  goToWallet: { id: "wallet.consent.goToWallet", defaultMessage: "Go to your wallet" },
  chooseLegend: { id: "wallet.consent.chooseLegend", defaultMessage: "Credential to share" },
  validUntil: defineMessage<{ authority: string; date: string }>({
    id: "wallet.consent.validUntil",
    defaultMessage: "{authority} · valid until {date}",
  }),
  sharing: { id: "wallet.consent.sharing", defaultMessage: "Sharing..." },
  share: { id: "wallet.consent.share", defaultMessage: "Share" },
  declining: { id: "wallet.consent.declining", defaultMessage: "Declining..." },
  decline: { id: "wallet.consent.decline", defaultMessage: "Decline" },
  sharedBadge: { id: "wallet.consent.shared.badge", defaultMessage: "Shared" },
  sharedTitle: { id: "wallet.consent.shared.title", defaultMessage: "Your credential was checked" },
  sharedBody: defineMessage<{ verifier: string }>({
    id: "wallet.consent.shared.body",
    defaultMessage:
      "{verifier} has received what they asked for and confirmed it is valid. The check is in your wallet's activity.",
  }),
  refusedBadge: { id: "wallet.consent.refused.badge", defaultMessage: "Not accepted" },
  refusedTitle: { id: "wallet.consent.refused.title", defaultMessage: "The check did not pass" },
  refusedBody: defineMessage<{ verifier: string; reason: MessageValue }>({
    id: "wallet.consent.refused.body",
    defaultMessage: "{verifier} could not accept the presentation: {reason}",
    description: "{reason} is the verifier's reason, a sentence.",
  }),
  declinedBadge: { id: "wallet.consent.declined.badge", defaultMessage: "Declined" },
  declinedTitle: { id: "wallet.consent.declined.title", defaultMessage: "You declined" },
  declinedBody: defineMessage<{ verifier: string }>({
    id: "wallet.consent.declined.body",
    defaultMessage: "{verifier} has been told that you declined. Nothing was shared.",
  }),
  errorBadge: { id: "wallet.consent.error.badge", defaultMessage: "Not sent" },
  errorTitle: { id: "wallet.consent.error.title", defaultMessage: "Nothing was shared" },
  outcomeLead: defineMessage<{ check: string; verifier: string }>({
    id: "wallet.consent.outcomeLead",
    defaultMessage: "{check} for {verifier}",
    description: "{check} is the check's name, e.g. 'Right to Work'; {verifier} an organisation.",
  }),
  noticeTitle: { id: "wallet.consent.noticeTitle", defaultMessage: "Verification request" },
  backToWallet: { id: "wallet.consent.backToWallet", defaultMessage: "Back to your wallet" },
});

type Outcome =
  | { kind: "shared" }
  | { kind: "refused"; reason: ReactNode }
  | { kind: "declined" }
  | { kind: "error"; message: string };

/**
 * Posts the wallet's answer to response_uri, as OpenID4VP direct_post (or direct_post.jwt: one
 * `response` field, the encrypted answer). A refusal is an OAuth error
 * answer (OID4VP 1.0 section 8.2): its `error_description` is the verifier's English (OAuth allows
 * ASCII only there); its `reason` is our code for why, which the page words in its own language.
 */
async function postAnswer(
  responseUri: string,
  fields: Record<string, string>,
  intl: IntlShape,
): Promise<{ ok: true } | { ok: false; reason: ReactNode }> {
  const response = await fetch(responseUri, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  if (response.ok) return { ok: true };
  const body: unknown = await response.json().catch(() => ({}));
  const field = (name: string) => {
    const value = typeof body === "object" && body !== null ? (body as Record<string, unknown>)[name] : undefined;
    return typeof value === "string" ? value : undefined;
  };
  const description = field("error_description");
  const reason = field("reason");
  const words = reason === undefined ? undefined : holderRefusalText(intl, reason);
  if (words) return { ok: false, reason: words };
  // A reason we have no words for: the verifier's own English, marked so (WCAG 3.1.2).
  if (description)
    return {
      ok: false,
      reason: (
        <span lang="en" dir="ltr">
          {description}
        </span>
      ),
    };
  return {
    ok: false,
    reason: intl.formatMessage(consentMessages.verifierAnswered, { status: String(response.status) }),
  };
}

/**
 * The holder's decline: to the platform's own endpoint, signed in (the session cookie), which ends
 * the request. A refusal posted to response_uri would only be recorded: anyone holding the QR code
 * can post there (docs/decisions/029).
 */
async function postDecline(state: string, intl: IntlShape): Promise<{ ok: boolean; message: string }> {
  const response = await fetch("/api/presentations/decline", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify({ state }),
  });
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  return {
    ok: response.ok,
    message: body.message ?? intl.formatMessage(consentMessages.verifierAnswered, { status: String(response.status) }),
  };
}

export function ConsentPage({ data }: { data: Exclude<ConsentData, { choice: unknown }> }) {
  const intl = useIntl();
  if (!data.ok) {
    return (
      <ConsentNotice
        lead={intl.formatMessage(consentMessages.cannotAnswerLead)}
        role="alert"
        title={intl.formatMessage(consentMessages.cannotAnswerTitle)}
        body={data.message}
      />
    );
  }
  return <Consent request={data.request} candidates={data.candidates} />;
}

function Consent({ request, candidates }: { request: WalletRequest; candidates: ConsentCandidate[] }) {
  const hydrated = useHydrated();
  const { deviceKey } = useDeviceKey();
  const presentable = candidates.filter((c) => onThisDevice(c.holderKeyThumbprints, deviceKey));
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = presentable.find((c) => c.id === chosenId) ?? presentable[0];
  const [busy, setBusy] = useState<"share" | "decline" | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const intl = useIntl();
  const f = useFormats();

  async function share() {
    if (!chosen) return;
    setBusy("share");
    try {
      const presentation = await presentOnThisDevice(
        chosen.id,
        request.attributes.map((a) => a.path),
        { aud: request.clientId, nonce: request.nonce },
      );
      const fields = await authorizationResponseFields(
        { vpToken: { [request.queryId]: [presentation] }, state: request.state },
        request.responseEncryption,
      );
      const answer = await postAnswer(request.responseUri, fields, intl);
      setOutcome(answer.ok ? { kind: "shared" } : { kind: "refused", reason: answer.reason });
    } catch (error) {
      setOutcome({
        kind: "error",
        message: intl.formatMessage(error instanceof PresentError ? error.words : consentMessages.presentFailed),
      });
    } finally {
      setBusy(null);
    }
  }

  async function decline() {
    setBusy("decline");
    try {
      const answer = await postDecline(request.state, intl);
      setOutcome(answer.ok ? { kind: "declined" } : { kind: "error", message: answer.message });
    } catch {
      setOutcome({ kind: "error", message: intl.formatMessage(consentMessages.sendFailed) });
    } finally {
      setBusy(null);
    }
  }

  if (outcome) return <OutcomePanel request={request} outcome={outcome} />;

  return (
    <SignedInPage
      title={intl.formatMessage(consentMessages.title)}
      lead={intl.formatMessage(consentMessages.lead, { verifier: request.verifierName, check: request.checkName })}
    >
      <div className="mt-8 grid max-w-3xl gap-6">
        <Card as="section" className="p-6" aria-labelledby="who-asks">
          <h2 id="who-asks" className="text-xl font-bold">
            <FormattedMessage {...consentMessages.whoAsks} />
          </h2>
          <p className="mt-2 text-lg">{request.verifierName}</p>
          <p className="mt-2 flex items-center gap-2 text-sm">
            <Icon name="shieldCheck" className="h-5 w-5 shrink-0 text-govuk-green dark:text-green-400" />
            <span>
              <FormattedMessage {...consentMessages.vouched} />
            </span>
          </p>
        </Card>

        <Card as="section" className="p-6" aria-labelledby="what-seen">
          <h2 id="what-seen" className="text-xl font-bold">
            <FormattedMessage {...consentMessages.whatSeen} />
          </h2>
          <ul className="mt-3 list-disc space-y-1 ps-6" data-testid="consent-attributes">
            {request.attributes.map((attribute) => (
              <li key={attribute.path}>{attribute.label}</li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-govuk-grey dark:text-slate-400">
            <FormattedMessage {...consentMessages.nothingElse} />
          </p>
        </Card>

        <Card as="section" className="p-6" aria-labelledby="why">
          <h2 id="why" className="text-xl font-bold">
            <FormattedMessage {...consentMessages.why} />
          </h2>
          <p className="mt-2">{request.purpose || intl.formatMessage(consentMessages.noReason)}</p>
          <p className="mt-2 text-sm text-govuk-grey dark:text-slate-400">
            <FormattedMessage {...consentMessages.expiresAt} values={{ time: f.dateTime(request.expiresAt) }} />
          </p>
        </Card>

        <Card as="section" className="p-6" aria-labelledby="which">
          <h2 id="which" className="text-xl font-bold">
            <FormattedMessage {...consentMessages.which} />
          </h2>
          {deviceKey.status === "checking" ? (
            <p className="mt-2">
              <FormattedMessage {...consentMessages.checking} />
            </p>
          ) : presentable.length === 0 ? (
            <div className="mt-2" role="status">
              <p>
                {candidates.length
                  ? intl.formatMessage(consentMessages.elsewhere)
                  : intl.formatMessage(consentMessages.noneHeld, { check: request.checkName })}
              </p>
              <p className="mt-2">
                <TextLink to="/wallet">
                  <FormattedMessage {...consentMessages.goToWallet} />
                </TextLink>
              </p>
            </div>
          ) : (
            <fieldset className="mt-3">
              <legend className="sr-only">
                <FormattedMessage {...consentMessages.chooseLegend} />
              </legend>
              <div className="grid gap-2">
                {presentable.map((candidate) => (
                  <label
                    key={candidate.id}
                    className="flex items-center gap-3 rounded-sm border border-govuk-border p-3 dark:border-slate-700"
                  >
                    <input
                      type="radio"
                      name="credential"
                      value={candidate.id}
                      checked={chosen?.id === candidate.id}
                      onChange={() => setChosenId(candidate.id)}
                      className="h-5 w-5"
                    />
                    <span>
                      <span className="block font-bold">{candidate.title}</span>
                      <span className="block text-sm text-govuk-grey dark:text-slate-400">
                        {candidate.expiresAt
                          ? intl.formatMessage(consentMessages.validUntil, {
                              authority: candidate.authority,
                              date: f.date(candidate.expiresAt),
                            })
                          : candidate.authority}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </Card>

        <div className="flex flex-wrap gap-3">
          <Button onClick={share} disabled={!hydrated || !chosen || busy !== null} data-testid="button-consent-share">
            <FormattedMessage {...(busy === "share" ? consentMessages.sharing : consentMessages.share)} />
          </Button>
          <Button
            variant="outline"
            onClick={decline}
            disabled={!hydrated || busy !== null}
            data-testid="button-consent-decline"
          >
            <FormattedMessage {...(busy === "decline" ? consentMessages.declining : consentMessages.decline)} />
          </Button>
        </div>
      </div>
    </SignedInPage>
  );
}

/**
 * What became of the answer. It replaces the page's buttons, so its heading takes focus: a
 * keyboard or screen reader user lands on the outcome, not at the top of the page.
 */
function OutcomePanel({ request, outcome }: { request: WalletRequest; outcome: Outcome }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const intl = useIntl();
  const t = intl.formatMessage;
  const verifier = request.verifierName;
  const text = {
    shared: {
      tone: "ok" as const,
      badge: t(consentMessages.sharedBadge),
      title: t(consentMessages.sharedTitle),
      body: t(consentMessages.sharedBody, { verifier }),
    },
    refused: {
      tone: "bad" as const,
      badge: t(consentMessages.refusedBadge),
      title: t(consentMessages.refusedTitle),
      body: (
        <FormattedMessage
          {...consentMessages.refusedBody}
          values={{ verifier, reason: outcome.kind === "refused" ? outcome.reason : "" }}
        />
      ),
    },
    declined: {
      tone: "info" as const,
      badge: t(consentMessages.declinedBadge),
      title: t(consentMessages.declinedTitle),
      body: t(consentMessages.declinedBody, { verifier }),
    },
    error: {
      tone: "warn" as const,
      badge: t(consentMessages.errorBadge),
      title: t(consentMessages.errorTitle),
      body: outcome.kind === "error" ? outcome.message : "",
    },
  }[outcome.kind];
  return (
    <ConsentNotice
      lead={t(consentMessages.outcomeLead, { check: request.checkName, verifier })}
      role="status"
      title={text.title}
      body={text.body}
      testId="consent-outcome"
      headingRef={headingRef}
    >
      <StatusBadge tone={text.tone}>{text.badge}</StatusBadge>
    </ConsentNotice>
  );
}

/** A card in place of the consent form: why the request cannot be answered, or what became of the answer. */
function ConsentNotice(props: {
  lead: string;
  role: "alert" | "status";
  title: string;
  body: ReactNode;
  testId?: string;
  headingRef?: RefObject<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <SignedInPage title={intl.formatMessage(consentMessages.noticeTitle)} lead={props.lead}>
      <Card className="mt-8 max-w-2xl p-6" role={props.role} data-testid={props.testId}>
        {props.children}
        <h2
          ref={props.headingRef}
          tabIndex={props.headingRef ? -1 : undefined}
          className={`${props.children ? "mt-3 " : ""}text-xl font-bold`}
        >
          {props.title}
        </h2>
        <p className="mt-2">{props.body}</p>
        <p className="mt-4">
          <TextLink to="/wallet">
            <FormattedMessage {...consentMessages.backToWallet} />
          </TextLink>
        </p>
      </Card>
    </SignedInPage>
  );
}
