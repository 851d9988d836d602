/**
 * /shares (spec 000 §2 "Citizen screens" /shares, §3 "Share record", §4 share status, §7, §8):
 * the tiles, a card per share, the info box, and the revoke confirmation (`?confirm=<id>`, a GET
 * form, so it works without JavaScript) whose button posts to the route
 * (docs/decisions/010-share-links.md). Its data is server/shares/shares-page.ts.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { Card, StatTile } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import type { RevokeConfirmation, SharesPageData } from "#server/shares/shares-page.ts";
import { ShareCardView } from "./share-card.tsx";

/** The action's answer to a revoke: which credential's share ended, or why not. */
export type RevokeAnswer = { ok: true; credentialName: string } | { ok: false; message: string };

const REVOKED_TOAST = { title: "Share Revoked", description: "The share link no longer works." };

/** The page; `actionData`: the answer to a revoke just posted, if any. */
export function SharesPage({
  shares,
  origin,
  confirming,
  tiles,
  actionData,
}: SharesPageData & { origin: string; actionData: RevokeAnswer | undefined }) {
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
            className="mt-6 border-s-4 border-govuk-green bg-green-50 p-4 font-semibold text-govuk-green dark:bg-green-950/40 dark:text-green-300"
          >
            You revoked the share of your {actionData.credentialName}. {REVOKED_TOAST.description}
          </div>
        ) : (
          <div
            role="alert"
            className="mt-6 border-s-4 border-govuk-red bg-red-50 p-4 text-govuk-red dark:bg-red-950/40 dark:text-red-300"
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

function ConfirmRevoke({ share }: { share: RevokeConfirmation }) {
  const navigation = useNavigation();
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
      className="mt-10 border-s-8 border-govuk-blue bg-white p-6 dark:border-govuk-blue-light dark:bg-slate-900"
    >
      <h2 id="about-sharing" className="text-xl font-bold">
        About sharing
      </h2>
      <ul className="mt-3 list-disc space-y-2 ps-6">
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
