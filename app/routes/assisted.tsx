import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AssistedConsole } from "#app/components/assisted/assisted-console.tsx";
import { loadConsole } from "#app/components/assisted/console-data.server.ts";
import { ConsoleRefused } from "#app/components/assisted/console-refused.tsx";
import { pageMeta } from "#app/components/meta.ts";

/**
 * /assisted and /assisted-digital (spec 000 §2 "Assisted-digital operator console"; remix.config.js
 * maps both paths to this module): operators and administrators. Visitors are sent to /login;
 * anyone else gets a 403 page saying why.
 */
export const meta: MetaFunction = () =>
  pageMeta({
    title: "Operator Dashboard",
    description: "Run assisted-digital sessions: step by step, with dual control and live consoles.",
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadConsole(request, context);
}

export default function AssistedRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.refused) return <ConsoleRefused refused={data.refused} />;
  return <AssistedConsole {...data} />;
}
