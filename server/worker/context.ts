import type { Database } from "#db/client.ts";

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
}

/** A fresh request id: a UUID from the runtime's CSPRNG. */
export const newRequestId = (): string => crypto.randomUUID();
