/**
 * /wallet/apps (issue 22, ADR 045 "The history"): where the copies of a person's credentials went.
 * A card per issuance to another wallet app (the type, the name the app gave itself, when, how many
 * copies and how many still valid, what the app reported) with "Revoke the copies"; then the
 * credentials this web wallet holds. "Revoke the copies" asks first: in a modal dialog, or without
 * JavaScript on the page itself (`?confirm=<id>`, a GET form); either way the page's action revokes.
 * Its data is server/issuance/wallet-apps-page.ts.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import {
  defineMessages,
  FormattedMessage,
  type MessageTag,
  type NoMessageValues as NoValues,
  useIntl,
} from "react-intl";
import { useCredentialType } from "#app/components/credentials/type-text.ts";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import type { WalletAppsPageData } from "#server/issuance/wallet-apps-page.ts";
import { AppCopiesCard } from "./app-copies-card.tsx";

/** The action's answer to "Revoke the copies": which issuance's copies ended, or why not. */
export type RevokeCopiesAnswer = { ok: true; issuanceId: string; revoked: number } | { ok: false; message: string };

/** The page's title and description (the route's meta). */
export const walletAppsMeta = defineMessages({
  title: { id: "wallet.apps.metaTitle", defaultMessage: "Your Credentials in Other Wallet Apps | UK Digital Identity" },
  description: {
    id: "wallet.apps.metaDescription",
    defaultMessage: "Where the copies of your credentials went, and how to revoke the copies a wallet app holds.",
  },
});

const messages = defineMessages<{
  title: NoValues;
  lead: NoValues;
  back: NoValues;
  appsHeading: NoValues;
  emptyHeading: NoValues;
  emptyText: NoValues;
  addOne: NoValues;
  webHeading: NoValues;
  webText: { link: MessageTag };
  webAdded: { date: string };
  confirmTitle: { credential: string };
  confirmText: NoValues;
  confirm: NoValues;
  revoking: NoValues;
  cancel: NoValues;
  revokedTitle: NoValues;
  revokedText: { credential: string };
  errorTitle: NoValues;
  problem: NoValues;
}>({
  title: { id: "wallet.apps.title", defaultMessage: "Your credentials in other wallet apps" },
  lead: {
    id: "wallet.apps.lead",
    defaultMessage:
      "Where the copies of your credentials went, and what each wallet app reported. Revoke the copies held by an app you no longer use or trust, for example on a lost phone.",
  },
  back: { id: "wallet.apps.back", defaultMessage: "Back to your wallet" },
  appsHeading: { id: "wallet.apps.appsHeading", defaultMessage: "In other wallet apps" },
  emptyHeading: { id: "wallet.apps.emptyHeading", defaultMessage: "No credentials in other wallet apps yet" },
  emptyText: {
    id: "wallet.apps.emptyText",
    defaultMessage:
      "When a wallet app receives one of your credentials, it appears here with how many copies it holds.",
  },
  addOne: { id: "wallet.apps.addOne", defaultMessage: "Add a credential to another wallet app" },
  webHeading: { id: "wallet.apps.webHeading", defaultMessage: "In this web wallet" },
  webText: {
    id: "wallet.apps.webText",
    defaultMessage: "This web wallet holds these credentials on your devices. <link>Manage them in your wallet</link>.",
  },
  webAdded: { id: "wallet.apps.webAdded", defaultMessage: "Added {date}", description: "{date} is a date and time" },
  confirmTitle: { id: "wallet.apps.confirmTitle", defaultMessage: "Revoke the copies of your {credential}?" },
  confirmText: {
    id: "wallet.apps.confirmText",
    defaultMessage:
      "Every copy this wallet app received stops working at once: anyone who checks one sees that it is revoked. Your other copies and the credentials in this web wallet stay valid. This cannot be undone.",
  },
  confirm: { id: "wallet.apps.confirm", defaultMessage: "Yes, revoke the copies" },
  revoking: { id: "wallet.apps.revoking", defaultMessage: "Revoking..." },
  cancel: { id: "wallet.apps.cancel", defaultMessage: "Cancel" },
  revokedTitle: { id: "wallet.apps.revokedTitle", defaultMessage: "Copies revoked" },
  revokedText: {
    id: "wallet.apps.revokedText",
    defaultMessage: "The copies of your {credential} in that wallet app no longer work.",
  },
  errorTitle: { id: "wallet.apps.errorTitle", defaultMessage: "Error", description: "Title of an error toast" },
  problem: { id: "wallet.apps.problem", defaultMessage: "There is a problem" },
});

