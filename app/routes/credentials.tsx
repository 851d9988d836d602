/**
 * /credentials (spec 000 §2 "Citizen screens", §3 "Citizen sample credential", §4, §7, §9; issue 4
 * "Citizen screens, real data"): the signed-in user's own credentials with summary tiles, a card
 * per credential (View, Share, Download), the details dialog and the share dialog. Everything is
 * read from their wallet (listWalletCredentials); dates and attribute values are formatted on the
 * server so the page reads the same before and after hydration.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useMemo, useState } from "react";
import { track } from "#app/client/tracker.client.ts";
import { ShareDialog } from "#app/components/credentials/share-dialog.tsx";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { Card, StatTile } from "#app/components/ui/card.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { TONE_CLASSES } from "#app/components/ui/tone.ts";
import { accentFor, TypeIcon } from "#app/components/wallet/credential-visuals.tsx";
import { formatAttributeValue, formatDate } from "#core/format/format.ts";
import type { Tone } from "#core/format/tone.ts";
import { requireUser } from "#server/accounts/authentication.ts";
import { certificateFileName, certificatePath } from "#server/certificates/certificates.ts";
import {
  credentialAttributes,
  EXPIRING_SOON_DAYS,
  listWalletCredentials,
  type WalletCredential,
} from "#server/credentials/credentials.ts";

export const meta: MetaFunction = () => [
  { title: "My Credentials | UK Digital Identity" },
  {
    name: "description",
    content: "Your verifiable credentials: view their details, share them and download certificates.",
  },
];

type Badge = "Active" | "Expires Soon" | "Inactive";

const DAY_MS = 86_400_000;

/** Spec 000 §4 "Citizen sample credential display". */
function badgeFor(credential: WalletCredential, now: Date): Badge {
  if (credential.status !== "active") return "Inactive";
  const daysLeft = credential.expiresAt
    ? (new Date(credential.expiresAt).getTime() - now.getTime()) / DAY_MS
    : Infinity;
  return daysLeft > EXPIRING_SOON_DAYS ? "Active" : "Expires Soon";
}

/** Why a credential cannot be shared, or null when it can (only an active one can: server/shares/shares.ts). */
function shareRefusal(credential: WalletCredential): string | null {
  if (credential.status === "active") return null;
  if (credential.status === "revoked") return "A revoked credential cannot be shared.";
  if (credential.status === "expired") return "An expired credential cannot be shared.";
  return `A credential that is ${credential.status} cannot be shared.`;
}

function statusNote(credential: WalletCredential, now: Date): string | null {
  if (credential.status === "revoked")
    return credential.revokedAt ? `Revoked on ${formatDate(credential.revokedAt)}` : "Revoked";
  if (credential.status === "expired")
    return credential.expiresAt ? `Expired on ${formatDate(credential.expiresAt)}` : "Expired";
  if (credential.status !== "active") return `Status: ${credential.status}`;
  if (credential.display.expiringSoon && credential.expiresAt) {
    const days = Math.max(0, Math.ceil((new Date(credential.expiresAt).getTime() - now.getTime()) / DAY_MS));
    return days === 1 ? "Expires in 1 day" : `Expires in ${days} days`;
  }
  return null;
}

/** Signed-in only (spec 000 §2): visitors are sent to /login. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const now = new Date();
  const held = await listWalletCredentials(context.db, user.id, now);
  const newestOfType = new Map<string, string>();
  for (const credential of held)
    if (!newestOfType.has(credential.type)) newestOfType.set(credential.type, credential.id);

  const credentials = await Promise.all(
    held.map(async (credential) => ({
      id: credential.id,
      type: credential.type,
      status: credential.status,
      typeName: credential.display.longName,
      authorityName: credential.display.authorityName,
      colour: credential.display.colour,
      icon: credential.display.icon,
      badge: badgeFor(credential, now),
      note: statusNote(credential, now),
      issuedAt: credential.issuedAt,
      issued: formatDate(credential.issuedAt),
      expiresAt: credential.expiresAt,
      expires: credential.expiresAt ? formatDate(credential.expiresAt) : null,
      revokedAt: credential.revokedAt,
      revoked: credential.revokedAt ? formatDate(credential.revokedAt) : null,
      verificationCount: credential.verificationCount,
      attributes: (await credentialAttributes(credential)).map((a) => ({
        name: a.name,
        label: a.label,
        value: formatAttributeValue(a.value),
      })),
      // The spec's path means the newest of the type; an older listed copy is named by id.
      certificatePath: certificatePath(
        credential.type,
        newestOfType.get(credential.type) === credential.id ? undefined : credential.id,
      ),
      certificateFile: certificateFileName(credential.type),
      shareRefusal: shareRefusal(credential),
    })),
  );
  const summary = {
    total: held.length,
    activeAndValid: held.filter((c) => c.status === "active").length,
    expiringSoon: held.filter((c) => c.display.expiringSoon).length,
    // Sent with the data: the constant lives in a server module the browser bundle leaves out.
    expiringSoonDays: EXPIRING_SOON_DAYS,
  };
  return json({ credentials, summary }, { headers: { "Cache-Control": "private, no-store" } });
}

type CredentialView = ReturnType<typeof useLoaderData<typeof loader>>["credentials"][number];

/** Card buttons: three fit side by side in the narrowest card (a 390 px phone, a third of 1120 px). */
const smallButton =
  "inline-flex flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-sm border border-slate-400 bg-white px-2 py-1.5 text-sm font-semibold text-govuk-black " +
  "hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";

