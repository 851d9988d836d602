import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LaterRelease, laterReleaseArea } from "#app/components/later-release.tsx";
import { requireUser } from "#server/accounts/authentication.ts";

/**
 * One route module for every area that arrives in a later release (remix.config.js maps each of
 * their paths here, so no page is written twice): the area is the one its path names.
 * Signed-in only (spec 000 §2): visitors are sent to /login.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const area = laterReleaseArea(new URL(request.url).pathname);
  if (!area) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return json(area);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Coming soon"} | UK Digital Identity` }];

export default function LaterReleasePage() {
  return <LaterRelease {...useLoaderData<typeof loader>()} />;
}
