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

const internalError = (requestId: string) =>
  new Response(JSON.stringify({ message: "Internal error", requestId }), {
    status: 500,
    headers: { "Content-Type": "application/json" },
  });

export default {
  async fetch(request, rawEnv, ctx) {
    const cspNonce = createCspNonce();
    // Our own id, never a client-sent header, so nobody can plant ids in our logs.
    const requestId = crypto.randomUUID();
    const secure = (response: Response) => {
      const secured = withSecurityHeaders(response, cspNonce);
      secured.headers.set("X-Request-Id", requestId);
      return secured;
    };

    let env: WebEnv;
    try {
      env = parseEnv(rawEnv as Record<string, unknown>);
    } catch (misconfigured) {
      console.error(`[${requestId}]`, misconfigured);
      return secure(internalError(requestId));
    }
    // Refused before any handler runs, so no route can forget the check (SECURITY.md "CSRF").
    const refusal = refuseCrossSiteMutation(request);
    if (refusal) return secure(refusal);

    const url = new URL(request.url);
    // The status worker owns these paths; forward over the service binding (no network hop).
    if (url.pathname.startsWith("/status/") || url.pathname.startsWith("/.well-known/jwt-vc-issuer")) {
      try {
        return secure(await env.STATUS.fetch(request));
      } catch (unreachable) {
        console.error(`[${requestId}] status worker unreachable`, unreachable);
        return secure(new Response(JSON.stringify({ message: "Status service unavailable" }), { status: 503, headers: { "Content-Type": "application/json", "Retry-After": "5" } }));
      }
    }

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
      response = internalError(requestId);
    }
    recordRequestOutcome(ctx, db, { request, status: response.status, durationMs: Date.now() - started, requestId, error });
    return secure(response);
  },
} satisfies ExportedHandler<Record<string, unknown>>;
