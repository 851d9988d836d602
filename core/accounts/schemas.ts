import * as z from "zod";
import { foldUsername } from "./users.ts";

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
