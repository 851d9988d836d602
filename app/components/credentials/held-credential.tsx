/**
 * A credential on /credentials: its card in the grid and its details dialog's body (spec 000 §4
 * "Citizen sample credential display"), drawn from server/credentials/credentials-page.ts.
 */

import {
  defineMessages,
  FormattedMessage,
  type MessageTag,
  type NoMessageValues as NoValues,
  useIntl,
} from "react-intl";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { valueDirection } from "#app/components/ui/direction.ts";
import { Icon } from "#app/components/ui/icons.tsx";
import { screenReaderOnly } from "#app/components/ui/screen-reader-only.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TONE_CLASSES } from "#app/components/ui/tone.ts";
import { accentFor, TypeIcon } from "#app/components/wallet/credential-visuals.tsx";
import type { Tone } from "#core/format/tone.ts";
import type { CredentialBadge, CredentialView } from "#server/credentials/credentials-page.ts";

/** Card buttons: three fit side by side in the narrowest card (a 390 px phone, a third of 1120 px). */
const smallButton =
  "inline-flex flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-sm border border-slate-400 bg-white px-2 py-1.5 text-sm font-semibold text-govuk-black " +
  "hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";

const messages = defineMessages<{
  active: NoValues;
  expiresSoon: NoValues;
  inactive: NoValues;
  issued: NoValues;
  expires: NoValues;
  noExpiry: NoValues;
  revoked: NoValues;
  verifications: NoValues;
  credentialId: NoValues;
  attributes: NoValues;
  noData: NoValues;
  view: { hidden: MessageTag; credential: string };
  share: { hidden: MessageTag; credential: string };
  download: { hidden: MessageTag; credential: string };
  downloadCertificate: NoValues;
  shareCredential: NoValues;
}>({
  active: { id: "credentials.held.badgeActive", defaultMessage: "Active", description: "Status badge" },
  expiresSoon: { id: "credentials.held.badgeExpiresSoon", defaultMessage: "Expires Soon", description: "Status badge" },
  inactive: { id: "credentials.held.badgeInactive", defaultMessage: "Inactive", description: "Status badge" },
  issued: { id: "credentials.held.issued", defaultMessage: "Issued", description: "Label of the date it was issued" },
  expires: { id: "credentials.held.expires", defaultMessage: "Expires", description: "Label of the date it expires" },
  noExpiry: { id: "credentials.held.noExpiry", defaultMessage: "No expiry" },
  revoked: {
    id: "credentials.held.revoked",
    defaultMessage: "Revoked",
    description: "Label of the date it was revoked",
  },
  verifications: {
    id: "credentials.held.verifications",
    defaultMessage: "Verifications",
    description: "Label of how many times it was checked",
  },
  credentialId: { id: "credentials.held.credentialId", defaultMessage: "Credential ID" },
  attributes: { id: "credentials.held.attributes", defaultMessage: "Attributes", description: "Heading of the claims" },
  noData: { id: "credentials.held.noData", defaultMessage: "No data available" },
  view: {
    id: "credentials.held.view",
    defaultMessage: "View<hidden> {credential}</hidden>",
    description: "Button; <hidden> is read by screen readers only",
  },
  share: {
    id: "credentials.held.share",
    defaultMessage: "Share<hidden> {credential}</hidden>",
    description: "Button; <hidden> is read by screen readers only",
  },
  download: {
    id: "credentials.held.download",
    defaultMessage: "Download<hidden> {credential} certificate</hidden>",
    description: "Button; <hidden> is read by screen readers only",
  },
  downloadCertificate: { id: "credentials.held.downloadCertificate", defaultMessage: "Download Certificate" },
  shareCredential: { id: "credentials.held.shareCredential", defaultMessage: "Share Credential" },
});

const BADGE_TONES: Record<CredentialBadge, Tone> = { Active: "ok", "Expires Soon": "warn", Inactive: "bad" };
const BADGE_WORDS = { Active: messages.active, "Expires Soon": messages.expiresSoon, Inactive: messages.inactive };

/** Words only screen readers read (a button's full name). */

function BadgeOf({ badge }: { badge: CredentialBadge }) {
  return (
    <StatusBadge tone={BADGE_TONES[badge]}>
      <FormattedMessage {...BADGE_WORDS[badge]} />
    </StatusBadge>
  );
}

