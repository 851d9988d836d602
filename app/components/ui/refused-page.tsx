import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { defineMessages, FormattedMessage } from "react-intl";
import { buttonClasses } from "./button.tsx";
import { Card } from "./card.tsx";
import { SignedInPage } from "./signed-in-page.tsx";

const messages = defineMessages({
  back: { id: "shell.refusedPage.back", defaultMessage: "Return to your dashboard" },
});

/**
 * A staff screen's 403 page: the screen's own title, what is wrong in plain words, and the way
 * back to the dashboard (the Operator Dashboard, the Gabriel console).
 */
export function RefusedPage({
  title,
  heading,
  children,
  testId,
}: {
  title: string;
  heading: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <SignedInPage title={title}>
      <Card
        as="section"
        aria-labelledby="refused-heading"
        className="mt-8 max-w-3xl border-s-8 border-s-govuk-red p-6 dark:border-s-red-500"
        data-testid={testId}
      >
        <h2 id="refused-heading" className="text-xl font-bold">
          {heading}
        </h2>
        <div className="mt-2">{children}</div>
      </Card>
      <div className="mt-8">
        <Link to="/" className={buttonClasses("secondary")}>
          <FormattedMessage {...messages.back} />
        </Link>
      </div>
    </SignedInPage>
  );
}
