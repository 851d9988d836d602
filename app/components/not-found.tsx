/**
 * The one "404 Page Not Found" page (spec 000 §2: any other path shows it "with a developer-style
 * hint"; §8 "Unknown route"). Shown by the catch-all route ($.tsx) and by the root error boundary
 * when a route answers 404 itself (e.g. /coming-soon/ with a slug that is not a feature).
 */
import { defineMessages, FormattedMessage, type MessageValue, type NoMessageValues, useIntl } from "react-intl";
import { Card } from "#app/components/ui/card.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useWords } from "#app/components/ui/use-words.ts";

export const notFoundMessages = defineMessages<{
  title: NoMessageValues;
  nothingAt: { path: MessageValue };
  hint: NoMessageValues;
  home: NoMessageValues;
}>({
  title: { id: "shell.notFound.title", defaultMessage: "404 Page Not Found" },
  nothingAt: {
    id: "shell.notFound.nothingAt",
    defaultMessage: "Nothing lives at {path}.",
    description: "{path} is the address that was asked for, shown as code",
  },
  hint: {
    id: "shell.notFound.hint",
    defaultMessage: "Did you forget to add the page to the router?",
    description: "A developer-style hint (the spec asks for one)",
  },
  home: { id: "shell.notFound.home", defaultMessage: "Go to the home page" },
});

export function NotFound({ path }: { path: string }) {
  const intl = useIntl();
  const say = useWords();
  const code = (
    <code dir="ltr" className="rounded bg-govuk-grey-light px-1.5 py-0.5 font-mono text-base dark:bg-slate-800">
      {path}
    </code>
  );
  // Shown with no page messages when the root loader itself refused the address (a language
  // prefix the page is not offered in): the English then (useWords), as there is no parser for it.
  const translated = notFoundMessages.nothingAt.id in intl.messages;
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
          <h1 className="text-3xl font-bold text-govuk-black dark:text-slate-100">{say(notFoundMessages.title)}</h1>
        </div>
        <p className="mt-4 text-lg">
          {translated ? (
            <FormattedMessage {...notFoundMessages.nothingAt} values={{ path: code }} />
          ) : (
            <>Nothing lives at {code}.</>
          )}
        </p>
        <p className="mt-2 text-govuk-grey dark:text-slate-400">{say(notFoundMessages.hint)}</p>
        <p className="mt-8">
          <TextLink to="/">{say(notFoundMessages.home)}</TextLink>
        </p>
      </Card>
    </div>
  );
}
