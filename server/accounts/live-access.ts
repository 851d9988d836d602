import { eq, inArray, sql } from "drizzle-orm";
import * as z from "zod";
import { effectiveRole } from "#core/accounts/users.ts";
import type { Database } from "#db/client.ts";
import { operatorProfiles, sessions, users } from "#db/schema/index.ts";
import { isLive } from "./session.ts";

/**
 * Live consoles and access that changes (issue 13): a console's WebSocket is authorised once, at
 * the upgrade, by the web worker; after that the Durable Object pushes to it for as long as it
 * stays open. So the object keeps, with each socket, what let it in (a grant: the login session's
 * row id and what the console needs), and before each message it asks libSQL, in one query,
 * whether those sessions still stand and their people still qualify. A sign-out, an expired
 * session, a role change or a removed account closes the socket at the next message, as the next
 * request would be refused.
 *
 *  - "staff": an administrator, or an operator of the office the watched thing belongs to;
 *  - "supervisor": the same with supervisor authority (administrators hold it everywhere);
 *  - "review": an administrator or an operator (Gabriel's review queue);
 *  - "verifier": an administrator, or a verifier of the organisation whose request is watched
 *    (a verification request's live result, issue 20).
 */
export const WatcherGrant = z.object({
  /** The login session's row id (sessions.sid): a keyed digest, useless as a cookie. */
  sid: z.string().regex(/^[0-9a-f]{64}$/),
  need: z.enum(["staff", "supervisor", "review", "verifier"]),
  /** The office of what is watched (a session's, a board's); null when no office is involved. */
  officeId: z.guid().nullable(),
  /** The verifier organisation of what is watched ("verifier" grants). */
  organisationId: z.guid().nullable().optional(),
});
export type WatcherGrant = z.infer<typeof WatcherGrant>;

/** The web worker writes the grant on the object's internal upgrade request (never from the browser's say). */
export function withGrant(url: URL, grant: WatcherGrant): URL {
  url.searchParams.set("grant", JSON.stringify(grant));
  return url;
}

/** The grant an internal upgrade request carries, if any. */
export function grantOf(request: Request): WatcherGrant | null {
  const text = new URL(request.url).searchParams.get("grant");
  if (text === null) return null;
  try {
    return WatcherGrant.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Of `grants`, the session ids whose session still stands and whose person still qualifies: one query. */
export async function grantsStillHeld(
  db: Database,
  grants: readonly WatcherGrant[],
  now: number,
): Promise<Set<string>> {
  const sids = [...new Set(grants.map((g) => g.sid))];
  if (sids.length === 0) return new Set();
  const rows = await db
    .select({
      sid: sessions.sid,
      sess: sessions.sess,
      expire: sessions.expire,
      role: users.role,
      officeId: operatorProfiles.officeId,
      organisationId: users.organisationId,
      supervisor: operatorProfiles.supervisor,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sql`json_extract(${sessions.sess}, '$.userId')`))
    .leftJoin(operatorProfiles, eq(operatorProfiles.userId, users.id))
    .where(inArray(sessions.sid, sids));
  const bySid = new Map(rows.map((row) => [row.sid, row]));
  const held = new Set<string>();
  for (const grant of grants) {
    const row = bySid.get(grant.sid);
    if (!row || !isLive(row.sess, row.expire, now)) continue;
    const role = effectiveRole(row.role);
    const inOffice = row.officeId !== null && row.officeId === grant.officeId;
    const ofOrganisation = row.organisationId !== null && row.organisationId === grant.organisationId;
    const qualifies =
      grant.need === "review"
        ? role === "admin" || role === "operator"
        : grant.need === "verifier"
          ? role === "admin" || (role === "verifier" && ofOrganisation)
          : role === "admin" ||
            (role === "operator" && inOffice && (grant.need === "staff" || row.supervisor === true));
    if (qualifies) held.add(grant.sid);
  }
  return held;
}
