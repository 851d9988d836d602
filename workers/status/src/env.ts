import type * as z from "zod";
import { databaseBindings, statusListBindings, workerEnv } from "#server/worker/env.ts";

/**
 * The status worker's bindings (workers/status/wrangler.toml): the database, the authorities'
 * status-list keys (it signs their lists) and their public keys (it publishes them). It holds no
 * credential key: it cannot issue a credential (ADR 028).
 */
export const StatusEnvSchema = workerEnv({ ...databaseBindings, ...statusListBindings });

export type StatusEnv = z.infer<typeof StatusEnvSchema>;
