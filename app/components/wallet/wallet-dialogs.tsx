/**
 * The wallet's dialogs: requesting a credential from its authority (`?action=request`), choosing
 * which credential to share (`?action=share`, then the ShareDialog), and a credential's details.
 */
import { Link } from "@remix-run/react";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { valueDirection } from "#app/components/ui/direction.ts";
import { TONE_CLASSES } from "#app/components/ui/tone.ts";
import { formatDate, formatDateTime } from "#core/format/format.ts";
import {
  AUTHORITIES,
  CREDENTIAL_TYPE_CODES,
  CREDENTIAL_TYPES,
  type CredentialTypeCode,
} from "#core/issuers/registry.ts";
import type { WalletCard } from "#server/credentials/wallet-page.ts";
import { accentFor, CredentialStatusBadge, ExpiresSoonBadge, TypeIcon } from "./credential-visuals.tsx";
import { type Binding, bindingOf, type DeviceKeyState } from "./device-key.ts";

/**
 * The held, active copy of each type (newest first in `credentials`). A type is held once in a
 * wallet: re-issue replaces the old copy. A paper copy printed at a counter is not in a wallet and
 * issuing to a device leaves it as it is, so the device copy is preferred; a type held only on
 * paper maps to its paper copy.
 */
export function activeByType(credentials: WalletCard[]): Map<string, WalletCard> {
  const held = new Map<string, WalletCard>();
  for (const c of credentials) {
    if (c.status !== "active") continue;
    const kept = held.get(c.type);
    if (!kept || (kept.delivery === "paper" && c.delivery !== "paper")) held.set(c.type, c);
  }
  return held;
}

/** The copy of `type` that issuing it to this device would replace (and revoke): never a paper one. */
export function replaceableCopy(held: ReadonlyMap<string, WalletCard>, type: string): WalletCard | undefined {
  const copy = held.get(type);
  return copy?.delivery === "paper" ? undefined : copy;
}

