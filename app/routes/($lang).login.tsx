/**
 * /login (spec 000 §2 "Login page"): signed-out visitors only. The page is
 * app/components/accounts/login-page.tsx; without JavaScript its form posts here.
 */
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { type LoginField, LoginPage, loginMessages } from "#app/components/accounts/login-page.tsx";
import { nextPath, retryAfterHeaders } from "#app/components/auth-card.tsx";
import { type AuthFormAnswer, readAuthForm, signedOutOnly } from "#app/components/auth-form.server.ts";
import { routeMeta } from "#app/components/meta.ts";
import { LoginSchema } from "#core/accounts/schemas.ts";
import type { User } from "#db/schema/accounts.ts";
import { authenticateCredentials } from "#server/accounts/authentication.ts";
import { demoLogins, demoWords } from "#server/accounts/demo-login.ts";
import { relyingPartyFrom } from "#server/accounts/relying-party.ts";
import { signInCookies } from "#server/accounts/sign-in.ts";
import { pageLocale } from "#server/credentials/page-locale.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  routeMeta(matches, { title: loginMessages.metaTitle, description: loginMessages.metaDescription });

/**
 * Already signed in: nothing to do here. Otherwise, the origin passkeys belong to (ADR 021), or
 * null without passkeys; and the demo accounts, only on a demo deployment (ADR 028).
 */
export async function loader(args: LoaderFunctionArgs) {
  await signedOutOnly(args);
  const locale = pageLocale(args.request, args.context, args.params.lang, null);
  return json(
    {
      passkeyOrigin: relyingPartyFrom(args.context.env)?.origin ?? null,
      demoLogins: demoLogins(args.context.env),
      demoWords: demoWords(args.context.env, locale),
    },
    // Demo credentials are never kept by a shared cache.
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const headers = retryAfterHeaders;

/**
 * Without JavaScript the form posts here; the same verify path as POST /api/auth/login
 * (throttling, audit, one answer for every bad credential), then a new session and home.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const posted = await readAuthForm(request, ["username", "password"], LoginSchema);
  if (!posted.ok) return posted.answer;
  let user: User;
  try {
    user = await authenticateCredentials(request, context, posted.data);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    const answer = (await error.json().catch(() => null)) as { message?: string } | null;
    const retryAfter = error.headers.get("Retry-After");
    return json<AuthFormAnswer<LoginField>>(
      {
        message: answer?.message ?? serverIntl(requestLocale(request)).formatMessage(loginMessages.failed),
        fieldErrors: {},
      },
      { status: error.status, headers: retryAfter ? { "Retry-After": retryAfter } : undefined },
    );
  }
  const headers = new Headers(
    (await signInCookies(request, context, user, "password")).map((c): [string, string] => ["Set-Cookie", c]),
  );
  return redirect(nextPath(new URL(request.url).search), { headers });
}

export default function Login() {
  const { passkeyOrigin, demoLogins, demoWords } = useLoaderData<typeof loader>();
  return (
    <LoginPage
      passkeyOrigin={passkeyOrigin}
      demoLogins={demoLogins}
      demoWords={demoWords}
      actionData={useActionData<typeof action>()}
    />
  );
}
