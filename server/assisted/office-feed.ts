/**
 * The RPC contract of an office's live board, the AssistedOffice Durable Object (one per office,
 * idFromName(officeId); docs/decisions/017). It holds no state of its own beyond the consoles
 * watching: every console of the office keeps a WebSocket to it and learns at once that the
 * office's sessions or queue changed (then reads them again), and supervisors' consoles hear Call
 * Supervisor. The sessions and the queue themselves live in their own writers (the session
 * objects, libSQL).
 */
import * as z from "zod";
import { PersonInput } from "#core/assisted/api.ts";

/** The roles a console watches as: supervisors hear calls; everyone hears changes. */
const WATCHER_ROLES = ["operator", "supervisor"] as const;
type WatcherRole = (typeof WATCHER_ROLES)[number];

/** The role a watcher's request names (`?role=`, set by the web worker from the caller's authority); operator otherwise. */
export function watcherRole(request: Request): WatcherRole {
  const role = new URL(request.url).searchParams.get("role");
  return WATCHER_ROLES.find((r) => r === role) ?? "operator";
}

export const OfficeChange = z.object({
  what: z.enum(["sessions", "queue"]),
  /** The session that changed, when it was one, and whether it now waits for a supervisor. */
  sessionId: z.uuid().optional(),
  awaitingApproval: z.boolean().optional(),
});
export type OfficeChange = z.input<typeof OfficeChange>;

export const SupervisorCall = z.object({
  from: PersonInput,
  sessionId: z.uuid().nullable(),
  clientName: z.string().trim().max(250).nullable(),
  at: z.iso.datetime(),
});
export type SupervisorCall = z.input<typeof SupervisorCall>;

/** What a console receives over the office feed. */
export type OfficeMessage = ({ type: "changed" } & OfficeChange) | ({ type: "supervisor-call" } & SupervisorCall);

/**
 * Tells an office's consoles what changed. A courtesy, never a condition: if the board cannot be
 * told, the change stands (it is in libSQL, and consoles read it on their next load).
 */
export async function tellOffice(office: Pick<AssistedOfficeApi, "changed">, change: OfficeChange): Promise<void> {
  try {
    await office.changed(change);
  } catch (error) {
    console.error("assisted: could not tell the office's consoles", error);
  }
}

export interface AssistedOfficeApi {
  /** Tells every console of the office; returns how many were told. */
  changed(change: OfficeChange): Promise<number>;
  /** Tells every supervisor's console; returns how many supervisors' consoles were reached. */
  callSupervisor(call: SupervisorCall): Promise<number>;
}
