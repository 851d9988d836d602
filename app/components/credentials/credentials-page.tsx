/**
 * /credentials (spec 000 §2 "Citizen screens", §3 "Citizen sample credential", §4, §7, §9; issue 4
 * "Citizen screens, real data"): the signed-in user's own credentials with summary tiles, a card
 * per credential (View, Share, Download), the details dialog and the share dialog. Its data is
 * server/credentials/credentials-page.ts.
 */

import { Link } from "@remix-run/react";
import { useMemo, useState } from "react";
import { defineMessages, FormattedMessage, type NoMessageValues as NoValues, useIntl } from "react-intl";
import { track } from "#app/client/tracker.client.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Card, StatTile } from "#app/components/ui/card.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import type { CredentialsPageData, CredentialView } from "#server/credentials/credentials-page.ts";
import { CredentialCard, CredentialDetails } from "./held-credential.tsx";
import { ShareDialog } from "./share-dialog.tsx";

const messages = defineMessages<{
  title: NoValues;
  lead: NoValues;
  request: NoValues;
  summary: NoValues;
  total: NoValues;
  totalDetail: NoValues;
  active: NoValues;
  activeDetail: NoValues;
  expiring: NoValues;
  expiringDetail: { days: number };
  emptyHeading: NoValues;
  emptyText: NoValues;
  goToWallet: NoValues;
  list: NoValues;
  detailsTitle: NoValues;
  issuedBy: { authority: string };
  downloadTitle: NoValues;
  downloadText: { credential: string };
}>({
  title: { id: "credentials.page.title", defaultMessage: "My Credentials" },
  lead: {
    id: "credentials.page.lead",
    defaultMessage: "Your verifiable credentials from UK authorities: view, share and download them.",
  },
  request: { id: "credentials.page.request", defaultMessage: "Request New Credential" },
  summary: { id: "credentials.page.summary", defaultMessage: "Summary", description: "Label of the summary tiles" },
  total: { id: "credentials.page.total", defaultMessage: "Total Credentials" },
  totalDetail: { id: "credentials.page.totalDetail", defaultMessage: "In your wallet" },
  active: { id: "credentials.page.active", defaultMessage: "Active and Valid" },
  activeDetail: { id: "credentials.page.activeDetail", defaultMessage: "Ready to share" },
  expiring: { id: "credentials.page.expiring", defaultMessage: "Expiring Soon" },
  expiringDetail: {
    id: "credentials.page.expiringDetail",
    defaultMessage: "Within {days, plural, one {# day} other {# days}}",
  },
  emptyHeading: { id: "credentials.page.emptyHeading", defaultMessage: "No Credentials Yet" },
  emptyText: {
    id: "credentials.page.emptyText",
    defaultMessage:
      "Credentials you add in your wallet appear here, ready to view, share and download as certificates.",
  },
  goToWallet: { id: "credentials.page.goToWallet", defaultMessage: "Go to My Wallet" },
  list: {
    id: "credentials.page.list",
    defaultMessage: "Your credentials",
    description: "Label of the list of credentials",
  },
  detailsTitle: { id: "credentials.page.detailsTitle", defaultMessage: "Credential details" },
  issuedBy: { id: "credentials.page.issuedBy", defaultMessage: "Issued by {authority}" },
  downloadTitle: { id: "credentials.page.downloadTitle", defaultMessage: "Download Started" },
  downloadText: { id: "credentials.page.downloadText", defaultMessage: "Downloading {credential} certificate..." },
});

function trackCredential(action: "view" | "download", credential: CredentialView) {
  void track({
    eventCategory: "credential",
    eventAction: action,
    eventLabel: credential.type,
    page: "/credentials",
    metadata: { credentialType: credential.type, credentialId: credential.id },
  });
}

/** The page: summary tiles, a card per credential, the details dialog and the share dialog. */
export function CredentialsPage({ credentials, summary }: CredentialsPageData) {
  const intl = useIntl();
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
    toast({
      title: intl.formatMessage(messages.downloadTitle),
      description: intl.formatMessage(messages.downloadText, { credential: credential.typeName }),
    });
    trackCredential("download", credential);
  };

  return (
    <SignedInPage
      title={intl.formatMessage(messages.title)}
      lead={intl.formatMessage(messages.lead)}
      aside={
        <Link to="/wallet?action=request" className={buttonClasses("primary")} data-testid="button-request-credential">
          <Icon name="plus" className="h-5 w-5" />
          <FormattedMessage {...messages.request} />
        </Link>
      }
    >
      <section aria-label={intl.formatMessage(messages.summary)} className="mt-8 grid gap-4 sm:grid-cols-3">
        <StatTile
          label={intl.formatMessage(messages.total)}
          value={summary.total}
          detail={intl.formatMessage(messages.totalDetail)}
          icon="wallet"
          testId="tile-total"
        />
        <StatTile
          label={intl.formatMessage(messages.active)}
          value={summary.activeAndValid}
          detail={intl.formatMessage(messages.activeDetail)}
          icon="check"
          testId="tile-active"
        />
        <StatTile
          label={intl.formatMessage(messages.expiring)}
          value={summary.expiringSoon}
          detail={intl.formatMessage(messages.expiringDetail, { days: summary.expiringSoonDays })}
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
            <FormattedMessage {...messages.emptyHeading} />
          </h2>
          <p className="mt-2 max-w-md text-govuk-grey dark:text-slate-400">
            <FormattedMessage {...messages.emptyText} />
          </p>
          <Link to="/wallet" className={buttonClasses("primary", "mt-6")}>
            <FormattedMessage {...messages.goToWallet} />
          </Link>
        </Card>
      ) : (
        <section aria-label={intl.formatMessage(messages.list)} className="mt-8">
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
        title={viewing?.typeName ?? intl.formatMessage(messages.detailsTitle)}
        description={viewing ? intl.formatMessage(messages.issuedBy, { authority: viewing.authorityName }) : undefined}
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
