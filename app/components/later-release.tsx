/**
 * The signed-in areas whose screens arrive in a later release (spec 000 §2: the analytics
 * dashboard): each one's title, what it will do, and
 * an honest statement that it is not built yet, rather than sample content.
 * One table, one page: every path in app/routes/later-release/paths.js shows its area's page.
 */
import { Link } from "@remix-run/react";
import { LATER_RELEASE_PATHS } from "#app/routes/later-release/paths.js";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";

export interface LaterReleaseArea {
  title: string;
  purpose: string;
  features: string[];
}

/** Spec 000 §2 "Analytics dashboard (/analytics)". */
const ANALYTICS: LaterReleaseArea = {
  title: "Analytics Dashboard",
  purpose: "See how the service is used and how well it performs.",
  features: [
    "Follow active users, average response time, unresolved errors and total sessions",
    "Browse recent events and system logs, filtered by level",
    "Review errors by severity and mark them resolved",
    "Track response times and the most visited pages",
  ],
};

const AREAS: Record<(typeof LATER_RELEASE_PATHS)[keyof typeof LATER_RELEASE_PATHS], LaterReleaseArea> = {
  analytics: ANALYTICS,
};

/** The area a path shows (a trailing slash is the same page), or undefined. */
export function laterReleaseArea(pathname: string): LaterReleaseArea | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return Object.hasOwn(LATER_RELEASE_PATHS, path) ? AREAS[LATER_RELEASE_PATHS[path as keyof typeof LATER_RELEASE_PATHS]] : undefined;
}

export function LaterRelease({ title, purpose, features }: LaterReleaseArea) {
  return (
    <SignedInPage title={title} lead={purpose}>
      <Card className="mt-8 max-w-4xl border-l-8 border-l-govuk-blue p-6 dark:border-l-govuk-blue-light">
        <h2 className="text-xl font-bold">Coming in a later release</h2>
        <p className="mt-2">This part of the service is being built. When it is ready you will be able to:</p>
        <ul className="mt-3 list-disc space-y-1 pl-6">
          {features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </Card>
      <Link to="/" className={buttonClasses("secondary", "mt-8")}>
        Return to your dashboard
      </Link>
    </SignedInPage>
  );
}
