import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { GabrielConsole } from "#app/components/gabriel/gabriel-console.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { RefusedPage } from "#app/components/ui/refused-page.tsx";
import { requireUser } from "#server/accounts/authentication.ts";
import { gabrielConsoleData } from "#server/gabriel/console.ts";
import { PRIVATE } from "#server/http/security.ts";

/**
 * /gabriel (spec 000 §2 "AI orchestration console"; issue 11): administrators and operators.
 * Visitors are sent to /login; anyone else gets a 403 page saying why.
 */
export const meta: MetaFunction = () =>
  pageMeta({ title: "Gabriel AI", description: "Oversee Gabriel's agents and review the cases they raise." });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const page = await gabrielConsoleData(request, context, user);
  return json(page, { status: page.refused ? 403 : 200, headers: PRIVATE });
}

export default function GabrielRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.refused) {
    return (
      <RefusedPage
        title="Gabriel AI"
        heading="Only administrators and operators can use the Gabriel console"
        testId="gabriel-refused"
      >
        <p>
          Staff oversee Gabriel's agents here and review the cases they raise. You can read what each agent does, and
          what it may never do, on the{" "}
          <Link to="/gabriel-ai" className="underline">
            public Gabriel AI page
          </Link>
          .
        </p>
      </RefusedPage>
    );
  }
  return <GabrielConsole {...data} />;
}
