import type { Database } from "#db/client.ts";
import type { RequestRecorder } from "#server/observability/recorder.ts";

/**
 * What every request handler is given, in every worker: the validated bindings, the execution
 * context (for work after the response), a database client for this request, and our own
 * request id (never one a client sent, so nobody can plant ids in our logs). The web worker's
 * Remix load context and each Hono worker's context variables are built from it.
 */
export interface RequestContext<Env = unknown> {
  env: Env;
  ctx: ExecutionContext;
  db: Database;
  requestId: string;
  /**
   * Collects this request's observability rows (audit events, logs, its response time, its server
   * error) for one write after the response (server/observability/recorder.ts); absent where
   * there is no request to batch for (Durable Objects, scripts), which then write at once.
   */
  recorder?: RequestRecorder;
}

/** A fresh request id: a UUID from the runtime's CSPRNG. */
export const newRequestId = (): string => crypto.randomUUID();
