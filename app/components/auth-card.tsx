import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The frame shared by the sign-in and registration pages: service name, back link, one card. */
export function AuthCard({ title, lead, children, footer }: { title: string; lead: string; children: ReactNode; footer: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <Link
        to="/"
        className="inline-flex items-center gap-1 text-govuk-blue underline underline-offset-4 hover:text-govuk-blue-dark dark:text-govuk-blue-light"
      >
        <span aria-hidden="true">‹</span> Back to home
      </Link>
      <div className="mt-6 rounded-sm border border-govuk-border bg-white p-6 shadow-sm sm:p-8 dark:border-slate-700 dark:bg-slate-900">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-2 text-govuk-grey dark:text-slate-400">{lead}</p>
        <div className="mt-6">{children}</div>
      </div>
      <div className="mt-6 text-center">{footer}</div>
    </div>
  );
}

export const linkClasses = "text-govuk-blue underline underline-offset-4 hover:text-govuk-blue-dark dark:text-govuk-blue-light";

/** Empty inputs count as absent, so a blank required field reads "Required" (zod's default). */
export function formValues<K extends string>(values: Record<K, string>): Record<K, string | undefined> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === "" ? undefined : v])) as Record<K, string | undefined>;
}
