/**
 * What the operator console (/assisted, /assisted-digital) is drawn from: the signed-in member
 * of staff's own record, their office (an administrator picks one), its sessions, queue and
 * emergency contacts, and the selected session's live state from its object. Citizens and
 * verifiers, and operators not assigned to an office, are refused (the route answers 403 with a
 * page saying why).
 */
import { asc, eq } from "drizzle-orm";
import type { PublicUser } from "#core/accounts/users.ts";
import { assistedOffices, officeContacts } from "#db/schema/index.ts";
import type { AccountsContext } from "#server/accounts/authentication.ts";
import { ServiceError } from "#server/http/errors.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { listQueue } from "./queue.ts";
import {
  type AssistedBindings,
  assistedContext,
  officeSessions,
  readSession,
  type Staff,
  staffOf,
} from "./sessions.ts";

export type ConsoleRefusal = "role" | "office";

/** The console's data for `user` (signed in) at `requestUrl` (`?office=`, `?session=`), or why they are refused. */
export async function operatorConsoleData(
  context: RequestContext<AssistedBindings> & AccountsContext,
  user: PublicUser,
  requestUrl: string,
) {
  let staff: Staff;
  try {
    staff = await staffOf(context.db, user);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const refused: ConsoleRefusal = error.code === "NO_OFFICE" ? "office" : "role";
    return { refused } as const;
  }
  const url = new URL(requestUrl);
  const offices = await context.db
    .select({ id: assistedOffices.id, name: assistedOffices.name, address: assistedOffices.address })
    .from(assistedOffices)
    .orderBy(asc(assistedOffices.name));
  // An operator works in their office; an administrator in the one they pick (their own, or the first).
  const named = url.searchParams.get("office");
  const office =
    staff.role === "admin"
      ? (offices.find((o) => o.id === named) ?? offices.find((o) => o.id === staff.officeId) ?? offices[0])
      : offices.find((o) => o.id === staff.officeId);
  if (!office) return { refused: "office" } as const;

  const assisted = assistedContext(context, requestUrl);
  const now = new Date();
  const selectedId = url.searchParams.get("session");
  const [sessions, queue, contacts, selected] = await Promise.all([
    officeSessions(context.db, office.id, now),
    listQueue(assisted, office.id),
    context.db
      .select()
      .from(officeContacts)
      .where(eq(officeContacts.officeId, office.id))
      .orderBy(asc(officeContacts.position)),
    selectedId
      ? readSession(assisted, staff, selectedId).catch((error: unknown) =>
          error instanceof ServiceError ? null : Promise.reject(error),
        )
      : null,
  ]);
  return {
    refused: null,
    staff: {
      id: staff.person.id,
      name: staff.person.name,
      role: staff.role,
      title: staff.title,
      authorisationLevel: staff.authorisationLevel,
      supervisor: staff.supervisor,
    },
    office,
    offices: staff.role === "admin" ? offices.map(({ id, name }) => ({ id, name })) : [],
    open: sessions.open,
    ended: sessions.ended,
    selected: selected && selected.officeId === office.id ? selected : null,
    queue,
    contacts: contacts.map(({ name, role, phone, hours }) => ({ name, role, phone, hours })),
    now: now.toISOString(),
  };
}
