import { env } from "cloudflare:test";
import { createDb } from "#db/client.ts";

/**
 * For the workerd tests of every worker: the local libSQL server tests/support/libsql-global-setup.ts
 * started, through the bindings the vitest config gives each project (LIBSQL_URL,
 * LIBSQL_AUTH_TOKEN), to arrange and observe rows directly. A client per call, as a worker makes one
 * per request.
 */
export const db = () => createDb(env as unknown as { LIBSQL_URL: string; LIBSQL_AUTH_TOKEN?: string });
