import { defineMessages } from "@formatjs/intl";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PAPER_SHEET_MESSAGE_IDS, PaperPage } from "#app/components/assisted/paper-page.tsx";
import { routeMeta } from "#app/components/meta.ts";
import { isLocale } from "#core/i18n/locales.ts";
import { requireUser } from "#server/accounts/authentication.ts";
import { paperPageData } from "#server/assisted/paper-page.ts";
import { ServiceError } from "#server/http/errors.ts";
import { pageMessages } from "#server/i18n/catalogs.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";

/**
 * /assisted/sessions/{id}/paper: the printable page of a session's paper credentials (Generate
 * Paper QR; issue 10). For staff of the session's office only; anyone else gets 404, as for a
 * session that does not exist. The page is app/components/assisted/paper-page.tsx.
 * `?lang=` is the client's language, which the operator picked in the session: the paper's own
 * words are printed in it (issue 21).
 */
const messages = defineMessages({
  title: { id: "assisted.paper.meta.title", defaultMessage: "Paper QR" },
  description: { id: "assisted.paper.meta.description", defaultMessage: "Print a citizen's paper credential." },
});

export const meta: MetaFunction<typeof loader> = ({ matches }) => routeMeta(matches, messages);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const locale = requestLocale(request);
  const asked = new URL(request.url).searchParams.get("lang");
  const client = isLocale(asked) ? { locale: asked, messages: pageMessages(asked, PAPER_SHEET_MESSAGE_IDS) } : null;
  try {
    const page = await paperPageData(context, user, params.id ?? "", request.url, locale);
    return json(
      { ...page, client },
      { status: page.refusal ? 403 : 200, headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    if (error instanceof ServiceError) throw json({ message: error.message }, { status: error.status });
    throw error;
  }
}

export default function PaperQrRoute() {
  const page = useLoaderData<typeof loader>();
  return <PaperPage {...page} />;
}
