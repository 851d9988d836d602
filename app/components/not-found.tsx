/**
 * The one "404 Page Not Found" page (spec 000 §2: any other path shows it "with a developer-style
 * hint"; §8 "Unknown route"). Shown by the catch-all route ($.tsx) and by the root error boundary
 * when a route answers 404 itself (e.g. /coming-soon/ with a slug that is not a feature).
 */
import { Card } from "#app/components/ui/card.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";

export const NOT_FOUND_TITLE = "404 Page Not Found";

export function NotFound({ path }: { path: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <Card className="p-8">
        <div className="flex items-center gap-3 text-govuk-red dark:text-red-400">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-8 w-8"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="12" cy="12" r="10" />
            <path d="M12 8v4M12 16h.01" />
          </svg>
          <h1 className="text-3xl font-bold text-govuk-black dark:text-slate-100">{NOT_FOUND_TITLE}</h1>
        </div>
        <p className="mt-4 text-lg">
          Nothing lives at{" "}
          <code dir="ltr" className="rounded bg-govuk-grey-light px-1.5 py-0.5 font-mono text-base dark:bg-slate-800">
            {path}
          </code>
          .
        </p>
        <p className="mt-2 text-govuk-grey dark:text-slate-400">Did you forget to add the page to the router?</p>
        <p className="mt-8">
          <TextLink to="/">Go to the home page</TextLink>
        </p>
      </Card>
    </div>
  );
}
