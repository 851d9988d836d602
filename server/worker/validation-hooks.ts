import type { Context } from "hono";

/**
 * zValidator hooks for every Hono worker (server/worker/hono.ts): a 404 for a path parameter that
 * names nothing that can exist. (A refused body or query is the verifier's own hook, in its
 * reader's language: workers/verifier/src/refused-input.ts.)
 */
export const notFound = (result: { success: boolean }, c: Context) =>
  result.success ? undefined : c.json({ message: "Not found" }, 404);
