/**
 * A worker that is the front door for paths other workers own hands those requests on through a
 * route table: one entry per owner, matched in order, forwarded over a service binding or to a
 * Durable Object stub (no network hop). An owner that cannot be reached answers 503, not 500.
 */
export interface ForwardRoute<Env> {
  /** Who answers, in the 503 message and the log. */
  service: string;
  /** Path prefixes this owner answers (each ends with "/", so "/status" never matches "/statusx"). */
  prefixes: readonly string[];
  /** The worker (service binding) or object (stub) that answers. */
  target(env: Env, url: URL): Fetcher;
}

export function findRoute<Env>(routes: readonly ForwardRoute<Env>[], url: URL): ForwardRoute<Env> | undefined {
  return routes.find((route) => route.prefixes.some((prefix) => url.pathname.startsWith(prefix)));
}

export async function forward<Env>(route: ForwardRoute<Env>, request: Request, env: Env, requestId: string): Promise<Response> {
  try {
    return await route.target(env, new URL(request.url)).fetch(request);
  } catch (unreachable) {
    console.error(`[${requestId}] ${route.service} unreachable`, unreachable);
    return Response.json(
      { message: `${route.service} unavailable`, requestId },
      { status: 503, headers: { "Retry-After": "5", "Cache-Control": "no-store" } },
    );
  }
}
