import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { loadIssuerKeys, type IssuerKeys } from "./issuer-keys.ts";
import { publicBaseUrl } from "#core/issuers/registry.ts";
import type { Database } from "#db/client.ts";
import { CredentialServiceError } from "./credentials.ts";

export interface WalletContext {
  db: Database;
  keys: IssuerKeys;
  /** The https base of our identifiers (core/issuers/registry.ts publicBaseUrl). */
  base: string;
  /** A status list token fetched fresh from the status worker over its service binding. */
  fetchStatus: (uri: string, signal: AbortSignal) => Promise<string | undefined>;
}

/** What credential routes need from the request's context, resolved once per request. */
export async function walletContext(context: AppLoadContext, request: Request): Promise<WalletContext> {
  const { env } = context;
  return {
    db: context.db,
    keys: await loadIssuerKeys(env.ISSUER_SIGNING_KEYS),
    base: publicBaseUrl(env.PUBLIC_BASE_URL, request.url),
    async fetchStatus(uri, signal) {
      const response = await env.STATUS.fetch(uri, { signal, headers: { Accept: "application/statuslist+jwt" } });
      // Decoded by hand: the token's media type is not text/*, so .text() would warn.
      return response.ok ? new TextDecoder().decode(await response.arrayBuffer()) : undefined;
    },
  };
}

/** A service refusal as the JSON error the client shows (spec 000 §8); anything else propagates. */
export function serviceError(error: unknown): Response {
  if (error instanceof CredentialServiceError) return json({ message: error.message, code: error.code }, { status: error.status });
  throw error;
}
