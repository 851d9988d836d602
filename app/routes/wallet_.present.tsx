/**
 * /wallet/present?client_id=…&request_uri=… (issue 9): a verifier's OpenID4VP request, opened by
 * the citizen signed in. The wallet resolves and checks the request and finds the credentials
 * that can answer it (server/verification/consent-page.ts), then asks for consent: who asks (the
 * organisation's registered name, vouched for by the platform), what (each attribute in plain
 * English), why (the purpose), and which credential will answer. Share makes the presentation on this device and posts it to the
 * verifier's response_uri; Decline tells the verifier so.
 */
import {
  type HeadersFunction,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { routeMeta } from "#app/components/meta.ts";
import { ConsentPage, consentMessages } from "#app/components/wallet/consent.tsx";
import { publicBaseUrl, publicOrigin } from "#core/issuers/registry.ts";
import { getActiveSession } from "#server/accounts/session.ts";
import { pageLocale } from "#server/credentials/page-locale.ts";
import { type ConsentData, consentPageData } from "#server/verification/consent-page.ts";

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  routeMeta(matches, { title: consentMessages.title, description: consentMessages.metaDescription });

/** The page is one citizen's answer to one request: never cached, and its address (the request) never sent onward. */
const PAGE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = (await getActiveSession(request, context))?.user;
  if (!user) throw redirect(`/login?${new URLSearchParams({ next: url.pathname + url.search })}`);
  const locale = pageLocale(request, context, undefined, user);
  const page = await consentPageData(
    { db: context.db, verifier: context.env.VERIFIER },
    user.id,
    {
      origin: publicOrigin(context.env.PUBLIC_BASE_URL, request.url),
      base: publicBaseUrl(context.env.PUBLIC_BASE_URL, request.url),
      clientId: url.searchParams.get("client_id"),
      requestUri: url.searchParams.get("request_uri"),
    },
    locale,
  );
  return json(page.data, { status: page.status, headers: PAGE_HEADERS });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function PresentRoute() {
  return <ConsentPage data={useLoaderData<typeof loader>() as ConsentData} />;
}
