import type { ReactNode } from "react";
import { defineMessages, FormattedMessage } from "react-intl";
import { BackLink } from "./text-link.tsx";

/**
 * The column every signed-in screen sits in, the same width as the signed-in header, so the
 * dashboard, the wallet, /credentials, /shares, /profile and the staff consoles line up.
 */
export const PAGE_COLUMN = "mx-auto w-full max-w-7xl px-4";

const messages = defineMessages({
  back: { id: "shell.signedInPage.back", defaultMessage: "Back to dashboard" },
});

/**
 * The frame of a signed-in screen: "‹ Back to dashboard" (not on the dashboard itself), the page
 * title with its lead, and what sits beside them on wide screens (an action, a summary).
 */
export function SignedInPage({
  title,
  lead,
  aside,
  back = true,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  aside?: ReactNode;
  /** False on the dashboard: it is where the link goes. An inner page names its own way back. */
  back?: boolean | { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <div className={`${PAGE_COLUMN} py-8`}>
      {back === true ? (
        <BackLink>
          <FormattedMessage {...messages.back} />
        </BackLink>
      ) : back ? (
        <BackLink to={back.to}>{back.label}</BackLink>
      ) : null}
      <div className={`flex flex-wrap items-end justify-between gap-x-6 gap-y-4 ${back ? "mt-6" : ""}`}>
        <div className="min-w-0">
          <h1 className="text-4xl font-bold">{title}</h1>
          {lead ? <p className="mt-2 text-lg text-govuk-grey dark:text-slate-400">{lead}</p> : null}
        </div>
        {aside}
      </div>
      {children}
    </div>
  );
}
