/**
 * The consent screen for a verifier's request (issue 9; app/routes/wallet_.present.tsx): who asks,
 * what they will see, why, and which credential answers; Share or Decline. The presentation is
 * made on this device (present.client.ts) with only the requested disclosures and a key-binding
 * JWT carrying the request's nonce and the verifier's client_id, then posted to response_uri.
 */
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { formatDate, formatDateTime } from "#core/format/format.ts";
import type { ConsentCandidate, ConsentData } from "#server/verification/consent-page.ts";
import type { WalletRequest } from "#server/verification/wallet-request.ts";
import { onThisDevice, useDeviceKey } from "./device-key.ts";
import { PresentError, presentOnThisDevice } from "./present.client.ts";

type Outcome =
  | { kind: "shared" }
  | { kind: "refused"; message: string }
  | { kind: "declined" }
  | { kind: "error"; message: string };

/** Posts the wallet's answer to response_uri, as OpenID4VP direct_post. */
async function postAnswer(
  responseUri: string,
  fields: Record<string, string>,
): Promise<{ ok: boolean; message: string }> {
  const response = await fetch(responseUri, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const body = (await response.json().catch(() => ({}))) as { error_description?: string };
  return { ok: response.ok, message: body.error_description ?? `The verifier answered ${response.status}.` };
}

/**
 * The holder's decline: to the platform's own endpoint, signed in (the session cookie), which ends
 * the request. A refusal posted to response_uri would only be recorded: anyone holding the QR code
 * can post there (docs/decisions/029).
 */
async function postDecline(state: string): Promise<{ ok: boolean; message: string }> {
  const response = await fetch("/api/presentations/decline", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify({ state }),
  });
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  return { ok: response.ok, message: body.message ?? `The verifier answered ${response.status}.` };
}

export function ConsentPage({ data }: { data: ConsentData }) {
  if (!data.ok) {
    return (
      <ConsentNotice
        lead="A verifier asked to check a credential in your wallet."
        role="alert"
        title="This request cannot be answered"
        body={data.message}
      />
    );
  }
  return <Consent request={data.request} candidates={data.candidates} />;
}

