import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { loadIssuerKeys, type IssuerKeys } from "../issuers/keys.server";
import { publicBaseUrl } from "../issuers/registry";
import type { Database } from "../../db/client";
import { CredentialServiceError } from "./credentials.server";

export interface WalletContext {
  db: Database;
  keys: IssuerKeys;
  /** The https base of our identifiers (app/issuers/registry.ts publicBaseUrl). */
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
