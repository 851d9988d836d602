import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { defineMessages, FormattedMessage, type MessageDescriptor, useIntl } from "react-intl";
import { GabrielConsole } from "#app/components/gabriel/gabriel-console.tsx";
import { metaIntl, useLocalePath } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { RefusedPage } from "#app/components/ui/refused-page.tsx";
import { requireUser } from "#server/accounts/authentication.ts";
import { gabrielConsoleData } from "#server/gabriel/console.ts";
import { PRIVATE } from "#server/http/security.ts";

/**
 * /gabriel (spec 000 §2 "AI orchestration console"; issue 11): administrators and operators.
 * Visitors are sent to /login; anyone else gets a 403 page saying why.
 */
const messagesDeclared = defineMessages({
  title: { id: "gabriel.route.title", defaultMessage: "Gabriel AI" },
  description: {
    id: "gabriel.route.description",
    defaultMessage: "Oversee Gabriel's agents and review the cases they raise.",
  },
  refusedHeading: {
    id: "gabriel.route.refusedHeading",
    defaultMessage: "Only administrators and operators can use the Gabriel console",
  },
  refusedText: {
    id: "gabriel.route.refusedText",
    defaultMessage:
      "Staff oversee Gabriel's agents here and review the cases they raise. You can read what each agent does, and what it may never do, on the <link>public Gabriel AI page</link>.",
  },
});

/** Widened so that formatMessage takes values (the catalog test checks each message's placeholders). */
const messages: { readonly [K in keyof typeof messagesDeclared]: MessageDescriptor } = messagesDeclared;

export const meta: MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  return pageMeta(intl, {
    title: intl.formatMessage(messages.title),
    description: intl.formatMessage(messages.description),
  });
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const page = await gabrielConsoleData(request, context, user);
  return json(page, { status: page.refused ? 403 : 200, headers: PRIVATE });
}

export default function GabrielRoute() {
  const data = useLoaderData<typeof loader>();
  const intl = useIntl();
  const localePath = useLocalePath();
  if (data.refused) {
    return (
      <RefusedPage
        title={intl.formatMessage(messages.title)}
        heading={intl.formatMessage(messages.refusedHeading)}
        testId="gabriel-refused"
      >
        <p>
          <FormattedMessage
            {...messages.refusedText}
            values={{
              link: (chunks: ReactNode[]) => (
                <Link to={localePath("/gabriel-ai")} className="underline">
                  {chunks}
                </Link>
              ),
            }}
          />
        </p>
      </RefusedPage>
    );
  }
  return <GabrielConsole {...data} />;
}
