/**
 * Unique-constraint refusals, the one way we tell them apart from other database errors. Racing
 * writers (two sign-ups with one name, two random status-list slots that collide) are settled by
 * unique indexes; the caller needs to know which one refused. libSQL reports it in the message of
 * an error that drizzle wraps (as `cause`, sometimes twice), as SQLite words it:
 *   UNIQUE constraint failed: users.email
 *   UNIQUE constraint failed: credentials.status_list_id, credentials.status_list_index
 *   UNIQUE constraint failed: index 'users_username_lower_idx'     (an index on an expression)
 */
const UNIQUE = /UNIQUE constraint failed: ([^\n]+?)\s*$/m;

/** What the refusing constraint names ("users.email", "index 'users_username_lower_idx'"), or undefined. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const match = UNIQUE.exec(String((e as { message?: unknown }).message ?? ""));
    if (match) return match[1];
  }
  return undefined;
}

/**
 * Whether `error` is a unique-constraint refusal by one of `targets`: the columns as SQLite lists
 * them ("credentials.status_list_id, credentials.status_list_index"), or an index's name.
 */
export function isUniqueViolation(error: unknown, ...targets: string[]): boolean {
  const violated = uniqueViolation(error);
  return violated !== undefined && targets.some((target) => violated === target || violated === `index '${target}'`);
}

/**
 * The database did not answer in time, refused the connection, or a gateway said it is away: the
 * request cannot be served now, and may be later (503 with Retry-After, ADR 032). Thrown by the
 * client's fetch (db/client.ts); libSQL and drizzle wrap it (as `cause`, sometimes twice).
 */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

/** Whether `error` is, or was caused by, the database being unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    // By name as well: a bundle holding a second copy of this module throws another class.
    if (e instanceof DatabaseUnavailableError || (e as { name?: unknown }).name === "DatabaseUnavailableError")
      return true;
  }
  return false;
}