const BADGE_TONES: Record<Badge, Tone> = { Active: "ok", "Expires Soon": "warn", Inactive: "bad" };

function CredentialBadge({ badge }: { badge: Badge }) {
  return <StatusBadge tone={BADGE_TONES[badge]}>{badge}</StatusBadge>;
}

function trackCredential(action: "view" | "download", credential: CredentialView) {
  void track({
    eventCategory: "credential",
    eventAction: action,
    eventLabel: credential.type,
    page: "/credentials",
    metadata: { credentialType: credential.type, credentialId: credential.id },
  });
}

export default function MyCredentials() {
  const { credentials, summary } = useLoaderData<typeof loader>();
  const { toast } = useToast();
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [sharingId, setSharingId] = useState<string | null>(null);
  const viewing = useMemo(() => credentials.find((c) => c.id === viewingId) ?? null, [credentials, viewingId]);
  const sharing = useMemo(() => credentials.find((c) => c.id === sharingId) ?? null, [credentials, sharingId]);
  // What the share dialog needs, kept stable while it is open (it creates a share when opened).
  const shareTarget = useMemo(
    () => (sharing ? { id: sharing.id, type: sharing.type, display: { longName: sharing.typeName } } : null),
    [sharing],
  );

  const view = (credential: CredentialView) => {
    setViewingId(credential.id);
    trackCredential("view", credential);
  };
  const share = (credential: CredentialView) => {
    setViewingId(null);
    setSharingId(credential.id);
  };
  const downloaded = (credential: CredentialView) => {
    toast({ title: "Download Started", description: `Downloading ${credential.typeName} certificate...` });
    trackCredential("download", credential);
  };

  return (
    <SignedInPage
      title="My Credentials"
      lead="Your verifiable credentials from UK authorities: view, share and download them."
      aside={
        <Link to="/wallet?action=request" className={buttonClasses("primary")} data-testid="button-request-credential">
          <Icon name="plus" className="h-5 w-5" />
          Request New Credential
        </Link>
      }
    >
      <section aria-label="Summary" className="mt-8 grid gap-4 sm:grid-cols-3">
        <StatTile
          label="Total Credentials"
          value={summary.total}
          detail="In your wallet"
          icon="wallet"
          testId="tile-total"
        />
        <StatTile
          label="Active and Valid"
          value={summary.activeAndValid}
          detail="Ready to share"
          icon="check"
          testId="tile-active"
        />
        <StatTile
          label="Expiring Soon"
          value={summary.expiringSoon}
          detail={`Within ${summary.expiringSoonDays} days`}
          icon="clock"
          testId="tile-expiring"
        />
      </section>

      {credentials.length === 0 ? (
        <Card
          as="section"
          aria-labelledby="empty-heading"
          className="mt-8 flex flex-col items-center px-6 py-12 text-center"
        >
          <span className="rounded-full bg-govuk-blue/10 p-4 text-govuk-blue dark:bg-govuk-blue-light/15 dark:text-govuk-blue-light">
            <Icon name="wallet" className="h-10 w-10" />
          </span>
          <h2 id="empty-heading" className="mt-4 text-2xl font-bold">
            No Credentials Yet
          </h2>
          <p className="mt-2 max-w-md text-govuk-grey dark:text-slate-400">
            Credentials you add in your wallet appear here, ready to view, share and download as certificates.
          </p>
          <Link to="/wallet" className={buttonClasses("primary", "mt-6")}>
            Go to My Wallet
          </Link>
        </Card>
      ) : (
        <section aria-label="Your credentials" className="mt-8">
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {credentials.map((credential) => (
              <li key={credential.id}>
                <CredentialCard
                  credential={credential}
                  onView={() => view(credential)}
                  onShare={() => share(credential)}
                  onDownload={() => downloaded(credential)}
                />
              </li>
            ))}
          </ul>
        </section>
      )}

      <Dialog
        open={viewing !== null}
        onClose={() => setViewingId(null)}
        title={viewing?.typeName ?? "Credential details"}
        description={viewing ? `Issued by ${viewing.authorityName}` : undefined}
        testId="credential-details-dialog"
      >
        {viewing ? (
          <CredentialDetails
            credential={viewing}
            onShare={() => share(viewing)}
            onDownload={() => downloaded(viewing)}
          />
        ) : null}
      </Dialog>

      <ShareDialog credential={shareTarget} open={sharing !== null} onClose={() => setSharingId(null)} />
    </SignedInPage>
  );
}

