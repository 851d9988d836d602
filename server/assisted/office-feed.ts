/**
 * The RPC contract of an office's live board, the AssistedOffice Durable Object (one per office,
 * idFromName(officeId); docs/decisions/017). It holds no state of its own beyond the consoles
 * watching: every console of the office keeps a WebSocket to it and learns at once that the
 * office's sessions or queue changed (then reads them again), and supervisors' consoles hear Call
 * Supervisor. The sessions and the queue themselves live in their own writers (the session
 * objects, libSQL).
 */
import { z } from "zod/v4";
import { PersonInput } from "./session-state.ts";

/** The roles a console watches as: supervisors hear calls; everyone hears changes. */
export const WATCHER_ROLES = ["operator", "supervisor"] as const;
export type WatcherRole = (typeof WATCHER_ROLES)[number];

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

export interface AssistedOfficeApi {
  /** Tells every console of the office; returns how many were told. */
  changed(change: OfficeChange): Promise<number>;
  /** Tells every supervisor's console; returns how many supervisors' consoles were reached. */
  callSupervisor(call: SupervisorCall): Promise<number>;
}
