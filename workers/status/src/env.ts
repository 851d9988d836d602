import type { z } from "zod";
import { databaseBindings, issuerBindings, workerEnv } from "#server/worker/env.ts";

/** The status worker's bindings (workers/status/wrangler.toml): the database and the authorities' keys. */
export const StatusEnvSchema = workerEnv({ ...databaseBindings, ...issuerBindings });

export type StatusEnv = z.infer<typeof StatusEnvSchema>;
