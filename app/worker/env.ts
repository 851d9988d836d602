import * as z from "zod";
import { webauthnOriginBinding } from "#server/accounts/relying-party.ts";
import type { LoginThrottleApi } from "#server/accounts/throttle.ts";
import type { HousekeeperApi } from "#server/analytics/housekeeping.ts";
import type { AssistedOfficeApi } from "#server/assisted/office-feed.ts";
import type { AssistedSessionApi } from "#server/assisted/session-state.ts";
import type { GabrielApi } from "#server/gabriel/review-state.ts";
import { verifierPublicKeysBinding } from "#server/verification/keys.ts";
import {
  databaseBindings,
  durableObjectBinding,
  issuerBindings,
  parseEnv,
  serviceBinding,
  sessionBindings,
  workerEnv,
} from "#server/worker/env.ts";

/** A Workers Rate Limiting binding ([[ratelimits]] in wrangler.toml). */
const rateLimitBinding = () =>
  z.custom<RateLimit>(
    (value) => typeof (value as RateLimit | undefined)?.limit === "function",
    "is not a rate limiting binding",
  );

/** The web worker's bindings (root wrangler.toml), validated once per isolate. */
export const WebEnvSchema = workerEnv({
  ...databaseBindings,
  ...issuerBindings,
  ...sessionBindings,
  /**
   * JSON: the trust anchor's P-256 private JWK. This worker alone signs organisations' Verifier
   * Attestations, at registration and on renewal; the verifier never holds it (ADR 034).
   */
  TRUST_ANCHOR_SIGNING_KEY: z.string().min(2, "is required"),
  /** JSON: the trust anchor's and the verifier service's P-256 public JWKs (server/verification/keys.ts). */
  VERIFIER_PUBLIC_KEYS: verifierPublicKeysBinding,
  /** Where the podcast audio lives, over http(s) (spec 001: audio addresses configurable); default: /podcasts/. */
  PODCAST_AUDIO_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** "true" only on a demo deployment: Quick Demo Login and the demo accounts (ADR 028); production's wrangler.toml says "false". */
  DEMO_MODE: z.enum(["true", "false"]).optional(),
  /** "true" only on local runs and tests: the pseudo-locales for finding words outside the catalogs (ADR 035). */
  PSEUDO_LOCALES: z.enum(["true", "false"]).optional(),
  /** The origin passkeys belong to (ADR 021); default: PUBLIC_BASE_URL's. Locally http://localhost:PORT. */
  WEBAUTHN_ORIGIN: webauthnOriginBinding.optional(),
  ASSETS: serviceBinding(),
  STATUS: serviceBinding(),
  VERIFIER: serviceBinding(),
  LOGIN_THROTTLE: durableObjectBinding<LoginThrottleApi>(),
  ASSISTED_SESSIONS: durableObjectBinding<AssistedSessionApi & Rpc.DurableObjectBranded>(),
  ASSISTED_OFFICES: durableObjectBinding<AssistedOfficeApi & Rpc.DurableObjectBranded>(),
  GABRIEL: durableObjectBinding<GabrielApi & Rpc.DurableObjectBranded>(),
  /** The analytics housekeeping's schedule (rollups, retention), armed on first contact. */
  HOUSEKEEPER: durableObjectBinding<HousekeeperApi & Rpc.DurableObjectBranded>(),
  /** Workers Rate Limiting ([[ratelimits]] in wrangler.toml): POST /api/analytics/track per client. */
  TRACK_LIMITER: rateLimitBinding(),
  /** Workers Rate Limiting: the issuance endpoints (POST /oauth/token, /oauth/par, /issuers/…) per client. */
  WALLET_LIMITER: rateLimitBinding(),
});

export type WebEnv = z.infer<typeof WebEnvSchema>;

export const parseWebEnv = (bindings: unknown): WebEnv => parseEnv(WebEnvSchema, bindings, "web");

/** Extra CSP media sources: the configured podcast host's origin, when it is not ours. */
export function mediaSources(env: WebEnv): string[] {
  return env.PODCAST_AUDIO_BASE_URL ? [new URL(env.PODCAST_AUDIO_BASE_URL).origin] : [];
}
