import { publicBaseUrl } from "#core/issuers/registry.ts";
import type { Database } from "#db/client.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { type IssuerKeys, loadIssuerKeys } from "./issuer-keys.ts";

/** The bindings credential work needs: the authorities' keys, the identifier base, the status worker. */
export interface CredentialBindings {
  ISSUER_SIGNING_KEYS: string;
  PUBLIC_BASE_URL?: string;
  STATUS: Fetcher;
}

export interface CredentialContext {
  db: Database;
  keys: IssuerKeys;
  /** The https base of our identifiers (core/issuers/registry.ts publicBaseUrl). */
  base: string;
  /** A status list token fetched fresh from the status worker over its service binding. */
  fetchStatus: (uri: string, signal: AbortSignal) => Promise<string | undefined>;
}

/** What issuing, checking and certifying credentials need from a request, resolved once per request. */
export async function credentialContext(
  context: Pick<RequestContext<CredentialBindings>, "env" | "db">,
  requestUrl: string,
): Promise<CredentialContext> {
  const { env } = context;
  return {
    db: context.db,
    keys: await loadIssuerKeys(env.ISSUER_SIGNING_KEYS),
    base: publicBaseUrl(env.PUBLIC_BASE_URL, requestUrl),
    async fetchStatus(uri, signal) {
      const response = await env.STATUS.fetch(uri, { signal, headers: { Accept: "application/statuslist+jwt" } });
      // Decoded by hand: the token's media type is not text/*, so .text() would warn.
      return response.ok ? new TextDecoder().decode(await response.arrayBuffer()) : undefined;
    },
  };
}
