import type { ReactNode } from "react";
import type { IconName } from "#app/components/ui/icons.tsx";
import { AnyIcon, type LocalIconName } from "./icons.tsx";

/** A card with an icon, a heading and its text: a department's services or a compliance point. */
export function IconCard({
  icon,
  title,
  children,
}: {
  icon: IconName | LocalIconName;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-sm border border-govuk-border bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
      <span className="inline-flex rounded-sm bg-govuk-blue/10 p-2 text-govuk-blue dark:bg-govuk-blue-light/15 dark:text-govuk-blue-light">
        <AnyIcon name={icon} className="h-7 w-7" />
      </span>
      <h3 className="mt-3 text-xl font-bold text-govuk-black dark:text-slate-100">{title}</h3>
      <div className="mt-2 space-y-2 text-govuk-grey dark:text-slate-300">{children}</div>
    </div>
  );
}
