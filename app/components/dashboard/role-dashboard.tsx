/**
 * The role-based home dashboard (spec 000 §2 "Home dashboard"): greeting, Live indicator with
 * current and last-updated time, three stat cards, four tool cards, a recent list and a status
 * panel with one button. Labels, links and section titles are the spec's table; the figures come
 * from server/dashboard/dashboard.ts and refresh every 2 s (spec 000 §9).
 */

import { Link, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { defineMessages, FormattedMessage, type MessageTag, useIntl } from "react-intl";
import { ApiError, throwIfResNotOk } from "#app/client/api-client.ts";
import { useFormats } from "#app/components/i18n/language.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Card, LinkCard, StatTile } from "#app/components/ui/card.tsx";
import { ProgressBar } from "#app/components/ui/progress-bar.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TONE_CLASSES } from "#app/components/ui/tone.ts";
import { BACKGROUND_POLL_HEADER, DASHBOARD_STATS_PATH } from "#core/dashboard/background-poll.ts";
import { UK_TIME_ZONE } from "#core/format/uk-time.ts";
import type { ActivityItem, Dashboard, StatusRow } from "#server/dashboard/dashboard.ts";
import { roleView, type Say } from "./role-view.ts";

const DASHBOARD_REFRESH_MS = 2000;

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});
/**
 * Polls the stats resource every 2 s while the tab is visible; chained timeouts so a slow answer
 * never stacks requests. The polls are background requests (X-Background-Poll): an unattended
 * dashboard does not extend the session, so it times out like any idle tab. A 401 means the
 * session ended: re-read the page's data (the root loader then shows the signed-out view).
 */
function useLiveDashboard(initial: Dashboard) {
  const [dashboard, setDashboard] = useState(initial);
  const [now, setNow] = useState(() => new Date(initial.lastUpdated));
  const [live, setLive] = useState(true);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => setDashboard(initial), [initial]);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      setNow(new Date());
      if (!document.hidden) {
        try {
          // Marked as a background poll: it must not keep the session alive nor be measured.
          const response = await fetch(DASHBOARD_STATS_PATH, {
            credentials: "include",
            headers: { Accept: "application/json", [BACKGROUND_POLL_HEADER]: "1" },
          });
          await throwIfResNotOk(response);
          const next = (await response.json()) as Dashboard;
          if (stopped) return;
          setDashboard(next);
          setLive(true);
        } catch (error) {
          if (stopped) return;
          setLive(false);
          if (error instanceof ApiError && error.status === 401) {
            revalidate.current();
            return;
          }
        }
      }
      if (!stopped) timer = setTimeout(tick, DASHBOARD_REFRESH_MS);
    };
    timer = setTimeout(tick, DASHBOARD_REFRESH_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  return { dashboard, now, live };
}

/** The signed-in home page's document title (`/` shows the dashboard to a signed-in person). */
export const dashboardMeta = defineMessages({
  title: { id: "dashboard.page.metaTitle", defaultMessage: "Dashboard", description: "The document title" },
});

const messages = {
  ...defineMessages({
    user: {
      id: "dashboard.page.user",
      defaultMessage: "User",
      description: "Stands for a person's first name when they have none.",
    },
    keyFigures: { id: "dashboard.page.keyFigures", defaultMessage: "Key figures" },
    live: { id: "dashboard.page.live", defaultMessage: "Live", description: "The figures are updating live." },
    reconnecting: { id: "dashboard.page.reconnecting", defaultMessage: "Reconnecting" },
    noData: { id: "dashboard.page.noData", defaultMessage: "No data available" },
    profileComplete: { id: "dashboard.page.profileComplete", defaultMessage: "Profile complete" },
    profileCompletion: { id: "dashboard.page.profileCompletion", defaultMessage: "Profile completion" },
    complete: { id: "dashboard.page.complete", defaultMessage: "Complete", description: "Status: done." },
    pending: { id: "dashboard.page.pending", defaultMessage: "Pending", description: "Status: not done yet." },
  }),
  ...defineMessages<{
    welcome: { name: string };
    welcomeBack: { name: string };
    currentTime: { time: string; clock: MessageTag };
    lastUpdated: { time: string; clock: MessageTag };
    percent: { value: number };
  }>({
    welcome: { id: "dashboard.page.welcome", defaultMessage: "Welcome, {name}" },
    welcomeBack: { id: "dashboard.page.welcomeBack", defaultMessage: "Welcome back, {name}" },
    currentTime: { id: "dashboard.page.currentTime", defaultMessage: "Current time: <clock>{time}</clock>" },
    lastUpdated: { id: "dashboard.page.lastUpdated", defaultMessage: "Last updated: <clock>{time}</clock>" },
    percent: { id: "dashboard.page.percent", defaultMessage: "{value}%" },
  }),
};

/** The greeting's first word: "Welcome" on the first visit after registering, "Welcome back" after. */
export type Greeting = "Welcome" | "Welcome back";

