/**
 * The citizen's profile (spec 000 §2 "/profile", §3 "Profile section", §4): six sections computed
 * from the user's own data, and the writes that fill them in. The prototype showed sample
 * sections; here every item is read from the database and marked complete only when the data is
 * really there:
 *
 *  - Basic Information, Address Information, Emergency Contacts, Privacy Preferences: what the
 *    user typed (users, user_profiles); the user completes them with this page's forms.
 *  - Identity Verification: an authority has issued the user a credential that is active, not
 *    revoked and not expired. Only an authority can complete it (through the wallet's request).
 *  - Security Settings: a password (every account has one) and a passkey (webauthn_credentials),
 *    which the person adds in that section of /profile (ADR 021).
 *
 * Section progress is the share of its items complete; overall completion is the rounded
 * percentage of complete sections (spec 000 §4). The home dashboard's Profile Status and "My
 * Profile Strength" read the same figures (server/dashboard/dashboard.ts), so the two agree.
 */
import { defineMessages, type TypedMessageDescriptor } from "@formatjs/intl";
import { and, count, eq, gt, isNull, ne, or } from "drizzle-orm";
import * as z from "zod";
import { formats } from "#core/format/locale.ts";
import { ukDate } from "#core/format/uk-time.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import {
  EDITABLE_SECTIONS,
  type EditableSection,
  ITEM_LABEL_MESSAGES,
  PROFILE_ITEMS,
  PROFILE_UPDATED,
  type ProfileItemKey,
  profileItemOf,
  SECTION_TITLE_MESSAGES,
  type SectionId,
  sectionFields,
} from "#core/profile/items.ts";
import { SPEC_WORDING } from "#core/validation/wording.ts";
import type { Database } from "#db/client.ts";
import { isUniqueViolation } from "#db/errors.ts";
import { credentials, userProfiles, users, walletEvents, webauthnCredentials } from "#db/schema/index.ts";
import { countCredentials } from "#server/credentials/credentials.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";

/** Where an identity is verified: the wallet's credential request (spec 000 §2 Quick Actions). */
export const REQUEST_CREDENTIAL_PATH = "/wallet?action=request";
/** Where passkeys are added: the passkeys list of /profile's own Security Settings section (ADR 021). */
export const PASSKEYS_PATH = "#passkeys";

type ItemStatus = "complete" | "incomplete";

/** What the item's Complete button does (only incomplete items have one). */
type ItemAction = { kind: "edit"; section: EditableSection; item: ProfileItemKey } | { kind: "link"; to: string };

export interface ProfileItem {
  field: string;
  value: string;
  status: ItemStatus;
  action?: ItemAction;
}

export interface ProfileSection {
  id: SectionId;
  title: string;
  status: ItemStatus;
  /** Filled in with a form on /profile (the others are completed elsewhere). */
  editable: boolean;
  /** Percentage of this section's items complete, rounded. */
  progress: number;
  items: ProfileItem[];
}

/** The forms' current values, as the inputs show them ("" when not provided). */
export interface ProfileFormValues {
  basic: { firstName: string; lastName: string; email: string; phone: string; dateOfBirth: string };
  address: { addressLine1: string; addressLine2: string; town: string; postcode: string };
  emergency: { emergencyContactName: string; emergencyContactPhone: string; emergencyContactRelationship: string };
  privacy: { shareAnalytics: "" | "yes" | "no"; notifyOnVerification: "" | "yes" | "no" };
}

export interface Profile {
  sections: ProfileSection[];
  /** Rounded percentage of complete sections (spec 000 §4). */
  completion: number;
  completeSections: number;
  totalSections: number;
  /** The dashboard's "My Profile Strength" items (spec 000 §2), from the same data. */
  strength: { identityVerified: boolean; contactInformation: boolean; emergencyContacts: boolean };
  values: ProfileFormValues;
}

