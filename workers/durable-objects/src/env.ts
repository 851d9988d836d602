import type { z } from "zod";
import { databaseBindings, parseEnv, workerEnv } from "#server/worker/env.ts";

/**
 * The Durable Object worker's bindings: the database, which objects write their state through to
 * (presentation requests now; assisted sessions and the review queue later).
 */
export const DurableObjectsEnvSchema = workerEnv({ ...databaseBindings });

export type DurableObjectsEnv = z.infer<typeof DurableObjectsEnvSchema>;

export const parseDurableObjectsEnv = (bindings: unknown): DurableObjectsEnv => parseEnv(DurableObjectsEnvSchema, bindings, "durable-objects");
