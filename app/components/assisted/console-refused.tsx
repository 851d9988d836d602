import { Link } from "@remix-run/react";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import type { ConsoleRefusal } from "./console-data.server.ts";

const REASONS: Record<ConsoleRefusal, { heading: string; body: string }> = {
  role: {
    heading: "Only operators and administrators can use the Operator Dashboard",
    body: "Your account does not have access to assisted-digital sessions. They are run by council and library staff for people who need help setting up a digital identity.",
  },
  office: {
    heading: "Your account is not assigned to an office",
    body: "Operators run sessions for the office they work in. Ask an administrator to assign your account to your office, then sign in again.",
  },
};

/** The console's 403 page: the console's own title, what is wrong in plain words, the way back. */
export function ConsoleRefused({ refused }: { refused: ConsoleRefusal }) {
  const reason = REASONS[refused];
  return (
    <SignedInPage title="Operator Dashboard">
      <Card as="section" aria-labelledby="refused-heading" className="mt-8 max-w-3xl border-l-8 border-l-govuk-red p-6 dark:border-l-red-500" data-testid="console-refused">
        <h2 id="refused-heading" className="text-xl font-bold">
          {reason.heading}
        </h2>
        <p className="mt-2">{reason.body}</p>
      </Card>
      <div className="mt-8">
        <Link to="/" className={buttonClasses("secondary")}>
          Return to your dashboard
        </Link>
      </div>
    </SignedInPage>
  );
}
