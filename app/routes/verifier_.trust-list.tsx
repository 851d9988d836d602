/**
 * /verifier/trust-list (administrators; ADR 050): the trust list, waiting entries first; a form to
 * propose a root or issuer certificate, and Approve / Reject / Retire, each confirmed. The forms
 * post here and work without JavaScript: the decision being confirmed is in the address
 * (?confirm=approve&entry=…), and a change done redirects with ?done=… (so a reload repeats
 * nothing). The page is app/components/verifier/trust-list-page.tsx.
 */
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { defineMessages } from "react-intl";
import { routeMeta } from "#app/components/meta.ts";
import { TrustListPage } from "#app/components/verifier/trust-list-page.tsx";
import { effectiveRole } from "#core/accounts/users.ts";
import { requireUser } from "#server/accounts/authentication.ts";
import { auditRefusal } from "#server/accounts/permissions.ts";
import { readFormBody } from "#server/http/form.ts";
import { PRIVATE } from "#server/http/security.ts";
import { screenLocale } from "#server/verification/screen-locale.ts";
import {
  type TrustListActionResult,
  trustListPageAction,
  trustListPageData,
} from "#server/verification/trust-list-page.ts";

const messages = defineMessages({
  title: { id: "verifier.route.trustListTitle", defaultMessage: "Trust list" },
  description: {
    id: "verifier.route.trustListDescription",
    defaultMessage: "The roots and issuer certificates the verifier trusts, and for which checks.",
  },
});

export const meta: MetaFunction<typeof loader> = ({ matches }) => routeMeta(matches, messages);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (effectiveRole(user.role) !== "admin")
    return json({ allowed: false as const, me: user.id, page: null }, { status: 403, headers: PRIVATE });
  const page = await trustListPageData(context.db, new URL(request.url));
  return json({ allowed: true as const, me: user.id, page }, { headers: PRIVATE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  if (effectiveRole(user.role) !== "admin") {
    auditRefusal(request, context, user, "manage:trust-list");
    return json({ ok: false as const, forbidden: true }, { status: 403 });
  }
  const locale = await screenLocale(request, context);
  const body = await readFormBody(request, locale);
  if (!body.ok) {
    const unreadable: TrustListActionResult = {
      ok: false,
      form: "propose",
      status: body.status,
      fields: [],
      message: body.message,
      code: null,
    };
    return json(unreadable, { status: body.status });
  }
  const result = await trustListPageAction(context, request, user, body.form, locale);
  if (result.ok) return redirect(`/verifier/trust-list?done=${result.action}&entry=${result.entryId}`);
  return json(result, { status: result.status });
}

export default function TrustListRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <TrustListPage
      allowed={data.allowed}
      me={data.me}
      page={data.page}
      result={result && "fields" in result ? result : null}
    />
  );
}
