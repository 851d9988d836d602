/**
 * The web wallet's side of an OpenID4VP request (issue 9): resolving the link a citizen opened
 * (client_id and request_uri), as any wallet must before asking for consent. The request object
 * is fetched from request_uri and checked against the platform's trust anchor
 * (core/verification/request-object.ts); this wallet answers only requests served by this
 * platform's verifier, reached over the service binding. A request that asks for an encrypted
 * answer (direct_post.jwt, ADR 049) carries the key the browser encrypts the answer to.
 */

import { defineMessage, defineMessages } from "@formatjs/intl";
import type { PublicJwk } from "#core/credentials/index.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import type { CredentialTypeCode } from "#core/issuers/registry.ts";
import { checkAttributeText, checkNameText } from "#core/verification/check-messages.ts";
import { attributeForPath, type CheckType, isCheckType } from "#core/verification/checks.ts";
import { credentialTypeForVct, SD_JWT_VC_FORMAT, type SdJwtCredentialQuery } from "#core/verification/openid4vp.ts";
import { RequestObjectError, type ResolvedRequest, readRequestObject } from "#core/verification/request-object.ts";
import { type ResponseEncryption, ResponseEncryptionError } from "#core/verification/response-encryption.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";

/** Why the wallet cannot answer a request, as the consent page tells the person (codes unchanged). */
const messages = defineMessages({
  incomplete: {
    id: "wallet.presentRequest.incomplete",
    defaultMessage: "This link is not a complete verification request.",
  },
  foreign: {
    id: "wallet.presentRequest.foreign",
    defaultMessage: "This wallet answers requests from verifiers registered on this platform only.",
  },
  closed: {
    id: "wallet.presentRequest.closed",
    defaultMessage:
      "This verification request has already been answered or has expired. Ask the verifier for a new one.",
  },
  unavailable: {
    id: "wallet.presentRequest.unavailable",
    defaultMessage: "The verification service could not be reached. Try again in a moment.",
  },
  untrusted: defineMessage<{ reason: string }>({
    id: "wallet.presentRequest.untrusted",
    defaultMessage: "This request could not be trusted ({reason}).",
    description: "{reason} is a technical detail in English.",
  }),
  encryption: defineMessage<{ reason: string }>({
    id: "wallet.presentRequest.encryption",
    defaultMessage: "This request asks for an encrypted answer that this wallet cannot make ({reason}).",
    description: "{reason} is a technical detail in English.",
  }),
  unsupported: {
    id: "wallet.presentRequest.unsupported",
    defaultMessage: "This wallet can answer requests for one credential at a time.",
  },
});

export interface WalletRequest {
  clientId: string;
  verifierName: string;
  purpose: string;
  check: CheckType | null;
  checkName: string;
  /** The DCQL credential query's id: the vp_token's key. */
  queryId: string;
  /** What will be disclosed: each claim path (dotted) with its label in the reader's language. */
  attributes: { path: string; label: string }[];
  /** Credential types that can answer. */
  acceptedTypes: CredentialTypeCode[];
  responseUri: string;
  nonce: string;
  state: string;
  expiresAt: string;
  /** direct_post.jwt: the verifier's key and the content encryption the answer is encrypted with; null for direct_post. */
  responseEncryption: ResponseEncryption | null;
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
  /** The language the person reads the check's name and the attributes' labels in. */
  locale?: Locale;
}): Promise<WalletRequest> {
  const { clientId, requestUri } = options;
  if (!clientId || !requestUri) throw new WordedServiceError(400, messages.incomplete, "BAD_REQUEST_LINK");
  let url: URL;
  try {
    url = new URL(requestUri);
  } catch {
    throw new WordedServiceError(400, messages.incomplete, "BAD_REQUEST_LINK");
  }
  if (url.origin !== options.origin || !REQUEST_PATH.test(url.pathname) || url.search) {
    throw new WordedServiceError(400, messages.foreign, "FOREIGN_VERIFIER");
  }
  const [objectResponse, anchorResponse] = await Promise.all([
    options.verifier.fetch(url.href, { headers: { Accept: "application/oauth-authz-req+jwt" } }),
    options.verifier.fetch(`${options.origin}/api/verifications/trust-anchor`),
  ]);
  if (objectResponse.status === 404) throw new WordedServiceError(410, messages.closed, "REQUEST_CLOSED");
  if (!objectResponse.ok || !anchorResponse.ok)
    throw new WordedServiceError(503, messages.unavailable, "VERIFIER_UNAVAILABLE");
  const { keys } = (await anchorResponse.json()) as { keys: PublicJwk[] };
  let resolved: ResolvedRequest;
  try {
    resolved = await readRequestObject(await objectResponse.text(), {
      trustAnchorKeys: keys,
      clientId,
      now: Math.floor((options.now ?? new Date()).getTime() / 1000),
    });
  } catch (error) {
    if (error instanceof ResponseEncryptionError)
      throw new WordedServiceError(400, messages.encryption, "UNSUPPORTED_RESPONSE_ENCRYPTION", {
        reason: error.message,
      });
    if (error instanceof RequestObjectError)
      throw new WordedServiceError(400, messages.untrusted, "UNTRUSTED_REQUEST", { reason: error.message });
    throw error;
  }
  // This wallet holds the platform's SD-JWT VCs only: it answers the request's one dc+sd-jwt query
  // for them, when the request lets that query answer alone (the only query, or an option of its
  // own in every credential set: the mdoc queries beside it, and those for outside issuers'
  // SD-JWT VCs, are for other wallets, ADR 050 and 052).
  const queries = resolved.dcql.credentials ?? [];
  const sdJwt = queries.filter(
    (candidate) =>
      candidate?.format === SD_JWT_VC_FORMAT &&
      (candidate as SdJwtCredentialQuery).meta?.vct_values?.some((vct) => credentialTypeForVct(options.base, vct)),
  );
  const query = sdJwt.length === 1 ? (sdJwt[0] as SdJwtCredentialQuery) : undefined;
  const sets: unknown = resolved.dcql.credential_sets;
  const answersAlone =
    query &&
    (queries.length === 1 ||
      (Array.isArray(sets) &&
        sets.length > 0 &&
        sets.every(
          (set) =>
            Array.isArray(set?.options) &&
            set.options.some(
              (option: unknown) => Array.isArray(option) && option.length === 1 && option[0] === query.id,
            ),
        )));
  if (!query || !answersAlone) throw new WordedServiceError(400, messages.unsupported, "UNSUPPORTED_REQUEST");
  const check = isCheckType(query.id) ? query.id : null;
  const acceptedTypes = (query.meta?.vct_values ?? [])
    .map((vct) => credentialTypeForVct(options.base, vct)?.code)
    .filter((code): code is CredentialTypeCode => Boolean(code));
  const intl = serverIntl(options.locale ?? DEFAULT_LOCALE);
  return {
    clientId: resolved.clientId,
    verifierName: resolved.verifierName,
    purpose: resolved.purpose,
    check,
    checkName: checkNameText(intl, check),
    queryId: query.id,
    attributes: (query.claims ?? []).map((claim) => {
      const path = claim.path.join(".");
      const attribute = check ? attributeForPath(check, path) : undefined;
      return { path, label: (attribute && check ? checkAttributeText(intl, check, attribute.id) : undefined) ?? path };
    }),
    acceptedTypes,
    responseUri: resolved.responseUri,
    nonce: resolved.nonce,
    state: resolved.state,
    expiresAt: new Date(resolved.exp * 1000).toISOString(),
    responseEncryption: resolved.responseEncryption,
  };
}
