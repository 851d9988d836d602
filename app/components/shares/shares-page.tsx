/**
 * /shares (spec 000 §2 "Citizen screens" /shares, §3 "Share record", §4 share status, §7, §8):
 * the tiles, a card per share, the info box, and the revoke confirmation (`?confirm=<id>`, a GET
 * form, so it works without JavaScript) whose button posts to the route
 * (docs/decisions/010-share-links.md). Its data is server/shares/shares-page.ts.
 */

import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { defineMessages, FormattedMessage, type NoMessageValues as NoValues, useIntl } from "react-intl";
import { useCredentialType } from "#app/components/credentials/type-text.ts";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { StatTile } from "#app/components/ui/card.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import type { RevokeConfirmation, SharesPageData } from "#server/shares/shares-page.ts";
import { ShareCardView } from "./share-card.tsx";

/** The action's answer to a revoke: which credential's share ended, or why not. */
export type RevokeAnswer = { ok: true; credentialName: string } | { ok: false; message: string };

const messages = defineMessages<{
  revokedTitle: NoValues;
  revokedText: NoValues;
  errorTitle: NoValues;
  title: NoValues;
  lead: NoValues;
  youRevoked: { credential: string };
  problem: NoValues;
  totals: NoValues;
  total: NoValues;
  totalDetail: NoValues;
  active: NoValues;
  activeDetail: NoValues;
  downloads: NoValues;
  downloadsDetail: NoValues;
  history: NoValues;
  emptyHeading: NoValues;
  emptyText: NoValues;
  shareOne: NoValues;
  confirmHeading: { credential: string };
  confirmHeadingWith: { credential: string; sharedWith: string };
  confirmText: NoValues;
  revoking: NoValues;
  confirm: NoValues;
  cancel: NoValues;
  aboutHeading: NoValues;
  about1: NoValues;
  about2: NoValues;
  about3: NoValues;
  about4: NoValues;
}>({
  revokedTitle: { id: "shares.page.revokedTitle", defaultMessage: "Share Revoked" },
  revokedText: { id: "shares.page.revokedText", defaultMessage: "The share link no longer works." },
  errorTitle: { id: "shares.page.errorTitle", defaultMessage: "Error", description: "Title of an error toast" },
  title: { id: "shares.page.title", defaultMessage: "Recent Shares" },
  lead: {
    id: "shares.page.lead",
    defaultMessage: "The links you have shared so others can check a credential, and what happened to them.",
  },
  youRevoked: { id: "shares.page.youRevoked", defaultMessage: "You revoked the share of your {credential}." },
  problem: { id: "shares.page.problem", defaultMessage: "There is a problem" },
  totals: { id: "shares.page.totals", defaultMessage: "Share totals" },
  total: { id: "shares.page.total", defaultMessage: "Total Shares" },
  totalDetail: { id: "shares.page.totalDetail", defaultMessage: "Links you have created" },
  active: { id: "shares.page.active", defaultMessage: "Active Shares" },
  activeDetail: { id: "shares.page.activeDetail", defaultMessage: "Links that can be opened now" },
  downloads: { id: "shares.page.downloads", defaultMessage: "Available Downloads" },
  downloadsDetail: {
    id: "shares.page.downloadsDetail",
    defaultMessage: "Certificates that confirm a valid credential, for shares you have not revoked",
  },
  history: { id: "shares.page.history", defaultMessage: "Sharing history" },
  emptyHeading: { id: "shares.page.emptyHeading", defaultMessage: "No shares yet" },
  emptyText: {
    id: "shares.page.emptyText",
    defaultMessage: "When you share a credential, its link appears here with how many times it was opened.",
  },
  shareOne: { id: "shares.page.shareOne", defaultMessage: "Share a credential" },
  confirmHeading: { id: "shares.page.confirmHeading", defaultMessage: "Revoke the share of your {credential}?" },
  confirmHeadingWith: {
    id: "shares.page.confirmHeadingWith",
    defaultMessage: "Revoke the share of your {credential} with {sharedWith}?",
  },
  confirmText: {
    id: "shares.page.confirmText",
    defaultMessage:
      "The link stops working at once. Anyone who opens it will see that you withdrew it. This cannot be undone.",
  },
  revoking: { id: "shares.page.revoking", defaultMessage: "Revoking..." },
  confirm: { id: "shares.page.confirm", defaultMessage: "Yes, revoke share" },
  cancel: { id: "shares.page.cancel", defaultMessage: "Cancel" },
  aboutHeading: { id: "shares.page.aboutHeading", defaultMessage: "About sharing" },
  about1: {
    id: "shares.page.about1",
    defaultMessage: "Share PDFs are verification certificates: each records the check of a shared credential.",
  },
  about2: {
    id: "shares.page.about2",
    defaultMessage:
      "Active shares can be revoked from your wallet at any time with Revoke Share; the link stops working at once.",
  },
  about3: {
    id: "shares.page.about3",
    defaultMessage:
      "All sharing is logged: each share you create or revoke, and each time a link is opened and checked.",
  },
  about4: { id: "shares.page.about4", defaultMessage: "PDF certificates are digitally signed." },
});

