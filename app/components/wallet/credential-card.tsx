/**
 * One credential in the wallet (spec 000 §2 "Wallet page", §3 "Wallet credential"): the type's
 * name and subtitle, the authority, en-GB issue and expiry dates, its status badges, and where it
 * can be presented from. A credential bound to another device's key (or held while this browser
 * has no key) says so and offers to re-issue it here: the server then revokes the old copy. A
 * paper credential (printed at an assisted-digital counter) is on no device, and says so.
 */
import { useId } from "react";
import { defineMessage, defineMessages, FormattedMessage, type MessageTag } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { screenReaderOnly } from "#app/components/ui/screen-reader-only.tsx";
import { TONE_CLASSES } from "#app/components/ui/tone.ts";
import type { WalletCard } from "#server/credentials/wallet-page.ts";
import { accentFor, CredentialStatusBadge, ExpiresSoonBadge, TypeIcon } from "./credential-visuals.tsx";
import type { Binding } from "./device-key.ts";

export type CardLayout = "grid" | "list";

export const cardMessages = defineMessages({
  issued: { id: "wallet.card.issued", defaultMessage: "Issued", description: "Label before the date it was issued." },
  expires: { id: "wallet.card.expires", defaultMessage: "Expires", description: "Label before its expiry date." },
  expired: { id: "wallet.card.expired", defaultMessage: "Expired", description: "Label before the date it expired." },
  revoked: {
    id: "wallet.card.revoked",
    defaultMessage: "Revoked",
    description: "Label before the date it was revoked.",
  },
  noExpiry: { id: "wallet.card.noExpiry", defaultMessage: "No expiry date" },
  onThisDevice: { id: "wallet.card.onThisDevice", defaultMessage: "On this device" },
  paper: {
    id: "wallet.card.paper",
    defaultMessage: "Printed on paper at an assisted-digital counter: whoever checks it also checks your photo ID.",
  },
  elsewhereTitle: { id: "wallet.card.elsewhere.title", defaultMessage: "This credential is on another device" },
  elsewhereBody: {
    id: "wallet.card.elsewhere.body",
    defaultMessage:
      "It is bound to a key held by another browser or device, so only that device can present it. Re-issuing it here revokes the other copy.",
  },
  reissuing: defineMessage<{ title: string; hidden: MessageTag }>({
    id: "wallet.card.reissuing",
    defaultMessage: "Re-issuing...<hidden> for {title}</hidden>",
    description: "A busy button. <hidden> is read only by screen readers; {title} is the credential's name.",
  }),
  reissue: defineMessage<{ title: string; hidden: MessageTag }>({
    id: "wallet.card.reissue",
    defaultMessage: "Re-issue to this device<hidden> for {title}</hidden>",
    description: "A button. <hidden> is read only by screen readers; {title} is the credential's name.",
  }),
  view: defineMessage<{ title: string; hidden: MessageTag }>({
    id: "wallet.card.view",
    defaultMessage: "View<hidden> {title}</hidden>",
    description: "A button. <hidden> is read only by screen readers; {title} is the credential's name.",
  }),
  share: defineMessage<{ title: string; hidden: MessageTag }>({
    id: "wallet.card.share",
    defaultMessage: "Share<hidden> {title}</hidden>",
    description: "A button. <hidden> is read only by screen readers; {title} is the credential's name.",
  }),
});

/** The `<hidden>` tag of a message: words for screen readers only. */

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
  const f = useFormats();

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
          <dt className="text-govuk-grey dark:text-slate-400">
            <FormattedMessage {...cardMessages.issued} />
          </dt>
          <dd className="font-semibold tabular-nums">
            <time dateTime={credential.issuedAt}>{f.date(credential.issuedAt)}</time>
          </dd>
          <dt className="text-govuk-grey dark:text-slate-400">
            <FormattedMessage {...(credential.status === "expired" ? cardMessages.expired : cardMessages.expires)} />
          </dt>
          <dd className="font-semibold tabular-nums">
            {credential.expiresAt ? (
              <time dateTime={credential.expiresAt}>{f.date(credential.expiresAt)}</time>
            ) : (
              <FormattedMessage {...cardMessages.noExpiry} />
            )}
          </dd>
          {credential.revokedAt ? (
            <>
              <dt className="text-govuk-grey dark:text-slate-400">
                <FormattedMessage {...cardMessages.revoked} />
              </dt>
              <dd className="font-semibold tabular-nums">
                <time dateTime={credential.revokedAt}>{f.date(credential.revokedAt)}</time>
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
          <FormattedMessage {...cardMessages.onThisDevice} />
        </p>
      ) : null}

      {active && binding === "paper" ? (
        <p className="text-sm font-semibold" data-testid="credential-binding">
          <FormattedMessage {...cardMessages.paper} />
        </p>
      ) : null}

      {elsewhere ? (
        <div
          className="border-s-4 border-amber-500 bg-amber-50 p-3 text-sm dark:bg-amber-950/40"
          data-testid="credential-binding"
          role="note"
        >
          <p className="font-bold">
            <FormattedMessage {...cardMessages.elsewhereTitle} />
          </p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            <FormattedMessage {...cardMessages.elsewhereBody} />
          </p>
          <Button variant="secondary" className="mt-3 px-3 py-1 text-sm" onClick={onReissue} disabled={busy}>
            <FormattedMessage
              {...(reissuing ? cardMessages.reissuing : cardMessages.reissue)}
              values={{ title: display.title, hidden: screenReaderOnly }}
            />
          </Button>
        </div>
      ) : null}

      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <Button variant="outline" className="px-3 py-1 text-sm" onClick={onView} data-testid="button-view-credential">
          <FormattedMessage {...cardMessages.view} values={{ title: display.title, hidden: screenReaderOnly }} />
        </Button>
        {active ? (
          <Button
            variant="outline"
            className="px-3 py-1 text-sm"
            onClick={onShare}
            data-testid="button-share-credential"
          >
            <Icon name="share" className="h-4 w-4" />
            <FormattedMessage {...cardMessages.share} values={{ title: display.title, hidden: screenReaderOnly }} />
          </Button>
        ) : null}
      </div>
    </article>
  );
}
