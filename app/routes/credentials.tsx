/**
 * /credentials (spec 000 §2 "Citizen screens", §3 "Citizen sample credential", §4, §7, §9): the
 * signed-in user's own credentials. The page is app/components/credentials/credentials-page.tsx,
 * its data server/credentials/credentials-page.ts.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { defineMessages } from "react-intl";
import { CredentialsPage } from "#app/components/credentials/credentials-page.tsx";
import { routeMeta } from "#app/components/meta.ts";
import { requireSession } from "#server/accounts/authentication.ts";
import { credentialsPageData } from "#server/credentials/credentials-page.ts";
import { pageLocale } from "#server/credentials/page-locale.ts";

const messages = defineMessages({
  title: { id: "credentials.meta.title", defaultMessage: "My Credentials | UK Digital Identity" },
  description: {
    id: "credentials.meta.description",
    defaultMessage: "Your verifiable credentials: view their details, share them and download certificates.",
  },
});

export const meta: MetaFunction<typeof loader> = ({ matches }) => routeMeta(matches, messages);

/** Signed-in only (spec 000 §2): visitors are sent to /login. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireSession(request, context);
  const locale = pageLocale(request, context, undefined, session.user);
  const page = await credentialsPageData(context.db, session.user.id, new Date(), locale);
  return json(page, { headers: { "Cache-Control": "private, no-store" } });
}

export default function Credentials() {
  const page = useLoaderData<typeof loader>();
  return <CredentialsPage {...page} />;
}
