/**
 * An office's queue (spec 000 §2 "Session queue"; issue 10): walk-ins the operator adds (waiting),
 * appointments booked for a time (scheduled) that become ready when the client arrives, and
 * starting a session from an entry, which takes it off the queue. Rows in libSQL, each change
 * told to the office's consoles through its board (office-feed.ts).
 *
 *   GET   /api/assisted/queue             the office's open entries, appointments by time
 *   POST  /api/assisted/queue             add a walk-in or an appointment
 *   PATCH /api/assisted/queue/{id}        the client arrived, or left without being seen
 *   POST  /api/assisted/queue/{id}/start  New Assisted Session for this client
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import * as z from "zod";
import type { AddToQueueBody, QueueChangeBody } from "#core/assisted/api.ts";
import type { AssistedSession } from "#core/assisted/session.ts";
import { assistedQueue } from "#db/schema/index.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import { tellOffice } from "./office-feed.ts";
import { type AssistedContext, createSession, officeFor, type Staff } from "./sessions.ts";
import { assistedErrors } from "./worded.ts";

const QUEUE_STATUSES = ["waiting", "ready", "scheduled"] as const;
type QueueStatus = (typeof QUEUE_STATUSES)[number];

export interface QueueEntry {
  id: string;
  clientName: string;
  assistanceType: string;
  status: QueueStatus;
  appointmentTime: string | null;
  createdAt: string;
}

const toEntry = (row: typeof assistedQueue.$inferSelect): QueueEntry => ({
  id: row.id,
  clientName: row.clientName,
  assistanceType: row.assistanceType,
  status: row.status as QueueStatus,
  appointmentTime: row.appointmentTime?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Open entries: arrivals first (ready, then waiting, oldest first), then appointments by time. */
export async function listQueue(context: AssistedContext, officeId: string): Promise<QueueEntry[]> {
  const rows = await context.db
    .select()
    .from(assistedQueue)
    .where(and(eq(assistedQueue.officeId, officeId), inArray(assistedQueue.status, [...QUEUE_STATUSES])))
    .orderBy(
      sql`case ${assistedQueue.status} when 'ready' then 0 when 'waiting' then 1 else 2 end`,
      asc(sql`coalesce(${assistedQueue.appointmentTime}, ${assistedQueue.createdAt})`),
    )
    .limit(100);
  return rows.map(toEntry);
}

export async function addToQueue(
  context: AssistedContext,
  staff: Staff,
  body: z.output<typeof AddToQueueBody>,
  now = new Date(),
): Promise<QueueEntry> {
  const officeId = await officeFor(context.db, staff, body.officeId);
  const appointmentTime = body.appointmentTime ? new Date(body.appointmentTime) : null;
  const [row] = await context.db
    .insert(assistedQueue)
    .values({
      officeId,
      clientName: body.clientName,
      assistanceType: body.assistanceType,
      status: appointmentTime ? "scheduled" : "waiting",
      appointmentTime,
      addedBy: staff.person.id,
      createdAt: now,
    })
    .returning();
  await tellOffice(context.offices(officeId), { what: "queue" });
  return toEntry(row!);
}

/** The entry, if it is open and in the caller's office (else 404, as one that does not exist). */
async function openEntry(
  context: AssistedContext,
  staff: Staff,
  id: string,
): Promise<typeof assistedQueue.$inferSelect> {
  const parsed = z.guid().safeParse(id);
  const [row] = parsed.success
    ? await context.db.select().from(assistedQueue).where(eq(assistedQueue.id, id)).limit(1)
    : [];
  if (!row || (staff.role !== "admin" && row.officeId !== staff.officeId))
    throw new WordedServiceError(404, assistedErrors.queueEntryNotFound, "NOT_FOUND");
  if (!QUEUE_STATUSES.includes(row.status as QueueStatus))
    throw new WordedServiceError(409, assistedErrors.notInQueue, "NOT_IN_QUEUE");
  return row;
}

export async function changeQueueEntry(
  context: AssistedContext,
  staff: Staff,
  id: string,
  body: z.output<typeof QueueChangeBody>,
): Promise<QueueEntry> {
  const row = await openEntry(context, staff, id);
  if (body.status === "ready" && row.status !== "scheduled")
    throw new WordedServiceError(409, assistedErrors.notScheduled, "NOT_SCHEDULED");
  // Conditional on the state read, so two consoles cannot both move the same entry.
  const [changed] = await context.db
    .update(assistedQueue)
    .set({ status: body.status })
    .where(and(eq(assistedQueue.id, id), eq(assistedQueue.status, row.status)))
    .returning();
  if (!changed) throw new WordedServiceError(409, assistedErrors.entryChanged, "QUEUE_CONFLICT");
  await tellOffice(context.offices(row.officeId), { what: "queue" });
  return toEntry(changed);
}

/** The entry is claimed first (one console wins), then its session is created. */
export async function startFromQueue(
  context: AssistedContext,
  staff: Staff,
  id: string,
  now = new Date(),
): Promise<AssistedSession> {
  const row = await openEntry(context, staff, id);
  const [claimed] = await context.db
    .update(assistedQueue)
    .set({ status: "started", startedAt: now })
    .where(and(eq(assistedQueue.id, id), eq(assistedQueue.status, row.status)))
    .returning();
  if (!claimed) throw new WordedServiceError(409, assistedErrors.sessionStarted, "QUEUE_CONFLICT");
  let session: AssistedSession;
  try {
    session = await createSession(context, staff, {
      clientName: row.clientName,
      assistanceType: row.assistanceType,
      officeId: row.officeId,
    });
  } catch (error) {
    // The client goes back to where they were in the queue: nobody is seeing them yet.
    await context.db.update(assistedQueue).set({ status: row.status, startedAt: null }).where(eq(assistedQueue.id, id));
    throw error;
  }
  await context.db.update(assistedQueue).set({ sessionId: session.id }).where(eq(assistedQueue.id, id));
  await tellOffice(context.offices(row.officeId), { what: "queue" });
  return session;
}
