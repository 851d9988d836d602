/**
 * Where a wallet reaches the platform's OpenID4VCI 1.0 issuers and its authorization server
 * (issue 22, ADR 045), and the fixed choices every part agrees on. Pure: the web worker (the
 * endpoints), the status worker (the metadata) and the tests all read it.
 *
 *   credential issuer     {base}/issuers/{id}                                   (= the credentials' iss)
 *   issuer metadata       {origin}/.well-known/openid-credential-issuer/issuers/{id}   (VCI 12.2.2)
 *   nonce, credential,    {base}/issuers/{id}/nonce | /credential | /deferred-credential | /notification
 *   authorization server  {base}  (metadata at {origin}/.well-known/oauth-authorization-server, RFC 8414)
 *   token, PAR, authorize {base}/oauth/token | /oauth/par | /oauth/authorize
 *   credential offer      {base}/oauth/offers/{id}                              (credential_offer_uri)
 */

import {
  CREDENTIAL_TYPE_CODES,
  CREDENTIAL_TYPES,
  type CredentialTypeCode,
  type IssuerId,
  issuerUrl,
  normaliseBase,
} from "#core/issuers/registry.ts";

/** The signing algorithms a wallet may prove its keys with (jwt proofs and DPoP): HAIP 1.0 section 7 requires ES256. */
export const HOLDER_PROOF_ALGS = ["ES256", "EdDSA"] as const;

/** The most `jwt` proofs one credential request may carry: one credential per proved key (VCI 8.3, 12.2.4). */
export const BATCH_SIZE = 5;

/** The pre-authorized code grant's type (VCI 4.1.1). */
export const PRE_AUTHORIZED_GRANT = "urn:ietf:params:oauth:grant-type:pre-authorized_code";

/** The authorization code grant's type (RFC 6749 4.1.3). */
export const AUTHORIZATION_CODE_GRANT = "authorization_code";

/** The endpoints of one authority's credential issuer. */
export function issuerEndpoints(base: string, id: IssuerId) {
  const issuer = issuerUrl(base, id);
  return {
    issuer,
    nonce: `${issuer}/nonce`,
    credential: `${issuer}/credential`,
    deferredCredential: `${issuer}/deferred-credential`,
    notification: `${issuer}/notification`,
  };
}

/** The platform's authorization server: its identifier is the base itself (no path). */
export function authorizationServerEndpoints(base: string) {
  const issuer = normaliseBase(base);
  return {
    issuer,
    token: `${issuer}/oauth/token`,
    pushedAuthorizationRequest: `${issuer}/oauth/par`,
    authorization: `${issuer}/oauth/authorize`,
  };
}

/** VCI 12.2.2: the well-known segment goes between the host and the issuer's path. */
export function credentialIssuerMetadataUrl(base: string, id: IssuerId): string {
  const url = new URL(issuerUrl(base, id));
  return `${url.origin}/.well-known/openid-credential-issuer${url.pathname}`;
}

/** RFC 8414 section 3: the authorization server's metadata (its issuer has no path). */
export function authorizationServerMetadataUrl(base: string): string {
  return `${new URL(normaliseBase(base)).origin}/.well-known/oauth-authorization-server`;
}

/** Where a wallet fetches offer `id` (VCI 4.1.3): by reference, so the QR code stays small. */
export function credentialOfferUrl(base: string, id: string): string {
  return `${normaliseBase(base)}/oauth/offers/${id}`;
}

/** The link a wallet opens (VCI 4.1, 12.1.1): the offer by reference, in a QR code or as a same-device link. */
export function credentialOfferLink(offerUrl: string): string {
  return `openid-credential-offer://?credential_offer_uri=${encodeURIComponent(offerUrl)}`;
}

/**
 * How a configuration's credentials are made (ADR 047, ADR 053): `eddsa`, the pitch's Ed25519 SD-JWT
 * VC with the key published in the issuer's JWT VC metadata (kid); `haip`, HAIP 1.0's profile: ES256
 * with an `x5c` chain to the platform's root, and status lists signed the same way; `mdoc`, an
 * ISO/IEC 18013-5 mdoc (`mso_mdoc`) signed by a document signer chained to an IACA root, for the
 * types that have a doctype (MDOC_DOCTYPES).
 */
export type SigningProfile = "eddsa" | "haip" | "mdoc";

/** The types issued as an mdoc too, and their doctype (ISO/IEC 18013-5 section 7.2.1: the mDL). */
export const MDOC_DOCTYPES: Readonly<Partial<Record<CredentialTypeCode, string>>> = {
  driving_licence: "org.iso.18013.5.1.mDL",
};

/** One credential configuration: a type, signed one way. */
export interface CredentialConfiguration {
  id: string;
  type: CredentialTypeCode;
  profile: SigningProfile;
}

/** A configuration's id: the type's code (`rtw`) for the Ed25519 default, `rtw_haip` for HAIP's, `driving_licence_mdoc` for the mdoc. */
function configurationId(type: CredentialTypeCode, profile: SigningProfile): string {
  return profile === "eddsa" ? type : `${type}_${profile}`;
}

/** The configuration an id names, or undefined for none of ours. */
export function configurationOf(id: unknown): CredentialConfiguration | undefined {
  if (typeof id !== "string") return undefined;
  const suffixed = /^(.+)_(haip|mdoc)$/.exec(id);
  const code = suffixed ? suffixed[1]! : id;
  const profile = (suffixed?.[2] ?? "eddsa") as SigningProfile;
  if (!(CREDENTIAL_TYPE_CODES as readonly string[]).includes(code)) return undefined;
  if (profile === "mdoc" && MDOC_DOCTYPES[code as CredentialTypeCode] === undefined) return undefined;
  return { id, type: code as CredentialTypeCode, profile };
}

/**
 * Every configuration of `type`: the Ed25519 one and, where the platform issues certificate-backed
 * credentials (it has a root: ADR 047), HAIP's and, for a type with a doctype, the mdoc (ADR 053).
 */
export function configurationsOf(type: CredentialTypeCode, withHaip: boolean): CredentialConfiguration[] {
  const profiles: SigningProfile[] = withHaip
    ? ["eddsa", "haip", ...(MDOC_DOCTYPES[type] !== undefined ? (["mdoc"] as const) : [])]
    : ["eddsa"];
  return profiles.map((profile) => ({ id: configurationId(type, profile), type, profile }));
}

/**
 * A credential configuration's scope (HAIP 1.0 section 4.1: every configuration has one, and the
 * authorization server must tell the issuer from it): unique across authorities, types and profiles.
 */
export function configurationScope(type: CredentialTypeCode, profile: SigningProfile = "eddsa"): string {
  return `uk.gov.${CREDENTIAL_TYPES[type].issuerId}.${type}${profile === "eddsa" ? "" : `.${profile}`}`;
}