/** The page; `actionData`: the answer to a revoke just posted, if any. */
export function SharesPage({
  shares,
  origin,
  confirming,
  tiles,
  actionData,
}: SharesPageData & { origin: string; actionData: RevokeAnswer | undefined }) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const { toast } = useToast();

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok)
      toast({
        title: intl.formatMessage(messages.revokedTitle),
        description: intl.formatMessage(messages.revokedText),
      });
    else
      toast({
        title: intl.formatMessage(messages.errorTitle),
        description: actionData.message,
        variant: "destructive",
      });
  }, [actionData, toast, intl]);

  return (
    <SignedInPage title={intl.formatMessage(messages.title)} lead={intl.formatMessage(messages.lead)}>
      {/* Without JavaScript there is no toast: the outcome of the post is shown on the page. */}
      {!hydrated && actionData ? (
        actionData.ok ? (
          <div
            role="status"
            className="mt-6 border-s-4 border-govuk-green bg-green-50 p-4 font-semibold text-govuk-green dark:bg-green-950/40 dark:text-green-300"
          >
            <FormattedMessage {...messages.youRevoked} values={{ credential: actionData.credentialName }} />{" "}
            <FormattedMessage {...messages.revokedText} />
          </div>
        ) : (
          <div
            role="alert"
            className="mt-6 border-s-4 border-govuk-red bg-red-50 p-4 text-govuk-red dark:bg-red-950/40 dark:text-red-300"
          >
            <p className="font-bold">
              <FormattedMessage {...messages.problem} />
            </p>
            <p className="mt-1">{actionData.message}</p>
          </div>
        )
      ) : null}

      {confirming ? <ConfirmRevoke share={confirming} /> : null}

      <section aria-labelledby="share-totals" className="mt-8">
        <h2 id="share-totals" className="sr-only">
          <FormattedMessage {...messages.totals} />
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          <StatTile
            as="li"
            labelAs="h3"
            icon="share"
            label={intl.formatMessage(messages.total)}
            value={tiles.total}
            detail={intl.formatMessage(messages.totalDetail)}
            testId="tile-total-shares"
          />
          <StatTile
            as="li"
            labelAs="h3"
            icon="check"
            label={intl.formatMessage(messages.active)}
            value={tiles.active}
            detail={intl.formatMessage(messages.activeDetail)}
            testId="tile-active-shares"
          />
          <StatTile
            as="li"
            labelAs="h3"
            icon="file"
            label={intl.formatMessage(messages.downloads)}
            value={tiles.downloads}
            detail={intl.formatMessage(messages.downloadsDetail)}
            testId="tile-available-downloads"
          />
        </ul>
      </section>

      <section aria-labelledby="history-heading" className="mt-10">
        <h2 id="history-heading" className="text-2xl font-bold">
          <FormattedMessage {...messages.history} />
        </h2>
        {shares.length === 0 ? (
          <EmptyState
            icon="share"
            testId="shares-empty"
            heading={<FormattedMessage {...messages.emptyHeading} />}
            text={<FormattedMessage {...messages.emptyText} />}
            action={
              <Link to="/wallet?action=share" className={buttonClasses("primary", "mt-6")}>
                <FormattedMessage {...messages.shareOne} />
              </Link>
            }
          />
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

function ConfirmRevoke({ share }: { share: RevokeConfirmation }) {
  const navigation = useNavigation();
  const credential = useCredentialType(share.credentialType).name;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "revoke";
  // Brought into view and announced when it opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: share.id is the trigger: focus again when another share's confirmation opens
  useEffect(() => headingRef.current?.focus(), [share.id]);
  return (
    <section
      aria-labelledby="confirm-revoke-heading"
      className="mt-6 border-s-8 border-govuk-red bg-white p-6 dark:border-red-500 dark:bg-slate-900"
      data-testid="confirm-revoke"
    >
      <h2
        id="confirm-revoke-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold outline-none focus-visible:shadow-none"
      >
        {share.sharedWith ? (
          <FormattedMessage {...messages.confirmHeadingWith} values={{ credential, sharedWith: share.sharedWith }} />
        ) : (
          <FormattedMessage {...messages.confirmHeading} values={{ credential }} />
        )}
      </h2>
      <p className="mt-2">
        <FormattedMessage {...messages.confirmText} />
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Form method="post" action="/shares">
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="shareId" value={share.id} />
          <Button type="submit" variant="destructive" disabled={pending} data-testid="button-confirm-revoke">
            <FormattedMessage {...(pending ? messages.revoking : messages.confirm)} />
          </Button>
        </Form>
        <TextLink to="/shares">
          <FormattedMessage {...messages.cancel} />
        </TextLink>
      </div>
    </section>
  );
}

function InfoBox() {
  return (
    <section
      aria-labelledby="about-sharing"
      className="mt-10 border-s-8 border-govuk-blue bg-white p-6 dark:border-govuk-blue-light dark:bg-slate-900"
    >
      <h2 id="about-sharing" className="text-xl font-bold">
        <FormattedMessage {...messages.aboutHeading} />
      </h2>
      <ul className="mt-3 list-disc space-y-2 ps-6">
        <li>
          <FormattedMessage {...messages.about1} />
        </li>
        <li>
          <FormattedMessage {...messages.about2} />
        </li>
        <li>
          <FormattedMessage {...messages.about3} />
        </li>
        <li>
          <FormattedMessage {...messages.about4} />
        </li>
      </ul>
    </section>
  );
}
