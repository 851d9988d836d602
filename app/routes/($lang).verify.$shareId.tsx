/**
 * /verify/{shareId}: the public page a share link opens (issue 4; spec 000 §2 share dialog, §7;
 * docs/decisions/010-share-links.md). The page is app/components/verify/verify-page.tsx; the
 * check, recorded and counted on the share, is server/shares/share-check.ts.
 *
 * Works without JavaScript; never cached, never indexed, and the link does not travel onward in
 * a Referer header. A link that is not a share's (mistyped, cut short, unknown) answers 404 with
 * "This link is not valid" on this page's own layout, for the member of the public holding it:
 * never the developer's not-found page, never a 500.
 */
import { type HeadersFunction, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { messages, VerifyPage } from "#app/components/verify/verify-page.tsx";
import { getUser } from "#server/accounts/authentication.ts";
import { pageLocale } from "#server/credentials/page-locale.ts";
import { checkShareLink, type ShareCheck } from "#server/shares/share-check.ts";

const PAGE_HEADERS = {
  // Each answer is a live check for one link: no cache may keep or replay it.
  "Cache-Control": "private, no-store",
  // The link is a bearer secret for 24 hours: never sent onward to a site linked from here.
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // Also the module of /verify/* (remix.config.js): a link with its id missing or something added.
  const shareId = params["*"] === undefined ? (params.shareId ?? "") : "";
  // A public page: its address says its language ("/cy/verify/…"); English without a prefix.
  const locale = pageLocale(request, context, params.lang, null);
  // Anybody may open the link; a signed-in viewer is recorded as the check's verifier (looked up only for a check).
  const data = await checkShareLink(
    context,
    request.url,
    shareId,
    async () => ({ verifierId: (await getUser(request, context))?.id ?? null }),
    new Date(),
    locale,
  );
  return json<ShareCheck>(data, { status: data.kind === "invalid" ? 404 : 200, headers: PAGE_HEADERS });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const intl = metaIntl(matches);
  return [
    { title: intl.formatMessage(data?.kind === "invalid" ? messages.metaInvalid : messages.metaCheck) },
    { name: "description", content: intl.formatMessage(messages.metaDescription) },
    { name: "robots", content: "noindex" },
    // The header says so too; the meta tag holds if a proxy drops the header.
    { name: "referrer", content: "no-referrer" },
  ];
};

export default function VerifyShare() {
  const data = useLoaderData<typeof loader>();
  return <VerifyPage data={data as ShareCheck} />;
}
