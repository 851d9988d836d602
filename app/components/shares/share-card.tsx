/**
 * One share on /shares: what was shared with whom, its status and dates, the link while it is
 * active, Download PDF and Revoke Share.
 */

import { Form } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import {
  defineMessages,
  FormattedMessage,
  type MessageTag,
  type NoMessageValues as NoValues,
  useIntl,
} from "react-intl";
import { track } from "#app/client/tracker.client.ts";
import { copyShareLink } from "#app/components/credentials/share-dialog.tsx";
import { useCredentialType } from "#app/components/credentials/type-text.ts";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { Card, IconTile } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { screenReaderOnly } from "#app/components/ui/screen-reader-only.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import type { Tone } from "#core/format/tone.ts";
import type { ShareStatus } from "#server/shares/shares.ts";
import type { ShareCard } from "#server/shares/shares-page.ts";

const messages = defineMessages<{
  active: NoValues;
  expired: NoValues;
  revoked: NoValues;
  sharedWith: NoValues;
  purpose: NoValues;
  madeBy: NoValues;
  madeByCertificate: NoValues;
  shared: NoValues;
  expires: NoValues;
  opened: NoValues;
  times: { count: number };
  credentialExpired: NoValues;
  credentialNotValid: NoValues;
  shareLink: NoValues;
  copyLink: NoValues;
  revokeShare: NoValues;
  downloadPdf: { hidden: MessageTag };
}>({
  active: { id: "shares.card.active", defaultMessage: "Active", description: "A share's status badge" },
  expired: {
    id: "shares.card.expired",
    defaultMessage: "Expired",
    description: "A share's status badge; also the label of the date it expired",
  },
  revoked: {
    id: "shares.card.revoked",
    defaultMessage: "Revoked",
    description: "A share's status badge; also the label of the date it was revoked",
  },
  sharedWith: { id: "shares.card.sharedWith", defaultMessage: "Shared with" },
  purpose: { id: "shares.card.purpose", defaultMessage: "Purpose" },
  madeBy: { id: "shares.card.madeBy", defaultMessage: "Made by", description: "Label: how the share link was made" },
  madeByCertificate: {
    id: "shares.card.madeByCertificate",
    defaultMessage: "Downloading the credential's certificate: its QR code opens this link",
  },
  shared: { id: "shares.card.shared", defaultMessage: "Shared", description: "Label of the date it was shared" },
  expires: { id: "shares.card.expires", defaultMessage: "Expires", description: "Label of the date it expires" },
  opened: {
    id: "shares.card.opened",
    defaultMessage: "Opened",
    description: "Label: how many times the link was opened",
  },
  times: { id: "shares.card.times", defaultMessage: "{count, plural, one {# time} other {# times}}" },
  credentialExpired: {
    id: "shares.card.credentialExpired",
    defaultMessage: "The credential itself is expired: anyone checking this share sees that it is not valid.",
  },
  credentialNotValid: {
    id: "shares.card.credentialNotValid",
    defaultMessage: "The credential itself is no longer valid: anyone checking this share sees that it is not valid.",
  },
  shareLink: { id: "shares.card.shareLink", defaultMessage: "Share link" },
  copyLink: { id: "shares.card.copyLink", defaultMessage: "Copy link" },
  revokeShare: { id: "shares.card.revokeShare", defaultMessage: "Revoke Share" },
  downloadPdf: {
    id: "shares.card.downloadPdf",
    defaultMessage: "Download PDF<hidden> (opens in a new tab)</hidden>",
    description: "A link; <hidden> is read by screen readers only",
  },
});

const STATUS_BADGE: Record<ShareStatus, { label: (typeof messages)[keyof typeof messages]; tone: Tone }> = {
  active: { label: messages.active, tone: "ok" },
  expired: { label: messages.expired, tone: "neutral" },
  revoked: { label: messages.revoked, tone: "bad" },
};

