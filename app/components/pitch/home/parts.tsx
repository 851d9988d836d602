import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { defineMessages, useIntl } from "react-intl";
import { useLocalePath } from "#app/components/i18n/language.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icons.tsx";

const messages = defineMessages({
  atAGlance: { id: "pitch.home.summary.atAGlance", defaultMessage: "At a glance" },
});

/** The executive summary's "At a glance" list; each point's id is its key. */
export function SummaryPoints({ items }: { items: { id: string; content: ReactNode }[] }) {
  const intl = useIntl();
  return (
    <div className="rounded-sm border-s-4 border-govuk-green bg-govuk-grey-light p-6 dark:border-green-500 dark:bg-slate-900">
      <h3 className="text-xl font-bold text-govuk-black dark:text-slate-100">
        {intl.formatMessage(messages.atAGlance)}
      </h3>
      <ul className="mt-4 space-y-3">
        {items.map((item) => (
          <li key={item.id} className="flex gap-2 text-govuk-black dark:text-slate-200">
            <span className="mt-0.5 text-govuk-green dark:text-green-400">
              <Icon name="check" className="h-5 w-5" />
            </span>
            <span>{item.content}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A secondary button that stays visible on both the white and the shaded sections. */
export function OutlineLink({ to, children }: { to: string; children: ReactNode }) {
  // A pitch page's address in the page's language ("/podcasts" on a Welsh page is "/cy/podcasts").
  const inLanguage = useLocalePath();
  return (
    <Link to={inLanguage(to)} className={buttonClasses("outline", "px-5 py-2.5 text-lg")}>
      {children}
    </Link>
  );
}
