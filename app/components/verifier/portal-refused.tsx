import { Link } from "@remix-run/react";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { useRootData } from "#app/root.tsx";

/** The title every refusal shows, whatever the reason (and the tests look for). */
const ONLY_VERIFIERS = "Only verifiers can use the Verifier Portal";

const REASONS = {
  role: {
    heading: ONLY_VERIFIERS,
    body: "Your account is not a verifier account. The Verifier Portal is for employers, letting agents and other organisations registered to check credentials.",
  },
  organisation: {
    heading: "Your account is not linked to a verifier organisation",
    body: "Checks are made and recorded for an organisation. Ask an administrator to add your account to your organisation, then sign in again.",
  },
} as const;

/**
 * The Verifier Portal's 403 page (its loaders answer 403 with `refused`): the portal's own title
 * and frame, and what is wrong in plain words, with the way back.
 */
export function PortalRefused({
  refused,
  title = "Verifier Portal",
}: {
  refused: keyof typeof REASONS;
  title?: string;
}) {
  const reason = REASONS[refused];
  // An administrator without an organisation is offered where organisations are registered.
  const administrator = useRootData()?.user?.role === "admin";
  return (
    <SignedInPage title={title}>
      <Card
        as="section"
        aria-labelledby="refused-heading"
        className="mt-8 max-w-3xl border-s-8 border-s-govuk-red p-6 dark:border-s-red-500"
        data-testid="portal-refused"
      >
        <h2 id="refused-heading" className="text-xl font-bold">
          {reason.heading}
        </h2>
        <p className="mt-2">{reason.body}</p>
        {refused === "organisation" ? (
          <p className="mt-2 font-semibold">{ONLY_VERIFIERS} of a registered organisation.</p>
        ) : null}
      </Card>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/" className={buttonClasses("secondary")}>
          Return to your dashboard
        </Link>
        {refused === "organisation" && administrator ? (
          <Link to="/verifier/organisations" className={buttonClasses("outline")}>
            Manage verifier organisations
          </Link>
        ) : null}
      </div>
    </SignedInPage>
  );
}
