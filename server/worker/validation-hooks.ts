import type { Context } from "hono";

/**
 * zValidator hooks for every Hono worker (server/worker/hono.ts): a clear 400 naming each problem,
 * or a 404 for a path parameter that names nothing that can exist.
 */
export const invalidBody = (
  result: { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
  c: Context,
) => {
  if (result.success) return undefined;
  const detail = (result.error?.issues ?? [])
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message))
    .join("; ");
  return c.json({ message: `Validation Error: ${detail}`, code: "VALIDATION_ERROR" }, 400);
};

export const notFound = (result: { success: boolean }, c: Context) =>
  result.success ? undefined : c.json({ message: "Not found" }, 404);
