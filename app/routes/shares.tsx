/**
 * /shares (spec 000 §2 "Citizen screens" /shares, §3 "Share record", §4 share status, §7, §8):
 * the signed-in user's own share links, newest first, with tiles computed from them, a card per
 * share (Download PDF of its verification certificate; Revoke Share while it is active) and the
 * info box. Revoking asks first: Revoke Share opens a confirmation (`?confirm=<id>`, a GET form,
 * so it works without JavaScript) whose button posts here (docs/decisions/010-share-links.md).
 */
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { type MouseEvent, type ReactNode, useEffect, useRef } from "react";
import { track } from "#app/client/tracker.client.ts";
import { copyShareLink } from "#app/components/credentials/share-dialog.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { Card, IconTile, StatTile } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { formatDateTime } from "#core/format/format.ts";
import type { Tone } from "#core/format/tone.ts";
import { requireUser } from "#server/accounts/authentication.ts";
import { listWalletCredentials } from "#server/credentials/credentials.ts";
import { ServiceError } from "#server/http/errors.ts";
import { readFormBody } from "#server/http/form.ts";
import {
  listShares,
  revokeOwnShare,
  SHARE_ID_PATTERN,
  type ShareRecord,
  type ShareStatus,
} from "#server/shares/shares.ts";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Recent Shares",
    description: "The links you have shared to let others check a credential, and their certificates.",
  });

export interface ShareCard extends ShareRecord {
  /** The credential's own status now (active, revoked, expired); a replaced copy reads as revoked. */
  credentialStatus: string;
  /**
   * Counted in "Available downloads": a share the user has not revoked whose credential is valid
   * now, so its certificate (checked live when downloaded) confirms a valid credential. Every
   * share's certificate can be downloaded; the others say revoked, expired or not valid.
   */
  certifiesValid: boolean;
}

/** Signed-in only (spec 000 §2): visitors are sent to /login. Only the user's own shares. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const now = new Date();
  const [shares, held] = await Promise.all([
    listShares(context.db, user.id, now),
    listWalletCredentials(context.db, user.id, now),
  ]);
  const statusOf = new Map(held.map((c) => [c.id, c.status]));
  const cards: ShareCard[] = shares.map((share) => {
    // Credentials replaced by a re-issue are not listed by the wallet: they are revoked.
    const credentialStatus = statusOf.get(share.credentialId) ?? "revoked";
    return { ...share, credentialStatus, certifiesValid: share.status !== "revoked" && credentialStatus === "active" };
  });
  const confirm = new URL(request.url).searchParams.get("confirm");
  const confirming = cards.find((c) => c.id === confirm && c.status === "active") ?? null;
  return json(
    {
      shares: cards,
      origin: new URL(request.url).origin,
      confirming: confirming
        ? { id: confirming.id, credentialName: confirming.credentialName, sharedWith: confirming.sharedWith }
        : null,
      tiles: {
        total: cards.length,
        active: cards.filter((c) => c.status === "active").length,
        downloads: cards.filter((c) => c.certifiesValid).length,
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionData = { ok: true; credentialName: string } | { ok: false; message: string };

/** Revokes one of the user's own shares; another user's share reads as not found. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const body = await readFormBody(request);
  if (!body.ok) return json<ActionData>({ ok: false, message: body.message }, { status: body.status });
  const intent = body.form.get("intent");
  const shareId = body.form.get("shareId");
  if (intent !== "revoke" || typeof shareId !== "string" || !SHARE_ID_PATTERN.test(shareId)) {
    return json<ActionData>({ ok: false, message: "Share not found" }, { status: 404 });
  }
  try {
    const share = await revokeOwnShare(context, request, user, shareId);
    return json<ActionData>({ ok: true, credentialName: share.credentialName });
  } catch (error) {
    if (error instanceof ServiceError)
      return json<ActionData>({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
}

export const REVOKED_TOAST = { title: "Share Revoked", description: "The share link no longer works." };

export default function Shares() {
  const { shares, origin, confirming, tiles } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const { toast } = useToast();

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast(REVOKED_TOAST);
    else toast({ title: "Error", description: actionData.message, variant: "destructive" });
  }, [actionData, toast]);

  return (
    <SignedInPage
      title="Recent Shares"
      lead="The links you have shared so others can check a credential, and what happened to them."
    >
      {/* Without JavaScript there is no toast: the outcome of the post is shown on the page. */}
      {!hydrated && actionData ? (
        actionData.ok ? (
          <div
            role="status"
            className="mt-6 border-l-4 border-govuk-green bg-green-50 p-4 font-semibold text-govuk-green dark:bg-green-950/40 dark:text-green-300"
          >
            You revoked the share of your {actionData.credentialName}. {REVOKED_TOAST.description}
          </div>
        ) : (
          <div
            role="alert"
            className="mt-6 border-l-4 border-govuk-red bg-red-50 p-4 text-govuk-red dark:bg-red-950/40 dark:text-red-300"
          >
            <p className="font-bold">There is a problem</p>
            <p className="mt-1">{actionData.message}</p>
          </div>
        )
      ) : null}

      {confirming ? <ConfirmRevoke share={confirming} /> : null}

      <section aria-labelledby="share-totals" className="mt-8">
        <h2 id="share-totals" className="sr-only">
          Share totals
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          <StatTile
            as="li"
            labelAs="h3"
            icon="share"
            label="Total Shares"
            value={tiles.total}
            detail="Links you have created"
            testId="tile-total-shares"
          />
          <StatTile
            as="li"
            labelAs="h3"
            icon="check"
            label="Active Shares"
            value={tiles.active}
            detail="Links that can be opened now"
            testId="tile-active-shares"
          />
          <StatTile
            as="li"
            labelAs="h3"
            icon="file"
            label="Available Downloads"
            value={tiles.downloads}
            detail="Certificates that confirm a valid credential, for shares you have not revoked"
            testId="tile-available-downloads"
          />
        </ul>
      </section>

      <section aria-labelledby="history-heading" className="mt-10">
        <h2 id="history-heading" className="text-2xl font-bold">
          Sharing history
        </h2>
        {shares.length === 0 ? (
          <Card className="mt-4 p-8 text-center" data-testid="shares-empty">
            <Icon name="share" className="mx-auto h-10 w-10 text-govuk-grey dark:text-slate-400" />
            <h3 className="mt-3 text-xl font-bold">No shares yet</h3>
            <p className="mt-2 text-govuk-grey dark:text-slate-400">
              When you share a credential, its link appears here with how many times it was opened.
            </p>
            <Link to="/wallet?action=share" className={buttonClasses("primary", "mt-6")}>
              Share a credential
            </Link>
          </Card>
        ) : (
          <ul className="mt-4 grid gap-4 lg:grid-cols-2">
            {shares.map((share) => (
              <ShareCardView key={share.id} share={share} origin={origin} hydrated={hydrated} />
            ))}
          </ul>
        )}
      </section>

      <InfoBox />
    </SignedInPage>
  );
}

