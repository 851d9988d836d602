import { Link } from "@remix-run/react";
import { defineMessages, useIntl } from "react-intl";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { useRootData } from "#app/root.tsx";
import { untyped } from "./messages.ts";

const messages = untyped(
  defineMessages({
    portalTitle: { id: "verifier.refused.portalTitle", defaultMessage: "Verifier Portal" },
    onlyVerifiers: {
      id: "verifier.refused.onlyVerifiers",
      defaultMessage: "Only verifiers can use the Verifier Portal",
      description: "The title every refusal of the portal shows",
    },
    roleBody: {
      id: "verifier.refused.roleBody",
      defaultMessage:
        "Your account is not a verifier account. The Verifier Portal is for employers, letting agents and other organisations registered to check credentials.",
    },
    organisationHeading: {
      id: "verifier.refused.organisationHeading",
      defaultMessage: "Your account is not linked to a verifier organisation",
    },
    organisationBody: {
      id: "verifier.refused.organisationBody",
      defaultMessage:
        "Checks are made and recorded for an organisation. Ask an administrator to add your account to your organisation, then sign in again.",
    },
    onlyVerifiersOfOrganisation: {
      id: "verifier.refused.onlyVerifiersOfOrganisation",
      defaultMessage: "Only verifiers can use the Verifier Portal of a registered organisation.",
    },
    dashboard: { id: "verifier.refused.dashboard", defaultMessage: "Return to your dashboard" },
    manageOrganisations: {
      id: "verifier.refused.manageOrganisations",
      defaultMessage: "Manage verifier organisations",
    },
    manageTrustList: { id: "verifier.refused.manageTrustList", defaultMessage: "Manage the trust list" },
  }),
);

const REASONS = {
  role: { heading: messages.onlyVerifiers, body: messages.roleBody },
  organisation: { heading: messages.organisationHeading, body: messages.organisationBody },
} as const;

/**
 * The Verifier Portal's 403 page (its loaders answer 403 with `refused`): the portal's own title
 * and frame, and what is wrong in plain words, with the way back.
 */
export function PortalRefused({ refused, title }: { refused: keyof typeof REASONS; title?: string }) {
  const intl = useIntl();
  const reason = REASONS[refused];
  // An administrator without an organisation is offered where organisations are registered.
  const administrator = useRootData()?.user?.role === "admin";
  return (
    <SignedInPage title={title ?? intl.formatMessage(messages.portalTitle)}>
      <Card
        as="section"
        aria-labelledby="refused-heading"
        className="mt-8 max-w-3xl border-s-8 border-s-govuk-red p-6 dark:border-s-red-500"
        data-testid="portal-refused"
      >
        <h2 id="refused-heading" className="text-xl font-bold">
          {intl.formatMessage(reason.heading)}
        </h2>
        <p className="mt-2">{intl.formatMessage(reason.body)}</p>
        {refused === "organisation" ? (
          <p className="mt-2 font-semibold">{intl.formatMessage(messages.onlyVerifiersOfOrganisation)}</p>
        ) : null}
      </Card>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/" className={buttonClasses("secondary")}>
          {intl.formatMessage(messages.dashboard)}
        </Link>
        {refused === "organisation" && administrator ? (
          <Link to="/verifier/organisations" className={buttonClasses("outline")}>
            {intl.formatMessage(messages.manageOrganisations)}
          </Link>
        ) : null}
        {refused === "organisation" && administrator ? (
          <Link to="/verifier/trust-list" className={buttonClasses("outline")}>
            {intl.formatMessage(messages.manageTrustList)}
          </Link>
        ) : null}
      </div>
    </SignedInPage>
  );
}
