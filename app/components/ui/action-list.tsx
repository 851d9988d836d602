import type { ReactNode } from "react";

/** A list of things of one's own, each with what can be done to it (passkeys, signed-in sessions). */
export function ActionList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul
      className="mt-3 divide-y divide-govuk-border border-y border-govuk-border dark:divide-slate-700 dark:border-slate-700"
      aria-label={label}
    >
      {children}
    </ul>
  );
}

/**
 * One row of an ActionList: its name (`title`), a line of what it is (`kind`), a line of when
 * (`when`), and at its end the action on it (a button, or a form holding one), when there is one.
 */
export function ActionListRow({
  title,
  kind,
  when,
  action,
}: {
  title: ReactNode;
  kind: ReactNode;
  when: ReactNode;
  action?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="min-w-0 flex-1">
        <p className="break-words font-semibold">{title}</p>
        <p className="text-sm text-govuk-grey dark:text-slate-400">{kind}</p>
        <p className="text-sm">{when}</p>
      </div>
      {action}
    </li>
  );
}
