import { z } from "zod";
import type { PresentationRequestApi } from "#server/verification/request-state.ts";
import {
  databaseBindings,
  durableObjectBinding,
  issuerBindings,
  serviceBinding,
  sessionBindings,
  workerEnv,
} from "#server/worker/env.ts";

/**
 * The verifier worker's bindings (workers/verifier/wrangler.toml): the database, the authorities'
 * keys (whose public halves it trusts), the platform's verifier keys, the status worker (fresh
 * status lists) and the presentation requests' Durable Objects.
 */
export const VerifierEnvSchema = workerEnv({
  ...databaseBindings,
  ...issuerBindings,
  ...sessionBindings,
  /** JSON: "trust-anchor" and "verifier-service" P-256 private JWKs (server/verification/keys.ts). */
  VERIFIER_SIGNING_KEYS: z.string().min(2, "is required"),
  STATUS: serviceBinding(),
  PRESENTATION_REQUESTS: durableObjectBinding<PresentationRequestApi & Rpc.DurableObjectBranded>(),
});

export type VerifierEnv = z.infer<typeof VerifierEnvSchema>;
