/**
 * The web wallet's side of an OpenID4VP request (issue 9): resolving the link a citizen opened
 * (client_id and request_uri), as any wallet must before asking for consent. The request object
 * is fetched from request_uri and checked against the platform's trust anchor
 * (core/verification/request-object.ts); this wallet answers only requests served by this
 * platform's verifier, reached over the service binding.
 */

import type { PublicJwk } from "#core/credentials/index.ts";
import type { CredentialTypeCode } from "#core/issuers/registry.ts";
import { attributeForPath, type CheckType, checkName, isCheckType } from "#core/verification/checks.ts";
import { credentialTypeForVct } from "#core/verification/openid4vp.ts";
import { RequestObjectError, type ResolvedRequest, readRequestObject } from "#core/verification/request-object.ts";
import { ServiceError } from "#server/http/errors.ts";

export interface WalletRequest {
  clientId: string;
  verifierName: string;
  purpose: string;
  check: CheckType | null;
  checkName: string;
  /** The DCQL credential query's id: the vp_token's key. */
  queryId: string;
  /** What will be disclosed: each claim path (dotted) with its plain-English label. */
  attributes: { path: string; label: string }[];
  /** Credential types that can answer. */
  acceptedTypes: CredentialTypeCode[];
  responseUri: string;
  nonce: string;
  state: string;
  expiresAt: string;
}

const REQUEST_PATH = /^\/api\/presentations\/requests\/[0-9a-f-]{36}\/object$/;

export async function resolveWalletRequest(options: {
  verifier: Fetcher;
  /** This site's origin, as the browser sees it. */
  origin: string;
  /** The https base of identifiers (vct URLs). */
  base: string;
  clientId: string | null;
  requestUri: string | null;
  now?: Date;
}): Promise<WalletRequest> {
  const { clientId, requestUri } = options;
  if (!clientId || !requestUri)
    throw new ServiceError(400, "This link is not a complete verification request.", "BAD_REQUEST_LINK");
  let url: URL;
  try {
    url = new URL(requestUri);
  } catch {
    throw new ServiceError(400, "This link is not a complete verification request.", "BAD_REQUEST_LINK");
  }
  if (url.origin !== options.origin || !REQUEST_PATH.test(url.pathname) || url.search) {
    throw new ServiceError(
      400,
      "This wallet answers requests from verifiers registered on this platform only.",
      "FOREIGN_VERIFIER",
    );
  }
  const [objectResponse, anchorResponse] = await Promise.all([
    options.verifier.fetch(url.href, { headers: { Accept: "application/oauth-authz-req+jwt" } }),
    options.verifier.fetch(`${options.origin}/api/verifications/trust-anchor`),
  ]);
  if (objectResponse.status === 404)
    throw new ServiceError(
      410,
      "This verification request has already been answered or has expired. Ask the verifier for a new one.",
      "REQUEST_CLOSED",
    );
  if (!objectResponse.ok || !anchorResponse.ok)
    throw new ServiceError(
      503,
      "The verification service could not be reached. Try again in a moment.",
      "VERIFIER_UNAVAILABLE",
    );
  const { keys } = (await anchorResponse.json()) as { keys: PublicJwk[] };
  let resolved: ResolvedRequest;
  try {
    resolved = await readRequestObject(await objectResponse.text(), {
      trustAnchorKeys: keys,
      clientId,
      now: Math.floor((options.now ?? new Date()).getTime() / 1000),
    });
  } catch (error) {
    if (error instanceof RequestObjectError)
      throw new ServiceError(400, `This request could not be trusted (${error.message}).`, "UNTRUSTED_REQUEST");
    throw error;
  }
  const query = resolved.dcql.credentials?.[0];
  if (!query || resolved.dcql.credentials.length !== 1)
    throw new ServiceError(400, "This wallet can answer requests for one credential at a time.", "UNSUPPORTED_REQUEST");
  const check = isCheckType(query.id) ? query.id : null;
  const acceptedTypes = (query.meta?.vct_values ?? [])
    .map((vct) => credentialTypeForVct(options.base, vct)?.code)
    .filter((code): code is CredentialTypeCode => Boolean(code));
  return {
    clientId: resolved.clientId,
    verifierName: resolved.verifierName,
    purpose: resolved.purpose,
    check,
    checkName: checkName(check),
    queryId: query.id,
    attributes: (query.claims ?? []).map((claim) => {
      const path = claim.path.join(".");
      return { path, label: (check ? attributeForPath(check, path)?.label : undefined) ?? path };
    }),
    acceptedTypes,
    responseUri: resolved.responseUri,
    nonce: resolved.nonce,
    state: resolved.state,
    expiresAt: new Date(resolved.exp * 1000).toISOString(),
  };
}