const STATUS_BADGE: Record<ShareStatus, { label: string; tone: Tone }> = {
  active: { label: "Active", tone: "ok" },
  expired: { label: "Expired", tone: "neutral" },
  revoked: { label: "Revoked", tone: "bad" },
};

function ShareCardView({ share, origin, hydrated }: { share: ShareCard; origin: string; hydrated: boolean }) {
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
        <p className="mt-3 border-l-4 border-govuk-red pl-3 text-sm dark:border-red-500">
          The credential itself is {share.credentialStatus === "expired" ? "expired" : "no longer valid"}: anyone
          checking this share sees that it is not valid.
        </p>
      ) : null}

      {share.status === "active" ? (
        <div className="mt-4">
          <p className="text-sm font-semibold">Share link</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code
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

function ConfirmRevoke({ share }: { share: { id: string; credentialName: string; sharedWith: string | null } }) {
  const navigation = useNavigation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "revoke";
  // Brought into view and announced when it opens.
  useEffect(() => headingRef.current?.focus(), [share.id]);
  return (
    <section
      aria-labelledby="confirm-revoke-heading"
      className="mt-6 border-l-8 border-govuk-red bg-white p-6 dark:border-red-500 dark:bg-slate-900"
      data-testid="confirm-revoke"
    >
      <h2
        id="confirm-revoke-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold outline-none focus-visible:shadow-none"
      >
        Revoke the share of your {share.credentialName}
        {share.sharedWith ? ` with ${share.sharedWith}` : ""}?
      </h2>
      <p className="mt-2">
        The link stops working at once. Anyone who opens it will see that you withdrew it. This cannot be undone.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Form method="post" action="/shares">
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="shareId" value={share.id} />
          <Button type="submit" variant="destructive" disabled={pending} data-testid="button-confirm-revoke">
            {pending ? "Revoking..." : "Yes, revoke share"}
          </Button>
        </Form>
        <TextLink to="/shares">Cancel</TextLink>
      </div>
    </section>
  );
}

function InfoBox() {
  return (
    <section
      aria-labelledby="about-sharing"
      className="mt-10 border-l-8 border-govuk-blue bg-white p-6 dark:border-govuk-blue-light dark:bg-slate-900"
    >
      <h2 id="about-sharing" className="text-xl font-bold">
        About sharing
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        <li>Share PDFs are verification certificates: each records the check of a shared credential.</li>
        <li>
          Active shares can be revoked from your wallet at any time with Revoke Share; the link stops working at once.
        </li>
        <li>All sharing is logged: each share you create or revoke, and each time a link is opened and checked.</li>
        <li>PDF certificates are digitally signed.</li>
      </ul>
    </section>
  );
}
