// Spec 000 §3: users, sessions (login session store), webauthn_credentials; webauthn_challenges (ADR 021).
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, json, timestamp, uuidPk } from "./columns.ts";

export const users = sqliteTable(
  "users",
  {
    id: uuidPk(),
    username: text("username").notNull().unique(),
    email: text("email").unique(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    role: text("role").notNull().default("citizen"),
    /** The verifier organisation a verifier acts for (verifier_organisations; not a foreign key, to keep the schema acyclic). */
    organisationId: text("organisation_id"),
    /** The language the person chose (core/i18n/locales.ts), on every device they sign in on; null: not chosen yet. */
    language: text("language"),
    createdAt: createdAt(),
    updatedAt: createdAt("updated_at"),
  },
  // "Bob" and "bob" are one account name: two sign-ups racing with different case cannot both win.
  // users_role_created_idx: new accounts of a role in a time window (Gabriel's events, issue 11).
  (t) => [
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    index("users_role_created_idx").on(t.role, t.createdAt),
  ],
);

/**
 * Server-side login sessions (ADR 003). `sid` is the SHA-256 of the cookie's random token,
 * so a leaked database row cannot be replayed as a cookie.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: json<SessionData>("sess").notNull(),
    expire: timestamp("expire").notNull(),
  },
  // sessions_user_idx: a person's own sessions (the list on /profile, "Sign out everywhere else").
  (t) => [
    index("sessions_expire_idx").on(t.expire),
    index("sessions_user_idx").on(sql`json_extract(${t.sess}, '$.userId')`),
  ],
);

export interface SessionData {
  userId: string;
  /** Unix ms when the session was created: the absolute timeout counts from here. */
  createdAt: number;
  /** Unix ms of the last request: the idle timeout counts from here. */
  lastSeenAt: number;
  /** How the session began: by creating the account, or by signing in (absent on older rows: signing in). */
  openedBy?: "registration" | "sign-in";
  /**
   * Unix ms of the latest proof of the password or a passkey on this session: its start, or a
   * "Confirm it's you" (server/accounts/reauth.ts). Adding or removing a passkey and changing the
   * email need one at most five minutes old (absent on older rows: none).
   */
  confirmedAt?: number;
  /**
   * What the list of signed-in sessions on /profile shows, reduced when the session starts as the
   * privacy policy allows: browser, operating system and device class from the User-Agent (never
   * the header itself), and the country Cloudflare places the address in (never the address).
   */
  client?: { browser: string; os: string; device: "tablet" | "mobile" | "desktop"; country: string | null };
}

/**
 * Passkeys (WebAuthn credentials, ADR 021): `id` is the credential id and `public_key` the COSE
 * public key, both base64url; `counter` is the authenticator's signature counter, which may only
 * go up (0 for authenticators that keep none); `name` is the label the person gave it.
 */
export const webauthnCredentials = sqliteTable(
  "webauthn_credentials",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull().default("Passkey"),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    deviceType: text("device_type"),
    backedUp: bool("backed_up").notNull().default(false),
    transports: json<string[]>("transports"),
    createdAt: createdAt(),
    lastUsed: timestamp("last_used"),
  },
  (t) => [index("webauthn_credentials_user_idx").on(t.userId, t.createdAt)],
);

/**
 * One row per WebAuthn ceremony in progress (ADR 021): the challenge the browser was given, kept
 * on the server under a random ceremony id, for what (`registration` or `reauthentication`, a
 * "Confirm it's you", for `user_id`, or a sign-in by anyone), until `expires_at`. Finishing the ceremony deletes the row as it reads it, so a
 * challenge answers once. Expired rows are purged (webauthn_challenges_expires_idx).
 */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose", { enum: ["registration", "authentication", "reauthentication"] }).notNull(),
    challenge: text("challenge").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);

export type Passkey = typeof webauthnCredentials.$inferSelect;

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
