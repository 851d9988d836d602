import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { CspNonceProvider } from "#app/components/csp-nonce.tsx";
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale } from "#core/i18n/locales.ts";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const document = (
    <CspNonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </CspNonceProvider>
  );
  const body = await renderToReadableStream(document, {
    // React's streaming scripts must carry the response's CSP nonce too (server/http/security.ts).
    nonce,
    signal: request.signal,
    onError(error: unknown) {
      responseStatusCode = 500;
      console.error(error);
    },
  });
  // Bots and no-JS clients get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The page's language, as the root loader decided it (ADR 035): on every page, whichever route answers.
  const language = (remixContext.staticHandlerContext.loaderData.root as { i18n?: { locale: Locale } } | undefined)
    ?.i18n?.locale;
  responseHeaders.set("Content-Language", LOCALE_INFO[language ?? DEFAULT_LOCALE].tag);
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Remix reports every error it meets here. Its own 4xx refusals (a method a route does not take,
 * a `_data` route that does not match) are the client's doing and answered as such: only faults
 * are logged, and a request the client gave up on is not one.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  console.error(error);
};
