import { z } from "zod";

/** Everything the web worker needs, validated once per request (DESIGN.md: nothing at module scope). */
const EnvSchema = z.object({
  LIBSQL_URL: z.string().url(),
  LIBSQL_AUTH_TOKEN: z.string().optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters"),
  /** Where the podcast audio lives (spec 001: audio addresses configurable); default: our own /podcasts/. */
  PODCAST_AUDIO_BASE_URL: z.string().url().optional(),
  /** The authorities' Ed25519 private keys (server/credentials/issuer-keys.ts). */
  ISSUER_SIGNING_KEYS: z.string().min(2, "ISSUER_SIGNING_KEYS is required"),
  /** https base of issuer, type and status list URLs; default: the https form of the request's host. */
  PUBLIC_BASE_URL: z.string().url().startsWith("https://", "PUBLIC_BASE_URL must be https").optional(),
});

/** Extra CSP media sources: the configured podcast host's origin, when it is not ours. */
export function mediaSources(env: WebEnv): string[] {
  return env.PODCAST_AUDIO_BASE_URL ? [new URL(env.PODCAST_AUDIO_BASE_URL).origin] : [];
}

export type WebEnv = z.infer<typeof EnvSchema> & {
  ASSETS: Fetcher;
  STATUS: Fetcher;
  LOGIN_THROTTLE: DurableObjectNamespace<import("#workers/durable-objects/src/login-throttle.ts").LoginThrottle>;
};

const checked = new WeakSet<object>();

export function parseEnv(env: Record<string, unknown>): WebEnv {
  if (!checked.has(env)) {
    const result = EnvSchema.safeParse(env);
    if (!result.success) {
      const detail = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      throw new Error(`Invalid worker configuration: ${detail}`);
    }
    checked.add(env);
  }
  return env as unknown as WebEnv;
}
