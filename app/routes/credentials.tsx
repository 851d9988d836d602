/**
 * /credentials (spec 000 §2 "Citizen screens", §3 "Citizen sample credential", §4, §7, §9): the
 * signed-in user's own credentials. The page is app/components/credentials/credentials-page.tsx,
 * its data server/credentials/credentials-page.ts.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CredentialsPage } from "#app/components/credentials/credentials-page.tsx";
import { requireUser } from "#server/accounts/authentication.ts";
import { credentialsPageData } from "#server/credentials/credentials-page.ts";

export const meta: MetaFunction = () => [
  { title: "My Credentials | UK Digital Identity" },
  {
    name: "description",
    content: "Your verifiable credentials: view their details, share them and download certificates.",
  },
];

/** Signed-in only (spec 000 §2): visitors are sent to /login. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const page = await credentialsPageData(context.db, user.id);
  return json(page, { headers: { "Cache-Control": "private, no-store" } });
}

export default function Credentials() {
  return <CredentialsPage {...useLoaderData<typeof loader>()} />;
}
