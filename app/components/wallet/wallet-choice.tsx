/**
 * A verifier's request opened by someone not signed in here (issue 23, ADR 054;
 * app/routes/wallet_.present.tsx): who asks, what for and why, then the two ways to answer. This
 * platform's web wallet: sign in, and the consent page follows. A wallet app on this device: the
 * browser's Digital Credentials API asks the device's wallet with the request's DC API form
 * (digital-credentials.client.ts); the wallet's encrypted answer goes back to the verifier, whose
 * portal shows the result as for any other answer. A browser without that API (or without
 * JavaScript) gets the QR code instead, for a phone's wallet.
 */
import { useEffect, useRef, useState } from "react";
import { defineMessage, defineMessages, FormattedMessage, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { QrCode } from "#app/components/ui/qr-code.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { holderRefusalText } from "#core/verification/holder-refusals.ts";
import type { WalletChoice } from "#server/verification/consent-page.ts";
import { consentMessages } from "./consent.tsx";
import {
  type DeviceWalletOutcome,
  digitalCredentialsAvailable,
  shareFromDeviceWallet,
} from "./digital-credentials.client.ts";

const choiceMessages = defineMessages({
  lead: defineMessage<{ verifier: string; check: string }>({
    id: "wallet.choice.lead",
    defaultMessage: "{verifier} is asking to check a credential ({check}).",
    description: "{verifier} is an organisation's name; {check} is the check's name, e.g. 'Right to Work'.",
  }),
  title: { id: "wallet.choice.title", defaultMessage: "Answer a verification request" },
  request: { id: "wallet.choice.request", defaultMessage: "What is asked" },
  whatSeen: { id: "wallet.choice.whatSeen", defaultMessage: "They will see:" },
  why: defineMessage<{ purpose: string }>({ id: "wallet.choice.why", defaultMessage: "Why: {purpose}" }),
  howTitle: { id: "wallet.choice.howTitle", defaultMessage: "How do you want to answer?" },
  webWalletTitle: { id: "wallet.choice.webWallet.title", defaultMessage: "With your wallet on this platform" },
  webWalletBody: {
    id: "wallet.choice.webWallet.body",
    defaultMessage: "Sign in to see the request and choose whether to share.",
  },
  signIn: { id: "wallet.choice.webWallet.signIn", defaultMessage: "Sign in to answer" },
  appTitle: { id: "wallet.choice.app.title", defaultMessage: "With a wallet app on this device" },
  appBody: {
    id: "wallet.choice.app.body",
    defaultMessage:
      "Your browser asks the wallet app on this device, which shows you the request. Nothing is shared unless you agree in the app.",
  },
  appButton: { id: "wallet.choice.app.button", defaultMessage: "Use a wallet app on this device" },
  asking: { id: "wallet.choice.app.asking", defaultMessage: "Waiting for your wallet app…" },
  noApi: {
    id: "wallet.choice.app.noApi",
    defaultMessage:
      "This browser cannot ask a wallet app. Scan this QR code with the wallet app on your phone instead.",
  },
  qrLabel: { id: "wallet.choice.app.qrLabel", defaultMessage: "QR code of this verification request" },
  sharedBody: defineMessage<{ verifier: string }>({
    id: "wallet.choice.shared.body",
    defaultMessage: "Your wallet app's answer reached {verifier}, who confirmed it is valid. You can close this page.",
  }),
  refusedBody: defineMessage<{ verifier: string; reason: string }>({
    id: "wallet.choice.refused.body",
    defaultMessage: "{verifier} could not accept your wallet app's answer: {reason}",
    description: "{reason} is the verifier's reason, a sentence.",
  }),
  refusedUnknown: {
    id: "wallet.choice.refused.unknown",
    defaultMessage: "The answer could not be verified.",
  },
  cancelledBadge: { id: "wallet.choice.cancelled.badge", defaultMessage: "Not shared" },
  cancelledBody: {
    id: "wallet.choice.cancelled.body",
    defaultMessage: "Your wallet app did not share anything. You can try again, or answer another way.",
  },
  failedBody: {
    id: "wallet.choice.failed.body",
    defaultMessage: "Your wallet app could not be reached, or its answer could not be sent. Try again.",
  },
  tryAgain: { id: "wallet.choice.tryAgain", defaultMessage: "Try again" },
});

export function WalletChoicePage({ choice }: { choice: WalletChoice }) {
  const intl = useIntl();
  const f = useFormats();
  const hydrated = useHydrated();
  const [available, setAvailable] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<DeviceWalletOutcome | null>(null);
  useEffect(() => setAvailable(digitalCredentialsAvailable()), []);

  async function askDeviceWallet() {
    setBusy(true);
    try {
      setOutcome(await shareFromDeviceWallet(choice.dcApiUrl));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SignedInPage
      back={false}
      title={intl.formatMessage(choiceMessages.title)}
      lead={intl.formatMessage(choiceMessages.lead, { verifier: choice.verifierName, check: choice.checkName })}
    >
      <div className="mt-8 grid max-w-3xl gap-6">
        <Card as="section" className="p-6" aria-labelledby="choice-request">
          <h2 id="choice-request" className="text-xl font-bold">
            <FormattedMessage {...choiceMessages.request} />
          </h2>
          <p className="mt-2">
            <FormattedMessage {...choiceMessages.whatSeen} />
          </p>
          <ul className="mt-1 list-disc space-y-1 ps-6" data-testid="choice-attributes">
            {choice.attributes.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
          {choice.purpose ? (
            <p className="mt-3">
              <FormattedMessage {...choiceMessages.why} values={{ purpose: choice.purpose }} />
            </p>
          ) : null}
          <p className="mt-2 text-sm text-govuk-grey dark:text-slate-400">
            <FormattedMessage {...consentMessages.expiresAt} values={{ time: f.dateTime(choice.expiresAt) }} />
          </p>
        </Card>

        {outcome ? (
          <ChoiceOutcome
            choice={choice}
            outcome={outcome}
            onRetry={outcome.kind === "shared" ? undefined : () => setOutcome(null)}
            refusal={(reason) => holderRefusalText(intl, reason) ?? intl.formatMessage(choiceMessages.refusedUnknown)}
          />
        ) : (
          <section aria-labelledby="choice-how" className="grid gap-4">
            <h2 id="choice-how" className="text-xl font-bold">
              <FormattedMessage {...choiceMessages.howTitle} />
            </h2>
            <Card className="p-6">
              <h3 className="text-lg font-bold">
                <FormattedMessage {...choiceMessages.webWalletTitle} />
              </h3>
              <p className="mt-2">
                <FormattedMessage {...choiceMessages.webWalletBody} />
              </p>
              <p className="mt-3">
                <TextLink to={choice.signInHref} data-testid="choice-sign-in">
                  <FormattedMessage {...choiceMessages.signIn} />
                </TextLink>
              </p>
            </Card>
            <Card className="p-6">
              <h3 className="text-lg font-bold">
                <FormattedMessage {...choiceMessages.appTitle} />
              </h3>
              {hydrated && available ? (
                <>
                  <p className="mt-2">
                    <FormattedMessage {...choiceMessages.appBody} />
                  </p>
                  <p className="mt-3">
                    <Button onClick={askDeviceWallet} disabled={busy} data-testid="choice-device-wallet">
                      <FormattedMessage {...(busy ? choiceMessages.asking : choiceMessages.appButton)} />
                    </Button>
                  </p>
                </>
              ) : (
                <div data-testid="choice-qr">
                  <p className="mt-2">
                    <FormattedMessage {...choiceMessages.noApi} />
                  </p>
                  <div className="mt-3">
                    <QrCode value={choice.authorizationRequest} label={intl.formatMessage(choiceMessages.qrLabel)} />
                  </div>
                </div>
              )}
            </Card>
          </section>
        )}
      </div>
    </SignedInPage>
  );
}

/** What became of the wallet app's answer; its heading takes focus, as the consent page's outcome does. */
function ChoiceOutcome({
  choice,
  outcome,
  onRetry,
  refusal,
}: {
  choice: WalletChoice;
  outcome: DeviceWalletOutcome;
  onRetry: (() => void) | undefined;
  refusal: (reason: string) => string;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const intl = useIntl();
  const t = intl.formatMessage;
  const verifier = choice.verifierName;
  const text =
    outcome.kind === "shared"
      ? {
          tone: "ok" as const,
          badge: t(consentMessages.sharedBadge),
          title: t(consentMessages.sharedTitle),
          body: t(choiceMessages.sharedBody, { verifier }),
        }
      : outcome.kind === "refused"
        ? {
            tone: "bad" as const,
            badge: t(consentMessages.refusedBadge),
            title: t(consentMessages.refusedTitle),
            body: t(choiceMessages.refusedBody, { verifier, reason: refusal(outcome.reason) }),
          }
        : {
            tone: "warn" as const,
            badge: t(choiceMessages.cancelledBadge),
            title: t(consentMessages.errorTitle),
            body: t(outcome.kind === "cancelled" ? choiceMessages.cancelledBody : choiceMessages.failedBody),
          };
  return (
    <Card className="p-6" role={outcome.kind === "shared" ? "status" : "alert"} data-testid="choice-outcome">
      <StatusBadge tone={text.tone}>{text.badge}</StatusBadge>
      <h2 ref={headingRef} tabIndex={-1} className="mt-3 text-xl font-bold">
        {text.title}
      </h2>
      <p className="mt-2">{text.body}</p>
      {onRetry ? (
        <p className="mt-4">
          <Button variant="outline" onClick={onRetry}>
            <FormattedMessage {...choiceMessages.tryAgain} />
          </Button>
        </p>
      ) : null}
    </Card>
  );
}
