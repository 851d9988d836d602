import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix classic compiler writes this file (npm run build); wrangler bundles it with us.
import * as build from "../build/server/index.js";
import { createDb } from "../db/client.ts";
import { parseEnv, type WebEnv } from "./utils/env.server.ts";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    env: WebEnv;
    ctx: ExecutionContext;
    db: ReturnType<typeof createDb>;
    requestId: string;
  }
}

export default {
  async fetch(request, rawEnv, ctx) {
    const env = parseEnv(rawEnv as Record<string, unknown>);
    const url = new URL(request.url);
    // The status worker owns these paths; forward over the service binding (no network hop).
    if (url.pathname.startsWith("/status/") || url.pathname.startsWith("/.well-known/jwt-vc-issuer")) {
      return env.STATUS.fetch(request);
    }
    const requestId = request.headers.get("cf-ray") ?? crypto.randomUUID();
    return handleRemixRequest(request, { env, ctx, db: createDb(env), requestId });
  },
} satisfies ExportedHandler<Record<string, unknown>>;
