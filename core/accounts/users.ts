// Who a person is to the code that names them: no zod here, so the browser's every page (the
// header names the signed-in person) does not carry the validation library (core/accounts/schemas.ts).

/**
 * One account name however it is typed: Unicode compatibility forms folded (NFKC: fullwidth
 * "ａｄｍｉｎ" is "admin"), surrounding spaces dropped, case ignored. Throttle keys use this; the
 * database compares with lower() on both sides (users_username_lower_idx).
 */
export const normaliseUsername = (username: string) => foldUsername(username).toLowerCase();

/** A name as typed, NFKC-folded and trimmed: what registration stores and sign-in looks up (case kept). */
export const foldUsername = (username: string) => username.normalize("NFKC").trim();

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
