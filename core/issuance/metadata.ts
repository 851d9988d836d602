/**
 * The two documents a wallet reads before it asks for a credential (issue 22, ADR 045), served by
 * the status worker: each authority's Credential Issuer Metadata (OpenID4VCI 1.0 section 12.2.4)
 * and the platform's Authorization Server Metadata (RFC 8414; OpenID4VCI 1.0 section 12.3).
 * Pure: built from the registry, the endpoints module and the published words alone.
 *
 * Every word is in every language the product speaks (issue 21), read as the SD-JWT VC type
 * metadata reads them (publishedText), so a wallet that prefers the type metadata at `vct` shows
 * the same names. No logo: we serve none of our own.
 */

import { capitalise } from "#core/format/format.ts";
import { LOCALE_INFO, LOCALES } from "#core/i18n/locales.ts";
import { AUTHORITY_MESSAGES } from "#core/issuers/authority-messages.ts";
import { type PublishedMessage, publishedText } from "#core/issuers/published-text.ts";
import { CREDENTIAL_TYPE_CODES, CREDENTIAL_TYPES, type IssuerId, vctUrl } from "#core/issuers/registry.ts";
import { MDL_CLAIM_MESSAGES, TYPE_MESSAGES } from "#core/issuers/type-messages.ts";
import {
  AUTHORIZATION_CODE_GRANT,
  authorizationServerEndpoints,
  BATCH_SIZE,
  type CredentialConfiguration,
  configurationScope,
  configurationsOf,
  HOLDER_PROOF_ALGS,
  issuerEndpoints,
  MDOC_DOCTYPES,
  PRE_AUTHORIZED_GRANT,
  type SigningProfile,
} from "./endpoints.ts";

/** The format of every credential we issue: an SD-JWT VC (OpenID4VCI 1.0 appendix A.3). */
const FORMAT = "dc+sd-jwt";

/**
 * What a configuration's credentials are signed with (ADR 047): Ed25519, the pitch's promise, or
 * ES256 with an x5c chain (HAIP 1.0 section 6.1.1). A HAIP configuration takes ES256 proofs only
 * (HAIP 1.0 section 7: the one algorithm every HAIP wallet and issuer share).
 */
const SIGNING: Record<Exclude<SigningProfile, "mdoc">, { credential: string[]; proofs: string[] }> = {
  eddsa: { credential: ["EdDSA"], proofs: [...HOLDER_PROOF_ALGS] },
  haip: { credential: ["ES256"], proofs: ["ES256"] },
};

/** COSE's identifier for ES256 (RFC 9053 section 2.1), what the document signer signs IssuerAuth with. */
const COSE_ES256 = -7;

/** The mDL's namespace (ISO/IEC 18013-5 section 7.2.1): every element we issue is in it. */
const MDL_NAMESPACE = "org.iso.18013.5.1";

/** The type's name and description in every language, as its display says them. */
const typeDisplay = (messages: (typeof TYPE_MESSAGES)[keyof typeof TYPE_MESSAGES]) =>
  LOCALES.map((locale) => ({
    name: publishedText(locale, messages.name),
    locale: LOCALE_INFO[locale].tag,
    description: publishedText(locale, messages.description),
  }));

const labelled = (path: string[], message: PublishedMessage) => ({
  path,
  display: LOCALES.map((locale) => ({ name: publishedText(locale, message), locale: LOCALE_INFO[locale].tag })),
});

/**
 * The mdoc configuration of a type with a doctype (OpenID4VCI 1.0 Appendix A.2.2; ADR 053): claims
 * by [namespace, element], signing algorithms as COSE identifiers, the holder's key bound as a
 * COSE_Key in the MSO's deviceKey (proved by a `jwt` proof, ES256 or EdDSA: the device keys an mdoc
 * may hold and our verifier accepts).
 */
function mdocConfiguration({ type: code, profile }: CredentialConfiguration, doctype: string) {
  return {
    format: "mso_mdoc",
    doctype,
    scope: configurationScope(code, profile),
    cryptographic_binding_methods_supported: ["cose_key"],
    credential_signing_alg_values_supported: [COSE_ES256],
    proof_types_supported: { jwt: { proof_signing_alg_values_supported: [...HOLDER_PROOF_ALGS] } },
    credential_metadata: {
      display: typeDisplay(TYPE_MESSAGES[code]),
      claims: Object.entries(MDL_CLAIM_MESSAGES).map(([element, message]) =>
        labelled([MDL_NAMESPACE, element], message),
      ),
    },
  };
}

/**
 * One configuration per credential type and signing profile, named `rtw` or `rtw_haip`: a wallet
 * asks for it by that id or by its scope (HAIP 1.0 section 4.1 requires a scope on each). Key
 * binding by `jwk`, proved with a `jwt` proof (appendix F.1); `credential_metadata` is what marks
 * the document as 1.0. Both configurations of a type issue the same claims under the same `vct`.
 */
