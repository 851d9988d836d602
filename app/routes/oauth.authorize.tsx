/**
 * /oauth/authorize (RFC 6749 4.1.1 with PAR, RFC 9126 4; issue 22, ADR 045): a wallet app sends
 * the person here with the request it pushed. They sign in (password or passkey, /login and back),
 * see which app asks for which credential and what it carries, and approve or decline; the browser
 * then goes back to the app with a code or access_denied. A request that is unknown, expired, used
 * or not the client's is an error page, never a redirect. The page is
 * app/components/oauth/authorize-page.tsx; the logic server/issuance/authorization.ts.
 */
import {
  type ActionFunctionArgs,
  type HeadersFunction,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { routeMeta } from "#app/components/meta.ts";
import { AuthorizePage, type AuthorizePageData, authorizeMessages } from "#app/components/oauth/authorize-page.tsx";
import { mediaSources } from "#app/worker/env.ts";
import { publicBaseUrl } from "#core/issuers/registry.ts";
import { getUser } from "#server/accounts/authentication.ts";
import { readFormBody } from "#server/http/form.ts";
import { contentSecurityPolicy } from "#server/http/security.ts";
import {
  approveAuthorization,
  declineAuthorization,
  openAuthorizationRequest,
  type PendingAuthorization,
  redirectSource,
  redirectTarget,
} from "#server/issuance/authorization.ts";
import { auditAct } from "#server/observability/audit-act.ts";

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  routeMeta(matches, { title: authorizeMessages.metaTitle, description: authorizeMessages.metaDescription });

const INVALID: AuthorizePageData = { kind: "invalid" };
const NO_STORE = { "Cache-Control": "private, no-store" };

/** What the consent screen shows of a pending request. */
function consent(pending: PendingAuthorization, requestUri: string): AuthorizePageData {
  return {
    kind: "consent",
    clientId: pending.clientId,
    requestUri,
    redirectTarget: redirectTarget(pending.redirectUri),
    issuerId: pending.issuerId,
    types: pending.types,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const requestUri = url.searchParams.get("request_uri");
  // Opened before sign-in: the request then waits while the person signs in.
  const pending = await openAuthorizationRequest(
    context.db,
    { clientId: url.searchParams.get("client_id"), requestUri },
    new Date(),
  );
  const user = await getUser(request, context);
  if (!user) throw redirect(`/login?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`, { headers: NO_STORE });
  if (!pending || !requestUri) return json(INVALID, { status: 400, headers: NO_STORE });
  // The consent form sends the browser on to the wallet: the page's CSP allows that one place.
  const policy = contentSecurityPolicy(context.cspNonce, mediaSources(context.env), [
    redirectSource(pending.redirectUri),
  ]);
  return json(consent(pending, requestUri), { headers: { ...NO_STORE, "Content-Security-Policy": policy } });
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.has("Content-Security-Policy") ? actionHeaders : loaderHeaders;

/** Approve or Decline, by the signed-in person, for a request still waiting for them. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getUser(request, context);
  if (!user) throw redirect("/login", { headers: NO_STORE });
  const body = await readFormBody(request);
  const form = body.ok ? body.form : new FormData();
  const decision = form.get("decision");
  const clientId = form.get("client_id");
  const requestUri = form.get("request_uri");
  const now = new Date();
  const pending =
    typeof clientId === "string" && typeof requestUri === "string"
      ? await openAuthorizationRequest(context.db, { clientId, requestUri }, now)
      : null;
  if (!pending || (decision !== "approve" && decision !== "decline")) {
    return json(INVALID, { status: 400, headers: NO_STORE });
  }
  const base = publicBaseUrl(context.env.PUBLIC_BASE_URL, request.url);
  const facts = { clientId: pending.clientId, issuer: pending.issuerId, configurations: pending.configurationIds };
  if (decision === "decline") {
    auditAct(context, request, user, {
      category: "security",
      component: "issuance",
      event: "wallet app refused",
      reason: "declined",
      details: facts,
    });
    return redirect(await declineAuthorization(context.db, pending, base, now), { headers: NO_STORE });
  }
  const { location, refused } = await approveAuthorization(context.db, pending, user, base, now);
  auditAct(context, request, user, {
    category: "security",
    component: "issuance",
    event: refused ? "wallet app refused" : "wallet app authorised",
    ...(refused ? { reason: refused, level: "warn" as const } : {}),
    details: facts,
  });
  if (location === null) return json(INVALID, { status: 400, headers: NO_STORE });
  return redirect(location, { headers: NO_STORE });
}

export default function Authorize() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <AuthorizePage page={answer ?? page} />;
}
