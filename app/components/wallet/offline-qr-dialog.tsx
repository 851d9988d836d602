/**
 * "Share via QR Code" (issue 9): the citizen chooses what one credential shows, and the wallet
 * makes a presentation on this device whose key-binding JWT carries a fresh holder nonce, the time,
 * and the platform's offline verifier as audience. It is shown as a QR code (compact encoding,
 * docs/decisions/014) for 15 minutes; a verifier scans it and the verifier worker checks it, once.
 */
import { useEffect, useState } from "react";
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
      setError(
        thrown instanceof PresentError ? thrown.message : "Your wallet could not make the QR code on this device.",
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Share via QR Code"
      description={`${credential.display.longName}: show this to the person checking it. It shows only what you choose, and works once, for ${OFFLINE_WINDOW_SECONDS / 60} minutes.`}
      testId="offline-qr-dialog"
    >
      {binding === "paper" ? (
        <p role="status">
          This credential was printed on paper at an assisted-digital counter: its QR code is the one on the sheet. Your
          wallet cannot make another.
        </p>
      ) : binding === "other-device" ? (
        <p role="status">
          This credential is held on another device: show the QR code from that device, or re-issue the credential to
          this one.
        </p>
      ) : qr && !expired ? (
        <div className="grid justify-items-center gap-3">
          <QrCode
            value={qr.text}
            label={`QR code of your ${credential.display.longName}, showing ${selected.length} detail${selected.length === 1 ? "" : "s"}`}
            size={288}
          />
          <p className="text-lg font-bold" aria-live="off" data-testid="offline-qr-countdown">
            Valid for {formatCountdown(qr.expiresAt - now)}
          </p>
          <p className="text-sm text-govuk-grey dark:text-slate-400">
            Shows:{" "}
            {choices
              .filter((c) => selected.includes(c.path))
              .map((c) => c.label)
              .join(", ") || "that the credential is valid, and nothing from it"}
          </p>
          <Button variant="secondary" onClick={onClose}>
            Done
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
              This QR code has expired. Make a new one to show it again.
            </p>
          ) : null}
          <fieldset>
            <legend className="font-bold">What the QR code shows</legend>
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
              {busy ? "Making QR code..." : expired ? "Make a new QR code" : "Show QR code"}
            </Button>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
