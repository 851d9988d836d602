import { createClient } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";
import * as schema from "#db/schema/index.ts";
import { DatabaseUnavailableError } from "./errors.ts";

export type Database = ReturnType<typeof createDb>;

/**
 * How long one round trip to the database may take, unless LIBSQL_DEADLINE_MS says otherwise
 * (server/worker/env.ts validates it). A hosted libSQL answers in tens of milliseconds; a few
 * seconds without an answer means it is down or cut off, and waiting longer only holds the
 * visitor (and the worker) open: issue 20 saw requests hang for more than 90 seconds (ADR 032).
 */
const DEFAULT_DATABASE_DEADLINE_MS = 5_000;

/** What a worker's bindings say about its database. */
export interface DatabaseConfig {
  LIBSQL_URL: string;
  LIBSQL_AUTH_TOKEN?: string;
  /** Milliseconds one round trip may take, as the binding carries it (a whole number). */
  LIBSQL_DEADLINE_MS?: string;
}

/** Statuses a proxy or host in front of the database gives when the database itself cannot answer. */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

/**
 * The client's fetch with a deadline: each Hrana round trip (a pipeline of statements, a whole
 * batch) must be answered, body and all, within `deadlineMs`. A round trip that is not, a
 * connection refused or reset, or a gateway saying the database is away, fails with
 * DatabaseUnavailableError, which every worker answers with 503 (ADR 032). A batch is one round
 * trip and one transaction, so a deadline never leaves it half-written: the database has all of
 * it or none.
 */
function fetchWithDeadline(deadlineMs: number) {
  return async (request: Request): Promise<Response> => {
    // A timer of our own, cleared once answered: AbortSignal.timeout's timer would outlive every
    // answer by the whole deadline, and a Durable Object with a timer pending cannot be evicted.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), deadlineMs);
    const signal = deadline.signal;
    try {
      // The body as bytes, not the Request's stream: a refused connection then leaves no stream pumping behind it.
      const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
      const response = await fetch(request.url, { method: request.method, headers: request.headers, body, signal });
      if (UNAVAILABLE_STATUSES.has(response.status)) {
        await response.body?.cancel();
        throw new DatabaseUnavailableError(`the database answered ${response.status}`);
      }
      // Read within the deadline too: a server that sends its headers and then stalls is as down as one that never answers.
      const answer = await response.arrayBuffer();
      return new Response(answer, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } catch (error) {
      if (error instanceof DatabaseUnavailableError) throw error;
      throw new DatabaseUnavailableError(
        signal.aborted ? `no answer from the database within ${deadlineMs} ms` : "the database could not be reached",
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * One drizzle client per request from the worker's bindings (no module-scope singletons:
 * bindings arrive with each request on Workers). Locally LIBSQL_URL points at the local
 * Hrana server (db/local-server), in production at the hosted libSQL. Every worker and Durable
 * Object builds its client here, so every database call has the deadline above.
 */
export function createDb(config: DatabaseConfig) {
  const deadlineMs = config.LIBSQL_DEADLINE_MS ? Number(config.LIBSQL_DEADLINE_MS) : DEFAULT_DATABASE_DEADLINE_MS;
  const client = createClient({
    url: config.LIBSQL_URL,
    authToken: config.LIBSQL_AUTH_TOKEN || undefined,
    fetch: fetchWithDeadline(deadlineMs),
  });
  return drizzle(client, { schema });
}
