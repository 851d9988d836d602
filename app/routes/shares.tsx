/**
 * /shares (spec 000 §2 "Citizen screens" /shares, §3 "Share record", §4 share status, §7, §8):
 * the signed-in user's own share links and Revoke Share (docs/decisions/010-share-links.md). The
 * page is app/components/shares/shares-page.tsx, its data server/shares/shares-page.ts.
 */
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { defineMessages } from "react-intl";
import { routeMeta } from "#app/components/meta.ts";
import { type RevokeAnswer, SharesPage } from "#app/components/shares/shares-page.tsx";
import { requireSession } from "#server/accounts/authentication.ts";
import { pageLocale } from "#server/credentials/page-locale.ts";
import { serverCredentialType } from "#server/credentials/type-text.ts";
import { ServiceError } from "#server/http/errors.ts";
import { readFormBody } from "#server/http/form.ts";
import { revokeOwnShare, SHARE_ID_PATTERN, shareNotFound } from "#server/shares/shares.ts";
import { sharesPageData } from "#server/shares/shares-page.ts";

const messages = defineMessages({
  title: { id: "shares.meta.title", defaultMessage: "Recent Shares | UK Digital Identity" },
  description: {
    id: "shares.meta.description",
    defaultMessage: "The links you have shared to let others check a credential, and their certificates.",
  },
});

export const meta: MetaFunction<typeof loader> = ({ matches }) => routeMeta(matches, messages);

/** Signed-in only (spec 000 §2): visitors are sent to /login. Only the user's own shares. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireSession(request, context);
  const url = new URL(request.url);
  const locale = pageLocale(request, context, undefined, session.user);
  const page = await sharesPageData(context.db, session.user.id, url.searchParams.get("confirm"), new Date(), locale);
  return json({ ...page, origin: url.origin }, { headers: { "Cache-Control": "private, no-store" } });
}

/** Revokes one of the user's own shares; another user's share reads as not found. */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireSession(request, context);
  const locale = pageLocale(request, context, undefined, session.user);
  const body = await readFormBody(request);
  if (!body.ok) return json<RevokeAnswer>({ ok: false, message: body.message }, { status: body.status });
  const intent = body.form.get("intent");
  const shareId = body.form.get("shareId");
  if (intent !== "revoke" || typeof shareId !== "string" || !SHARE_ID_PATTERN.test(shareId)) {
    return json<RevokeAnswer>({ ok: false, message: shareNotFound(locale).message }, { status: 404 });
  }
  try {
    const share = await revokeOwnShare(context, request, session.user, shareId);
    return json<RevokeAnswer>({ ok: true, credentialName: serverCredentialType(locale, share.credentialType).name });
  } catch (error) {
    if (error instanceof ServiceError)
      return json<RevokeAnswer>({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
}

export default function Shares() {
  const page = useLoaderData<typeof loader>();
  return <SharesPage {...page} actionData={useActionData<typeof action>()} />;
}
