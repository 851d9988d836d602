/**
 * The page shown when the database cannot be reached in time (ADR 032): the root error boundary
 * renders it, in the product's layout, for any page whose loader or action answered 503. The words
 * follow GOV.UK's pattern for a service that is temporarily unavailable: what happened, that
 * nothing is lost by waiting, and what to do.
 */
import { defineMessages } from "react-intl";
import { Card } from "#app/components/ui/card.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useWords } from "#app/components/ui/use-words.ts";

export const serviceUnavailableMessages = defineMessages({
  title: { id: "shell.serviceUnavailable.title", defaultMessage: "Sorry, the service is unavailable" },
  cannotReach: {
    id: "shell.serviceUnavailable.cannotReach",
    defaultMessage: "We cannot reach our records at the moment, so this page cannot be shown.",
  },
  tryLater: {
    id: "shell.serviceUnavailable.tryLater",
    defaultMessage:
      "Try again in a few minutes. If you were saving a change, check whether it was saved when the page works again.",
  },
  tryAgain: { id: "shell.serviceUnavailable.tryAgain", defaultMessage: "Try this page again" },
});

export function ServiceUnavailable({ path }: { path: string }) {
  // Its words even when the root loader is what could not reach the database (useWords).
  const say = useWords();
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <Card className="p-8">
        <h1 className="text-3xl font-bold">{say(serviceUnavailableMessages.title)}</h1>
        <p className="mt-4 text-lg">{say(serviceUnavailableMessages.cannotReach)}</p>
        <p className="mt-4">{say(serviceUnavailableMessages.tryLater)}</p>
        <p className="mt-8">
          {/* A document navigation on purpose: it asks the server again rather than the page's stale data. */}
          <TextLink href={path}>{say(serviceUnavailableMessages.tryAgain)}</TextLink>
        </p>
      </Card>
    </div>
  );
}
