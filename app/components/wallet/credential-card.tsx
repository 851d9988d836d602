/**
 * One credential in the wallet (spec 000 §2 "Wallet page", §3 "Wallet credential"): the type's
 * name and subtitle, the authority, en-GB issue and expiry dates, its status badges, and where it
 * can be presented from. A credential bound to another device's key (or held while this browser
 * has no key) says so and offers to re-issue it here: the server then revokes the old copy. A
 * paper credential (printed at an assisted-digital counter) is on no device, and says so.
 */
import { useId } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { TONE_CLASSES } from "#app/components/ui/tone.ts";
import { formatDate } from "#core/format/format.ts";
import type { WalletCard } from "#server/credentials/wallet-page.ts";
import { accentFor, CredentialStatusBadge, ExpiresSoonBadge, TypeIcon } from "./credential-visuals.tsx";
import type { Binding } from "./device-key.ts";

export type CardLayout = "grid" | "list";

export function CredentialCard({
  credential,
  binding,
  layout,
  busy,
  reissuing,
  onView,
  onShare,
  onReissue,
}: {
  credential: WalletCard;
  binding: Binding;
  layout: CardLayout;
  /** Another issuance is running: actions that would start one wait. */
  busy: boolean;
  reissuing: boolean;
  onView: () => void;
  onShare: () => void;
  onReissue: () => void;
}) {
  const titleId = useId();
  const { display } = credential;
  const accent = accentFor(display.colour);
  const active = credential.status === "active";
  const elsewhere = active && binding === "other-device";
  const list = layout === "list";

  return (
    <article
      aria-labelledby={titleId}
      data-testid="credential-card"
      data-credential-type={credential.type}
      className={`flex h-full flex-col rounded-sm border border-t-4 border-govuk-border bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900 ${accent.border} ${list ? "gap-3 p-4" : "gap-4 p-5"}`}
    >
      <div className={list ? "flex flex-wrap items-start gap-x-6 gap-y-3" : "flex flex-col gap-4"}>
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span className={`shrink-0 rounded-sm p-2 ${accent.tile}`}>
            <TypeIcon icon={display.icon} />
          </span>
          <div className="min-w-0">
            <h3 id={titleId} className="text-lg font-bold leading-tight">
              {display.title}
            </h3>
            <p className="text-sm text-govuk-grey dark:text-slate-400">{display.subtitle}</p>
            <p className="mt-1 text-sm font-semibold" data-testid="credential-authority">
              {display.authority}
            </p>
          </div>
          <div className="ms-auto flex shrink-0 flex-col items-end gap-1">
            <CredentialStatusBadge status={credential.status} />
            {display.expiringSoon ? <ExpiresSoonBadge /> : null}
          </div>
        </div>

        <dl
          className={`grid gap-x-6 gap-y-1 text-sm ${list ? "grid-cols-[auto_auto] sm:min-w-[14rem]" : "grid-cols-[auto_1fr]"}`}
        >
          <dt className="text-govuk-grey dark:text-slate-400">Issued</dt>
          <dd className="font-semibold tabular-nums">
            <time dateTime={credential.issuedAt}>{formatDate(credential.issuedAt)}</time>
          </dd>
          <dt className="text-govuk-grey dark:text-slate-400">
            {credential.status === "expired" ? "Expired" : "Expires"}
          </dt>
          <dd className="font-semibold tabular-nums">
            {credential.expiresAt ? (
              <time dateTime={credential.expiresAt}>{formatDate(credential.expiresAt)}</time>
            ) : (
              "No expiry date"
            )}
          </dd>
          {credential.revokedAt ? (
            <>
              <dt className="text-govuk-grey dark:text-slate-400">Revoked</dt>
              <dd className="font-semibold tabular-nums">
                <time dateTime={credential.revokedAt}>{formatDate(credential.revokedAt)}</time>
              </dd>
            </>
          ) : null}
        </dl>
      </div>

      {active && binding === "this-device" ? (
        <p
          className={`inline-flex items-center gap-1.5 text-sm font-semibold ${TONE_CLASSES.ok.text}`}
          data-testid="credential-binding"
        >
          <Icon name="check" className="h-4 w-4" />
          On this device
        </p>
      ) : null}

      {active && binding === "paper" ? (
        <p className="text-sm font-semibold" data-testid="credential-binding">
          Printed on paper at an assisted-digital counter: whoever checks it also checks your photo ID.
        </p>
      ) : null}

      {elsewhere ? (
        <div
          className="border-s-4 border-amber-500 bg-amber-50 p-3 text-sm dark:bg-amber-950/40"
          data-testid="credential-binding"
          role="note"
        >
          <p className="font-bold">This credential is on another device</p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            It is bound to a key held by another browser or device, so only that device can present it. Re-issuing it
            here revokes the other copy.
          </p>
          <Button variant="secondary" className="mt-3 px-3 py-1 text-sm" onClick={onReissue} disabled={busy}>
            {reissuing ? "Re-issuing..." : "Re-issue to this device"}
            <span className="sr-only"> for {display.title}</span>
          </Button>
        </div>
      ) : null}

      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <Button variant="outline" className="px-3 py-1 text-sm" onClick={onView} data-testid="button-view-credential">
          View<span className="sr-only"> {display.title}</span>
        </Button>
        {active ? (
          <Button
            variant="outline"
            className="px-3 py-1 text-sm"
            onClick={onShare}
            data-testid="button-share-credential"
          >
            <Icon name="share" className="h-4 w-4" />
            Share<span className="sr-only"> {display.title}</span>
          </Button>
        ) : null}
      </div>
    </article>
  );
}
