import type { ForwardRoute } from "#server/worker/forward.ts";
import type { WebEnv } from "./env.ts";

/**
 * Paths other workers own, which the web worker (the one origin browsers talk to) forwards to
 * them. Everything else is Remix's. New owners (the verifier worker, Durable Object WebSocket
 * upgrades) add an entry here.
 */
export const FORWARDED_ROUTES: readonly ForwardRoute<WebEnv>[] = [
  {
    // Status lists, issuer metadata with keys, credential type metadata (ADR 011).
    service: "Status service",
    prefixes: ["/status/", "/.well-known/jwt-vc-issuer/", "/vct/"],
    target: (env) => env.STATUS,
  },
];
