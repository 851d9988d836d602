/**
 * The server half of the sign-in and registration pages, for their no-JavaScript form posts:
 * who may see them, and reading the posted form with the same schema the browser and the API
 * apply. (`.server`: Remix keeps this module out of the browser bundle.)
 */
import { json, type LoaderFunctionArgs, redirect, type TypedResponse } from "@remix-run/cloudflare";
import type * as z from "zod";
import { SPEC_WORDING } from "#core/validation/wording.ts";
import { getUser } from "#server/accounts/authentication.ts";
import { readFormBody } from "#server/http/form.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { type FormErrors, fieldErrorsOf, formValues, nextPath } from "./auth-card.tsx";

/** The pages' own answer to a post they refuse: a sentence to show, and each field's messages. */
export interface AuthFormAnswer<K extends string> {
  message: string | null;
  fieldErrors: FormErrors<K>;
}

/** Signed-out visitors only: someone already signed in has nothing to do here. */
export async function signedOutOnly({ request, context }: LoaderFunctionArgs) {
  if (await getUser(request, context)) throw redirect(nextPath(new URL(request.url).search));
  return null;
}

/** The posted form's `fields` as typed, parsed with `schema`; or the page's answer when it cannot be. */
export async function readAuthForm<K extends string, T>(
  request: Request,
  fields: readonly K[],
  schema: z.ZodType<T>,
): Promise<{ ok: true; data: T } | { ok: false; answer: TypedResponse<AuthFormAnswer<K>> }> {
  const body = await readFormBody(request);
  if (!body.ok)
    return {
      ok: false,
      answer: json<AuthFormAnswer<K>>({ message: body.message, fieldErrors: {} }, { status: body.status }),
    };
  const values = Object.fromEntries(fields.map((name) => [name, String(body.form.get(name) ?? "")])) as Record<
    K,
    string
  >;
  const parsed = schema.safeParse(formValues(values), SPEC_WORDING);
  if (parsed.success) return { ok: true, data: parsed.data };
  return {
    ok: false,
    answer: json<AuthFormAnswer<K>>(
      { message: null, fieldErrors: fieldErrorsOf<K>(parsed.error, serverIntl(requestLocale(request))) },
      { status: 400 },
    ),
  };
}