const messages = {
  ...defineMessages({
    notProvided: { id: "profile.server.notProvided", defaultMessage: "Not provided" },
    notChosen: {
      id: "profile.server.notChosen",
      defaultMessage: "Not chosen",
      description: "A privacy preference the person has not answered yet.",
    },
    identityItem: { id: "profile.server.identityItem", defaultMessage: "Identity verified by an authority" },
    notVerified: { id: "profile.server.notVerified", defaultMessage: "Not verified" },
    password: { id: "profile.server.password", defaultMessage: "Password" },
    passwordSet: {
      id: "profile.server.passwordSet",
      defaultMessage: "Set",
      description: "The state of the account's password: one has been set.",
    },
    passkey: { id: "profile.server.passkey", defaultMessage: "Passkey" },
    notSetUp: { id: "profile.server.notSetUp", defaultMessage: "Not set up", description: "No passkey yet." },
    shared: { id: "profile.server.shared", defaultMessage: "Shared", description: "Usage analytics: shared." },
    notShared: {
      id: "profile.server.notShared",
      defaultMessage: "Not shared",
      description: "Usage analytics: not shared.",
    },
    on: { id: "profile.server.on", defaultMessage: "On", description: "Verification notifications: on." },
    off: { id: "profile.server.off", defaultMessage: "Off", description: "Verification notifications: off." },
    enterFirstName: { id: "profile.server.enterFirstName", defaultMessage: "Enter your first name" },
    firstNameTooLong: {
      id: "profile.server.firstNameTooLong",
      defaultMessage: "First name must be 100 characters or fewer",
    },
    firstNameLetters: {
      id: "profile.server.firstNameLetters",
      defaultMessage: "First name must only include letters, spaces, hyphens, apostrophes and full stops",
    },
    enterLastName: { id: "profile.server.enterLastName", defaultMessage: "Enter your last name" },
    lastNameTooLong: {
      id: "profile.server.lastNameTooLong",
      defaultMessage: "Last name must be 100 characters or fewer",
    },
    lastNameLetters: {
      id: "profile.server.lastNameLetters",
      defaultMessage: "Last name must only include letters, spaces, hyphens, apostrophes and full stops",
    },
    enterEmail: { id: "profile.server.enterEmail", defaultMessage: "Enter your email address" },
    emailTooLong: {
      id: "profile.server.emailTooLong",
      defaultMessage: "Email address must be 254 characters or fewer",
    },
    emailFormat: {
      id: "profile.server.emailFormat",
      defaultMessage: "Enter an email address in the correct format, like name@example.com",
    },
    enterPhone: { id: "profile.server.enterPhone", defaultMessage: "Enter your phone number" },
    phoneFormat: {
      id: "profile.server.phoneFormat",
      defaultMessage: "Enter a phone number using digits only, like 07700 900982 or +44 7700 900982",
    },
    enterDateOfBirth: { id: "profile.server.enterDateOfBirth", defaultMessage: "Enter your date of birth" },
    dateOfBirthReal: {
      id: "profile.server.dateOfBirthReal",
      defaultMessage: "Date of birth must be a real date, like 27 March 1985",
    },
    dateOfBirthPast: { id: "profile.server.dateOfBirthPast", defaultMessage: "Date of birth must be in the past" },
    enterAddressLine1: {
      id: "profile.server.enterAddressLine1",
      defaultMessage: "Enter the first line of your address",
    },
    addressLine1TooLong: {
      id: "profile.server.addressLine1TooLong",
      defaultMessage: "Address line 1 must be 100 characters or fewer",
    },
    addressLine2TooLong: {
      id: "profile.server.addressLine2TooLong",
      defaultMessage: "Address line 2 must be 100 characters or fewer",
    },
    enterTown: { id: "profile.server.enterTown", defaultMessage: "Enter your town or city" },
    townTooLong: { id: "profile.server.townTooLong", defaultMessage: "Town or city must be 60 characters or fewer" },
    enterPostcode: { id: "profile.server.enterPostcode", defaultMessage: "Enter your postcode" },
    postcodeFormat: { id: "profile.server.postcodeFormat", defaultMessage: "Enter a real UK postcode, like SW1A 2AA" },
    enterContactName: { id: "profile.server.enterContactName", defaultMessage: "Enter your emergency contact's name" },
    contactNameTooLong: {
      id: "profile.server.contactNameTooLong",
      defaultMessage: "Name must be 100 characters or fewer",
    },
    contactNameLetters: {
      id: "profile.server.contactNameLetters",
      defaultMessage: "Name must only include letters, spaces, hyphens, apostrophes and full stops",
    },
    enterContactPhone: {
      id: "profile.server.enterContactPhone",
      defaultMessage: "Enter your emergency contact's phone number",
    },
    enterRelationship: {
      id: "profile.server.enterRelationship",
      defaultMessage: "Enter how you know them, like partner, parent or friend",
    },
    relationshipTooLong: {
      id: "profile.server.relationshipTooLong",
      defaultMessage: "Relationship must be 50 characters or fewer",
    },
    selectAnalytics: {
      id: "profile.server.selectAnalytics",
      defaultMessage: "Select whether to share usage analytics",
    },
    selectNotify: {
      id: "profile.server.selectNotify",
      defaultMessage: "Select whether to be notified when a credential is verified",
    },
    unknownIntent: { id: "profile.server.unknownIntent", defaultMessage: "Choose which part of your profile to save." },
    unknownItem: { id: "profile.server.unknownItem", defaultMessage: "Choose which detail of this section to save." },
    checkAnswers: { id: "profile.server.checkAnswers", defaultMessage: "Check your answers" },
    emailInUse: {
      id: "profile.server.emailInUse",
      defaultMessage: "This email address is already used by another account",
    },
    savedBasic: { id: "profile.server.savedBasic", defaultMessage: "Your basic information has been saved." },
    savedAddress: { id: "profile.server.savedAddress", defaultMessage: "Your address has been saved." },
    savedEmergency: { id: "profile.server.savedEmergency", defaultMessage: "Your emergency contact has been saved." },
    savedPrivacy: { id: "profile.server.savedPrivacy", defaultMessage: "Your privacy preferences have been saved." },
  }),
  ...defineMessages<{
    verified: { count: number };
    passkeysSetUp: { count: number };
    dateOfBirthRecent: { years: number };
    savedItem: { item: string };
  }>({
    verified: {
      id: "profile.server.verified",
      defaultMessage: "{count, plural, one {Verified (# active credential)} other {Verified (# active credentials)}}",
    },
    passkeysSetUp: {
      id: "profile.server.passkeysSetUp",
      defaultMessage: "{count, plural, one {# set up} other {# set up}}",
      description: "How many passkeys the person has set up, e.g. '2 set up'.",
    },
    dateOfBirthRecent: {
      id: "profile.server.dateOfBirthRecent",
      defaultMessage: "Date of birth must be within the last {years} years",
    },
    savedItem: {
      id: "profile.server.savedItem",
      defaultMessage: "{item} saved.",
      description: "After one detail was saved; {item} is its name, e.g. 'Phone number saved.'",
    },
  }),
};

