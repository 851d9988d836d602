/**
 * The data of /profile (spec 000 §2 "Citizen screens", §3 "Profile section", §4) and the answer to
 * its saves: the person's profile with its completion, their passkeys and where passkeys are
 * registered (ADR 021), and today's date for the date-of-birth field's upper bound.
 */
import { ukDate } from "#core/format/uk-time.ts";
import type { EditableSection } from "#core/profile/items.ts";
import type { Database } from "#db/client.ts";
import { listPasskeys } from "#server/accounts/passkeys.ts";
import { type RelyingPartyBindings, relyingPartyFrom } from "#server/accounts/relying-party.ts";
import {
  getProfile,
  type ParsedProfileForm,
  type ProfileFormRefusal,
  savedMessage,
  saveProfileSection,
} from "./profile.ts";

/** The page's data for `userId` (the signed-in person) at `now`. */
export async function profilePageData(
  context: { db: Database; env: RelyingPartyBindings },
  userId: string,
  now = new Date(),
) {
  const [profile, passkeys] = await Promise.all([
    getProfile(context.db, userId, now),
    listPasskeys(context.db, userId),
  ]);
  return {
    profile,
    today: ukDate(now),
    passkeys,
    passkeyOrigin: relyingPartyFrom(context.env)?.origin ?? null,
  };
}

/** What a save answers: the sentence saying what was saved, or the form's refusal with its messages. */
export type ProfileSaveAnswer = { ok: true; section: EditableSection; message: string } | ProfileFormRefusal;

/**
 * Saves a parsed form (parseProfileForm) for `userId`, the signed-in person; which person is never
 * read from the form. `status`: the HTTP status the answer goes with.
 */
export async function saveProfileForm(
  db: Database,
  userId: string,
  parsed: Extract<ParsedProfileForm, { ok: true }>,
  now = new Date(),
): Promise<{ status: number; answer: ProfileSaveAnswer }> {
  const { section, item = null } = parsed.input;
  const saved = await saveProfileSection(db, userId, parsed.input, now);
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
  return { status: 200, answer: { ok: true, section, message: savedMessage(section, item) } };
}
