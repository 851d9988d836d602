/**
 * /wallet/apps (issue 22, ADR 045 "The history"): where the copies of the signed-in person's
 * credentials went, each wallet app's with "Revoke the copies". The page is
 * app/components/wallet/wallet-apps-page.tsx, its data server/issuance/wallet-apps-page.ts.
 */
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { routeMeta } from "#app/components/meta.ts";
import { type RevokeCopiesAnswer, WalletAppsPage, walletAppsMeta } from "#app/components/wallet/wallet-apps-page.tsx";
import { requireSession } from "#server/accounts/authentication.ts";
import { pageLocale } from "#server/credentials/page-locale.ts";
import { ServiceError } from "#server/http/errors.ts";
import { readFormBody } from "#server/http/form.ts";
import { serviceErrorMessage } from "#server/http/worded-error.ts";
import { revokeOwnAppCopies, walletAppsPageData } from "#server/issuance/wallet-apps-page.ts";

export const meta: MetaFunction<typeof loader> = ({ matches }) => routeMeta(matches, walletAppsMeta);

/** Signed-in only: visitors are sent to /login. Only the person's own issuances. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireSession(request, context);
  const confirm = new URL(request.url).searchParams.get("confirm");
  const page = await walletAppsPageData(context.db, session.user.id, confirm);
  return json(page, { headers: { "Cache-Control": "private, no-store" } });
}

/** Revoke the copies (intent=revoke) of one of the person's own issuances to a wallet app; another's reads as not found. */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireSession(request, context);
  const locale = pageLocale(request, context, undefined, session.user);
  const body = await readFormBody(request, locale);
  if (!body.ok) return json<RevokeCopiesAnswer>({ ok: false, message: body.message }, { status: body.status });
  // Anything but intent=revoke with an id names nothing of theirs: the same 404 as another person's issuance.
  const named = body.form.get("intent") === "revoke" ? body.form.get("issuanceId") : null;
  const issuanceId = typeof named === "string" ? named : "";
  try {
    const { revoked } = await revokeOwnAppCopies(context, request, session.user, issuanceId);
    return json<RevokeCopiesAnswer>({ ok: true, issuanceId, revoked });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return json<RevokeCopiesAnswer>(
      { ok: false, message: serviceErrorMessage(error, locale) },
      { status: error.status },
    );
  }
}

export default function WalletApps() {
  return <WalletAppsPage {...useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