function credentialConfiguration(base: string, configuration: CredentialConfiguration) {
  const { type: code, profile } = configuration;
  const doctype = MDOC_DOCTYPES[code];
  if (profile === "mdoc" && doctype) return mdocConfiguration(configuration, doctype);
  if (profile === "mdoc") throw new Error(`${code} has no mdoc form`);
  const type = CREDENTIAL_TYPES[code];
  const messages = TYPE_MESSAGES[code];
  const claims = messages.claims as Record<string, PublishedMessage>;
  return {
    format: FORMAT,
    vct: vctUrl(base, code),
    scope: configurationScope(code, profile),
    cryptographic_binding_methods_supported: ["jwk"],
    credential_signing_alg_values_supported: SIGNING[profile].credential,
    proof_types_supported: { jwt: { proof_signing_alg_values_supported: SIGNING[profile].proofs } },
    credential_metadata: {
      display: typeDisplay(messages),
      // In display order (appendix B.2: the order of the array is the order to show them in).
      claims: type.claims.map((claim) => labelled([claim.name], claims[claim.name]!)),
    },
  };
}

/** The types authority `id` issues, in the registry's order. */
const typesIssuedBy = (id: IssuerId) => CREDENTIAL_TYPE_CODES.filter((code) => CREDENTIAL_TYPES[code].issuerId === id);

/**
 * Authority `id`'s Credential Issuer Metadata (OpenID4VCI 1.0 section 12.2.4), served at
 * credentialIssuerMetadataUrl(base, id). `credential_issuer` is byte for byte the identifier that
 * URL was built from (section 12.2.2: a wallet compares them and drops the document otherwise).
 * Batch issuance is on (HAIP 1.0 section 4: advertised by `batch_credential_issuance`); a nonce
 * endpoint is listed because every configuration binds a key (HAIP 1.0 section 4.1).
 */
export function credentialIssuerMetadata(base: string, id: IssuerId, withHaip: boolean) {
  const endpoints = issuerEndpoints(base, id);
  return {
    credential_issuer: endpoints.issuer,
    authorization_servers: [authorizationServerEndpoints(base).issuer],
    credential_endpoint: endpoints.credential,
    nonce_endpoint: endpoints.nonce,
    deferred_credential_endpoint: endpoints.deferredCredential,
    notification_endpoint: endpoints.notification,
    batch_credential_issuance: { batch_size: BATCH_SIZE },
    // The authority's name in each language. The Welsh names are written to sit inside a sentence
    // ("y Swyddfa Gartref"); standing alone as a name they start with a capital.
    display: LOCALES.map((locale) => ({
      name: capitalise(publishedText(locale, AUTHORITY_MESSAGES[id])),
      locale: LOCALE_INFO[locale].tag,
    })),
    credential_configurations_supported: Object.fromEntries(
      typesIssuedBy(id)
        .flatMap((code) => configurationsOf(code, withHaip))
        .map((configuration) => [configuration.id, credentialConfiguration(base, configuration)]),
    ),
  };
}

/**
 * The platform's Authorization Server Metadata (RFC 8414 section 2), served at
 * authorizationServerMetadataUrl(base). `issuer` is the base exactly (no trailing slash): a wallet
 * compares it with the issuer metadata's `authorization_servers` entry character for character.
 * It advertises only what is served: the pre-authorized code grant at the token endpoint, by a
 * wallet with no client id (OpenID4VCI 1.0 section 12.3), and the authorization code grant, pushed
 * (RFC 9126) with PKCE S256 (RFC 7636) and answered with `iss` (RFC 9207), as FAPI 2.0 asks of
 * HAIP 1.0 section 4; tokens DPoP-bound (HAIP 1.0 section 4).
 */
export function authorizationServerMetadata(base: string, withHaip: boolean) {
  const endpoints = authorizationServerEndpoints(base);
  return {
    issuer: endpoints.issuer,
    authorization_endpoint: endpoints.authorization,
    token_endpoint: endpoints.token,
    pushed_authorization_request_endpoint: endpoints.pushedAuthorizationRequest,
    require_pushed_authorization_requests: true,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: [AUTHORIZATION_CODE_GRANT, PRE_AUTHORIZED_GRANT],
    code_challenge_methods_supported: ["S256"],
    authorization_response_iss_parameter_supported: true,
    token_endpoint_auth_methods_supported: ["none"],
    dpop_signing_alg_values_supported: [...HOLDER_PROOF_ALGS],
    "pre-authorized_grant_anonymous_access_supported": true,
    scopes_supported: CREDENTIAL_TYPE_CODES.flatMap((code) =>
      configurationsOf(code, withHaip).map(({ type, profile }) => configurationScope(type, profile)),
    ),
  };
}
