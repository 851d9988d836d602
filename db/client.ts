import { createClient } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";
import * as schema from "#db/schema/index.ts";

export type Database = ReturnType<typeof createDb>;

/**
 * One drizzle client per request from the worker's bindings (no module-scope singletons:
 * bindings arrive with each request on Workers). Locally LIBSQL_URL points at the local
 * Hrana server (db/local-server), in production at the hosted libSQL.
 */
export function createDb(config: { LIBSQL_URL: string; LIBSQL_AUTH_TOKEN?: string }) {
  const client = createClient({ url: config.LIBSQL_URL, authToken: config.LIBSQL_AUTH_TOKEN || undefined });
  return drizzle(client, { schema });
}
