import { z } from "zod";
import type { PresentationRequestApi } from "#server/verification/request-state.ts";
import {
  databaseBindings,
  durableObjectBinding,
  serviceBinding,
  sessionBindings,
  trustBindings,
  workerEnv,
} from "#server/worker/env.ts";

/** The one binding of the verifier that may hold private keys: the platform's verifier keys. */
const OWN_KEYS = "VERIFIER_SIGNING_KEYS";

/** Whether parsed JSON holds a private JWK anywhere: an object with `kty` and `d`. */
function hasPrivateJwk(value: unknown, depth = 0): boolean {
  if (!value || typeof value !== "object" || depth > 8) return false;
  if (!Array.isArray(value) && "kty" in value && "d" in value) return true;
  return Object.values(value).some((member) => hasPrivateJwk(member, depth + 1));
}

/**
 * Whether a binding holds a private JWK: JSON text (a secret), or a JSON `[vars]` value (a plain
 * object or array). Nothing else is read: service bindings and namespaces are RPC stubs, which
 * answer "yes" to any property test.
 */
function holdsPrivateKey(binding: unknown): boolean {
  if (Array.isArray(binding) || (binding !== null && Object.getPrototypeOf(binding) === Object.prototype))
    return hasPrivateJwk(binding);
  if (typeof binding !== "string" || !/^\s*[{[]/.test(binding)) return false;
  try {
    return hasPrivateJwk(JSON.parse(binding));
  } catch {
    return false;
  }
}

const VerifierBindings = workerEnv({
  ...databaseBindings,
  ...trustBindings,
  ...sessionBindings,
  /** JSON: "trust-anchor" and "verifier-service" P-256 private JWKs (server/verification/keys.ts). */
  [OWN_KEYS]: z.string().min(2, "is required"),
  STATUS: serviceBinding(),
  PRESENTATION_REQUESTS: durableObjectBinding<PresentationRequestApi & Rpc.DurableObjectBranded>(),
});

/**
 * The verifier worker's bindings (workers/verifier/wrangler.toml): the database, the authorities'
 * public keys (its trust list), the platform's verifier keys, the status worker (fresh status
 * lists) and the presentation requests' Durable Objects. It parses the most hostile input in the
 * product, so it holds no authority's private key (ADR 028): a binding that carries one, under any
 * name, is a configuration error and the worker refuses to start.
 */
export const VerifierEnvSchema = z
  .unknown()
  .superRefine((bindings, ctx) => {
    // Every binding the runtime passed, not only the declared ones (the object schema drops unknown names).
    for (const [name, value] of Object.entries((bindings ?? {}) as Record<string, unknown>)) {
      if (name !== OWN_KEYS && holdsPrivateKey(value))
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: "holds a private key: the verifier worker takes public keys only (ADR 028)",
        });
    }
  })
  .pipe(VerifierBindings);

export type VerifierEnv = z.infer<typeof VerifierEnvSchema>;
