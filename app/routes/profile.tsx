/**
 * /profile (spec 000 §2 "Citizen screens", §3 "Profile section", §4): the signed-in user's
 * profile. `?edit=<section>` (with `item`, one item's fields) opens a section's form in place;
 * each form posts here with an `intent` naming the section, or one of Security Settings' forms
 * (server/accounts/security-forms.ts), so each works without JavaScript. The page is
 * app/components/profile/profile-page.tsx, its data and saves server/profile/profile-page.ts.
 */
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { retryAfterHeaders } from "#app/components/auth-card.tsx";
import { ProfilePage } from "#app/components/profile/profile-page.tsx";
import { isSecurityIntent, type SecurityFormAnswer } from "#core/accounts/security-settings.ts";
import { EDITABLE_SECTIONS, type EditableSection, profileItemOf } from "#core/profile/items.ts";
import { clientAddress, requireSession } from "#server/accounts/authentication.ts";
import { securityFormAction } from "#server/accounts/security-forms.ts";
import { clearSessionCookie } from "#server/accounts/session.ts";
import { readFormBody } from "#server/http/form.ts";
import { parseProfileForm } from "#server/profile/profile.ts";
import { type ProfileSaveAnswer, profilePageData, saveProfileForm } from "#server/profile/profile-page.ts";

export const meta: MetaFunction = () => [
  { title: "My Profile | UK Digital Identity" },
  { name: "description", content: "See how complete your profile is and fill in what is missing." },
];

/** A refused email check's Retry-After reaches the no-JS page too (the action's headers are not the document's otherwise). */
export const headers = retryAfterHeaders;

/** Signed-in only (spec 000 §2): visitors are sent to /login. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireSession(request, context);
  const query = new URL(request.url).searchParams;
  const edit = query.get("edit");
  const editing = (EDITABLE_SECTIONS as readonly (string | null)[]).includes(edit) ? (edit as EditableSection) : null;
  // Complete beside one item opens a form with only that item's fields.
  const item = editing ? profileItemOf(editing, query.get("item")) : null;
  const page = await profilePageData(context, session);
  return json({ ...page, editing, item }, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * Saves one section for the signed-in user, or does what a Security Settings form asks; which user
 * is never read from the form. A new email address needs a recent "Confirm it's you" (403) and is
 * rate limited (429 with Retry-After); so are wrong passwords. Signing out the session in use goes
 * to sign-in.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireSession(request, context);
  const body = await readFormBody(request);
  if (!body.ok)
    return json<ProfileSaveAnswer>(
      { ok: false, section: null, item: null, message: body.message, fieldErrors: {}, values: {} },
      { status: body.status },
    );
  const now = new Date();
  const intent = body.form.get("intent");
  if (isSecurityIntent(intent)) {
    const done = await securityFormAction(context, session, intent, body.form, clientAddress(request), now);
    if (done.signedOutHere) return redirect("/login", { headers: { "Set-Cookie": clearSessionCookie() } });
    return json<SecurityFormAnswer>(done.answer, {
      status: done.status,
      headers: { "Cache-Control": "no-store", ...retryAfter(done.retryAfterSeconds) },
    });
  }
  const parsed = parseProfileForm(body.form, now);
  if (!parsed.ok) return json<ProfileSaveAnswer>(parsed, { status: 400 });
  const saved = await saveProfileForm(context, { session, address: clientAddress(request) }, parsed, now);
  return json<ProfileSaveAnswer>(saved.answer, { status: saved.status, headers: retryAfter(saved.retryAfterSeconds) });
}

const retryAfter = (seconds: number | undefined): Record<string, string> =>
  seconds ? { "Retry-After": String(seconds) } : {};

export default function Profile() {
  return <ProfilePage {...useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
