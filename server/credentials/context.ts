import { publicBaseUrl } from "#core/issuers/registry.ts";
import type { Database } from "#db/client.ts";
import { DatabaseUnavailableError } from "#db/errors.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { type CertifiedKeys, loadCertifiedKeys } from "./certified-keys.ts";
import { assertTrusted, type IssuerKeys, type IssuerTrust, loadIssuerKeys, loadIssuerTrust } from "./issuer-keys.ts";

/** What checking credentials needs: the authorities' public keys, the identifier base, the status worker. */
export interface TrustBindings {
  ISSUER_PUBLIC_KEYS: string;
  PUBLIC_BASE_URL?: string;
  STATUS: Fetcher;
}

/** What issuing needs on top: the authorities' credential keys (the web worker's alone: ADR 028). */
export interface CredentialBindings extends TrustBindings {
  ISSUER_SIGNING_KEYS: string;
  /** The certified keys of HAIP's configurations (ADR 047), when the deployment has them. */
  ISSUER_X509_SIGNING_KEYS?: string;
  /** The DVLA's mdoc document signer (server/credentials/document-signer.ts, ADR 053), when the deployment has one. */
  MDOC_DOCUMENT_SIGNER_KEY?: string;
}

export interface CheckingContext {
  db: Database;
  /** The authorities' public keys: the trust list for credentials and their status lists. */
  trust: IssuerTrust;
  /** The https base of our identifiers (core/issuers/registry.ts publicBaseUrl). */
  base: string;
  /** A status list token fetched fresh from the status worker over its service binding. */
  fetchStatus: (uri: string, signal: AbortSignal) => Promise<string | undefined>;
}

export interface CredentialContext extends CheckingContext {
  keys: IssuerKeys;
  /** The certified keys (HAIP 1.0, ADR 047), loaded on first use: undefined when the deployment has none. */
  certifiedKeys: () => Promise<CertifiedKeys | undefined>;
}

/** What checking credentials needs from a request (the verifier worker's and the web worker's), once per request. */
export async function checkingContext(
  context: Pick<RequestContext<TrustBindings>, "env" | "db">,
  requestUrl: string,
): Promise<CheckingContext> {
  const { env } = context;
  return {
    db: context.db,
    trust: await loadIssuerTrust(env.ISSUER_PUBLIC_KEYS),
    base: publicBaseUrl(env.PUBLIC_BASE_URL, requestUrl),
    async fetchStatus(uri, signal) {
      const response = await env.STATUS.fetch(uri, { signal, headers: { Accept: "application/statuslist+jwt" } });
      // The status worker's database is away and it holds no copy of the list within its ttl (ADR 032).
      if (response.status === 503) {
        await response.body?.cancel();
        throw new DatabaseUnavailableError("the status worker could not read the list");
      }
      // Decoded by hand: the token's media type is not text/*, so .text() would warn.
      return response.ok ? new TextDecoder().decode(await response.arrayBuffer()) : undefined;
    },
  };
}

/** What issuing, checking and certifying credentials need from a request (the web worker), once per request. */
export async function credentialContext(
  context: Pick<RequestContext<CredentialBindings>, "env" | "db">,
  requestUrl: string,
): Promise<CredentialContext> {
  const checking = await checkingContext(context, requestUrl);
  const keys = await loadIssuerKeys(context.env.ISSUER_SIGNING_KEYS);
  assertTrusted("ISSUER_SIGNING_KEYS", keys, checking.trust.credentialKeys);
  const certifiedKeys = () =>
    loadCertifiedKeys("ISSUER_X509_SIGNING_KEYS", context.env.ISSUER_X509_SIGNING_KEYS, checking.trust);
  return { ...checking, keys, certifiedKeys };
}
