/**
 * "Share via QR Code" (issue 9): the citizen chooses what one credential shows, and the wallet
 * makes a presentation on this device whose key-binding JWT carries a fresh holder nonce, the time,
 * and the platform's offline verifier as audience. It is shown as a QR code (compact encoding,
 * docs/decisions/014) for 15 minutes; a verifier scans it and the verifier worker checks it, once.
 */
import { useEffect, useState } from "react";
import { CHECKS, checkForCredentialType, AGE_THRESHOLDS } from "#core/verification/checks.ts";
import { offlineAudience } from "#core/verification/openid4vp.ts";
import { encodeOfflinePresentation } from "#core/verification/offline-qr.ts";
import type { WalletCard } from "#server/credentials/wallet-page.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { QrCode } from "#app/components/ui/qr-code.tsx";
import { track } from "#app/client/tracker.client.ts";
import { bindingOf, type DeviceKeyState } from "./device-key.ts";
import { PresentError, presentOnThisDevice } from "./present.client.ts";

/** Spec 000: an offline QR code is valid for 15 minutes (the verifier refuses it after). */
export const OFFLINE_QR_VALID_MS = 15 * 60 * 1000;

interface Choice {
  path: string;
  label: string;
}

/** What the credential can show: its claims, and the age thresholds when it carries a date of birth. */
export function offlineChoices(credential: Pick<WalletCard, "attributes">): Choice[] {
  const claims = credential.attributes.map((a) => ({ path: a.name, label: a.label }));
  const ages = credential.attributes.some((a) => a.name === "birthdate") ? AGE_THRESHOLDS.map((age) => ({ path: `age_equal_or_over.${age}`, label: `Aged ${age} or over (without your date of birth)` })) : [];
  return [...claims, ...ages];
}

function defaultsFor(credential: WalletCard): string[] {
  const check = checkForCredentialType(credential.type);
  const defaults = check ? CHECKS[check].defaultAttributes : [];
  return credential.attributes.map((a) => a.name).filter((name) => defaults.includes(name));
}

const mmss = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

export function OfflineQrDialog({ credential, base, deviceKey, onClose }: { credential: WalletCard | null; base: string; deviceKey: DeviceKeyState; onClose: () => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  const [qr, setQr] = useState<{ text: string; expiresAt: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    setSelected(credential ? defaultsFor(credential) : []);
    setQr(null);
    setError(null);
  }, [credential]);

  useEffect(() => {
    if (!qr) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [qr]);

  if (!credential) return null;
  const binding = bindingOf(credential.holderKeyThumbprint, deviceKey);
  const choices = offlineChoices(credential);
  const expired = qr !== null && now >= qr.expiresAt;

  async function makeQr() {
    if (!credential) return;
    setBusy(true);
    setError(null);
    try {
      const { presentation } = await presentOnThisDevice(credential.id, selected, { aud: offlineAudience(base) });
      const text = encodeOfflinePresentation(presentation);
      const made = Date.now();
      setNow(made);
      setQr({ text, expiresAt: made + OFFLINE_QR_VALID_MS });
      void track({ eventCategory: "credential", eventAction: "share", eventLabel: credential.type, metadata: { credentialType: credential.type, credentialId: credential.id, mode: "offline-qr" } });
    } catch (thrown) {
      setError(thrown instanceof PresentError ? thrown.message : "Your wallet could not make the QR code on this device.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Share via QR Code"
      description={`${credential.display.longName}: show this to the person checking it. It shows only what you choose, and works once, for 15 minutes.`}
      testId="offline-qr-dialog"
    >
      {binding === "other-device" ? (
        <p role="status">This credential is held on another device: show the QR code from that device, or re-issue the credential to this one.</p>
      ) : qr && !expired ? (
        <div className="grid justify-items-center gap-3">
          <QrCode value={qr.text} label={`QR code of your ${credential.display.longName}, showing ${selected.length} detail${selected.length === 1 ? "" : "s"}`} size={288} />
          <p className="text-lg font-bold" aria-live="off" data-testid="offline-qr-countdown">
            Valid for {mmss(qr.expiresAt - now)}
          </p>
          <p className="text-sm text-govuk-grey dark:text-slate-400">
            Shows: {choices.filter((c) => selected.includes(c.path)).map((c) => c.label).join(", ") || "that the credential is valid, and nothing from it"}
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
                    onChange={(event) => setSelected((list) => (event.target.checked ? [...list, choice.path] : list.filter((p) => p !== choice.path)))}
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
