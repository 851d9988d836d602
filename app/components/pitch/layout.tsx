/**
 * Building blocks of the public pitch pages (spec 001): one look for heroes, sections, cards and
 * figures, so each page module holds its content and not its styling. Figures are the spec's own
 * static marketing figures (spec 001 §9), never computed.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useLocalePath } from "#app/components/i18n/language.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { PitchIcon, type PitchIconName } from "./icons.tsx";

export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="bg-govuk-blue text-white dark:bg-govuk-blue-dark">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        {eyebrow ? <p className="mb-3 text-sm font-bold uppercase tracking-wider text-white">{eyebrow}</p> : null}
        <h1 className="max-w-4xl text-4xl font-bold leading-tight sm:text-5xl">{title}</h1>
        {lead ? <div className="mt-5 max-w-3xl text-lg text-white/95 sm:text-xl">{lead}</div> : null}
        {children ? <div className="mt-8 flex flex-wrap gap-4">{children}</div> : null}
      </div>
    </section>
  );
}

export function Section({
  title,
  lead,
  id,
  tone = "plain",
  children,
}: {
  title: string;
  lead?: ReactNode;
  id?: string;
  tone?: "plain" | "shaded";
  children: ReactNode;
}) {
  const headingId = id ?? slug(title);
  return (
    <section
      aria-labelledby={headingId}
      className={tone === "shaded" ? "bg-govuk-grey-light dark:bg-slate-900/60" : "bg-white dark:bg-slate-950"}
    >
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <h2 id={headingId} className="text-3xl font-bold text-govuk-black dark:text-slate-100">
          {title}
        </h2>
        {lead ? <div className="mt-3 max-w-3xl text-lg text-govuk-grey dark:text-slate-300">{lead}</div> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

export function CardGrid({ columns = 3, children }: { columns?: 2 | 3 | 4; children: ReactNode }) {
  const cols = { 2: "md:grid-cols-2", 3: "md:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" }[columns];
  return <div className={`grid gap-6 ${cols}`}>{children}</div>;
}

export function Card({
  icon,
  title,
  children,
  accent,
}: {
  icon?: PitchIconName;
  title: string;
  children?: ReactNode;
  accent?: boolean;
}) {
  return (
    <div
      className={`rounded-sm border bg-white p-6 dark:bg-slate-900 ${
        accent
          ? "border-t-4 border-govuk-border border-t-govuk-blue dark:border-slate-700 dark:border-t-govuk-blue-light"
          : "border-govuk-border dark:border-slate-700"
      }`}
    >
      {icon ? (
        <span className="inline-flex rounded-sm bg-govuk-blue/10 p-2 text-govuk-blue dark:bg-govuk-blue-light/15 dark:text-govuk-blue-light">
          <PitchIcon name={icon} className="h-7 w-7" />
        </span>
      ) : null}
      <h3 className={`${icon ? "mt-3 " : ""}text-xl font-bold text-govuk-black dark:text-slate-100`}>{title}</h3>
      {children ? <div className="mt-2 space-y-2 text-govuk-grey dark:text-slate-300">{children}</div> : null}
    </div>
  );
}

/** A headline figure: the value large, what it measures beneath. */
export function Stat({ value, label }: { value: string; label: string }) {
  return (
    <div className="rounded-sm border-s-4 border-govuk-blue bg-white p-4 dark:border-govuk-blue-light dark:bg-slate-900">
      <p className="text-3xl font-bold text-govuk-black dark:text-slate-100">{value}</p>
      <p className="mt-1 text-govuk-grey dark:text-slate-300">{label}</p>
    </div>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">{children}</div>;
}

/** A claim in a CheckList: its text, or rich content with an id that names it. */
export type CheckItem = string | { id: string; content: ReactNode };

/** A bulleted list of short claims with check marks. */
export function CheckList({ items }: { items: readonly CheckItem[] }) {
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={typeof item === "string" ? item : item.id} className="flex gap-2">
          <span className="mt-0.5 text-govuk-green dark:text-green-400">
            <Icon name="check" className="h-5 w-5" />
          </span>
          <span>{typeof item === "string" ? item : item.content}</span>
        </li>
      ))}
    </ul>
  );
}

/** A link styled as a button: "primary" (green) for the main next step, "secondary" otherwise. */
export function ActionLink({
  to,
  children,
  variant = "primary",
}: {
  to: string;
  children: ReactNode;
  variant?: "primary" | "secondary" | "inverse";
}) {
  const className =
    variant === "inverse"
      ? "inline-flex items-center gap-2 rounded-sm border-2 border-white px-5 py-2.5 text-lg font-semibold text-white hover:bg-white hover:text-govuk-blue"
      : buttonClasses(variant, "px-5 py-2.5 text-lg");
  // A pitch page's address in the page's language ("/solution" on a Welsh page is "/cy/solution").
  const inLanguage = useLocalePath();
  return (
    <Link to={inLanguage(to)} className={className}>
      {children}
    </Link>
  );
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
