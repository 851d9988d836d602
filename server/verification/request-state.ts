/**
 * The live state of one OpenID4VP request and the RPC contract of its single writer, the
 * PresentationRequest Durable Object (workers/durable-objects; docs/decisions/016). The object
 * accepts exactly one answer (a presentation's judgement or the citizen's refusal), expires the
 * request on an alarm, pushes each change to every portal watching over a hibernating
 * WebSocket, and writes the state through to `verification_requests`.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#db/client.ts";
import { verificationRequests } from "#db/schema/index.ts";
import { type RequestView, VerificationResult } from "./api-schemas.ts";

export type RequestStatus = RequestView["status"];

/** Spec 000 §3 "Validation response": what the portal shows once a presentation is judged (the API's own schema). */
export { VerificationResult };

export interface RequestSnapshot {
  id: string;
  status: RequestStatus;
  /** Set when a presentation was judged (completed), or the citizen declined. */
  result: VerificationResult | null;
  expiresAt: string;
}

export const OpenRequestInput = z.object({
  id: z.uuid(),
  expiresAt: z.number().int().positive(),
  /** The OpenID4VP state: put in the request object, never sent to watchers. */
  state: z.string().min(22).max(128),
});
export const AnswerInput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("presentation"), result: VerificationResult }),
  z.object({ kind: z.literal("declined"), timestamp: z.iso.datetime() }),
]);
export type AnswerInput = z.infer<typeof AnswerInput>;

export interface PresentationRequestApi {
  /** Starts holding a request that was just created (idempotent). */
  open(input: z.input<typeof OpenRequestInput>): Promise<RequestSnapshot>;
  /** The one answer the request takes: `accepted` is false when it already has one or has expired. */
  answer(input: AnswerInput): Promise<{ accepted: boolean; snapshot: RequestSnapshot }>;
  snapshot(): Promise<RequestSnapshot | null>;
  /** The state to sign into the request object, while the request is open (null otherwise). */
  openState(): Promise<string | null>;
}

/**
 * Writes the live state through to the request's row (the record outlives the object). A request
 * that ended with no result (expired) is recorded as completed at `now`, the object's clock.
 */
export async function writeThrough(db: Database, snapshot: RequestSnapshot, now: number): Promise<void> {
  await db
    .update(verificationRequests)
    .set({
      status: snapshot.status,
      result: snapshot.result,
      completedAt: snapshot.status === "pending" ? null : new Date(snapshot.result?.timestamp ?? now),
    })
    .where(eq(verificationRequests.id, snapshot.id));
}
