import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { siteMessages } from "#app/components/meta.ts";
import { NotFound, notFoundMessages } from "#app/components/not-found.tsx";

/** Every path no other route matches (spec 000 §2): HTTP 404 with the shared not-found page. */
export function loader({ request }: LoaderFunctionArgs) {
  return json({ path: new URL(request.url).pathname }, { status: 404, headers: { "Cache-Control": "no-store" } });
}

export const meta: MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  return [
    { title: `${intl.formatMessage(notFoundMessages.title)} | ${intl.formatMessage(siteMessages.name)}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function CatchAll() {
  const { path } = useLoaderData<typeof loader>();
  return <NotFound path={path} />;
}
