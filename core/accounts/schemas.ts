import { z } from "zod";

/**
 * Spec 000 §5: the same rules on the server and in the forms, with zod's default messages
 * ("Required", "String must contain at least N character(s)", "Invalid email").
 */
export const LoginSchema = z.object({
  username: z.string().min(1),
  password: z.string().min(1),
});

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((v) => (v ? v.trim() || undefined : undefined));

/**
 * One account name however it is typed: Unicode compatibility forms folded (NFKC: fullwidth
 * "ａｄｍｉｎ" is "admin"), surrounding spaces dropped, case ignored. Throttle keys use this; the
 * database compares with lower() on both sides (users_username_lower_idx).
 */
export const normaliseUsername = (username: string) => foldUsername(username).toLowerCase();

/** A name as typed, NFKC-folded and trimmed: what registration stores and sign-in looks up (case kept). */
export const foldUsername = (username: string) => username.normalize("NFKC").trim();

/**
 * New names: NFKC-folded and trimmed, then 3 to 50 (spec 000 §5) of a safe set: ASCII letters,
 * digits, and . _ - inside. No look-alike letters ("ADMİN" with a dotted capital I), no invisible
 * characters ("ad\u200bmin"), nothing a screen or a log could render as another name.
 */
const USERNAME_CHARACTERS = "Use only letters A to Z, numbers, and dots, hyphens or underscores between them";
const NewUsername = z
  .string()
  .transform(foldUsername)
  .pipe(
    z
      .string()
      .min(3)
      .max(50)
      .regex(/^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/, USERNAME_CHARACTERS),
  );

export const RegisterSchema = z.object({
  username: NewUsername,
  // Optional: an empty field means "no email"; anything typed must be a valid address.
  email: z
    .union([z.literal(""), z.string().trim().pipe(z.email())])
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined)),
  // ASVS: at least 8, and long passphrases allowed (Argon2id input is not truncated).
  password: z.string().min(8).max(128),
  firstName: optionalText(100),
  lastName: optionalText(100),
});

export type LoginInput = z.infer<typeof LoginSchema>;
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** What the client may know about the signed-in user (spec 000 §7 GET /api/auth/user). Never the hash. */
export interface PublicUser {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  profileImageUrl: string | null;
}

/** How a person is named on screen and in records: their full name, else their username. */
export function displayName(user: Pick<PublicUser, "firstName" | "lastName" | "username">): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username;
}

/** Spec 000 §6: any role value other than the four known ones is a citizen. */
const KNOWN_ROLES = ["admin", "verifier", "operator", "citizen"] as const;
export type KnownRole = (typeof KNOWN_ROLES)[number];
export function effectiveRole(role: string | null | undefined): KnownRole {
  return (KNOWN_ROLES as readonly string[]).includes(role ?? "") ? (role as KnownRole) : "citizen";
}
