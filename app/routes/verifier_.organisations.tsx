/**
 * /verifier/organisations (administrators): the registered verifier organisations and where each
 * one's registration with the platform stands, a form to register one and a button to renew one
 * (POST /api/verifier-organisations…, which decide who may do it; ADR 034). The page is
 * app/components/verifier/organisations-page.tsx.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { defineMessages } from "react-intl";
import { routeMeta } from "#app/components/meta.ts";
import { OrganisationsPage } from "#app/components/verifier/organisations-page.tsx";
import { effectiveRole } from "#core/accounts/users.ts";
import { requireUser } from "#server/accounts/authentication.ts";
import { PRIVATE } from "#server/http/security.ts";
import { type OrganisationRow, organisationsPageData } from "#server/verification/organisations-page.ts";
import { screenLocale } from "#server/verification/screen-locale.ts";

const messages = defineMessages({
  title: { id: "verifier.route.organisationsTitle", defaultMessage: "Verifier organisations" },
  description: {
    id: "verifier.route.organisationsDescription",
    defaultMessage: "Organisations registered to check credentials.",
  },
});

export const meta: MetaFunction<typeof loader> = ({ matches }) => routeMeta(matches, messages);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (effectiveRole(user.role) !== "admin")
    return json({ allowed: false as const, organisations: [] as OrganisationRow[] }, { status: 403, headers: PRIVATE });
  return json(
    {
      allowed: true as const,
      organisations: await organisationsPageData(context.db, new Date(), await screenLocale(request, context)),
    },
    { headers: PRIVATE },
  );
}

export default function OrganisationsRoute() {
  const { allowed, organisations } = useLoaderData<typeof loader>();
  return <OrganisationsPage allowed={allowed} organisations={organisations} />;
}
