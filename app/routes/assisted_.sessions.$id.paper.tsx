import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PaperPage } from "#app/components/assisted/paper-page.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { requireUser } from "#server/accounts/authentication.ts";
import { paperPageData } from "#server/assisted/paper-page.ts";
import { ServiceError } from "#server/http/errors.ts";

/**
 * /assisted/sessions/{id}/paper: the printable page of a session's paper credentials (Generate
 * Paper QR; issue 10). For staff of the session's office only; anyone else gets 404, as for a
 * session that does not exist. The page is app/components/assisted/paper-page.tsx.
 */
export const meta: MetaFunction = () =>
  pageMeta({ title: "Paper QR", description: "Print a citizen's paper credential." });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  try {
    const page = await paperPageData(context, user, params.id ?? "", request.url);
    return json(page, { status: page.refusal ? 403 : 200, headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (error instanceof ServiceError) throw json({ message: error.message }, { status: error.status });
    throw error;
  }
}

export default function PaperQrRoute() {
  return <PaperPage {...useLoaderData<typeof loader>()} />;
}