function CredentialCard({
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
        <CredentialBadge badge={credential.badge} />
      </div>
      <h3 id={`credential-${credential.id}`} className="mt-4 text-xl font-bold">
        {credential.typeName}
      </h3>
      <p className="text-govuk-grey dark:text-slate-400">{credential.authorityName}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-govuk-grey dark:text-slate-400">Issued</dt>
          <dd className="font-semibold">
            <time dateTime={credential.issuedAt}>{credential.issued}</time>
          </dd>
        </div>
        <div>
          <dt className="text-govuk-grey dark:text-slate-400">Expires</dt>
          <dd className="font-semibold">
            {credential.expires && credential.expiresAt ? (
              <time dateTime={credential.expiresAt}>{credential.expires}</time>
            ) : (
              "No expiry"
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
            View<span className="sr-only"> {credential.typeName}</span>
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
            Share<span className="sr-only"> {credential.typeName}</span>
          </button>
          <a
            href={credential.certificatePath}
            download={credential.certificateFile}
            onClick={onDownload}
            className={smallButton}
            data-testid="button-download-credential"
          >
            <Icon name="download" className="h-4 w-4" />
            Download<span className="sr-only"> {credential.typeName} certificate</span>
          </a>
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

function CredentialDetails({
  credential,
  onShare,
  onDownload,
}: {
  credential: CredentialView;
  onShare: () => void;
  onDownload: () => void;
}) {
  const refusalId = `details-share-refusal-${credential.id}`;
  const row =
    "flex flex-wrap justify-between gap-x-4 gap-y-0.5 border-b border-govuk-border py-2 last:border-0 dark:border-slate-700";
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <CredentialBadge badge={credential.badge} />
        {credential.note ? (
          <span className="text-sm font-semibold text-govuk-grey dark:text-slate-300">{credential.note}</span>
        ) : null}
      </div>

      <dl className="text-sm">
        <div className={row}>
          <dt className="text-govuk-grey dark:text-slate-400">Issued</dt>
          <dd className="font-semibold">{credential.issued}</dd>
        </div>
        <div className={row}>
          <dt className="text-govuk-grey dark:text-slate-400">Expires</dt>
          <dd className="font-semibold">{credential.expires ?? "No expiry"}</dd>
        </div>
        {credential.revoked ? (
          <div className={row}>
            <dt className="text-govuk-grey dark:text-slate-400">Revoked</dt>
            <dd className="font-semibold text-govuk-red dark:text-red-400">{credential.revoked}</dd>
          </div>
        ) : null}
        <div className={row}>
          <dt className="text-govuk-grey dark:text-slate-400">Verifications</dt>
          <dd className="font-semibold tabular-nums" data-testid="verification-count">
            {credential.verificationCount}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-govuk-grey dark:text-slate-400">Credential ID</dt>
          <dd className="break-all font-mono text-xs" data-testid="credential-id">
            {credential.id}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="attributes-heading">
        <h3 id="attributes-heading" className="text-lg font-bold">
          Attributes
        </h3>
        {credential.attributes.length === 0 ? (
          <p className="mt-2 text-sm text-govuk-grey dark:text-slate-400">No data available</p>
        ) : (
          <dl
            className="mt-2 rounded-sm bg-govuk-grey-light px-3 text-sm dark:bg-slate-800"
            data-testid="credential-attributes"
          >
            {credential.attributes.map((attribute) => (
              <div key={attribute.name} className={row}>
                <dt className="text-govuk-grey dark:text-slate-400">{attribute.label}</dt>
                <dd className="font-semibold">{attribute.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <div className="grid gap-3 sm:grid-cols-2">
        <a
          href={credential.certificatePath}
          download={credential.certificateFile}
          onClick={onDownload}
          className={buttonClasses("primary")}
          data-testid="button-download-certificate"
        >
          <Icon name="download" className="h-5 w-5" />
          Download Certificate
        </a>
        <Button
          variant="secondary"
          onClick={onShare}
          disabled={credential.shareRefusal !== null}
          aria-describedby={credential.shareRefusal ? refusalId : undefined}
          data-testid="button-share-from-details"
        >
          <Icon name="share" className="h-5 w-5" />
          Share Credential
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
