/**
 * /register (spec 000 §2 "Register page"): signed-out visitors only. The page is
 * app/components/accounts/register-page.tsx; without JavaScript its form posts here.
 */
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { FIELDS, type Field, RegisterPage, registerMessages } from "#app/components/accounts/register-page.tsx";
import type { FormErrors } from "#app/components/auth-card.tsx";
import { retryAfterHeaders } from "#app/components/auth-card.tsx";
import { type AuthFormAnswer, readAuthForm, signedOutOnly } from "#app/components/auth-form.server.ts";
import { routeMeta } from "#app/components/meta.ts";
import { RegisterSchema } from "#core/accounts/schemas.ts";
import { clientAddress } from "#server/accounts/authentication.ts";
import { registerAccount } from "#server/accounts/registration.ts";
import { createSession } from "#server/accounts/session.ts";
import { languageAtSignIn } from "#server/i18n/preference.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  routeMeta(matches, { title: registerMessages.metaTitle, description: registerMessages.metaDescription });

/** Signed-out visitors only. */
export async function loader(args: LoaderFunctionArgs) {
  await signedOutOnly(args);
  return null;
}

export const headers = retryAfterHeaders;

/**
 * Without JavaScript the form posts here: the same schema as the page and the API, then the same
 * service as POST /api/auth/register (common passwords, throttling, taken names, audit).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const posted = await readAuthForm(request, FIELDS, RegisterSchema);
  if (!posted.ok) return posted.answer;

  const result = await registerAccount(context, posted.data, clientAddress(request), requestLocale(request));
  if (!result.ok) {
    const fieldErrors: FormErrors<Field> = result.reason === "common-password" ? result.fieldErrors : {};
    const headers = result.reason === "throttled" ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return json<AuthFormAnswer<Field>>({ message: result.message, fieldErrors }, { status: result.status, headers });
  }
  const { setCookie } = await createSession(request, context, result.user.id, "registration");
  const headers = new Headers({ "Set-Cookie": setCookie });
  const language = await languageAtSignIn(request, context.db, result.user);
  if (language) headers.append("Set-Cookie", language);
  return redirect("/", { headers });
}

export default function Register() {
  return <RegisterPage actionData={useActionData<typeof action>()} />;
}
