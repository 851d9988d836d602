/** One of the two cards at the top of /ministers: an icon, a heading, its text and its button. */
export function ActionCard({
  icon,
  title,
  text,
  children,
}: {
  icon: JSX.Element;
  title: string;
  text: string;
  children: JSX.Element;
}) {
  return (
    <div className="flex flex-col rounded-sm border border-t-4 border-govuk-border border-t-govuk-blue bg-white p-6 dark:border-slate-700 dark:border-t-govuk-blue-light dark:bg-slate-900">
      <span className="inline-flex self-start rounded-sm bg-govuk-blue/10 p-2 text-govuk-blue dark:bg-govuk-blue-light/15 dark:text-govuk-blue-light">
        {icon}
      </span>
      <h3 className="mt-3 text-xl font-bold text-govuk-black dark:text-slate-100">{title}</h3>
      <p className="mt-2 flex-1 text-govuk-grey dark:text-slate-300">{text}</p>
      <div className="mt-6">{children}</div>
    </div>
  );
}

export function NewTabIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M18 13v6a2 2 0 01-2 2H5a2 2 0 01-2-2V8a2 2 0 012-2h6M15 3h6v6M10 14L21 3" />
    </svg>
  );
}
