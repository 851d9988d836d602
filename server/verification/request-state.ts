/**
 * The live state of one OpenID4VP request and the RPC contract of its single writer, the
 * PresentationRequest Durable Object (workers/durable-objects; docs/decisions/016). The object
 * ends the request with exactly one answer, expires it on an alarm, pushes each change to every
 * portal watching over a hibernating WebSocket, and writes the state through to
 * `verification_requests`.
 *
 * Issue 20 (docs/decisions/029): only a valid presentation, or the holder's own decline from our
 * wallet (signed in, holding a credential the request asks for), ends a request. Anything else
 * (an invalid presentation, garbage, an `error=` from whoever holds the QR code) is an attempt:
 * recorded, counted, and the request stays open for the real wallet; the MAX_ATTEMPTS-th closes
 * it as failed, with REQUEST_TOO_MANY_ATTEMPTS as its result.
 */
import { eq } from "drizzle-orm";
import * as z from "zod";
import { MAX_REQUEST_ATTEMPTS } from "#core/verification/reasons.ts";
import type { Database } from "#db/client.ts";
import { verificationRequests } from "#db/schema/index.ts";
import { type RequestView, VerificationResult } from "./api-schemas.ts";

export type RequestStatus = RequestView["status"];

/** Spec 000 §3 "Validation response": what the portal shows once a presentation is judged (the API's own schema). */
export { VerificationResult };

/** How many answers that end nothing a request takes before it closes as failed. */
export const MAX_ATTEMPTS = MAX_REQUEST_ATTEMPTS;

export interface RequestSnapshot {
  id: string;
  status: RequestStatus;
  /** Set when a valid presentation ended it (completed), the holder declined, or it failed. */
  result: VerificationResult | null;
  expiresAt: string;
  /** Answers taken that ended nothing (invalid presentations, refusals not from the holder's wallet). */
  attempts: number;
}

export const OpenRequestInput = z.object({
  id: z.uuid(),
  expiresAt: z.number().int().positive(),
  /** The OpenID4VP state: put in the request object, never sent to watchers. */
  state: z.string().min(22).max(128),
  /**
   * direct_post.jwt (ADR 049): the private half of the ephemeral P-256 key made for this request
   * alone, which decrypts its answer. Kept while the request is open, dropped when it ends; never logged.
   */
  responseKey: z
    .object({
      kty: z.literal("EC"),
      crv: z.literal("P-256"),
      x: z.string(),
      y: z.string(),
      d: z.string(),
      kid: z.string(),
      alg: z.literal("ECDH-ES"),
      use: z.literal("enc"),
    })
    .optional(),
});
export type ResponseKey = NonNullable<z.infer<typeof OpenRequestInput>["responseKey"]>;
/**
 * - presentation: a judged answer; a valid one ends the request, an invalid one is an attempt.
 * - declined: the holder's own decline, authenticated by their wallet's session (decline.ts) only.
 */
export const AnswerInput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("presentation"), result: VerificationResult }),
  z.object({ kind: z.literal("declined"), timestamp: z.iso.datetime() }),
]);
export type AnswerInput = z.infer<typeof AnswerInput>;

export interface PresentationRequestApi {
  /** Starts holding a request that was just created (idempotent). */
  open(input: z.input<typeof OpenRequestInput>): Promise<RequestSnapshot>;
  /**
   * An answer: `accepted` is false when the request is no longer open (answered, declined, failed
   * or expired); when true, the snapshot says whether it ended the request or counted as an attempt.
   */
  answer(input: AnswerInput): Promise<{ accepted: boolean; snapshot: RequestSnapshot }>;
  snapshot(): Promise<RequestSnapshot | null>;
  /** The state to sign into the request object, while the request is open (null otherwise). */
  openState(): Promise<string | null>;
  /** The request's response decryption key (direct_post.jwt), while the request is open (null otherwise, or for direct_post). */
  responseKey(): Promise<ResponseKey | null>;
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
