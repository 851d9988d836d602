/** A section of /profile: its title, status and progress, its items or its open form (spec 000 §3 "Profile section"). */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { defineMessages, FormattedMessage, type MessageTag, useIntl } from "react-intl";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { valueDirection } from "#app/components/ui/direction.ts";
import { Icon } from "#app/components/ui/icons.tsx";
import { ProgressBar } from "#app/components/ui/progress-bar.tsx";
import { screenReaderOnly } from "#app/components/ui/screen-reader-only.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TONE_CLASSES } from "#app/components/ui/tone.ts";
import type { EditableSection } from "#core/profile/items.ts";
import type { ProfileItem, ProfileSection } from "#server/profile/profile.ts";
import { editPath } from "./edit-path.ts";

const smallButton = "px-3 py-1 text-sm";

const messages = {
  ...defineMessages({
    complete: { id: "profile.sectionCard.complete", defaultMessage: "Complete", description: "Status: done." },
    incomplete: {
      id: "profile.sectionCard.incomplete",
      defaultMessage: "Incomplete",
      description: "Status: not done.",
    },
    openWallet: { id: "profile.sectionCard.openWallet", defaultMessage: "Open wallet" },
  }),
  ...defineMessages<{
    progress: { section: string };
    percent: { value: number };
    edit: { section: string; hidden: MessageTag };
    completeItem: { item: string; hidden: MessageTag };
  }>({
    progress: { id: "profile.sectionCard.progress", defaultMessage: "{section} progress" },
    percent: {
      id: "profile.sectionCard.percent",
      defaultMessage: "{value}%",
      description: "A percentage, e.g. '50%'.",
    },
    edit: {
      id: "profile.sectionCard.edit",
      defaultMessage: "Edit<hidden> {section}</hidden>",
      description: "Button; the hidden part is read by screen readers only: 'Edit Basic Information'.",
    },
    completeItem: {
      id: "profile.sectionCard.completeItem",
      defaultMessage: "Complete<hidden> {item}</hidden>",
      description:
        "Button that fills in a missing detail (an action, not a status); the hidden part is for screen readers: 'Complete Phone number'.",
    },
  }),
};

/** Words only a screen reader reads. */

/** A section's card: its items, or its open form; `after` follows either (Security Settings' passkeys). */
export function SectionCard({
  section,
  open,
  children,
  after,
}: {
  section: ProfileSection;
  open: boolean;
  children: ReactNode;
  after?: ReactNode;
}) {
  const intl = useIntl();
  const complete = section.status === "complete";
  const headingId = `section-${section.id}-heading`;
  return (
    <Card as="section" id={`section-${section.id}`} aria-labelledby={headingId} className="scroll-mt-4 p-6">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id={headingId} className="text-xl font-bold">
            {section.title}
          </h2>
          <StatusBadge tone={complete ? "ok" : "warn"}>
            {intl.formatMessage(complete ? messages.complete : messages.incomplete)}
          </StatusBadge>
        </div>
        <div className="shrink-0">
          <SectionAction section={section} open={open} />
        </div>
      </div>
      <div className="mt-4 flex items-center gap-3">
        <ProgressBar
          value={section.progress}
          label={intl.formatMessage(messages.progress, { section: section.title })}
          className="h-2 flex-1"
        />
        <span className="w-12 text-end text-sm font-semibold tabular-nums text-govuk-grey dark:text-slate-400">
          {intl.formatMessage(messages.percent, { value: section.progress })}
        </span>
      </div>
      {open ? children : <ItemList items={section.items} />}
      {after}
    </Card>
  );
}

function SectionAction({ section, open }: { section: ProfileSection; open: boolean }) {
  if (section.editable) {
    if (open) return null;
    return (
      <Link
        to={editPath(section.id as EditableSection)}
        preventScrollReset
        className={buttonClasses("outline", smallButton)}
      >
        <FormattedMessage {...messages.edit} values={{ section: section.title, hidden: screenReaderOnly }} />
      </Link>
    );
  }
  if (section.id === "identity") {
    return (
      <Link to="/wallet" className={buttonClasses("outline", smallButton)}>
        <FormattedMessage {...messages.openWallet} />
      </Link>
    );
  }
  // Security Settings: its passkeys are managed inside the section (PasskeyManager).
  return null;
}

function ItemList({ items }: { items: ProfileItem[] }) {
  const intl = useIntl();
  return (
    <ul className="mt-4 divide-y divide-govuk-border dark:divide-slate-700">
      {items.map((item) => (
        <li key={item.field} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{item.field}</p>
            <p
              className={`break-words ${item.status === "complete" ? "" : "text-govuk-grey dark:text-slate-400"}`}
              dir={valueDirection(item.value)}
            >
              {item.value}
            </p>
          </div>
          {item.status === "complete" ? (
            <span className={`inline-flex items-center gap-1 text-sm font-semibold ${TONE_CLASSES.ok.text}`}>
              <Icon name="check" className="h-5 w-5" />
              {intl.formatMessage(messages.complete)}
            </span>
          ) : (
            <ItemActionButton item={item} />
          )}
        </li>
      ))}
    </ul>
  );
}

function ItemActionButton({ item }: { item: ProfileItem }) {
  const intl = useIntl();
  const action = item.action;
  if (!action)
    return (
      <span className={`text-sm font-semibold ${TONE_CLASSES.warn.text}`}>
        {intl.formatMessage(messages.incomplete)}
      </span>
    );
  const label = <FormattedMessage {...messages.completeItem} values={{ item: item.field, hidden: screenReaderOnly }} />;
  // A place on this page (the passkeys list): a plain fragment link, so focus follows it.
  if (action.kind === "link" && action.to.startsWith("#")) {
    return (
      <a href={action.to} className={buttonClasses("primary", smallButton)}>
        {label}
      </a>
    );
  }
  const to = action.kind === "edit" ? editPath(action.section, action.item) : action.to;
  return (
    <Link to={to} preventScrollReset={action.kind === "edit"} className={buttonClasses("primary", smallButton)}>
      {label}
    </Link>
  );
}
