/**
 * The data of /profile (spec 000 §2 "Citizen screens", §3 "Profile section", §4) and the answer to
 * its saves: the person's profile with its completion, their passkeys and where passkeys are
 * registered (ADR 021), where they are signed in (ADR 030), and today's date for the
 * date-of-birth field's upper bound.
 */
import { ukDate } from "#core/format/uk-time.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#core/i18n/locales.ts";
import type { EditableSection } from "#core/profile/items.ts";
import type { Database } from "#db/client.ts";
import { listPasskeys } from "#server/accounts/passkeys.ts";
import { isRecentlyConfirmed, REAUTH_REQUIRED, REAUTH_REQUIRED_CODE } from "#server/accounts/reauth.ts";
import { inLanguage, tooManyEmailChanges } from "#server/accounts/refusal-words.ts";
import { type RelyingPartyBindings, relyingPartyFrom } from "#server/accounts/relying-party.ts";
import type { ActiveSession, SessionBindings } from "#server/accounts/session.ts";
import { listSignedInSessions } from "#server/accounts/signed-in-sessions.ts";
import {
  EMAIL_CHECK_NETWORK_THROTTLE,
  EMAIL_CHECK_PERSON_THROTTLE,
  retryAfter,
  type ThrottleBindings,
  throttle,
  throttleKeys,
} from "#server/accounts/throttle.ts";
import { ServiceError } from "#server/http/errors.ts";
import {
  getProfile,
  type ParsedProfileForm,
  type ProfileFormRefusal,
  savedMessage,
  saveProfileSection,
} from "./profile.ts";

/**
 * The page's data for the signed-in person at `now`: with their passkeys and the places they are
 * signed in (`session`: the one in use, listed first as "This device").
 */
export async function profilePageData(
  context: { db: Database; env: RelyingPartyBindings & SessionBindings },
  session: Pick<ActiveSession, "sid"> & { user: Pick<ActiveSession["user"], "id" | "language"> },
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
) {
  const userId = session.user.id;
  const [profile, passkeys, signedIn] = await Promise.all([
    getProfile(context.db, userId, now, locale),
    listPasskeys(context.db, userId),
    listSignedInSessions(context.db, context.env.SESSION_SECRET, userId, session.sid, now.getTime(), locale),
  ]);
  return {
    profile,
    today: ukDate(now),
    passkeys,
    passkeyOrigin: relyingPartyFrom(context.env)?.origin ?? null,
    sessions: signedIn,
    /** The language saved on the profile (users.language), or null when the person has not chosen one. */
    language: isLocale(session.user.language) ? session.user.language : null,
  };
}

/** What a save answers: the sentence saying what was saved, or the form's refusal with its messages. */
export type ProfileSaveAnswer = { ok: true; section: EditableSection; message: string } | ProfileFormRefusal;

/** Who saves: the signed-in session (its person, and when it last confirmed it's them), from where. */
export interface ProfileSaver {
  session: Pick<ActiveSession, "data"> & { user: Pick<ActiveSession["user"], "id" | "email"> };
  /** The client's address, for the per-network limit on email checks (never stored). */
  address: string;
}

/**
 * Saves a parsed form (parseProfileForm) for the signed-in person; which person is never read from
 * the form. A new email address needs a recent "Confirm it's you" (403 `reauth_required`, ADR 030)
 * and is checked against other accounts at most 10 times an hour per person and 30 per network
 * (429 with `retryAfterSeconds`): the answer says whether another account has that address.
 * `status`: the HTTP status the answer goes with.
 */
export async function saveProfileForm(
  context: { db: Database; env: ThrottleBindings },
  saver: ProfileSaver,
  parsed: Extract<ParsedProfileForm, { ok: true }>,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ status: number; answer: ProfileSaveAnswer; retryAfterSeconds?: number }> {
  const { section, item = null } = parsed.input;
  const { db } = context;
  const userId = saver.session.user.id;
  const refusal = (message: string, code?: string) => ({
    ok: false as const,
    section,
    item,
    message,
    fieldErrors: {},
    values: parsed.values,
    ...(code ? { code } : {}),
  });
  const email = parsed.input.section === "basic" ? parsed.input.data.email : undefined;
  if (email !== undefined && email !== saver.session.user.email) {
    if (!isRecentlyConfirmed(saver.session.data, now.getTime()))
      return {
        status: 403,
        answer: refusal(
          inLanguage(new ServiceError(403, REAUTH_REQUIRED, REAUTH_REQUIRED_CODE), locale).message,
          REAUTH_REQUIRED_CODE,
        ),
      };
    const waited = await emailCheckAllowed(context, userId, saver.address);
    if (waited > 0)
      return {
        status: 429,
        answer: refusal(tooManyEmailChanges(locale, waited), "too_many_attempts"),
        retryAfterSeconds: retryAfter(waited),
      };
  }
  const saved = await saveProfileSection(db, userId, parsed.input, now, locale);
  if (!saved.ok)
    return {
      status: saved.status,
      answer: {
        ok: false,
        section,
        item,
        message: saved.message,
        fieldErrors: saved.fieldErrors,
        values: parsed.values,
      },
    };
  return { status: 200, answer: { ok: true, section, message: savedMessage(section, item, locale) } };
}

/**
 * Counts one email check against the person and their network. Answers 0 when it may go ahead,
 * else the wait in seconds; a gate that let it through takes its count back when the other refused.
 */
async function emailCheckAllowed(context: { env: ThrottleBindings }, userId: string, address: string): Promise<number> {
  const gates = [
    { key: throttle(context, throttleKeys.emailCheckPerson(userId)), policy: EMAIL_CHECK_PERSON_THROTTLE },
    { key: throttle(context, throttleKeys.emailCheckNetwork(address)), policy: EMAIL_CHECK_NETWORK_THROTTLE },
  ];
  const states = await Promise.all(gates.map((gate) => gate.key.attempt(gate.policy)));
  if (states.every((state) => state.allowed)) return 0;
  await Promise.all(gates.filter((_, i) => states[i]!.allowed).map((gate) => gate.key.undo(gate.policy)));
  return Math.max(...states.filter((state) => !state.allowed).map((state) => state.retryAfterSeconds));
}
