import { Link } from "@remix-run/react";
import type { HTMLAttributes } from "react";
import { Icon, type IconName } from "./icons.tsx";

/** A white (dark: slate) panel with the GOV.UK border: every card on the signed-in screens. */
const cardClasses = "rounded-sm border border-govuk-border bg-white dark:border-slate-700 dark:bg-slate-900";

type CardElement = "div" | "section" | "article" | "li";

/** A card as the element its content calls for (a section with a heading, an item of a list, …). */
export function Card({
  as: Element = "div",
  className = "",
  ...props
}: { as?: CardElement } & HTMLAttributes<HTMLElement>) {
  return <Element className={`${cardClasses} ${className}`.trim()} {...props} />;
}

/** The icon in a blue tile that heads stat cards, tool cards and share cards. */
export function IconTile({ icon }: { icon: IconName }) {
  return (
    <span className="shrink-0 rounded-sm bg-govuk-blue/10 p-2 text-govuk-blue dark:bg-govuk-blue-light/15 dark:text-govuk-blue-light">
      <Icon name={icon} />
    </span>
  );
}

/** A whole card that is one link: an icon, a title in link colours and a line saying where it goes. */
export function LinkCard({
  to,
  icon,
  title,
  description,
  preventScrollReset,
}: {
  to: string;
  icon: IconName;
  title: string;
  description: string;
  preventScrollReset?: boolean;
}) {
  return (
    <Link
      to={to}
      preventScrollReset={preventScrollReset}
      className={`flex h-full items-start gap-4 p-5 hover:bg-slate-50 dark:hover:bg-slate-800 ${cardClasses}`}
    >
      <IconTile icon={icon} />
      <span>
        <span className="block font-bold text-govuk-blue underline-offset-4 hover:underline dark:text-govuk-blue-light">
          {title}
        </span>
        <span className="mt-1 block text-sm text-govuk-grey dark:text-slate-400">{description}</span>
      </span>
    </Link>
  );
}

/**
 * A headline figure: its label, an icon, the number and what it counts. With `to`, the whole tile
 * links to where the figure comes from (the dashboard's stat cards).
 */
export function StatTile({
  label,
  value,
  detail,
  icon,
  to,
  as: Element = "div",
  labelAs: Label = "h2",
  testId,
}: {
  label: string;
  value: string | number;
  detail: string;
  icon: IconName;
  to?: string;
  as?: "div" | "li";
  labelAs?: "h2" | "h3";
  testId?: string;
}) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <Label className={`font-semibold text-govuk-grey dark:text-slate-300 ${to ? "group-hover:underline" : ""}`}>
          {label}
        </Label>
        <span className="text-govuk-blue dark:text-govuk-blue-light">
          <Icon name={icon} />
        </span>
      </div>
      <p className="mt-3 text-4xl font-bold tabular-nums">{value}</p>
      <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">{detail}</p>
    </>
  );
  const tile = `border-t-4 border-t-govuk-blue p-5 dark:border-t-govuk-blue-light ${cardClasses}`;
  if (to) {
    return (
      <Element data-testid={testId}>
        <Link to={to} className={`group block h-full shadow-sm hover:border-t-govuk-blue-dark hover:shadow-md ${tile}`}>
          {body}
        </Link>
      </Element>
    );
  }
  return (
    <Element className={tile} data-testid={testId}>
      {body}
    </Element>
  );
}
