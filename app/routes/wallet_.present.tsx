/**
 * /wallet/present?client_id=…&request_uri=… (issue 9): a verifier's OpenID4VP request, opened by
 * the citizen signed in. The wallet resolves and checks the request and finds the credentials
 * that can answer it (server/verification/consent-page.ts), then asks for consent: who asks (the
 * organisation's registered name, vouched for by the platform), what (each attribute in plain
 * English), why (the purpose), and which credential will answer. Share makes the presentation on
 * this device and posts it to the verifier's response_uri; Decline tells the verifier so.
 * Opened by someone not signed in here (issue 23, ADR 054), it offers the two ways to answer:
 * this platform's web wallet (sign in, then this page again) or a wallet app on this device,
 * through the browser's Digital Credentials API (app/components/wallet/wallet-choice.tsx).
 */
import { type HeadersFunction, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { routeMeta } from "#app/components/meta.ts";
import { ConsentPage, consentMessages } from "#app/components/wallet/consent.tsx";
import { WalletChoicePage } from "#app/components/wallet/wallet-choice.tsx";
import { publicBaseUrl, publicOrigin } from "#core/issuers/registry.ts";
import { getActiveSession } from "#server/accounts/session.ts";
import { pageLocale } from "#server/credentials/page-locale.ts";
import { type ConsentData, consentPageData, walletChoiceData } from "#server/verification/consent-page.ts";

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  routeMeta(matches, { title: consentMessages.title, description: consentMessages.metaDescription });

/** The page is one citizen's answer to one request: never cached, and its address (the request) never sent onward. */
const PAGE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = (await getActiveSession(request, context))?.user;
  const locale = pageLocale(request, context, undefined, user ?? null);
  const target = {
    origin: publicOrigin(context.env.PUBLIC_BASE_URL, request.url),
    base: publicBaseUrl(context.env.PUBLIC_BASE_URL, request.url),
    clientId: url.searchParams.get("client_id"),
    requestUri: url.searchParams.get("request_uri"),
  };
  // Not signed in here: this platform's web wallet (sign in) or a wallet app on this device (ADR 054).
  if (!user) {
    const page = await walletChoiceData(
      { verifier: context.env.VERIFIER },
      { ...target, next: url.pathname + url.search },
      locale,
    );
    return json(page.data, { status: page.status, headers: PAGE_HEADERS });
  }
  const page = await consentPageData({ db: context.db, verifier: context.env.VERIFIER }, user.id, target, locale);
  return json(page.data, { status: page.status, headers: PAGE_HEADERS });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function PresentRoute() {
  const data = useLoaderData<typeof loader>() as ConsentData;
  return "choice" in data ? <WalletChoicePage choice={data.choice} /> : <ConsentPage data={data} />;
}