export function CredentialCard({
  credential,
  onView,
  onShare,
  onDownload,
}: {
  credential: CredentialView;
  onView: () => void;
  onShare: () => void;
  onDownload: () => void;
}) {
  const accent = accentFor(credential.colour);
  const refusalId = `share-refusal-${credential.id}`;
  return (
    <Card
      as="article"
      aria-labelledby={`credential-${credential.id}`}
      className={`flex h-full flex-col border-t-4 p-5 ${accent.border}`}
      data-testid="credential-card"
      data-credential-type={credential.type}
    >
      <div className="flex items-start justify-between gap-3">
        <span className={`rounded-sm p-2 ${accent.tile}`}>
          <TypeIcon icon={credential.icon} />
        </span>
        <BadgeOf badge={credential.badge} />
      </div>
      <h3 id={`credential-${credential.id}`} className="mt-4 text-xl font-bold">
        {credential.typeName}
      </h3>
      <p className="text-govuk-grey dark:text-slate-400">{credential.authorityName}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-govuk-grey dark:text-slate-400">
            <FormattedMessage {...messages.issued} />
          </dt>
          <dd className="font-semibold">
            <time dateTime={credential.issuedAt}>{credential.issued}</time>
          </dd>
        </div>
        <div>
          <dt className="text-govuk-grey dark:text-slate-400">
            <FormattedMessage {...messages.expires} />
          </dt>
          <dd className="font-semibold">
            {credential.expires && credential.expiresAt ? (
              <time dateTime={credential.expiresAt}>{credential.expires}</time>
            ) : (
              <FormattedMessage {...messages.noExpiry} />
            )}
          </dd>
        </div>
      </dl>
      {credential.note ? (
        <p className={`mt-3 text-sm font-semibold ${TONE_CLASSES[BADGE_TONES[credential.badge]].text}`}>
          {credential.note}
        </p>
      ) : null}
      <div className="mt-auto pt-5">
        <div className="flex gap-2">
          <button type="button" className={smallButton} onClick={onView} data-testid="button-view-credential">
            <Icon name="eye" className="h-4 w-4" />
            <FormattedMessage
              {...messages.view}
              values={{ credential: credential.typeName, hidden: screenReaderOnly }}
            />
          </button>
          <button
            type="button"
            className={smallButton}
            onClick={onShare}
            disabled={credential.shareRefusal !== null}
            aria-describedby={credential.shareRefusal ? refusalId : undefined}
            data-testid="button-share-credential"
          >
            <Icon name="share" className="h-4 w-4" />
            <FormattedMessage
              {...messages.share}
              values={{ credential: credential.typeName, hidden: screenReaderOnly }}
            />
          </button>
          {/* A POST (issue 20): only the holder's own request makes the link the certificate's QR code opens. */}
          <form method="post" action={credential.certificatePath} onSubmit={onDownload} className="contents">
            <button type="submit" className={smallButton} data-testid="button-download-credential">
              <Icon name="download" className="h-4 w-4" />
              <FormattedMessage
                {...messages.download}
                values={{ credential: credential.typeName, hidden: screenReaderOnly }}
              />
            </button>
          </form>
        </div>
        {credential.shareRefusal ? (
          <p id={refusalId} className="mt-2 text-sm text-govuk-grey dark:text-slate-400">
            {credential.shareRefusal}
          </p>
        ) : null}
      </div>
    </Card>
  );
}

export function CredentialDetails({
  credential,
  onShare,
  onDownload,
}: {
  credential: CredentialView;
  onShare: () => void;
  onDownload: () => void;
}) {
  const intl = useIntl();
  const refusalId = `details-share-refusal-${credential.id}`;
  const row =
    "flex flex-wrap justify-between gap-x-4 gap-y-0.5 border-b border-govuk-border py-2 last:border-0 dark:border-slate-700";
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <BadgeOf badge={credential.badge} />
        {credential.note ? (
          <span className="text-sm font-semibold text-govuk-grey dark:text-slate-300">{credential.note}</span>
        ) : null}
      </div>

      <dl className="text-sm">
        <div className={row}>
          <dt className="text-govuk-grey dark:text-slate-400">
            <FormattedMessage {...messages.issued} />
          </dt>
          <dd className="font-semibold">{credential.issued}</dd>
        </div>
        <div className={row}>
          <dt className="text-govuk-grey dark:text-slate-400">
            <FormattedMessage {...messages.expires} />
          </dt>
          <dd className="font-semibold">{credential.expires ?? intl.formatMessage(messages.noExpiry)}</dd>
        </div>
        {credential.revoked ? (
          <div className={row}>
            <dt className="text-govuk-grey dark:text-slate-400">
              <FormattedMessage {...messages.revoked} />
            </dt>
            <dd className="font-semibold text-govuk-red dark:text-red-400">{credential.revoked}</dd>
          </div>
        ) : null}
        <div className={row}>
          <dt className="text-govuk-grey dark:text-slate-400">
            <FormattedMessage {...messages.verifications} />
          </dt>
          <dd className="font-semibold tabular-nums" data-testid="verification-count">
            {credential.verificationCount}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-govuk-grey dark:text-slate-400">
            <FormattedMessage {...messages.credentialId} />
          </dt>
          <dd className="break-all font-mono text-xs" data-testid="credential-id">
            {credential.id}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="attributes-heading">
        <h3 id="attributes-heading" className="text-lg font-bold">
          <FormattedMessage {...messages.attributes} />
        </h3>
        {credential.attributes.length === 0 ? (
          <p className="mt-2 text-sm text-govuk-grey dark:text-slate-400">
            <FormattedMessage {...messages.noData} />
          </p>
        ) : (
          <dl
            className="mt-2 rounded-sm bg-govuk-grey-light px-3 text-sm dark:bg-slate-800"
            data-testid="credential-attributes"
          >
            {credential.attributes.map((attribute) => (
              <div key={attribute.name} className={row}>
                <dt className="text-govuk-grey dark:text-slate-400">{attribute.label}</dt>
                <dd className="font-semibold" dir={valueDirection(attribute.value)}>
                  {attribute.value}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <div className="grid gap-3 sm:grid-cols-2">
        <form method="post" action={credential.certificatePath} onSubmit={onDownload} className="contents">
          <button type="submit" className={buttonClasses("primary")} data-testid="button-download-certificate">
            <Icon name="download" className="h-5 w-5" />
            <FormattedMessage {...messages.downloadCertificate} />
          </button>
        </form>
        <Button
          variant="secondary"
          onClick={onShare}
          disabled={credential.shareRefusal !== null}
          aria-describedby={credential.shareRefusal ? refusalId : undefined}
          data-testid="button-share-from-details"
        >
          <Icon name="share" className="h-5 w-5" />
          <FormattedMessage {...messages.shareCredential} />
        </Button>
      </div>
      {credential.shareRefusal ? (
        <p id={refusalId} className="-mt-2 text-sm text-govuk-grey dark:text-slate-400">
          {credential.shareRefusal}
        </p>
      ) : null}
    </div>
  );
}
