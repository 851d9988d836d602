import type { IssuerKeys, IssuerTrust } from "#server/credentials/issuer-keys.ts";
import type { WorkerHonoEnv } from "#server/worker/hono.ts";
import type { StatusEnv } from "./env.ts";

/**
 * What the status worker adds to the shared context (env, db, requestId): the authorities'
 * status-list keys (it signs with them) and their public keys (it publishes them).
 */
export type StatusContext = { keys: IssuerKeys; trust: IssuerTrust };

export type StatusApp = WorkerHonoEnv<StatusEnv, StatusContext>;

/** Seconds a consumer may cache issuer and type metadata: they change only with a key rotation or a deploy. */
export const METADATA_MAX_AGE_SECONDS = 300;
