/**
 * "Share via QR Code" (issue 9): the citizen chooses what one credential shows, and the wallet
 * makes a presentation on this device whose key-binding JWT carries a fresh holder nonce, the time,
 * and the platform's offline verifier as audience. It is shown as a QR code (compact encoding,
 * docs/decisions/014) for 15 minutes; a verifier scans it and the verifier worker checks it, once.
 */
import { useEffect, useState } from "react";
import { defineMessage, defineMessages, FormattedMessage, useIntl } from "react-intl";
import { track } from "#app/client/tracker.client.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { QrCode } from "#app/components/ui/qr-code.tsx";
import { useNow } from "#app/components/ui/use-now.ts";
import { formatCountdown } from "#core/format/format.ts";
import { CHECKS, checkForCredentialType } from "#core/verification/checks.ts";
import { encodeOfflinePresentation } from "#core/verification/offline-qr.ts";
import { OFFLINE_WINDOW_SECONDS, offlineAudience } from "#core/verification/openid4vp.ts";
import type { WalletCard } from "#server/credentials/wallet-page.ts";
import { bindingOf, type DeviceKeyState } from "./device-key.ts";
import { PresentError, presentOnThisDevice } from "./present.client.ts";

const messages = defineMessages({
  title: { id: "wallet.offlineQr.title", defaultMessage: "Share via QR Code" },
  description: defineMessage<{ name: string }>({
    id: "wallet.offlineQr.description",
    defaultMessage: "{name}: show this to the person checking it.",
    description: "{name} is the credential's long name. Followed by wallet.offlineQr.window.",
  }),
  window: defineMessage<{ minutes: number }>({
    id: "wallet.offlineQr.window",
    defaultMessage:
      "It shows only what you choose, and works once, for {minutes, plural, one {# minute} other {# minutes}}.",
  }),
  paper: {
    id: "wallet.offlineQr.paper",
    defaultMessage:
      "This credential was printed on paper at an assisted-digital counter: its QR code is the one on the sheet. Your wallet cannot make another.",
  },
  otherDevice: {
    id: "wallet.offlineQr.otherDevice",
    defaultMessage:
      "This credential is held on another device: show the QR code from that device, or re-issue the credential to this one.",
  },
  qrLabel: defineMessage<{ name: string; details: string }>({
    id: "wallet.offlineQr.qrLabel",
    defaultMessage: "QR code of your {name}, showing {details}",
    description: "The QR code's text for screen readers. {details} is the counted phrase wallet.offlineQr.detailCount.",
  }),
  detailCount: defineMessage<{ count: number }>({
    id: "wallet.offlineQr.detailCount",
    defaultMessage: "{count, plural, one {# detail} other {# details}}",
  }),
  validFor: defineMessage<{ time: string }>({
    id: "wallet.offlineQr.validFor",
    defaultMessage: "Valid for {time}",
    description: "{time} counts down in minutes and seconds, e.g. 14:59.",
  }),
  shows: defineMessage<{ details: string }>({
    id: "wallet.offlineQr.shows",
    defaultMessage: "Shows: {details}",
    description: "{details} is a list.",
  }),
  showsNothing: {
    id: "wallet.offlineQr.showsNothing",
    defaultMessage: "Shows: that the credential is valid, and nothing from it",
  },
  done: { id: "wallet.offlineQr.done", defaultMessage: "Done" },
  expired: {
    id: "wallet.offlineQr.expired",
    defaultMessage: "This QR code has expired. Make a new one to show it again.",
  },
  legend: { id: "wallet.offlineQr.legend", defaultMessage: "What the QR code shows" },
  making: { id: "wallet.offlineQr.making", defaultMessage: "Making QR code..." },
  makeNew: { id: "wallet.offlineQr.makeNew", defaultMessage: "Make a new QR code" },
  show: { id: "wallet.offlineQr.show", defaultMessage: "Show QR code" },
  cancel: { id: "wallet.offlineQr.cancel", defaultMessage: "Cancel" },
  failed: {
    id: "wallet.offlineQr.failed",
    defaultMessage: "Your wallet could not make the QR code on this device.",
  },
});

interface Choice {
  path: string;
  label: string;
}

/**
 * What the credential can show: its claims, and when it carries a date of birth, the Age
 * Verification check's attributes (an age threshold, without the date itself).
 */
function offlineChoices(credential: Pick<WalletCard, "attributes">): Choice[] {
  const claims = credential.attributes.map((a) => ({ path: a.name, label: a.label }));
  const ages = credential.attributes.some((a) => a.name === "birthdate")
    ? CHECKS.age.attributes.map((a) => ({ path: a.path.join("."), label: a.label }))
    : [];
  return [...claims, ...ages];
}

