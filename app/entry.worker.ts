import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { isbot } from "isbot";
import {
  isCacheablePitchRequest,
  lookupPitchPage,
  pitchCacheKey,
  storePitchPage,
  toCacheablePitchResponse,
} from "#app/worker/edge-cache.ts";
import { mediaSources, parseWebEnv, type WebEnv } from "#app/worker/env.ts";
import { answeringDatabaseOutages, withRetryAfter } from "#app/worker/outage.ts";
import { routeMatcher } from "#app/worker/page-routes.ts";
import { FORWARDED_ROUTES, isCrossSiteEndpoint, WALLET_ENDPOINTS } from "#app/worker/routes.ts";
// The Remix classic compiler writes this file (npm run build); wrangler bundles it with us.
import * as build from "#build/server/index.js";
import { localePath } from "#core/i18n/pages.ts";
import { createDb } from "#db/client.ts";
import { isDatabaseUnavailable } from "#db/errors.ts";
import { housekeeper } from "#server/analytics/housekeeping.ts";
import { gabrielObject } from "#server/gabriel/api.ts";
import { serviceUnavailableResponse } from "#server/http/errors.ts";
import {
  apiNotFound,
  clarifyRouterRefusal,
  refuseMalformedPath,
  refuseUnroutedMethod,
  withoutBodyOnGet,
} from "#server/http/front-door.ts";
import { createCspNonce, refuseCrossSiteMutation, withSecurityHeaders } from "#server/http/security.ts";
import { firstVisitLanguage } from "#server/i18n/page-language.ts";
import { inPseudoLocale } from "#server/i18n/pseudo.ts";
import { preflight } from "#server/issuance/oauth-error.ts";
import { walletRequestRefusal } from "#server/issuance/rate-limit.ts";
import { RequestRecorder } from "#server/observability/recorder.ts";
import { recordRequestOutcome } from "#server/observability/request-outcomes.ts";
import { renewDueAttestations } from "#server/verification/registration.ts";
import { newRequestId, type RequestContext } from "#server/worker/context.ts";
import { findRoute, forward } from "#server/worker/forward.ts";

const serverBuild = build as unknown as ServerBuild;
// Every loader and action answers a database outage with 503 (ADR 032).
const handleRemixRequest = createRequestHandler(answeringDatabaseOutages(serverBuild));
/** Which route modules answer a path: the root loader sends those pages' messages (ADR 035). */
const pageRoutes = routeMatcher(serverBuild.routes);

declare module "@remix-run/cloudflare" {
  interface AppLoadContext extends RequestContext<WebEnv> {
    /** This response's CSP script nonce: entry.server.tsx gives it to the render (CspNonceProvider). */
    cspNonce: string;
    /** The route modules that answer a path, root first (server/i18n/routes.ts). */
    pageRoutes: (pathname: string) => string[];
  }
}

/**
 * Whether this isolate has woken the objects that work on a schedule: the analytics Housekeeper
 * and Gabriel's orchestrator. Each arms its own alarm; asking once per isolate starts them after a
 * deploy without anyone opening a console, and re-arms an alarm anything lost.
 */
let scheduledObjectsWoken = false;