/** The page; `actionData`: the answer to a revoke just posted, if any. */
export function WalletAppsPage({
  apps,
  web,
  confirming,
  actionData,
}: WalletAppsPageData & { actionData: RevokeCopiesAnswer | undefined }) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const { toast } = useToast();
  // The issuance the dialog asks about. A page loaded with `?confirm=<id>` (the button's way without
  // JavaScript) asks in the dialog once JavaScript runs.
  const [asking, setAsking] = useState<string | null>(null);
  useEffect(() => setAsking(confirming?.id ?? null), [confirming?.id]);
  // After a revoke its button is gone: focus goes to that card's heading once the dialog has closed.
  const [focusCard, setFocusCard] = useState<string | null>(null);
  const askingCard = apps.find((app) => app.id === asking && app.state === "held") ?? null;
  const revokedCard = actionData?.ok ? apps.find((app) => app.id === actionData.issuanceId) : undefined;
  const revokedName = useCredentialType(revokedCard?.type ?? "").name;

  useEffect(() => {
    if (!actionData) return;
    setAsking(null);
    if (actionData.ok) {
      setFocusCard(actionData.issuanceId);
      toast({
        title: intl.formatMessage(messages.revokedTitle),
        description: intl.formatMessage(messages.revokedText, { credential: revokedName }),
      });
    } else {
      toast({
        title: intl.formatMessage(messages.errorTitle),
        description: actionData.message,
        variant: "destructive",
      });
    }
  }, [actionData, toast, intl, revokedName]);

  useEffect(() => {
    if (!focusCard || asking) return;
    document.getElementById(cardHeadingId(focusCard))?.focus();
    setFocusCard(null);
  }, [focusCard, asking]);

  return (
    <SignedInPage
      title={intl.formatMessage(messages.title)}
      lead={intl.formatMessage(messages.lead)}
      back={{ to: "/wallet", label: intl.formatMessage(messages.back) }}
    >
      {/* Without JavaScript there is no toast: the outcome of the post is shown on the page. */}
      {!hydrated && actionData ? <Outcome answer={actionData} credential={revokedName} /> : null}
      {!hydrated && confirming ? <ConfirmOnPage id={confirming.id} type={confirming.type} /> : null}

      <section aria-labelledby="apps-heading" className="mt-8">
        <h2 id="apps-heading" className="text-2xl font-bold">
          <FormattedMessage {...messages.appsHeading} />
        </h2>
        {apps.length === 0 ? (
          <EmptyState
            icon="phone"
            testId="wallet-apps-empty"
            heading={<FormattedMessage {...messages.emptyHeading} />}
            text={<FormattedMessage {...messages.emptyText} />}
            action={
              <Link to="/wallet?action=offer" className={buttonClasses("primary", "mt-6")}>
                <FormattedMessage {...messages.addOne} />
              </Link>
            }
          />
        ) : (
          <>
            <ul className="mt-4 grid gap-4 lg:grid-cols-2">
              {apps.map((app) => (
                <AppCopiesCard
                  key={app.id}
                  app={app}
                  headingId={cardHeadingId(app.id)}
                  onRevoke={hydrated ? () => setAsking(app.id) : null}
                />
              ))}
            </ul>
            <p className="mt-4">
              <TextLink to="/wallet?action=offer">
                <FormattedMessage {...messages.addOne} />
              </TextLink>
            </p>
          </>
        )}
      </section>

      {web.length > 0 ? <WebCopies web={web} /> : null}

      <ConfirmDialog card={askingCard} onClose={() => setAsking(null)} />
    </SignedInPage>
  );
}

const cardHeadingId = (id: string) => `app-copies-${id}`;

