/**
 * A worker that is the front door for paths other workers own hands those requests on through a
 * route table: one entry per owner, matched in order, forwarded over a service binding or to a
 * Durable Object stub (no network hop). An owner that cannot be reached answers 503, not 500.
 */
import { bodyRefusal, readBodyBytes } from "#server/http/body.ts";
import { withoutBodyOnGet } from "#server/http/front-door.ts";

export interface ForwardRoute<Env> {
  /** Who answers, in the 503 message and the log. */
  service: string;
  /**
   * Path prefixes this owner answers (each ends with "/", so "/status" never matches "/statusx"),
   * or a whole path that has nothing below it (a well-known document): a longer path that starts
   * with it reaches the owner too, which answers 404.
   */
  prefixes: readonly string[];
  /** The worker (service binding) or object (stub) that answers. */
  target(env: Env, url: URL): Fetcher;
}

export function findRoute<Env>(routes: readonly ForwardRoute<Env>[], url: URL): ForwardRoute<Env> | undefined {
  return routes.find((route) => route.prefixes.some((prefix) => url.pathname.startsWith(prefix)));
}

/** Bodies handed to another worker at most: above every owner's own cap (the verifier's is 320 KiB). */
export const MAX_FORWARDED_BODY_BYTES = 1024 * 1024;

/**
 * The request as the owner receives it: its body read here, with a cap, and handed over as bytes.
 * Streamed through instead, an owner that answered before reading all of it (its own 413) left
 * this worker pumping the rest after the response, which the runtime failed as an uncaught error
 * (`npm run bench -- security`, issue 13). A GET or HEAD loses a body it should not have had.
 */
async function handOver(request: Request): Promise<Request | Response> {
  if (!request.body || request.method === "GET" || request.method === "HEAD") return withoutBodyOnGet(request);
  const read = await readBodyBytes(request, MAX_FORWARDED_BODY_BYTES);
  return read.ok ? new Request(request, { body: read.bytes }) : bodyRefusal(read.reason);
}

export async function forward<Env>(
  route: ForwardRoute<Env>,
  request: Request,
  env: Env,
  requestId: string,
): Promise<Response> {
  const handed = await handOver(request);
  if (handed instanceof Response) return handed;
  try {
    return await route.target(env, new URL(request.url)).fetch(handed);
  } catch (unreachable) {
    console.error(`[${requestId}] ${route.service} unreachable`, unreachable);
    return Response.json(
      { message: `${route.service} unavailable`, requestId },
      { status: 503, headers: { "Retry-After": "5", "Cache-Control": "no-store" } },
    );
  }
}
