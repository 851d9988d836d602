/**
 * One share on /shares: what was shared with whom, its status and dates, the link while it is
 * active, Download PDF and Revoke Share.
 */
import { Form } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { track } from "#app/client/tracker.client.ts";
import { copyShareLink } from "#app/components/credentials/share-dialog.tsx";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { Card, IconTile } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { formatDateTime } from "#core/format/format.ts";
import type { Tone } from "#core/format/tone.ts";
import type { ShareStatus } from "#server/shares/shares.ts";
import type { ShareCard } from "#server/shares/shares-page.ts";

const STATUS_BADGE: Record<ShareStatus, { label: string; tone: Tone }> = {
  active: { label: "Active", tone: "ok" },
  expired: { label: "Expired", tone: "neutral" },
  revoked: { label: "Revoked", tone: "bad" },
};

export function ShareCardView({ share, origin, hydrated }: { share: ShareCard; origin: string; hydrated: boolean }) {
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
              {share.credentialName}
            </h3>
            <p className="text-govuk-grey dark:text-slate-400">{share.issuerName}</p>
          </div>
        </div>
        <StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>
      </div>

      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {share.sharedWith ? <Row label="Shared with" value={share.sharedWith} /> : null}
        <Row label="Purpose" value={share.purpose} />
        {share.kind === "certificate" ? (
          <Row label="Made by" value="Downloading the credential's certificate: its QR code opens this link" />
        ) : null}
        <Row label="Shared" value={<time dateTime={share.sharedDate}>{formatDateTime(share.sharedDate)}</time>} />
        {share.status === "revoked" && share.revokedAt ? (
          <Row label="Revoked" value={<time dateTime={share.revokedAt}>{formatDateTime(share.revokedAt)}</time>} />
        ) : (
          <Row
            label={share.status === "expired" ? "Expired" : "Expires"}
            value={<time dateTime={share.expiryDate}>{formatDateTime(share.expiryDate)}</time>}
          />
        )}
        <Row label="Opened" value={share.viewCount === 1 ? "1 time" : `${share.viewCount} times`} />
      </dl>

      {share.credentialStatus !== "active" ? (
        <p className="mt-3 border-s-4 border-govuk-red ps-3 text-sm dark:border-red-500">
          The credential itself is {share.credentialStatus === "expired" ? "expired" : "no longer valid"}: anyone
          checking this share sees that it is not valid.
        </p>
      ) : null}

      {share.status === "active" ? (
        <div className="mt-4">
          <p className="text-sm font-semibold">Share link</p>
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
                onClick={() => void copyShareLink(link, toast)}
                data-testid="button-copy-share-link"
              >
                Copy link
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
              Revoke Share
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
      Download PDF
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