/** The server's words of the profile in `locale`. */
const wordsIn = (locale: Locale) => serverIntl(locale).formatMessage;
type Say = ReturnType<typeof wordsIn>;

const dateOfBirthFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * The four reads the six sections need, for this user only. Exposed so the dashboard can send
 * them in its own batch (one round trip per 2 s poll) and read them with `profileFromRows`.
 */
export function profileQueries(db: Database, userId: string, now: Date) {
  return [
    db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, userId)),
    db.select().from(userProfiles).where(eq(userProfiles.userId, userId)),
    // An identity verified by an authority: a credential issued to this user that is active,
    // not revoked and not expired (its copies counted once).
    db
      .select({ n: countCredentials() })
      .from(credentials)
      .where(
        and(
          eq(credentials.userId, userId),
          eq(credentials.status, "active"),
          isNull(credentials.revokedAt),
          or(isNull(credentials.expiresAt), gt(credentials.expiresAt, now)),
        ),
      ),
    db.select({ n: count() }).from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId)),
  ] as const;
}

/** Each query's rows, position by position (generic, so the tuple shape is kept). */
type RowsOf<T extends readonly unknown[]> = { readonly [K in keyof T]: Awaited<T[K]> };
export type ProfileRows = RowsOf<ReturnType<typeof profileQueries>>;

export function profileFromRows(
  [account, saved, verified, passkeys]: ProfileRows,
  locale: Locale = DEFAULT_LOCALE,
): Profile {
  return buildProfile(locale, {
    account: account[0] ?? { firstName: null, lastName: null, email: null },
    saved: saved[0] ?? null,
    activeCredentials: Number(verified[0]?.n ?? 0),
    passkeys: Number(passkeys[0]?.n ?? 0),
  });
}

