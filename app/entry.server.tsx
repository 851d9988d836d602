import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { CspNonceProvider } from "#app/components/csp-nonce.tsx";

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
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
