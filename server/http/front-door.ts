/**
 * What the web worker does to a request before Remix routes it, and to the refusals Remix makes
 * itself, so that no request shape a client can send becomes a 500 or an error in the logs
 * (issue 13, found by `npm run bench -- security`). Pure functions of the request or response.
 */

/** The methods Remix's router takes; it throws on any other (OPTIONS, PROPFIND, …) and logs the throw as an error. */
const ROUTED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
const ROUTED = new Set<string>(ROUTED_METHODS);

/** A JSON 405 for a method no route of the web worker answers; null for the others. */
export function refuseUnroutedMethod(request: Request): Response | null {
  if (ROUTED.has(request.method)) return null;
  return Response.json(
    { message: `The ${request.method.slice(0, 20)} method is not allowed here` },
    { status: 405, headers: { Allow: ROUTED_METHODS.join(", ") } },
  );
}

/**
 * A 400 for an API path that is not validly percent-encoded ("/api/shares/%FF%FE", "/api/%"):
 * Remix cannot decode it either, warns in the log and answers not found; an API client is told
 * what is wrong instead. Null for a path that decodes, and for pages: a person following a
 * damaged link (/verify/%E0%A4%A) gets the page's own "not valid" answer.
 */
export function refuseMalformedPath(url: URL): Response | null {
  if (url.pathname !== "/api" && !url.pathname.startsWith("/api/")) return null;
  try {
    decodeURIComponent(url.pathname);
    return null;
  } catch {
    return Response.json({ message: "The address is not validly percent-encoded" }, { status: 400 });
  }
}

/**
 * A GET or HEAD that carries a body anyway, without it: a body there has no meaning (RFC 9110
 * §9.3.1), and Remix copies the request before a loader runs, which throws a TypeError ("Request
 * with a GET or HEAD method cannot have a body") that became a 500.
 */
export function withoutBodyOnGet(request: Request): Request {
  if ((request.method !== "GET" && request.method !== "HEAD") || request.body === null) return request;
  const headers = new Headers(request.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Type");
  headers.delete("Transfer-Encoding");
  return new Request(request.url, {
    method: request.method,
    headers,
    signal: request.signal,
    redirect: request.redirect,
  });
}

const REFUSALS: Record<number, string> = {
  400: "Bad request",
  403: "This request is not allowed",
  404: "Not found",
  405: "Method Not Allowed",
};

/**
 * Remix's own refusals (a method a route has no loader or action for, a `_data` route that does
 * not match the URL) answer with its production message "Unexpected Server Error", which misleads
 * a client about a 4xx: the same status, with a message that says what it is.
 */
export function clarifyRouterRefusal(response: Response): Response {
  if (response.headers.get("X-Remix-Error") !== "yes" || response.status >= 500) return response;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.delete("X-Remix-Error");
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify({ message: REFUSALS[response.status] ?? "Request refused" }), {
    status: response.status,
    headers,
  });
}

/**
 * An /api path that reached the catch-all page instead of the API's JSON 404 (routes/api.$.ts):
 * a route splat does not match an encoded line break, so "/api/%0A" fell through to the HTML
 * not-found page. API clients get the API's answer.
 */
export function apiNotFound(url: URL, response: Response): Response {
  if (
    response.status !== 404 ||
    !url.pathname.startsWith("/api/") ||
    !(response.headers.get("Content-Type") ?? "").startsWith("text/html")
  )
    return response;
  return Response.json({ message: "Not found" }, { status: 404, headers: { "Cache-Control": "no-store" } });
}
