/**
 * /profile (spec 000 §2 "Citizen screens", §3 "Profile section", §4): the signed-in user's
 * profile. `?edit=<section>` (with `item`, one item's fields) opens a section's form in place;
 * each form posts here with an `intent` naming the section, or one of Security Settings' forms
 * (server/accounts/security-forms.ts), or `language` (the language the person reads the service in,
 * saved on their profile and in the `lang` cookie), so each works without JavaScript. The page is
 * app/components/profile/profile-page.tsx, its data and saves server/profile/profile-page.ts.
 */
import { defineMessages } from "@formatjs/intl";
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { retryAfterHeaders } from "#app/components/auth-card.tsx";
import { routeMeta } from "#app/components/meta.ts";
import { ProfilePage } from "#app/components/profile/profile-page.tsx";
import { isSecurityIntent, type SecurityFormAnswer } from "#core/accounts/security-settings.ts";
import { type Locale, localesFor } from "#core/i18n/locales.ts";
import { EDITABLE_SECTIONS, type EditableSection, profileItemOf } from "#core/profile/items.ts";
import { clientAddress, requireSession } from "#server/accounts/authentication.ts";
import { securityFormAction } from "#server/accounts/security-forms.ts";
import { clearSessionCookie } from "#server/accounts/session.ts";
import { pageLocale } from "#server/credentials/page-locale.ts";
import { readFormBody } from "#server/http/form.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { languageCookie } from "#server/i18n/page-language.ts";
import { saveLanguage } from "#server/i18n/preference.ts";
import { parseProfileForm } from "#server/profile/profile.ts";
import { type ProfileSaveAnswer, profilePageData, saveProfileForm } from "#server/profile/profile-page.ts";

const messages = defineMessages({
  title: { id: "profile.route.title", defaultMessage: "My Profile | UK Digital Identity" },
  description: {
    id: "profile.route.description",
    defaultMessage: "See how complete your profile is and fill in what is missing.",
  },
  chooseLanguage: {
    id: "profile.route.chooseLanguage",
    defaultMessage: "Choose one of the languages listed.",
    description: "The language setting on the profile was sent without one of the offered languages.",
  },
});

export const meta: MetaFunction<typeof loader> = ({ matches }) => routeMeta(matches, messages);

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
  const locale = pageLocale(request, context, undefined, session.user);
  const page = await profilePageData(context, session, new Date(), locale);
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
  const locale = pageLocale(request, context, undefined, session.user);
  const intent = body.form.get("intent");
  if (intent === "language") return saveLanguageChoice(context, session.user.id, body.form.get("language"), locale);
  if (isSecurityIntent(intent)) {
    const done = await securityFormAction(context, session, intent, body.form, clientAddress(request), now, locale);
    if (done.signedOutHere) return redirect("/login", { headers: { "Set-Cookie": clearSessionCookie() } });
    return json<SecurityFormAnswer>(done.answer, {
      status: done.status,
      headers: { "Cache-Control": "no-store", ...retryAfter(done.retryAfterSeconds) },
    });
  }
  const parsed = parseProfileForm(body.form, now, locale);
  if (!parsed.ok) return json<ProfileSaveAnswer>(parsed, { status: 400 });
  const saved = await saveProfileForm(context, { session, address: clientAddress(request) }, parsed, now, locale);
  return json<ProfileSaveAnswer>(saved.answer, { status: saved.status, headers: retryAfter(saved.retryAfterSeconds) });
}

/**
 * The language setting: one of the languages citizens' screens are offered in, saved on the
 * signed-in person's profile and in this browser's `lang` cookie, then back to the page, which the
 * new cookie shows in that language (with or without JavaScript). Anything else is a 400, in the
 * page's language, and nothing is saved.
 */
async function saveLanguageChoice(
  context: ActionFunctionArgs["context"],
  userId: string,
  chosen: FormDataEntryValue | null,
  locale: Locale,
) {
  const offered: readonly string[] = localesFor("citizen");
  if (typeof chosen !== "string" || !offered.includes(chosen)) {
    const message = serverIntl(locale).formatMessage(messages.chooseLanguage);
    return json<ProfileSaveAnswer>(
      { ok: false, section: null, item: null, message, fieldErrors: { language: [message] }, values: {} },
      { status: 400 },
    );
  }
  await saveLanguage(context.db, userId, chosen as Locale);
  return redirect("/profile#language", {
    headers: { "Set-Cookie": languageCookie(chosen as Locale), "Cache-Control": "no-store" },
  });
}

const retryAfter = (seconds: number | undefined): Record<string, string> =>
  seconds ? { "Retry-After": String(seconds) } : {};

export default function Profile() {
  return <ProfilePage {...useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