function defaultsFor(credential: WalletCard): string[] {
  const check = checkForCredentialType(credential.type);
  const defaults = check ? CHECKS[check].defaultAttributes : [];
  return credential.attributes.map((a) => a.name).filter((name) => defaults.includes(name));
}

export function OfflineQrDialog({
  credential,
  base,
  deviceKey,
  onClose,
}: {
  credential: WalletCard | null;
  base: string;
  deviceKey: DeviceKeyState;
  onClose: () => void;
}) {
  const [selected, setSelected] = useState<string[]>([]);
  const [qr, setQr] = useState<{ text: string; expiresAt: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  // Ticks while the code is shown, and stops once it has expired.
  const now = useNow(qr?.expiresAt ?? null);

  useEffect(() => {
    setSelected(credential ? defaultsFor(credential) : []);
    setQr(null);
    setError(null);
  }, [credential]);

  if (!credential) return null;
  const binding = bindingOf(credential, deviceKey);
  const choices = offlineChoices(credential);
  const expired = qr !== null && now >= qr.expiresAt;
  const shown = choices.filter((c) => selected.includes(c.path)).map((c) => c.label);

  async function makeQr() {
    if (!credential) return;
    setBusy(true);
    setError(null);
    try {
      const presentation = await presentOnThisDevice(credential.id, selected, { aud: offlineAudience(base) });
      // The verifier refuses the code once its key-binding JWT is older than the offline window.
      setQr({ text: encodeOfflinePresentation(presentation), expiresAt: Date.now() + OFFLINE_WINDOW_SECONDS * 1000 });
      void track({
        eventCategory: "credential",
        eventAction: "share",
        eventLabel: credential.type,
        metadata: { credentialType: credential.type, credentialId: credential.id, mode: "offline-qr" },
      });
    } catch (thrown) {
      setError(intl.formatMessage(thrown instanceof PresentError ? thrown.words : messages.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={intl.formatMessage(messages.title)}
      // Two sentences, each its own message.
      description={`${intl.formatMessage(messages.description, { name: credential.display.longName })} ${intl.formatMessage(messages.window, { minutes: OFFLINE_WINDOW_SECONDS / 60 })}`}
      testId="offline-qr-dialog"
    >
      {binding === "paper" ? (
        <p role="status">
          <FormattedMessage {...messages.paper} />
        </p>
      ) : binding === "other-device" ? (
        <p role="status">
          <FormattedMessage {...messages.otherDevice} />
        </p>
      ) : qr && !expired ? (
        <div className="grid justify-items-center gap-3">
          <QrCode
            value={qr.text}
            label={intl.formatMessage(messages.qrLabel, {
              name: credential.display.longName,
              details: intl.formatMessage(messages.detailCount, { count: selected.length }),
            })}
            size={288}
          />
          <p className="text-lg font-bold" aria-live="off" data-testid="offline-qr-countdown">
            <FormattedMessage {...messages.validFor} values={{ time: formatCountdown(qr.expiresAt - now) }} />
          </p>
          <p className="text-sm text-govuk-grey dark:text-slate-400">
            {shown.length ? (
              <FormattedMessage {...messages.shows} values={{ details: intl.formatList(shown, { type: "unit" }) }} />
            ) : (
              <FormattedMessage {...messages.showsNothing} />
            )}
          </p>
          <Button variant="secondary" onClick={onClose}>
            <FormattedMessage {...messages.done} />
          </Button>
        </div>
      ) : (
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void makeQr();
          }}
        >
          {expired ? (
            <p role="status" className="font-bold">
              <FormattedMessage {...messages.expired} />
            </p>
          ) : null}
          <fieldset>
            <legend className="font-bold">
              <FormattedMessage {...messages.legend} />
            </legend>
            <div className="mt-2 grid gap-2">
              {choices.map((choice) => (
                <label key={choice.path} className="flex items-center gap-3">
                  <input
                    type="checkbox"
                    className="h-5 w-5"
                    checked={selected.includes(choice.path)}
                    onChange={(event) =>
                      setSelected((list) =>
                        event.target.checked ? [...list, choice.path] : list.filter((p) => p !== choice.path),
                      )
                    }
                  />
                  <span>{choice.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {error ? (
            <p role="alert" className="text-govuk-red dark:text-red-400">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy || binding === "unknown"} data-testid="button-make-offline-qr">
              <FormattedMessage {...(busy ? messages.making : expired ? messages.makeNew : messages.show)} />
            </Button>
            <Button type="button" variant="outline" onClick={onClose}>
              <FormattedMessage {...messages.cancel} />
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
