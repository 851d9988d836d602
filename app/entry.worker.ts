import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix classic compiler writes this file (npm run build); wrangler bundles it with us.
import * as build from "../build/server/index.js";
import { createDb } from "../db/client.ts";
import { parseEnv, type WebEnv } from "./utils/env.server.ts";
import { recordRequestOutcome } from "./utils/observability.server.ts";
import { createCspNonce, refuseCrossSiteMutation, withSecurityHeaders } from "./utils/security.server.ts";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    env: WebEnv;
    ctx: ExecutionContext;
    db: ReturnType<typeof createDb>;
    requestId: string;
    /** This response's CSP script nonce: root.tsx puts it on <Scripts> and <ScrollRestoration>. */
    cspNonce: string;
  }
}

export default {
  async fetch(request, rawEnv, ctx) {
    const env = parseEnv(rawEnv as Record<string, unknown>);
    const cspNonce = createCspNonce();
    // Refused before any handler runs, so no route can forget the check (SECURITY.md "CSRF").
    const refusal = refuseCrossSiteMutation(request);
    if (refusal) return withSecurityHeaders(refusal, cspNonce);
    const url = new URL(request.url);
    // The status worker owns these paths; forward over the service binding (no network hop).
    if (url.pathname.startsWith("/status/") || url.pathname.startsWith("/.well-known/jwt-vc-issuer")) {
      return withSecurityHeaders(await env.STATUS.fetch(request), cspNonce);
    }
    const requestId = request.headers.get("cf-ray") ?? crypto.randomUUID();
    const db = createDb(env);
    const started = Date.now();
    let response: Response;
    let error: unknown;
    try {
      response = await handleRemixRequest(request, { env, ctx, db, requestId, cspNonce });
    } catch (thrown) {
      // Remix answers a loader's own errors itself; this is for failures outside it.
      error = thrown;
      console.error(`[${requestId}] unhandled error`, thrown);
      response = new Response(JSON.stringify({ message: "Internal error", requestId }), {
        status: 500,
        headers: { "Content-Type": "application/json" },
      });
    }
    recordRequestOutcome(ctx, db, { request, status: response.status, durationMs: Date.now() - started, requestId, error });
    const secured = withSecurityHeaders(response, cspNonce);
    secured.headers.set("X-Request-Id", requestId);
    return secured;
  },
} satisfies ExportedHandler<Record<string, unknown>>;