export function RequestDialog({
  open,
  onClose,
  held,
  deviceKey,
  pendingType,
  onRequest,
}: {
  open: boolean;
  onClose: () => void;
  /** The held, active copy of each type (activeByType). */
  held: ReadonlyMap<string, WalletCard>;
  deviceKey: DeviceKeyState;
  pendingType: string | null;
  onRequest: (type: CredentialTypeCode) => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Request a Credential"
      description="Each credential is issued by its authority from the records it holds about you, and bound to this device."
      testId="request-dialog"
    >
      <ul className="grid max-h-[60vh] gap-3 overflow-y-auto">
        {CREDENTIAL_TYPE_CODES.map((code) => {
          const type = CREDENTIAL_TYPES[code];
          const accent = accentFor(type.colour);
          const copy = held.get(code);
          const binding = copy ? bindingOf(copy, deviceKey) : null;
          const pending = pendingType === code;
          return (
            // Two rows: what the credential is, then where it stands and what can be done. The
            // words never share a row with the buttons, so a narrow dialog cannot squeeze them.
            <li
              key={code}
              className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-2 rounded-sm border border-govuk-border p-3 dark:border-slate-700"
              data-testid={`request-type-${code}`}
            >
              <span className={`rounded-sm p-2 ${accent.tile}`}>
                <TypeIcon icon={type.icon} className="h-5 w-5" />
              </span>
              <div>
                <p className="font-bold leading-tight" data-testid="request-type-title">
                  {type.title}
                </p>
                <p className="text-sm text-govuk-grey dark:text-slate-400">
                  {type.subtitle} · {AUTHORITIES[type.issuerId].name}
                </p>
              </div>
              <div className="col-start-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
                {copy && binding === "this-device" ? (
                  <span className={`text-sm font-semibold ${TONE_CLASSES.ok.text}`}>Already in your wallet</span>
                ) : copy && binding === "other-device" ? (
                  <>
                    <p className={`min-w-0 flex-1 basis-48 text-sm ${TONE_CLASSES.warn.text}`}>
                      Held on another device. Re-issuing it here revokes that copy and its share links.
                    </p>
                    <Button
                      variant="secondary"
                      className="px-3 py-1 text-sm"
                      disabled={pendingType !== null}
                      onClick={() => onRequest(code)}
                    >
                      {pending ? "Re-issuing..." : "Re-issue to this device"}
                      <span className="sr-only"> for {type.title}</span>
                    </Button>
                  </>
                ) : copy && binding === "paper" ? (
                  <>
                    <p className="min-w-0 flex-1 basis-48 text-sm text-govuk-grey dark:text-slate-400">
                      Held on paper, printed at a counter. Adding it to this device leaves the paper copy valid.
                    </p>
                    <Button
                      className="px-3 py-1 text-sm"
                      disabled={pendingType !== null}
                      onClick={() => onRequest(code)}
                    >
                      {pending ? "Adding..." : "Add to this device"}
                      <span className="sr-only"> {type.title}</span>
                    </Button>
                  </>
                ) : copy ? (
                  <span className="text-sm text-govuk-grey dark:text-slate-400" role="status">
                    Checking this device…
                  </span>
                ) : (
                  <Button className="px-3 py-1 text-sm" disabled={pendingType !== null} onClick={() => onRequest(code)}>
                    {pending ? "Requesting..." : "Request"}
                    <span className="sr-only"> {type.title}</span>
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}

/**
 * Asked before Add New Credential replaces a credential the person already holds: re-issuing a
 * type revokes the copy they have (on this device or another) and with it every share link made
 * from it, so they decide knowingly. They can also request a type they do not hold instead.
 */
export function ReplaceCredentialDialog({
  held,
  open,
  pending,
  onClose,
  onReplace,
  onRequestOther,
}: {
  held: WalletCard | null;
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onReplace: () => void;
  onRequestOther: () => void;
}) {
  const name = held?.display.longName ?? "credential";
  return (
    <Dialog
      open={open && held !== null}
      onClose={onClose}
      title={`You already have a ${name} credential`}
      description={held ? `Issued by ${held.display.authorityName} on ${formatDate(held.issuedAt)}.` : undefined}
      testId="replace-credential-dialog"
    >
      <div className="grid gap-4">
        <p>
          Adding it again asks the {held?.display.authorityName ?? "authority"} for a new copy, bound to this device. If
          you go ahead:
        </p>
        <ul className="list-disc space-y-1 ps-6">
          <li>the copy you have now is revoked, on this device or any other;</li>
          <li>every share link made from it shows it as no longer valid.</li>
        </ul>
        <div className="flex flex-wrap gap-3">
          <Button variant="destructive" disabled={pending} onClick={onReplace} data-testid="button-confirm-replace">
            {pending ? "Replacing..." : `Replace my ${name}`}
          </Button>
          <Button variant="outline" disabled={pending} onClick={onRequestOther}>
            Request a different credential
          </Button>
          <Button variant="secondary" disabled={pending} onClick={onClose}>
            Cancel
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

export function SharePickerDialog({
  open,
  onClose,
  credentials,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  credentials: WalletCard[];
  onPick: (credential: WalletCard) => void;
}) {
  // A paper credential's QR code is the printed one: the wallet cannot make another.
  const shareable = credentials.filter((c) => c.status === "active" && c.delivery !== "paper");
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Share via QR Code"
      description="Choose a credential, then what it shows. Its QR code is checked by the person you show it to, once, within 15 minutes."
      testId="share-picker-dialog"
    >
      {shareable.length ? (
        <ul className="grid max-h-[60vh] gap-2 overflow-y-auto">
          {shareable.map((credential) => {
            const accent = accentFor(credential.display.colour);
            return (
              <li key={credential.id}>
                <button
                  type="button"
                  onClick={() => onPick(credential)}
                  className="flex w-full items-center gap-3 rounded-sm border border-govuk-border p-3 text-start hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
                >
                  <span className={`shrink-0 rounded-sm p-2 ${accent.tile}`}>
                    <TypeIcon icon={credential.display.icon} className="h-5 w-5" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-bold">{credential.display.title}</span>
                    <span className="block text-sm text-govuk-grey dark:text-slate-400">
                      {credential.display.authority}
                      {credential.expiresAt ? ` · expires ${formatDate(credential.expiresAt)}` : ""}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <div>
          <p>You have no active credentials to share yet.</p>
          <Link
            to={{ search: "?action=request" }}
            replace
            preventScrollReset
            className={buttonClasses("primary", "mt-4")}
          >
            Request a credential
          </Link>
        </div>
      )}
    </Dialog>
  );
}

const HELD_ON: Record<Binding, string> = {
  "this-device": "This device",
  "other-device": "Another device",
  paper: "Paper, printed at an assisted-digital counter (no device)",
  unknown: "Checking…",
};

export function CredentialDetailsDialog({
  credential,
  deviceKey,
  onClose,
  onShare,
}: {
  credential: WalletCard | null;
  deviceKey: DeviceKeyState;
  onClose: () => void;
  onShare: (credential: WalletCard) => void;
}) {
  const binding = credential ? bindingOf(credential, deviceKey) : "unknown";
  return (
    <Dialog
      open={credential !== null}
      onClose={onClose}
      title="Credential Details"
      description={credential ? `${credential.display.longName} · ${credential.display.authorityName}` : undefined}
      testId="credential-details-dialog"
    >
      {credential ? (
        <div className="grid gap-4">
          <div className="flex flex-wrap gap-2">
            <CredentialStatusBadge status={credential.status} />
            {credential.display.expiringSoon ? <ExpiresSoonBadge /> : null}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-govuk-grey dark:text-slate-400">Issued</dt>
            <dd>{formatDateTime(credential.issuedAt)}</dd>
            <dt className="text-govuk-grey dark:text-slate-400">Expires</dt>
            <dd>{credential.expiresAt ? formatDate(credential.expiresAt) : "No expiry date"}</dd>
            {credential.revokedAt ? (
              <>
                <dt className="text-govuk-grey dark:text-slate-400">Revoked</dt>
                <dd>{formatDateTime(credential.revokedAt)}</dd>
              </>
            ) : null}
            <dt className="text-govuk-grey dark:text-slate-400">Verifications</dt>
            <dd>{credential.verificationCount}</dd>
            <dt className="text-govuk-grey dark:text-slate-400">Held on</dt>
            <dd>{HELD_ON[binding]}</dd>
            <dt className="text-govuk-grey dark:text-slate-400">Credential ID</dt>
            <dd className="break-all font-mono text-xs" dir="ltr">
              {credential.id}
            </dd>
          </dl>
          {credential.attributes.length ? (
            <div>
              <h3 className="font-bold">What it says about you</h3>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-sm bg-slate-50 p-3 text-sm dark:bg-slate-800">
                {credential.attributes.map((a) => (
                  <div key={a.name} className="contents">
                    <dt className="text-govuk-grey dark:text-slate-400">{a.label}</dt>
                    <dd className="break-words font-semibold" dir={valueDirection(a.value)}>
                      {a.value}
                    </dd>
                  </div>
                ))}
              </dl>
              <p className="mt-2 text-xs text-govuk-grey dark:text-slate-400">
                Every item is selectively disclosable: a check sees only what you choose to share.
              </p>
            </div>
          ) : null}
          {credential.status === "active" ? (
            <Button onClick={() => onShare(credential)} className="w-full sm:w-auto">
              Share Credential
            </Button>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
