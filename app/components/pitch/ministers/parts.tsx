import { PitchIcon, type PitchIconName } from "#app/components/pitch/icons.tsx";

/** One of the two cards at the top of /ministers: an icon, a heading, its text and its button. */
export function ActionCard({
  icon,
  title,
  text,
  children,
}: {
  icon: PitchIconName;
  title: string;
  text: string;
  children: JSX.Element;
}) {
  return (
    <div className="flex flex-col rounded-sm border border-t-4 border-govuk-border border-t-govuk-blue bg-white p-6 dark:border-slate-700 dark:border-t-govuk-blue-light dark:bg-slate-900">
      <span className="inline-flex self-start rounded-sm bg-govuk-blue/10 p-2 text-govuk-blue dark:bg-govuk-blue-light/15 dark:text-govuk-blue-light">
        <PitchIcon name={icon} className="h-7 w-7" />
      </span>
      <h3 className="mt-3 text-xl font-bold text-govuk-black dark:text-slate-100">{title}</h3>
      <p className="mt-2 flex-1 text-govuk-grey dark:text-slate-300">{text}</p>
      <div className="mt-6">{children}</div>
    </div>
  );
}
