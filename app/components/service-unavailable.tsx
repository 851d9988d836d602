/**
 * The page shown when the database cannot be reached in time (ADR 032): the root error boundary
 * renders it, in the product's layout, for any page whose loader or action answered 503. The words
 * follow GOV.UK's pattern for a service that is temporarily unavailable: what happened, that
 * nothing is lost by waiting, and what to do.
 */
import { Card } from "#app/components/ui/card.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";

export const SERVICE_UNAVAILABLE_TITLE = "Sorry, the service is unavailable";

export function ServiceUnavailable({ path }: { path: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <Card className="p-8">
        <h1 className="text-3xl font-bold">{SERVICE_UNAVAILABLE_TITLE}</h1>
        <p className="mt-4 text-lg">We cannot reach our records at the moment, so this page cannot be shown.</p>
        <p className="mt-4">
          Try again in a few minutes. If you were saving a change, check whether it was saved when the page works again.
        </p>
        <p className="mt-8">
          {/* A document navigation on purpose: it asks the server again rather than the page's stale data. */}
          <TextLink href={path}>Try this page again</TextLink>
        </p>
      </Card>
    </div>
  );
}