/** The signed-in user's profile, in one round trip, in `locale`'s words. */
export async function getProfile(
  db: Database,
  userId: string,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<Profile> {
  return profileFromRows(await db.batch(profileQueries(db, userId, now)), locale);
}

type SavedProfile = typeof userProfiles.$inferSelect;

interface ProfileData {
  account: { firstName: string | null; lastName: string | null; email: string | null };
  saved: SavedProfile | null;
  activeCredentials: number;
  passkeys: number;
}

/** 1985-03-27 as "27 March 1985"; anything that is not a real date as stored. */
function displayDate(value: string | null | undefined, locale: Locale): string | null {
  if (!present(value)) return null;
  if (!isRealDate(value)) return value;
  const day = new Date(`${value}T00:00:00Z`);
  return locale === DEFAULT_LOCALE ? dateOfBirthFormat.format(day) : formats(locale).dateLong(day);
}

const present = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";

function itemOf(
  say: Say,
  field: string,
  value: string | null | undefined,
  complete: boolean,
  action?: ItemAction,
): ProfileItem {
  return {
    field,
    value: present(value) ? value : say(messages.notProvided),
    status: complete ? "complete" : "incomplete",
    ...(complete || !action ? {} : { action }),
  };
}

/** An item the user fills in on /profile: its label and its Complete action come from PROFILE_ITEMS. */
function editableItemOf(
  say: Say,
  key: ProfileItemKey,
  value: string | null | undefined,
  complete: boolean,
): ProfileItem {
  const { section } = PROFILE_ITEMS[key];
  return itemOf(say, say(ITEM_LABEL_MESSAGES[key]), value, complete, { kind: "edit", section, item: key });
}

function sectionOf(say: Say, id: SectionId, items: ProfileItem[]): ProfileSection {
  const done = items.filter((i) => i.status === "complete").length;
  return {
    id,
    title: say(SECTION_TITLE_MESSAGES[id]),
    editable: (EDITABLE_SECTIONS as readonly string[]).includes(id),
    status: done === items.length ? "complete" : "incomplete",
    progress: Math.round((done / items.length) * 100),
    items,
  };
}

/** The sections and figures from the data read (pure: the tests drive it directly too). */
function buildProfile(locale: Locale, { account, saved, activeCredentials, passkeys }: ProfileData): Profile {
  const say = wordsIn(locale);
  const section = (id: SectionId, items: ProfileItem[]) => sectionOf(say, id, items);
  const item = (field: string, value: string | null | undefined, complete: boolean, action?: ItemAction) =>
    itemOf(say, field, value, complete, action);
  const editableItem = (key: ProfileItemKey, value: string | null | undefined, complete: boolean) =>
    editableItemOf(say, key, value, complete);
  const p = saved;
  const fullName = [account.firstName, account.lastName].filter(present).join(" ");
  const choice = (value: boolean | null | undefined, yes: string, no: string) =>
    value === true ? yes : value === false ? no : say(messages.notChosen);

  const sections = [
    section("basic", [
      editableItem("fullName", fullName, present(account.firstName) && present(account.lastName)),
      editableItem("email", account.email, present(account.email)),
      editableItem("phone", p?.phone, present(p?.phone)),
      editableItem("dateOfBirth", displayDate(p?.dateOfBirth, locale), present(p?.dateOfBirth)),
    ]),
    section("address", [
      editableItem("address", [p?.addressLine1, p?.addressLine2].filter(present).join(", "), present(p?.addressLine1)),
      editableItem("town", p?.town, present(p?.town)),
      editableItem("postcode", p?.postcode, present(p?.postcode)),
    ]),
    section("identity", [
      item(
        say(messages.identityItem),
        activeCredentials > 0 ? say(messages.verified, { count: activeCredentials }) : say(messages.notVerified),
        activeCredentials > 0,
        { kind: "link", to: REQUEST_CREDENTIAL_PATH },
      ),
    ]),
    section("emergency", [
      editableItem("emergencyContactName", p?.emergencyContactName, present(p?.emergencyContactName)),
      editableItem("emergencyContactPhone", p?.emergencyContactPhone, present(p?.emergencyContactPhone)),
      editableItem(
        "emergencyContactRelationship",
        p?.emergencyContactRelationship,
        present(p?.emergencyContactRelationship),
      ),
    ]),
    section("security", [
      // Every account is created with a password (users.password_hash is required).
      item(say(messages.password), say(messages.passwordSet), true),
      item(
        say(messages.passkey),
        passkeys > 0 ? say(messages.passkeysSetUp, { count: passkeys }) : say(messages.notSetUp),
        passkeys > 0,
        {
          kind: "link",
          to: PASSKEYS_PATH,
        },
      ),
    ]),
    section("privacy", [
      editableItem(
        "shareAnalytics",
        choice(p?.shareAnalytics, say(messages.shared), say(messages.notShared)),
        typeof p?.shareAnalytics === "boolean",
      ),
      editableItem(
        "notifyOnVerification",
        choice(p?.notifyOnVerification, say(messages.on), say(messages.off)),
        typeof p?.notifyOnVerification === "boolean",
      ),
    ]),
  ];

  const completeSections = sections.filter((s) => s.status === "complete").length;
  const byId = (id: SectionId) => sections.find((s) => s.id === id)!;
  const yesNo = (value: boolean | null | undefined) =>
    (value === true ? "yes" : value === false ? "no" : "") as "" | "yes" | "no";
  return {
    sections,
    completion: Math.round((completeSections / sections.length) * 100),
    completeSections,
    totalSections: sections.length,
    strength: {
      identityVerified: byId("identity").status === "complete",
      // The dashboard's "Contact Information": the two ways to reach the user, email and phone.
      contactInformation: present(account.email) && present(p?.phone),
      emergencyContacts: byId("emergency").status === "complete",
    },
    values: {
      basic: {
        firstName: account.firstName ?? "",
        lastName: account.lastName ?? "",
        email: account.email ?? "",
        phone: p?.phone ?? "",
        dateOfBirth: p?.dateOfBirth ?? "",
      },
      address: {
        addressLine1: p?.addressLine1 ?? "",
        addressLine2: p?.addressLine2 ?? "",
        town: p?.town ?? "",
        postcode: p?.postcode ?? "",
      },
      emergency: {
        emergencyContactName: p?.emergencyContactName ?? "",
        emergencyContactPhone: p?.emergencyContactPhone ?? "",
        emergencyContactRelationship: p?.emergencyContactRelationship ?? "",
      },
      privacy: { shareAnalytics: yesNo(p?.shareAnalytics), notifyOnVerification: yesNo(p?.notifyOnVerification) },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The forms: one zod schema per editable section, told apart by the form's `intent` field.

/** Letters (any script), spaces, hyphens, apostrophes and full stops, starting with a letter. */
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}\s'’.-]*$/u;
/** A UK number (0 and 9 or 10 digits) or an international one (+ and 8 to 15 digits, E.164). */
const PHONE_UK = /^0\d{9,10}$/;
const PHONE_INTERNATIONAL = /^\+[1-9]\d{7,14}$/;
/** UK postcode without its space: outward code (A9, A9A, A99, AA9, AA9A, AA99) and inward code (9AA). */
const POSTCODE = /^(?:[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}|GIR0AA)$/;
/** Oldest date of birth accepted, in years before today. */
const MAX_AGE_YEARS = 130;

const collapseSpaces = (value: string) => value.trim().replace(/\s+/g, " ");

/** Collapses spaces, then says "missing" for an empty value and nothing more (one message per field). */
const filled = (missing: string) => z.string().transform(collapseSpaces).pipe(z.string().min(1, missing));

const personName = (missing: string, tooLong: string, letters: string) =>
  filled(missing).pipe(z.string().max(100, tooLong).regex(NAME_PATTERN, letters));

const phoneNumber = (missing: string, format: string) =>
  filled(missing).pipe(
    z
      .string()
      .max(30, format)
      .refine((value) => {
        const digits = value.replace(/[\s().-]/g, "");
        // +44 is followed by the national number without its leading 0.
        if (digits.startsWith("+44")) return /^\+44[1-9]\d{8,9}$/.test(digits);
        return PHONE_UK.test(digits) || PHONE_INTERNATIONAL.test(digits);
      }, format),
  );

const requiredText = (missing: string, tooLong: string, max: number) =>
  filled(missing).pipe(z.string().max(max, tooLong));

/** A real calendar date written YYYY-MM-DD (the value of an `<input type="date">`). */
function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const dateOfBirth = (now: Date, say: Say) => {
  const today = ukDate(now);
  const earliest = `${Number(today.slice(0, 4)) - MAX_AGE_YEARS}${today.slice(4)}`;
  return filled(say(messages.enterDateOfBirth))
    .pipe(z.string().refine(isRealDate, say(messages.dateOfBirthReal)))
    .pipe(
      z
        .string()
        .refine((value) => value < today, say(messages.dateOfBirthPast))
        .refine((value) => value >= earliest, say(messages.dateOfBirthRecent, { years: MAX_AGE_YEARS })),
    );
};

const yesNo = (missing: string) => z.enum(["yes", "no"], { error: missing }).transform((value) => value === "yes");

function profileSchemas(now: Date, say: Say) {
  const phoneFormat = say(messages.phoneFormat);
  return {
    basic: z.object({
      firstName: personName(
        say(messages.enterFirstName),
        say(messages.firstNameTooLong),
        say(messages.firstNameLetters),
      ),
      lastName: personName(say(messages.enterLastName), say(messages.lastNameTooLong), say(messages.lastNameLetters)),
      email: filled(say(messages.enterEmail))
        .pipe(z.string().max(254, say(messages.emailTooLong)).email(say(messages.emailFormat)))
        .transform((value) => value.toLowerCase()),
      phone: phoneNumber(say(messages.enterPhone), phoneFormat),
      dateOfBirth: dateOfBirth(now, say),
    }),
    address: z.object({
      addressLine1: requiredText(say(messages.enterAddressLine1), say(messages.addressLine1TooLong), 100),
      addressLine2: z
        .string()
        .transform(collapseSpaces)
        .pipe(z.string().max(100, say(messages.addressLine2TooLong)))
        .transform((value) => value || null),
      town: requiredText(say(messages.enterTown), say(messages.townTooLong), 60),
      postcode: z
        .string()
        .transform((value) => value.replace(/\s+/g, "").toUpperCase())
        .pipe(z.string().min(1, say(messages.enterPostcode)))
        .pipe(z.string().regex(POSTCODE, say(messages.postcodeFormat)))
        // Stored the way it is written: outward code, one space, inward code.
        .transform((value) => `${value.slice(0, -3)} ${value.slice(-3)}`),
    }),
    emergency: z.object({
      emergencyContactName: personName(
        say(messages.enterContactName),
        say(messages.contactNameTooLong),
        say(messages.contactNameLetters),
      ),
      emergencyContactPhone: phoneNumber(say(messages.enterContactPhone), phoneFormat),
      emergencyContactRelationship: requiredText(
        say(messages.enterRelationship),
        say(messages.relationshipTooLong),
        50,
      ),
    }),
    privacy: z.object({
      shareAnalytics: yesNo(say(messages.selectAnalytics)),
      notifyOnVerification: yesNo(say(messages.selectNotify)),
    }),
  };
}

type Schemas = ReturnType<typeof profileSchemas>;
/**
 * One save: a whole section (Edit) or one item's fields (Complete beside a missing item). `data`
 * holds exactly the fields that were on the form, so a save never touches the others.
 */
export type ProfileInput = {
  [S in EditableSection]: { section: S; item?: ProfileItemKey; data: Partial<z.output<Schemas[S]>> };
}[EditableSection];
type FieldErrors = Record<string, string[] | undefined>;

/** A refused form: which form it was, why, each field's messages and the values as typed. */
export interface ProfileFormRefusal {
  ok: false;
  section: EditableSection | null;
  item: ProfileItemKey | null;
  message: string;
  fieldErrors: FieldErrors;
  values: Record<string, string>;
  /** Why, for the page to act on: `reauth_required` (confirm it's you, then send it again). */
  code?: string;
}

export type ParsedProfileForm = { ok: true; input: ProfileInput; values: Record<string, string> } | ProfileFormRefusal;

/**
 * Parses one form post: a whole section, or with `item` only that item's fields (validated by
 * the same rules, the section's other fields neither read nor required). The user's id never
 * comes from the form (the caller passes the signed-in user's). On failure, the values as typed
 * go back so the form can show them again with the messages.
 */
export function parseProfileForm(form: FormData, now: Date, locale: Locale = DEFAULT_LOCALE): ParsedProfileForm {
  const say = wordsIn(locale);
  const intent = z.enum(EDITABLE_SECTIONS).safeParse(form.get("intent"));
  if (!intent.success)
    return { ok: false, section: null, item: null, message: say(messages.unknownIntent), fieldErrors: {}, values: {} };
  const section = intent.data;
  const askedItem = form.get("item");
  const item = askedItem === null || askedItem === "" ? null : profileItemOf(section, askedItem);
  if (askedItem !== null && askedItem !== "" && !item)
    return { ok: false, section, item: null, message: say(messages.unknownItem), fieldErrors: {}, values: {} };
  const names = item ? PROFILE_ITEMS[item].fields : sectionFields(section);
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    // Longer than any field allows, so still refused, without echoing a huge body back.
    values[name] = typeof value === "string" ? value.slice(0, 300) : "";
  }
  const schema: z.ZodObject = profileSchemas(now, say)[section];
  const parsed = (
    item ? schema.pick(Object.fromEntries(names.map((name) => [name, true])) as Record<string, true>) : schema
  ).safeParse(values, SPEC_WORDING);
  if (!parsed.success) {
    const fieldErrors = z.flattenError(parsed.error).fieldErrors as FieldErrors;
    return {
      ok: false,
      section,
      item,
      message: parsed.error.issues[0]?.message ?? say(messages.checkAnswers),
      fieldErrors,
      values,
    };
  }
  return { ok: true, input: { section, ...(item ? { item } : {}), data: parsed.data } as ProfileInput, values };
}

/** In English: the spec's words, which the tests pin. */
export const UNKNOWN_INTENT = messages.unknownIntent.defaultMessage;
export const UNKNOWN_ITEM = messages.unknownItem.defaultMessage;
export const EMAIL_IN_USE = messages.emailInUse.defaultMessage;

export type SaveResult = { ok: true } | { ok: false; status: 409; message: string; fieldErrors: FieldErrors };

/** The fields a save carries (a form leaves the others out: undefined, not null, which clears). */
function given<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * Writes the fields of one save for `userId` (the signed-in user) and nothing else, and records
 * it in the person's activity log (the dashboard's Recent Activity) in the same transaction.
 */
export async function saveProfileSection(
  db: Database,
  userId: string,
  input: ProfileInput,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<SaveResult> {
  const upsertProfile = (values: Partial<Omit<SavedProfile, "userId" | "updatedAt">>) =>
    db
      .insert(userProfiles)
      .values({ userId, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: userProfiles.userId, set: { ...values, updatedAt: now } });
  const logged = db.insert(walletEvents).values({
    userId,
    kind: PROFILE_UPDATED,
    detail: { section: input.section, ...(input.item ? { item: input.item } : {}) },
    createdAt: now,
  });

  if (input.section !== "basic") {
    await db.batch([upsertProfile(given(input.data)), logged]);
    return { ok: true };
  }
  const { firstName, lastName, email, phone, dateOfBirth } = input.data;
  const inUse = wordsIn(locale)(messages.emailInUse);
  const emailInUse = () => ({
    ok: false as const,
    status: 409 as const,
    message: inUse,
    fieldErrors: { email: [inUse] },
  });
  if (email !== undefined) {
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, userId)))
      .limit(1);
    if (other) return emailInUse();
  }
  const account = given({ firstName, lastName, email });
  const personal = given({ phone, dateOfBirth });
  try {
    // Every row or none: a batch is one transaction.
    await db.batch([
      logged,
      ...(Object.keys(account).length
        ? [
            db
              .update(users)
              .set({ ...account, updatedAt: now })
              .where(eq(users.id, userId)),
          ]
        : []),
      ...(Object.keys(personal).length ? [upsertProfile(personal)] : []),
    ]);
  } catch (error) {
    // Another account took the address between the check and the write: the unique index decides.
    if (isUniqueViolation(error, "users.email")) return emailInUse();
    throw error;
  }
  return { ok: true };
}

/** The toast after a save (spec 000 §8 success toasts: a title and a sentence). */
const SAVED: Record<EditableSection, TypedMessageDescriptor> = {
  basic: messages.savedBasic,
  address: messages.savedAddress,
  emergency: messages.savedEmergency,
  privacy: messages.savedPrivacy,
};

/** In English (the spec's words, which the tests pin). */
export const SAVED_MESSAGES: Record<EditableSection, string> = {
  basic: messages.savedBasic.defaultMessage,
  address: messages.savedAddress.defaultMessage,
  emergency: messages.savedEmergency.defaultMessage,
  privacy: messages.savedPrivacy.defaultMessage,
};

/** What the toast says after `input` was saved, in `locale`: the item's name for a single item. */
export function savedMessage(
  section: EditableSection,
  item?: ProfileItemKey | null,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const say = wordsIn(locale);
  return item ? say(messages.savedItem, { item: say(ITEM_LABEL_MESSAGES[item]) }) : say(SAVED[section]);
}
