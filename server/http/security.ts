/**
 * Cross-site request refusal and security headers for every response of the web worker
 * (OWASP ASVS 5.0: no state change from another site; CSP, frame-ancestors, nosniff,
 * Referrer-Policy, HSTS; ADR 003). Pure functions of the
 * request and response, called from app/entry.worker.ts before and after any handler.
 */

/** Personal, per-session pages and answers: never from a shared cache. */
export const PRIVATE = { "Cache-Control": "private, no-store" } as const;

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A WebSocket handshake: a GET, but not bound by CORS, so another site's page could open one with our cookies. */
const isWebSocketUpgrade = (request: Request): boolean => request.headers.get("Upgrade")?.toLowerCase() === "websocket";

/** 426 for a live feed's path asked for without the upgrade; null for a handshake. */
export function requireWebSocketUpgrade(request: Request): Response | null {
  return isWebSocketUpgrade(request)
    ? null
    : Response.json({ message: "Expected a WebSocket upgrade" }, { status: 426 });
}

/**
 * A 403 for a state-changing request, or a WebSocket handshake, another site started: its `Origin` is present and not ours,
 * or the browser says `Sec-Fetch-Site: cross-site`. Requests with neither header (curl, server to
 * server) carry no ambient browser cookies from another site, so they pass; SameSite=Lax on the
 * session cookie is the second layer. Null when the request may proceed.
 */
export function refuseCrossSiteMutation(request: Request): Response | null {
  if (!STATE_CHANGING.has(request.method.toUpperCase()) && !isWebSocketUpgrade(request)) return null;
  const origin = request.headers.get("Origin");
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  const ownOrigin = new URL(request.url).origin;
  if ((origin !== null && origin !== ownOrigin) || fetchSite === "cross-site") {
    return Response.json({ message: "Cross-site request refused" }, { status: 403 });
  }
  return null;
}

/** 128 random bits, base64: a fresh script nonce for each response (CSP Level 3 §6.7.1). */
export function createCspNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Scripts only from our origin or carrying this response's nonce (Remix inlines its hydration
 * data and module imports; root.tsx passes the nonce to <Scripts>/<ScrollRestoration>). Inline
 * style attributes are allowed: rendered markup uses them and style injection cannot run code.
 * `'wasm-unsafe-eval'` lets our own scripts compile WebAssembly (the Verifier Portal's QR decoder,
 * app/components/verifier/qr-decoder.client.ts); it allows no JavaScript eval.
 * No `upgrade-insecure-requests`: it would break the http loopback used locally, and HSTS covers
 * production.
 */
export function contentSecurityPolicy(
  nonce: string,
  mediaSources: readonly string[] = [],
  formTargets: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'wasm-unsafe-eval'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // Podcast audio may live on a configured host (PODCAST_AUDIO_BASE_URL): its origin only.
    ["media-src 'self' blob:", ...mediaSources].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
    // A page whose form sends the browser on elsewhere names where (the OAuth consent page: the wallet's redirect_uri).
    ["form-action 'self'", ...formTargets].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

function securityHeaders(nonce: string, mediaSources: readonly string[] = []): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(nonce, mediaSources),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
    "X-Frame-Options": "DENY",
  };
}

/** Headers a handler may choose for its own response (e.g. `Referrer-Policy: no-referrer` on share links). */
const HANDLER_MAY_SET = new Set(["Content-Security-Policy", "Referrer-Policy"]);

/**
 * The response with the security headers set. Responses fetched over a service binding have
 * immutable headers, so the response is rebuilt around the same body stream (no copy). A CSP or
 * referrer policy the handler chose itself is kept.
 */
export function withSecurityHeaders(response: Response, nonce: string, mediaSources: readonly string[] = []): Response {
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(securityHeaders(nonce, mediaSources))) {
    if (HANDLER_MAY_SET.has(name) && secured.headers.has(name)) continue;
    secured.headers.set(name, value);
  }
  return secured;
}
