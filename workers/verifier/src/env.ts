import * as z from "zod";
import { verifierPublicKeysBinding } from "#server/verification/keys.ts";
import type { PresentationRequestApi } from "#server/verification/request-state.ts";
import {
  databaseBindings,
  durableObjectBinding,
  serviceBinding,
  sessionBindings,
  trustBindings,
  workerEnv,
} from "#server/worker/env.ts";

/** The one binding of the verifier that may hold a private key: its own, "verifier-service". */
const OWN_KEYS = "VERIFIER_SIGNING_KEYS";

/** JSON text parsed, or undefined. */
function parseJson(value: unknown): unknown {
  if (typeof value !== "string") return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * VERIFIER_SIGNING_KEYS: `{"verifier-service": P-256 private JWK}` and nothing else. The trust
 * anchor's key (it vouches for organisations) is the web worker's alone (ADR 034): under its own
 * name, or as the service key, it is refused.
 */
const ownKeysBinding = z
  .string()
  .min(2, "is required")
  .refine((value) => {
    const parsed = parseJson(value) as Record<string, JsonWebKey> | undefined;
    return (
      Boolean(parsed) &&
      typeof parsed === "object" &&
      !Array.isArray(parsed) &&
      Object.keys(parsed!).join() === "verifier-service"
    );
  }, 'must be JSON {"verifier-service": JWK}: the verifier signs requests and receipts only, never attestations (ADR 034)');

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
  /** JSON: the "verifier-service" P-256 private JWK alone (server/verification/keys.ts). */
  [OWN_KEYS]: ownKeysBinding,
  /** JSON: the trust anchor's and the service's P-256 public JWKs, published at /api/verifications/keys. */
  VERIFIER_PUBLIC_KEYS: verifierPublicKeysBinding,
  STATUS: serviceBinding(),
  PRESENTATION_REQUESTS: durableObjectBinding<PresentationRequestApi & Rpc.DurableObjectBranded>(),
});

/**
 * The verifier worker's bindings (workers/verifier/wrangler.toml): the database, the authorities'
 * public keys (its trust list), the platform's verifier keys, the status worker (fresh status
 * lists) and the presentation requests' Durable Objects. It parses the most hostile input in the
 * product, so it holds no authority's private key (ADR 028) and not the trust anchor's (ADR 034):
 * a binding that carries one, under any name, is a configuration error and the worker refuses to
 * start.
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
    const own = parseJson((bindings as Record<string, unknown> | undefined)?.[OWN_KEYS]) as
      | Record<string, JsonWebKey | undefined>
      | undefined;
    const published = parseJson((bindings as Record<string, unknown> | undefined)?.VERIFIER_PUBLIC_KEYS) as
      | Record<string, JsonWebKey | undefined>
      | undefined;
    const service = own?.["verifier-service"];
    const anchor = published?.["trust-anchor"];
    // The trust anchor's key given as the service key is still the trust anchor's key.
    if (service && anchor && service.x === anchor.x && service.y === anchor.y)
      ctx.addIssue({
        code: "custom",
        path: [OWN_KEYS],
        message: "holds the trust anchor's private key: it is the web worker's alone (ADR 034)",
      });
  })
  .pipe(VerifierBindings);

export type VerifierEnv = z.infer<typeof VerifierEnvSchema>;
