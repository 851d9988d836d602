import type { Actor } from "#server/verification/actor.ts";
import type { VerificationContext } from "#server/verification/requests.ts";
import type { WorkerHonoEnv } from "#server/worker/hono.ts";
import type { VerifierEnv } from "./env.ts";

/** What the verifier worker adds to the shared context: the verification context and, once authenticated, the caller. */
export type VerifierContext = { verification: VerificationContext; actor: Actor };

export type VerifierApp = WorkerHonoEnv<VerifierEnv, VerifierContext>;