export function ShareCardView({ share, origin, hydrated }: { share: ShareCard; origin: string; hydrated: boolean }) {
  const intl = useIntl();
  const f = useFormats();
  const credentialName = useCredentialType(share.credentialType).name;
  const { toast } = useToast();
  const badge = STATUS_BADGE[share.status];
  const link = `${origin}${share.verifyPath}`;
  const titleId = `share-${share.id}-title`;

  return (
    <Card
      as="li"
      className="flex flex-col p-5"
      aria-labelledby={titleId}
      data-testid="share-card"
      data-share-status={share.status}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <IconTile icon="share" />
          <div>
            <h3 id={titleId} className="text-lg font-bold">
              {credentialName}
            </h3>
            <p className="text-govuk-grey dark:text-slate-400">{share.issuerName}</p>
          </div>
        </div>
        <StatusBadge tone={badge.tone}>
          <FormattedMessage {...badge.label} />
        </StatusBadge>
      </div>

      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {share.sharedWith ? <Row label={intl.formatMessage(messages.sharedWith)} value={share.sharedWith} /> : null}
        <Row label={intl.formatMessage(messages.purpose)} value={share.purpose} />
        {share.kind === "certificate" ? (
          <Row label={intl.formatMessage(messages.madeBy)} value={intl.formatMessage(messages.madeByCertificate)} />
        ) : null}
        <Row
          label={intl.formatMessage(messages.shared)}
          value={<time dateTime={share.sharedDate}>{f.dateTime(share.sharedDate)}</time>}
        />
        {share.status === "revoked" && share.revokedAt ? (
          <Row
            label={intl.formatMessage(messages.revoked)}
            value={<time dateTime={share.revokedAt}>{f.dateTime(share.revokedAt)}</time>}
          />
        ) : (
          <Row
            label={intl.formatMessage(share.status === "expired" ? messages.expired : messages.expires)}
            value={<time dateTime={share.expiryDate}>{f.dateTime(share.expiryDate)}</time>}
          />
        )}
        <Row
          label={intl.formatMessage(messages.opened)}
          value={intl.formatMessage(messages.times, { count: share.viewCount })}
        />
      </dl>

      {share.credentialStatus !== "active" ? (
        <p className="mt-3 border-s-4 border-govuk-red ps-3 text-sm dark:border-red-500">
          <FormattedMessage
            {...(share.credentialStatus === "expired" ? messages.credentialExpired : messages.credentialNotValid)}
          />
        </p>
      ) : null}

      {share.status === "active" ? (
        <div className="mt-4">
          <p className="text-sm font-semibold">
            <FormattedMessage {...messages.shareLink} />
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code
              dir="ltr"
              className="min-w-0 flex-1 break-all rounded-sm bg-govuk-grey-light px-2 py-1 font-mono text-sm dark:bg-slate-800"
              data-testid="share-link"
            >
              {link}
            </code>
            {hydrated ? (
              <Button
                variant="outline"
                className="px-3 py-1 text-sm"
                onClick={() => void copyShareLink(link, toast, intl)}
                data-testid="button-copy-share-link"
              >
                <FormattedMessage {...messages.copyLink} />
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}

      <div className="mt-auto flex flex-wrap gap-3 pt-5">
        <DownloadPdf share={share} />
        {share.status === "active" ? (
          <Form method="get" action="/shares">
            <input type="hidden" name="confirm" value={share.id} />
            <Button
              type="submit"
              variant="destructive"
              className="px-3 py-1.5 text-sm"
              data-testid="button-revoke-share"
              aria-describedby={titleId}
            >
              <FormattedMessage {...messages.revokeShare} />
            </Button>
          </Form>
        ) : null}
      </div>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-govuk-grey dark:text-slate-300">{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

/**
 * Spec 000 §7: share PDFs open from downloadUrl in a new tab; §8: if the download fails, log
 * "Download failed" and open the file in a new window. Without JavaScript the link itself opens
 * the certificate in a new tab.
 */
function DownloadPdf({ share }: { share: ShareCard }) {
  async function open(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    void track({
      eventCategory: "credential",
      eventAction: "download",
      eventLabel: share.credentialType,
      metadata: { credentialType: share.credentialType, credentialId: share.credentialId },
    });
    try {
      const response = await fetch(share.downloadUrl, { method: "HEAD", credentials: "include" });
      if (!response.ok) throw new Error(`${response.status}`);
      window.open(share.downloadUrl, "_blank", "noopener");
    } catch {
      console.log("Download failed");
      window.open(share.downloadUrl, "_blank", "noopener,popup");
    }
  }
  return (
    <a
      href={share.downloadUrl}
      target="_blank"
      rel="noopener"
      onClick={open}
      className={buttonClasses("primary", "px-3 py-1.5 text-sm")}
      data-testid="button-download-share-pdf"
    >
      <Icon name="file" className="h-4 w-4" />
      <FormattedMessage {...messages.downloadPdf} values={{ hidden: screenReaderOnly }} />
    </a>
  );
}
