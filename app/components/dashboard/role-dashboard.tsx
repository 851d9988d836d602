/**
 * The role-based home dashboard (spec 000 §2 "Home dashboard"): greeting, Live indicator with
 * current and last-updated time, three stat cards, four tool cards, a recent list and a status
 * panel with one button. Labels, links and section titles are the spec's table; the figures come
 * from server/dashboard/dashboard.ts and refresh every 2 s (spec 000 §9).
 */
import { Link, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Icon } from "#app/components/ui/icons.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import type { ActivityItem, Dashboard, StatusRow, Tone } from "#server/dashboard/dashboard.ts";
import { ApiError, throwIfResNotOk } from "#app/client/api-client.ts";
import { formatDateTime } from "#core/format/format.ts";
import { BACKGROUND_POLL_HEADER, DASHBOARD_STATS_PATH } from "#core/dashboard/background-poll.ts";
import { roleView } from "./role-view.ts";

export const DASHBOARD_REFRESH_MS = 2000;

const clock = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit", second: "2-digit" });
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

export function RoleDashboard({ firstName, initial }: { firstName: string | null; initial: Dashboard }) {
  const { dashboard, now, live } = useLiveDashboard(initial);
  const view = roleView(dashboard);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Welcome back, {firstName || "User"}</h1>
          <p className="mt-1 text-lg text-govuk-grey dark:text-slate-400">{view.subtitle}</p>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span
            className={
              "inline-flex items-center gap-2 rounded-full px-3 py-1 font-semibold " +
              (live
                ? "bg-green-100 text-govuk-green dark:bg-green-950 dark:text-green-300"
                : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200")
            }
          >
            <span
              className={"h-2 w-2 rounded-full " + (live ? "animate-pulse bg-govuk-green dark:bg-green-400" : "bg-amber-600")}
              aria-hidden="true"
            />
            {live ? "Live" : "Reconnecting"}
          </span>
          <span className="text-govuk-grey dark:text-slate-400">
            Current time: <time dateTime={now.toISOString()}>{clock.format(now)}</time>
          </span>
          <span className="text-govuk-grey dark:text-slate-400">
            Last updated: <time dateTime={dashboard.lastUpdated}>{clock.format(new Date(dashboard.lastUpdated))}</time>
          </span>
        </div>
      </div>

      <section aria-label="Key figures" className="mt-8 grid gap-4 md:grid-cols-3">
        {view.cards.map((card) => (
          <Link
            key={card.title}
            to={card.to}
            className="group rounded-sm border border-govuk-border border-t-4 border-t-govuk-blue bg-white p-5 shadow-sm hover:border-t-govuk-blue-dark hover:shadow-md dark:border-slate-700 dark:border-t-govuk-blue-light dark:bg-slate-900"
          >
            <div className="flex items-start justify-between gap-3">
              <h2 className="font-semibold text-govuk-grey group-hover:underline dark:text-slate-300">{card.title}</h2>
              <span className="text-govuk-blue dark:text-govuk-blue-light">
                <Icon name={card.icon} />
              </span>
            </div>
            <p className="mt-3 text-4xl font-bold tabular-nums">{card.value}</p>
            <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">{card.description}</p>
          </Link>
        ))}
      </section>

      <section aria-labelledby="tools-heading" className="mt-10">
        <h2 id="tools-heading" className="text-2xl font-bold">
          {view.toolsTitle}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {view.tools.map((tool) => (
            <li key={tool.title}>
              <Link
                to={tool.to}
                className="flex h-full items-start gap-4 rounded-sm border border-govuk-border bg-white p-5 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
              >
                <span className="rounded-sm bg-govuk-blue/10 p-2 text-govuk-blue dark:bg-govuk-blue-light/15 dark:text-govuk-blue-light">
                  <Icon name={tool.icon} />
                </span>
                <span>
                  <span className="block font-bold text-govuk-blue underline-offset-4 hover:underline dark:text-govuk-blue-light">{tool.title}</span>
                  <span className="mt-1 block text-sm text-govuk-grey dark:text-slate-400">{tool.description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-10 grid gap-6 lg:grid-cols-3">
        <section
          aria-labelledby="activity-heading"
          className="rounded-sm border border-govuk-border bg-white p-6 lg:col-span-2 dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 id="activity-heading" className="text-xl font-bold">
            {view.activityTitle}
          </h2>
          <ActivityList items={dashboard.activity} />
        </section>
        <section
          aria-labelledby="status-heading"
          className="flex flex-col rounded-sm border border-govuk-border bg-white p-6 dark:border-slate-700 dark:bg-slate-900"
        >
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
        </section>
      </div>
    </div>
  );
}

const toneDot: Record<Tone, string> = {
  ok: "bg-govuk-green",
  warn: "bg-amber-500",
  bad: "bg-govuk-red",
  neutral: "bg-govuk-blue",
};

function ActivityList({ items }: { items: ActivityItem[] }) {
  if (items.length === 0) return <p className="mt-4 text-govuk-grey dark:text-slate-400">No data available</p>;
  return (
    <ul className="mt-4 divide-y divide-govuk-border dark:divide-slate-700">
      {items.map((item) => (
        <li key={item.id} className="flex items-start gap-3 py-3">
          <span className={"mt-2 h-2.5 w-2.5 shrink-0 rounded-full " + toneDot[item.tone]} aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="break-words font-semibold">{item.title}</p>
            <p className="text-sm text-govuk-grey dark:text-slate-400">{item.detail}</p>
          </div>
          <time dateTime={item.at} className="shrink-0 text-sm text-govuk-grey dark:text-slate-400">
            {formatDateTime(item.at)}
          </time>
        </li>
      ))}
    </ul>
  );
}

const toneText: Record<Tone, string> = {
  ok: "text-govuk-green dark:text-green-400",
  warn: "text-amber-700 dark:text-amber-300",
  bad: "text-govuk-red dark:text-red-400",
  neutral: "",
};

function StatusList({ rows }: { rows: StatusRow[] }) {
  if (rows.length === 0) return <p className="mt-4 text-govuk-grey dark:text-slate-400">No data available</p>;
  return (
    <dl className="mt-4 grid gap-3">
      {rows.map((row) => (
        <div
          key={row.label}
          className="flex items-center justify-between gap-4 border-b border-govuk-border pb-2 last:border-0 dark:border-slate-700"
        >
          <dt className="text-govuk-grey dark:text-slate-400">{row.label}</dt>
          <dd className={"font-bold tabular-nums " + toneText[row.tone]}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProfileStrength({ percent, checks }: { percent: number; checks: { label: string; complete: boolean }[] }) {
  return (
    <div className="mt-4">
      <div className="flex items-baseline justify-between">
        <span className="text-govuk-grey dark:text-slate-400">Profile complete</span>
        <span className="text-2xl font-bold tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Profile completion"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-3 overflow-hidden rounded-full bg-govuk-grey-light dark:bg-slate-700"
      >
        <div className="h-full bg-govuk-green" style={{ width: `${percent}%` }} />
      </div>
      <ul className="mt-4 grid gap-2">
        {checks.map((check) => (
          <li key={check.label} className="flex items-center justify-between gap-3">
            <span>{check.label}</span>
            <span
              className={
                "rounded-sm px-2 py-0.5 text-xs font-bold uppercase tracking-wide " +
                (check.complete
                  ? "bg-green-100 text-govuk-green dark:bg-green-950 dark:text-green-300"
                  : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200")
              }
            >
              {check.complete ? "Complete" : "Pending"}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