function ConfirmDialog({ card, onClose }: { card: WalletAppsPageData["apps"][number] | null; onClose: () => void }) {
  const intl = useIntl();
  const credential = useCredentialType(card?.type ?? "").name;
  return (
    <Dialog
      open={card !== null}
      onClose={onClose}
      title={intl.formatMessage(messages.confirmTitle, { credential })}
      description={intl.formatMessage(messages.confirmText)}
      testId="revoke-copies-dialog"
    >
      {card ? (
        <RevokeForm
          id={card.id}
          cancel={
            <Button variant="secondary" onClick={onClose}>
              {intl.formatMessage(messages.cancel)}
            </Button>
          }
        />
      ) : null}
    </Dialog>
  );
}

/** The confirmation without JavaScript: a section at the top of the page, focused when it opens. */
function ConfirmOnPage({ id, type }: { id: string; type: string }) {
  const credential = useCredentialType(type).name;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      aria-labelledby="confirm-copies-heading"
      className="mt-6 border-s-8 border-govuk-red bg-white p-6 dark:border-red-500 dark:bg-slate-900"
    >
      <h2 id="confirm-copies-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
        <FormattedMessage {...messages.confirmTitle} values={{ credential }} />
      </h2>
      <p className="mt-2">
        <FormattedMessage {...messages.confirmText} />
      </p>
      <RevokeForm
        id={id}
        cancel={
          <TextLink to="/wallet/apps">
            <FormattedMessage {...messages.cancel} />
          </TextLink>
        }
      />
    </section>
  );
}

/** The post that revokes, with the way back beside it. */
function RevokeForm({ id, cancel }: { id: string; cancel: ReactNode }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("issuanceId") === id;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-4">
      <Form method="post" action="/wallet/apps">
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="issuanceId" value={id} />
        <Button type="submit" variant="destructive" disabled={pending} data-testid="button-confirm-revoke-copies">
          <FormattedMessage {...(pending ? messages.revoking : messages.confirm)} />
        </Button>
      </Form>
      {cancel}
    </div>
  );
}

function Outcome({ answer, credential }: { answer: RevokeCopiesAnswer; credential: string }) {
  return answer.ok ? (
    <p
      role="status"
      className="mt-6 border-s-4 border-govuk-green bg-green-50 p-4 font-semibold text-govuk-green dark:bg-green-950/40 dark:text-green-300"
    >
      <FormattedMessage {...messages.revokedText} values={{ credential }} />
    </p>
  ) : (
    <div
      role="alert"
      className="mt-6 border-s-4 border-govuk-red bg-red-50 p-4 text-govuk-red dark:bg-red-950/40 dark:text-red-300"
    >
      <p className="font-bold">
        <FormattedMessage {...messages.problem} />
      </p>
      <p className="mt-1">{answer.message}</p>
    </div>
  );
}

function WebCopies({ web }: { web: WalletAppsPageData["web"] }) {
  const f = useFormats();
  return (
    <section aria-labelledby="web-copies-heading" className="mt-10">
      <h2 id="web-copies-heading" className="text-2xl font-bold">
        <FormattedMessage {...messages.webHeading} />
      </h2>
      <p className="mt-2">
        <FormattedMessage
          {...messages.webText}
          values={{ link: (chunks: ReactNode[]) => <TextLink to="/wallet">{chunks}</TextLink> }}
        />
      </p>
      <ul className="mt-3 divide-y divide-govuk-border border-y border-govuk-border dark:divide-slate-700 dark:border-slate-700">
        {web.map((copy) => (
          <WebCopyRow key={copy.id} type={copy.type} added={f.dateTime(copy.issuedAt)} issuedAt={copy.issuedAt} />
        ))}
      </ul>
    </section>
  );
}

function WebCopyRow({ type, added, issuedAt }: { type: string; added: string; issuedAt: string }) {
  const name = useCredentialType(type).name;
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 py-3" data-testid="web-copy">
      <span className="font-semibold">{name}</span>
      <time dateTime={issuedAt} className="text-sm text-govuk-grey dark:text-slate-400">
        <FormattedMessage {...messages.webAdded} values={{ date: added }} />
      </time>
    </li>
  );
}
