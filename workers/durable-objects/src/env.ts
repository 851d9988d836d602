import type * as z from "zod";
import { RetentionDaysBinding } from "#server/analytics/retention.ts";
import type { AssistedOfficeApi } from "#server/assisted/office-feed.ts";
import { databaseBindings, durableObjectBinding, parseEnv, workerEnv } from "#server/worker/env.ts";

/**
 * The Durable Object worker's bindings: the database, which objects write their state through to
 * (presentation requests now; assisted sessions and the review queue later).
 */
const DurableObjectsEnvSchema = workerEnv({
  ...databaseBindings,
  /** Assisted sessions tell their office's board when they change. */
  ASSISTED_OFFICES: durableObjectBinding<AssistedOfficeApi & Rpc.DurableObjectBranded>(),
  /** Days raw analytics rows are kept (server/analytics/retention.ts); default 90. */
  ANALYTICS_RETENTION_DAYS: RetentionDaysBinding,
});

export type DurableObjectsEnv = z.infer<typeof DurableObjectsEnvSchema>;

export const parseDurableObjectsEnv = (bindings: unknown): DurableObjectsEnv =>
  parseEnv(DurableObjectsEnvSchema, bindings, "durable-objects");