export function RoleDashboard({
  firstName,
  greeting,
  initial,
}: {
  firstName: string | null;
  greeting: Greeting;
  initial: Dashboard;
}) {
  const { dashboard, now, live } = useLiveDashboard(initial);
  const intl = useIntl();
  const say: Say = (message, values) => intl.formatMessage<Record<string, string | number>>(message, values);
  const view = roleView(dashboard, say);
  const name = firstName || intl.formatMessage(messages.user);
  return (
    <SignedInPage
      back={false}
      title={intl.formatMessage(greeting === "Welcome" ? messages.welcome : messages.welcomeBack, { name })}
      lead={view.subtitle}
      aside={<LiveClock live={live} now={now} lastUpdated={dashboard.lastUpdated} />}
    >
      <section aria-label={intl.formatMessage(messages.keyFigures)} className="mt-8 grid gap-4 md:grid-cols-3">
        {view.cards.map((card) => (
          <StatTile
            key={card.title}
            label={card.title}
            value={card.value}
            detail={card.description}
            icon={card.icon}
            to={card.to}
          />
        ))}
      </section>

      <section aria-labelledby="tools-heading" className="mt-10">
        <h2 id="tools-heading" className="text-2xl font-bold">
          {view.toolsTitle}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {view.tools.map((tool) => (
            <li key={tool.title}>
              <LinkCard to={tool.to} icon={tool.icon} title={tool.title} description={tool.description} />
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-10 grid gap-6 lg:grid-cols-3">
        <Card as="section" aria-labelledby="activity-heading" className="p-6 lg:col-span-2">
          <h2 id="activity-heading" className="text-xl font-bold">
            {view.activityTitle}
          </h2>
          <ActivityList items={dashboard.activity} />
        </Card>
        <Card as="section" aria-labelledby="status-heading" className="flex flex-col p-6">
          <h2 id="status-heading" className="text-xl font-bold">
            {view.statusTitle}
          </h2>
          {dashboard.role === "citizen" ? (
            <ProfileStrength percent={dashboard.stats.profileStatus} checks={dashboard.profile} />
          ) : (
            <StatusList rows={dashboard.status} />
          )}
          <Link to={view.button.to} className={buttonClasses("primary", "mt-6 w-full")}>
            {view.button.label}
          </Link>
        </Card>
      </div>
    </SignedInPage>
  );
}

function LiveClock({ live, now, lastUpdated }: { live: boolean; now: Date; lastUpdated: string }) {
  const intl = useIntl();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      <span
        className={`inline-flex items-center gap-2 rounded-full px-3 py-1 font-semibold ${TONE_CLASSES[live ? "ok" : "warn"].badge}`}
      >
        <span
          className={`h-2 w-2 rounded-full ${live ? "motion-safe:animate-pulse " : ""}${TONE_CLASSES[live ? "ok" : "warn"].dot}`}
          aria-hidden="true"
        />
        {intl.formatMessage(live ? messages.live : messages.reconnecting)}
      </span>
      <span className="text-govuk-grey dark:text-slate-400">
        <FormattedMessage
          {...messages.currentTime}
          values={{ time: clock.format(now), clock: (chunks) => <time dateTime={now.toISOString()}>{chunks}</time> }}
        />
      </span>
      <span className="text-govuk-grey dark:text-slate-400">
        <FormattedMessage
          {...messages.lastUpdated}
          values={{
            time: clock.format(new Date(lastUpdated)),
            clock: (chunks) => <time dateTime={lastUpdated}>{chunks}</time>,
          }}
        />
      </span>
    </div>
  );
}

function ActivityList({ items }: { items: ActivityItem[] }) {
  const intl = useIntl();
  const f = useFormats();
  if (items.length === 0)
    return <p className="mt-4 text-govuk-grey dark:text-slate-400">{intl.formatMessage(messages.noData)}</p>;
  return (
    <ul className="mt-4 divide-y divide-govuk-border dark:divide-slate-700" data-testid="dashboard-activity">
      {items.map((item) => (
        <li key={item.id} className="flex items-start gap-3 py-3">
          <span
            className={`mt-2 h-2.5 w-2.5 shrink-0 rounded-full ${TONE_CLASSES[item.tone].dot}`}
            aria-hidden="true"
          />
          <div className="min-w-0 flex-1">
            <p className="break-words font-semibold">{item.title}</p>
            <p className="text-sm text-govuk-grey dark:text-slate-400">{item.detail}</p>
          </div>
          <time dateTime={item.at} className="shrink-0 text-sm text-govuk-grey dark:text-slate-400">
            {f.dateTime(item.at)}
          </time>
        </li>
      ))}
    </ul>
  );
}

function StatusList({ rows }: { rows: StatusRow[] }) {
  const intl = useIntl();
  if (rows.length === 0)
    return <p className="mt-4 text-govuk-grey dark:text-slate-400">{intl.formatMessage(messages.noData)}</p>;
  return (
    <dl className="mt-4 grid gap-3">
      {rows.map((row) => (
        <div
          key={row.label}
          className="flex items-center justify-between gap-4 border-b border-govuk-border pb-2 last:border-0 dark:border-slate-700"
        >
          <dt className="text-govuk-grey dark:text-slate-400">{row.label}</dt>
          <dd className={`font-bold tabular-nums ${TONE_CLASSES[row.tone].text}`}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProfileStrength({ percent, checks }: { percent: number; checks: { label: string; complete: boolean }[] }) {
  const intl = useIntl();
  return (
    <div className="mt-4">
      <div className="flex items-baseline justify-between">
        <span className="text-govuk-grey dark:text-slate-400">{intl.formatMessage(messages.profileComplete)}</span>
        <span className="text-2xl font-bold tabular-nums">
          {intl.formatMessage(messages.percent, { value: percent })}
        </span>
      </div>
      <ProgressBar value={percent} label={intl.formatMessage(messages.profileCompletion)} className="mt-2 h-3" />
      <ul className="mt-4 grid gap-2">
        {checks.map((check) => (
          <li key={check.label} className="flex items-center justify-between gap-3">
            <span>{check.label}</span>
            <StatusBadge tone={check.complete ? "ok" : "warn"}>
              {intl.formatMessage(check.complete ? messages.complete : messages.pending)}
            </StatusBadge>
          </li>
        ))}
      </ul>
    </div>
  );
}
