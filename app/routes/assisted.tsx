import { defineMessages } from "@formatjs/intl";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AssistedConsole } from "#app/components/assisted/assisted-console.tsx";
import { ConsoleRefused } from "#app/components/assisted/console-refused.tsx";
import { routeMeta } from "#app/components/meta.ts";
import { requireUser } from "#server/accounts/authentication.ts";
import { operatorConsoleData } from "#server/assisted/console.ts";
import { PRIVATE } from "#server/http/security.ts";

/**
 * /assisted and /assisted-digital (spec 000 §2 "Assisted-digital operator console"; remix.config.js
 * maps both paths to this module): operators and administrators. Visitors are sent to /login;
 * anyone else gets a 403 page saying why.
 */
const messages = defineMessages({
  title: { id: "assisted.meta.title", defaultMessage: "Operator Dashboard" },
  description: {
    id: "assisted.meta.description",
    defaultMessage: "Run assisted-digital sessions: step by step, with dual control and live consoles.",
  },
});

export const meta: MetaFunction<typeof loader> = ({ matches }) => routeMeta(matches, messages);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const page = await operatorConsoleData(context, user, request.url);
  return json(page, { status: page.refused ? 403 : 200, headers: PRIVATE });
}

export default function AssistedRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.refused) return <ConsoleRefused refused={data.refused} />;
  return <AssistedConsole {...data} />;
}
