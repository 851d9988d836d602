import { env } from "cloudflare:test";
import type { StatusEnv } from "./env.ts";
import app from "./index.ts";

/**
 * The status worker's tests drive its Hono app directly (`app.request`), with the bindings the
 * vitest config gives it: a real local libSQL server and freshly generated issuer keys.
 */
export const bindings = env as unknown as StatusEnv;

export const ORIGIN = "https://identity.example";

/** A request to the worker with its bindings, or with `override` merged over them. */
export const request = (path: string, override: Record<string, unknown> = {}, init: RequestInit = {}) =>
  app.request(`${ORIGIN}${path}`, init, { ...bindings, ...override });
