import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { dashboardMeta, RoleDashboard } from "#app/components/dashboard/role-dashboard.tsx";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { routeMeta, siteMessages } from "#app/components/meta.ts";
import { HomePage, homeMeta } from "#app/components/pitch/home-page.tsx";
import { useRootData } from "#app/root.tsx";
import { toPublicUser } from "#server/accounts/authentication.ts";
import { getActiveSession } from "#server/accounts/session.ts";
import { pageLocale } from "#server/credentials/page-locale.ts";
import { getDashboard } from "#server/dashboard/dashboard.ts";

/**
 * Spec 000 §2: / is the pitch home page for visitors and the role dashboard once signed in. The
 * user is the root loader's: on a page load both loaders share one session read
 * (server/accounts/session.ts, one read per GET request), and the page takes the name from the root's data.
 * The greeting says "Welcome" in the session that registering opened and "Welcome back" in any
 * session opened by signing in (spec 000 §2 "Greets the user by first name").
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await getActiveSession(request, context);
  if (!session) return json({ signedIn: false as const, audioBaseUrl: context.env.PODCAST_AUDIO_BASE_URL ?? null });
  const user = toPublicUser(session.user);
  // The citizen's rows in the page's language.
  const locale = pageLocale(request, context, params.lang, session.user);
  const dashboard = await getDashboard(context.db, user, new Date(), locale);
  const greeting = session.data.openedBy === "registration" ? ("Welcome" as const) : ("Welcome back" as const);
  return json({ signedIn: true as const, dashboard, greeting }, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data?.signedIn
    ? routeMeta(matches, { title: dashboardMeta.title, description: siteMessages.description })
    : homeMeta(metaIntl(matches));

export default function Index() {
  const data = useLoaderData<typeof loader>();
  const user = useRootData()?.user;
  if (!data.signedIn) return <HomePage audioBaseUrl={data.audioBaseUrl} />;
  return <RoleDashboard firstName={user?.firstName ?? null} greeting={data.greeting} initial={data.dashboard} />;
}
