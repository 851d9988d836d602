/**
 * The consent screen of the authorization code flow (issue 22, ADR 045; app/routes/oauth.authorize.tsx):
 * which wallet app asks (its client_id, and where the browser goes back to), for which credential
 * from which authority, carrying which details; Approve or Decline, one form posting to the route.
 * With JavaScript the router sends the browser on to the app; without, the browser follows the
 * redirect itself, which the page's CSP form-action allows (the route's loader). A page reached by
 * navigating in the app (back from the login page) keeps the CSP of the document it was loaded
 * as, so it must not depend on that header: hence no reloadDocument. And the error page for a
 * request that cannot be used.
 */
import { Form, Link } from "@remix-run/react";
import { defineMessages, FormattedMessage, type MessageValue, type NoMessageValues, useIntl } from "react-intl";
import { authorityText } from "#core/issuers/authority-messages.ts";
import { CREDENTIAL_TYPES, type CredentialTypeCode, type IssuerId } from "#core/issuers/registry.ts";
import { credentialTypeText } from "#core/issuers/type-messages.ts";
import { buttonClasses } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { SignedInPage } from "../ui/signed-in-page.tsx";

export const authorizeMessages = defineMessages<{
  metaTitle: NoMessageValues;
  metaDescription: NoMessageValues;
  title: NoMessageValues;
  lead: NoMessageValues;
  app: NoMessageValues;
  returnsTo: NoMessageValues;
  credential: NoMessageValues;
  credentialFrom: { type: MessageValue; authority: MessageValue };
  claims: NoMessageValues;
  claimsHint: NoMessageValues;
  onlyIfYou: NoMessageValues;
  approve: NoMessageValues;
  decline: NoMessageValues;
  invalidTitle: NoMessageValues;
  invalidBody: NoMessageValues;
  home: NoMessageValues;
}>({
  metaTitle: { id: "oauth.meta.title", defaultMessage: "Add a credential to a wallet app | UK Digital Identity" },
  metaDescription: {
    id: "oauth.meta.description",
    defaultMessage: "Check which wallet app asks for which of your credentials, then approve or decline.",
  },
  title: { id: "oauth.consent.title", defaultMessage: "Add a credential to a wallet app" },
  lead: {
    id: "oauth.consent.lead",
    defaultMessage: "A wallet app asks for a copy of one of your credentials. Check who is asking before you approve.",
  },
  app: {
    id: "oauth.consent.appCallsItself",
    defaultMessage: "The app calls itself",
    description:
      "Label: the name the wallet app gave itself follows, which nobody has checked (an app can call itself anything)",
  },
  returnsTo: {
    id: "oauth.consent.returnsTo",
    defaultMessage: "Sends you back to",
    description: "Label: a web address's host, or an app's own address scheme, follows",
  },
  credential: { id: "oauth.consent.credential", defaultMessage: "Credential" },
  credentialFrom: {
    id: "oauth.consent.credentialFrom",
    defaultMessage: "{type}, from {authority}",
    description: "{type} is a credential's name (Right to Work), {authority} the authority that issues it",
  },
  claims: { id: "oauth.consent.claims", defaultMessage: "Details the credential carries" },
  claimsHint: {
    id: "oauth.consent.claimsHint",
    defaultMessage:
      "The wallet app will hold these details. Each time you share the credential, you choose which of them to show.",
  },
  onlyIfYou: {
    id: "oauth.consent.onlyIfYou",
    defaultMessage: "Only approve if you started this yourself, just now, in a wallet app you trust.",
  },
  approve: { id: "oauth.consent.approve", defaultMessage: "Approve" },
  decline: { id: "oauth.consent.decline", defaultMessage: "Decline" },
  invalidTitle: { id: "oauth.invalid.title", defaultMessage: "This request cannot be used" },
  invalidBody: {
    id: "oauth.invalid.body",
    defaultMessage:
      "The link from your wallet app has expired, was already used or is not valid. Go back to your wallet app and start again.",
  },
  home: { id: "oauth.invalid.home", defaultMessage: "Go to your dashboard" },
});

export type AuthorizePageData =
  | { kind: "invalid" }
  | {
      kind: "consent";
      clientId: string;
      requestUri: string;
      redirectTarget: string;
      issuerId: IssuerId;
      types: CredentialTypeCode[];
    };

export function AuthorizePage({ page }: { page: AuthorizePageData }) {
  const intl = useIntl();
  if (page.kind === "invalid") {
    return (
      <SignedInPage title={intl.formatMessage(authorizeMessages.invalidTitle)} back={false}>
        <Card as="section" className="mt-8 max-w-3xl border-s-8 border-s-govuk-red p-6 dark:border-s-red-500">
          <p data-testid="authorize-invalid">
            <FormattedMessage {...authorizeMessages.invalidBody} />
          </p>
        </Card>
        <p className="mt-8">
          <Link to="/" className={buttonClasses("secondary")}>
            <FormattedMessage {...authorizeMessages.home} />
          </Link>
        </p>
      </SignedInPage>
    );
  }
  const authority = authorityText(intl, page.issuerId);
  return (
    <SignedInPage
      title={intl.formatMessage(authorizeMessages.title)}
      lead={intl.formatMessage(authorizeMessages.lead)}
      back={false}
    >
      <Card as="section" aria-label={intl.formatMessage(authorizeMessages.title)} className="mt-8 max-w-3xl p-6">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">
            <FormattedMessage {...authorizeMessages.app} />
          </dt>
          <dd dir="ltr" className="break-all font-mono">
            {page.clientId}
          </dd>
          <dt className="font-semibold">
            <FormattedMessage {...authorizeMessages.returnsTo} />
          </dt>
          <dd dir="ltr" className="break-all font-mono">
            {page.redirectTarget}
          </dd>
          <dt className="font-semibold">
            <FormattedMessage {...authorizeMessages.credential} />
          </dt>
          <dd>
            {page.types.map((code) => (
              <span key={code} className="block">
                <FormattedMessage
                  {...authorizeMessages.credentialFrom}
                  values={{ type: credentialTypeText(intl, code).name, authority }}
                />
              </span>
            ))}
          </dd>
        </dl>
      </Card>
      <Card as="section" aria-labelledby="consent-claims" className="mt-6 max-w-3xl p-6">
        <h2 id="consent-claims" className="text-xl font-bold">
          <FormattedMessage {...authorizeMessages.claims} />
        </h2>
        <p className="mt-2">
          <FormattedMessage {...authorizeMessages.claimsHint} />
        </p>
        {page.types.map((code) => {
          const words = credentialTypeText(intl, code);
          return (
            <ul key={code} className="mt-4 list-disc ps-6" aria-label={words.name}>
              {CREDENTIAL_TYPES[code].claims.map((claim) => (
                <li key={claim.name}>{words.claimLabel(claim.name)}</li>
              ))}
            </ul>
          );
        })}
      </Card>
      <p className="mt-6 max-w-3xl font-semibold">
        <FormattedMessage {...authorizeMessages.onlyIfYou} />
      </p>
      <Form method="post" className="mt-4 flex flex-wrap gap-4">
        <input type="hidden" name="client_id" value={page.clientId} />
        <input type="hidden" name="request_uri" value={page.requestUri} />
        <button type="submit" name="decision" value="approve" className={buttonClasses("primary")}>
          <FormattedMessage {...authorizeMessages.approve} />
        </button>
        <button type="submit" name="decision" value="decline" className={buttonClasses("secondary")}>
          <FormattedMessage {...authorizeMessages.decline} />
        </button>
      </Form>
    </SignedInPage>
  );
}