function wakeScheduledObjects(env: WebEnv, ctx: ExecutionContext, requestId: string): void {
  if (scheduledObjectsWoken) return;
  scheduledObjectsWoken = true;
  ctx.waitUntil(
    Promise.all([housekeeper(env).ensureScheduled(), gabrielObject(env).ensureScheduled()]).catch((error: unknown) => {
      scheduledObjectsWoken = false;
      console.error(`[${requestId}] could not wake the scheduled objects`, error);
    }),
  );
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
    const requestId = newRequestId();
    let media: string[] = [];
    const secure = (response: Response) => {
      const secured = withSecurityHeaders(response, cspNonce, media);
      secured.headers.set("X-Request-Id", requestId);
      return secured;
    };

    let env: WebEnv;
    try {
      env = parseWebEnv(rawEnv);
      media = mediaSources(env);
    } catch (misconfigured) {
      console.error(`[${requestId}]`, misconfigured);
      return secure(internalError(requestId));
    }
    wakeScheduledObjects(env, ctx, requestId);
    // Refused before any handler runs, so no route can forget the check (ADR 003).
    const url = new URL(request.url);
    // A browser wallet on another origin asks before it posts to an issuance endpoint (ADR 045).
    if (request.method === "OPTIONS" && WALLET_ENDPOINTS.has(url.pathname)) return secure(preflight("POST"));
    if (request.method === "POST" && WALLET_ENDPOINTS.has(url.pathname)) {
      const limited = await walletRequestRefusal(env.WALLET_LIMITER, env.SESSION_SECRET, request);
      if (limited) return secure(limited);
    }
    const refusal = isCrossSiteEndpoint(url.pathname) ? null : refuseCrossSiteMutation(request);
    if (refusal) return secure(refusal);

    // Paths other workers own go to them (status lists and metadata, the verifier).
    const route = findRoute(FORWARDED_ROUTES, url);
    if (route) {
      const forwarded = await forward(route, request, env, requestId);
      // A WebSocket handshake (the portal's live feed) passes through untouched: it has no page to secure.
      return forwarded.status === 101 ? forwarded : secure(forwarded);
    }

    // A public page addressed without a language, for a visitor who chose another (the cookie) or
    // whose browser asks for one, goes to its address in that language: never from a shared cache,
    // so the cached page at the unprefixed address stays English (ADR 035).
    const firstVisit = firstVisitLanguage(request, isbot(request.headers.get("User-Agent")));
    if (firstVisit) {
      return secure(
        new Response(null, {
          status: 302,
          headers: {
            Location: `${localePath(url.pathname, firstVisit)}${url.search}`,
            "Cache-Control": "private, no-store",
            Vary: "Accept-Language, Cookie",
          },
        }),
      );
    }

    // Anonymous pitch pages: answered from the edge cache without rendering (ADR 008).
    const cacheKey = isCacheablePitchRequest(request) ? pitchCacheKey(request, serverBuild.assets.version) : undefined;
    if (cacheKey) {
      const hit = await lookupPitchPage(cacheKey, ctx);
      if (hit) {
        const answer = secure(hit);
        answer.headers.set("X-Cache", "HIT");
        return answer;
      }
    }

    // What Remix cannot route is refused here: a method its router throws on, a path it cannot decode.
    const unroutable = refuseUnroutedMethod(request) ?? refuseMalformedPath(url);
    if (unroutable) return secure(unroutable);

    const db = createDb(env);
    // The request's observability rows (audit events, logs, its response time, its error), written once after the response.
    const recorder = new RequestRecorder(db, ctx, requestId);
    const started = Date.now();
    let response: Response;
    let error: unknown;
    try {
      // A stack that serves the pseudo-locales answers a request that asks for one in it, words
      // made by loaders and actions included (server/i18n/pseudo.ts).
      response = await inPseudoLocale(request, env.PSEUDO_LOCALES === "true", () =>
        handleRemixRequest(withoutBodyOnGet(request), {
          env,
          ctx,
          db,
          requestId,
          cspNonce,
          recorder,
          pageRoutes,
        }),
      );
      response = apiNotFound(url, clarifyRouterRefusal(response));
    } catch (thrown) {
      // Remix answers a loader's own errors itself; this is for failures outside it.
      error = thrown;
      console.error(`[${requestId}] unhandled error`, thrown);
      response = isDatabaseUnavailable(thrown) ? serviceUnavailableResponse() : internalError(requestId);
    }
    recordRequestOutcome(
      { db, ctx, requestId, recorder },
      { request, status: response.status, durationMs: Date.now() - started, error },
    );
    recorder.flushAfterResponse();

    if (cacheKey) {
      const shared = await toCacheablePitchResponse(response, media);
      if (shared) {
        storePitchPage(cacheKey, shared, ctx);
        const answer = secure(shared);
        answer.headers.set("X-Cache", "MISS");
        return answer;
      }
    }
    // A console's live feed (an assisted session's WebSocket) passes through untouched, as above.
    if (response.status === 101) return response;
    // Everything else may depend on the visitor: no shared cache may keep it.
    const answer = withRetryAfter(secure(response));
    // A page route without an action answers other methods 405; say which ones it takes (RFC 9110 §15.5.6).
    if (answer.status === 405 && !answer.headers.has("Allow")) answer.headers.set("Allow", "GET, HEAD");
    if (!answer.headers.has("Cache-Control") && (answer.headers.get("Content-Type") ?? "").startsWith("text/html")) {
      answer.headers.set("Cache-Control", "private, no-store");
    }
    return answer;
  },

  /**
   * The daily cron trigger (wrangler.toml): organisations' attestations that end within 30 days,
   * or name a rotated key, are signed again here, the trust anchor key's only holder (ADR 034).
   * Dated by the run's own scheduled time.
   */
  async scheduled(controller, rawEnv) {
    const env = parseWebEnv(rawEnv);
    const run = await renewDueAttestations(createDb(env), env, new Date(controller.scheduledTime));
    console.info(`attestations renewed: ${run.renewed.length}`);
    // An organisation with no identifier base cannot be attested until one is configured (PUBLIC_BASE_URL).
    if (run.skipped.length) console.warn(`attestations not renewed (no identifier base): ${run.skipped.join(", ")}`);
  },
} satisfies ExportedHandler<Record<string, unknown>>;