function Consent({ request, candidates }: { request: WalletRequest; candidates: ConsentCandidate[] }) {
  const hydrated = useHydrated();
  const { deviceKey } = useDeviceKey();
  const presentable = candidates.filter((c) => onThisDevice(c.holderKeyThumbprint, deviceKey));
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = presentable.find((c) => c.id === chosenId) ?? presentable[0];
  const [busy, setBusy] = useState<"share" | "decline" | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function share() {
    if (!chosen) return;
    setBusy("share");
    try {
      const presentation = await presentOnThisDevice(
        chosen.id,
        request.attributes.map((a) => a.path),
        { aud: request.clientId, nonce: request.nonce },
      );
      const answer = await postAnswer(request.responseUri, {
        vp_token: JSON.stringify({ [request.queryId]: [presentation] }),
        state: request.state,
      });
      setOutcome(answer.ok ? { kind: "shared" } : { kind: "refused", message: answer.message });
    } catch (error) {
      setOutcome({
        kind: "error",
        message:
          error instanceof PresentError ? error.message : "Your wallet could not make the presentation on this device.",
      });
    } finally {
      setBusy(null);
    }
  }

  async function decline() {
    setBusy("decline");
    try {
      const answer = await postDecline(request.state);
      setOutcome(answer.ok ? { kind: "declined" } : { kind: "error", message: answer.message });
    } catch {
      setOutcome({ kind: "error", message: "Your answer could not be sent. Check your connection and try again." });
    } finally {
      setBusy(null);
    }
  }

  if (outcome) return <OutcomePanel request={request} outcome={outcome} />;

  return (
    <SignedInPage
      title="Share your credential?"
      lead={`${request.verifierName} is asking to check a credential in your wallet (${request.checkName}).`}
    >
      <div className="mt-8 grid max-w-3xl gap-6">
        <Card as="section" className="p-6" aria-labelledby="who-asks">
          <h2 id="who-asks" className="text-xl font-bold">
            Who is asking
          </h2>
          <p className="mt-2 text-lg">{request.verifierName}</p>
          <p className="mt-2 flex items-center gap-2 text-sm">
            <Icon name="shieldCheck" className="h-5 w-5 shrink-0 text-govuk-green dark:text-green-400" />
            <span>Registered with the UK Digital Identity platform, which vouches for this organisation.</span>
          </p>
        </Card>

        <Card as="section" className="p-6" aria-labelledby="what-seen">
          <h2 id="what-seen" className="text-xl font-bold">
            What they will see
          </h2>
          <ul className="mt-3 list-disc space-y-1 ps-6" data-testid="consent-attributes">
            {request.attributes.map((attribute) => (
              <li key={attribute.path}>{attribute.label}</li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-govuk-grey dark:text-slate-400">
            Nothing else from your credential is shared: not your name or date of birth unless listed above.
          </p>
        </Card>

        <Card as="section" className="p-6" aria-labelledby="why">
          <h2 id="why" className="text-xl font-bold">
            Why
          </h2>
          <p className="mt-2">{request.purpose || "The verifier gave no reason."}</p>
          <p className="mt-2 text-sm text-govuk-grey dark:text-slate-400">
            This request expires at {formatDateTime(request.expiresAt)}.
          </p>
        </Card>

        <Card as="section" className="p-6" aria-labelledby="which">
          <h2 id="which" className="text-xl font-bold">
            Which credential answers
          </h2>
          {deviceKey.status === "checking" ? (
            <p className="mt-2">Checking which of your credentials this device holds…</p>
          ) : presentable.length === 0 ? (
            <div className="mt-2" role="status">
              <p>
                {candidates.length
                  ? "Your credential for this check is held on another device. Open this link on that device, or re-issue the credential to this one from your wallet."
                  : `You have no active credential that can answer a ${request.checkName} check.`}
              </p>
              <p className="mt-2">
                <TextLink to="/wallet">Go to your wallet</TextLink>
              </p>
            </div>
          ) : (
            <fieldset className="mt-3">
              <legend className="sr-only">Credential to share</legend>
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
                        {candidate.authority}
                        {candidate.expiresAt ? ` · valid until ${formatDate(candidate.expiresAt)}` : ""}
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
            {busy === "share" ? "Sharing..." : "Share"}
          </Button>
          <Button
            variant="outline"
            onClick={decline}
            disabled={!hydrated || busy !== null}
            data-testid="button-consent-decline"
          >
            {busy === "decline" ? "Declining..." : "Decline"}
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
  const text = {
    shared: {
      tone: "ok" as const,
      badge: "Shared",
      title: "Your credential was checked",
      body: `${request.verifierName} has received what they asked for and confirmed it is valid. The check is in your wallet's activity.`,
    },
    refused: {
      tone: "bad" as const,
      badge: "Not accepted",
      title: "The check did not pass",
      body: `${request.verifierName} could not accept the presentation: ${outcome.kind === "refused" ? outcome.message : ""}`,
    },
    declined: {
      tone: "info" as const,
      badge: "Declined",
      title: "You declined",
      body: `${request.verifierName} has been told that you declined. Nothing was shared.`,
    },
    error: {
      tone: "warn" as const,
      badge: "Not sent",
      title: "Nothing was shared",
      body: outcome.kind === "error" ? outcome.message : "",
    },
  }[outcome.kind];
  return (
    <ConsentNotice
      lead={`${request.checkName} for ${request.verifierName}`}
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
  body: string;
  testId?: string;
  headingRef?: RefObject<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  return (
    <SignedInPage title="Verification request" lead={props.lead}>
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
          <TextLink to="/wallet">Back to your wallet</TextLink>
        </p>
      </Card>
    </SignedInPage>
  );
}
