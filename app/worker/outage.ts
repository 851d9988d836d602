import type { ServerBuild } from "@remix-run/cloudflare";
import { isDatabaseUnavailable } from "#db/errors.ts";
import { DATABASE_RETRY_AFTER_SECONDS, serviceUnavailableResponse } from "#server/http/errors.ts";

/**
 * The web worker's answer when the database is unavailable (ADR 032). Every loader and action of
 * the server build runs inside `answerOutage`: a database call that misses its deadline or cannot
 * connect (db/client.ts) becomes a thrown 503, which Remix hands back as it is for the API and
 * resource routes (JSON in the API's error shape), and renders with the root error boundary for a
 * page (the service-unavailable page in the product's layout). Wrapping the build once means no
 * route can forget it, and no route needs to know.
 */
type RouteFunction = (args: { request: Request }, handlerContext?: unknown) => unknown;

function answerOutage(fn: RouteFunction | undefined): RouteFunction | undefined {
  if (!fn) return undefined;
  return async (args, handlerContext) => {
    try {
      return await fn(args, handlerContext);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const { pathname } = new URL(args.request.url);
      console.error(`${args.request.method} ${pathname}: database unavailable`, error);
      throw serviceUnavailableResponse();
    }
  };
}

/** The build with every route's loader and action answering a database outage with 503. */
export function answeringDatabaseOutages(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const { loader, action } = route.module as unknown as { loader?: RouteFunction; action?: RouteFunction };
      const module = {
        ...route.module,
        loader: answerOutage(loader),
        action: answerOutage(action),
      } as unknown as typeof route.module;
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes };
}

/**
 * Every 503 says when to try again. A page's 503 is rendered by the error boundary, whose document
 * headers come from routes, not from the thrown answer, so the header is added here.
 */
export function withRetryAfter(response: Response): Response {
  if (response.status === 503 && !response.headers.has("Retry-After"))
    response.headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  return response;
}
