import type { z } from "zod";
import { parseEnv, workerEnv } from "#server/worker/env.ts";

/**
 * The Durable Object worker's bindings. The login throttle needs none of its own yet; the
 * assisted-session and review-queue objects add the database here when they arrive.
 */
export const DurableObjectsEnvSchema = workerEnv({});

export type DurableObjectsEnv = z.infer<typeof DurableObjectsEnvSchema>;

export const parseDurableObjectsEnv = (bindings: unknown): DurableObjectsEnv => parseEnv(DurableObjectsEnvSchema, bindings, "durable-objects");
