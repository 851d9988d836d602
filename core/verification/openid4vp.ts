/**
 * OpenID4VP 1.0 pieces that need no I/O (docs/decisions/015): the DCQL query for a check, the
 * request object's claims, the authorization request URL, reading a `vp_token`, and whether a
 * verified presentation satisfies the query. The verifier worker signs, stores and judges; the
 * wallet reads the same query to choose what to disclose.
 */
import { sha256, webCrypto } from "#core/credentials/crypto.ts";
import { base64urlEncode } from "#core/credentials/encoding.ts";
import { base64Decode } from "#core/credentials/x509.ts";
import { CREDENTIAL_TYPES, vctUrl } from "#core/issuers/registry.ts";
import {
  CHECKS,
  type CheckType,
  checkAttribute,
  type MdocSource,
  mdocAttributeValue,
  mdocSources,
  type OutsideSdJwtSource,
  outsideSdJwtSources,
} from "./checks.ts";
import { VerificationError } from "./reasons.ts";

/** OID4VP 1.0 section 5.9.3: the prefix of client identifiers attested by a trusted party. */
export const CLIENT_ID_PREFIX = "verifier_attestation:";
/**
 * OID4VP 1.0 section 5.9.3: the prefix of a client identifier that is the hash of the leaf
 * certificate the request object is signed under (`x5c`), HAIP 1.0's (ADR 051).
 */
const X509_HASH_PREFIX = "x509_hash:";
/**
 * How a request names its verifier (ADR 051): `verifier_attestation` (the default; the platform's
 * own web wallet reads it) or `x509_hash` (HAIP 1.0 wallets, the EU's).
 */
export const CLIENT_ID_PREFIXES = ["verifier_attestation", "x509_hash"] as const;
export type ClientIdPrefix = (typeof CLIENT_ID_PREFIXES)[number];
export const DEFAULT_CLIENT_ID_PREFIX: ClientIdPrefix = "verifier_attestation";
/** RFC 9101 / OID4VP 1.0 section 5: the request object's typ. */
export const REQUEST_OBJECT_TYP = "oauth-authz-req+jwt";
/** OID4VP 1.0 section 12: the typ of a Verifier Attestation JWT. */
export const VERIFIER_ATTESTATION_TYP = "verifier-attestation+jwt";
/** OID4VP 1.0 section 5.8: the static audience of a request object for wallets without discovery. */
export const SELF_ISSUED_AUDIENCE = "https://self-issued.me/v2";
/** The SD-JWT VC credential format identifier in DCQL (OID4VP 1.0 appendix B.3). */
export const SD_JWT_VC_FORMAT = "dc+sd-jwt";
/** The ISO/IEC 18013-5 mdoc format identifier in DCQL (OID4VP 1.0 appendix B.2). */
export const MDOC_FORMAT = "mso_mdoc";

interface DcqlClaimsQuery {
  path: string[];
}

/**
 * OID4VP 1.0 section 6.1.1: the issuers a credential query accepts, here by `aki` (the base64url
 * KeyIdentifier a certificate of the credential's chain names as its AuthorityKeyIdentifier).
 */
export interface TrustedAuthoritiesQuery {
  type: "aki";
  values: string[];
}

export interface SdJwtCredentialQuery {
  id: string;
  format: typeof SD_JWT_VC_FORMAT;
  meta: { vct_values: string[] };
  claims: DcqlClaimsQuery[];
  trusted_authorities?: TrustedAuthoritiesQuery[];
}

/** OID4VP 1.0 appendix B.2.3 and section 6.4: a doctype, and claims by [namespace, element identifier]. */
export interface MdocCredentialQuery {
  id: string;
  format: typeof MDOC_FORMAT;
  meta: { doctype_value: string };
  claims: { path: [string, string]; intent_to_retain: false }[];
  trusted_authorities?: TrustedAuthoritiesQuery[];
}

export type DcqlCredentialQuery = SdJwtCredentialQuery | MdocCredentialQuery;

export interface DcqlQuery {
  credentials: DcqlCredentialQuery[];
  /** OID4VP 1.0 section 6.2: any one option (one credential query id each) answers the request. */
  credential_sets?: { options: string[][] }[];
}

/** The organisation's client identifier: the prefix and its registered identifier URL. */
export function clientIdFor(base: string, organisationId: string): string {
  return `${CLIENT_ID_PREFIX}${verifierIdentifier(base, organisationId)}`;
}

/**
 * The x509_hash client identifier of a leaf certificate (OID4VP 1.0 section 5.9.3): the prefix and
 * the base64url SHA-256 of its DER encoding. `leaf` is base64 DER, as `x5c` carries it.
 */
export async function x509HashClientId(leaf: string): Promise<string> {
  return `${X509_HASH_PREFIX}${base64urlEncode(await sha256(webCrypto(), base64Decode(leaf)))}`;
}

/** Whether a client identifier is an x509_hash one (its request object is signed under x5c). */
export const isX509HashClientId = (clientId: string): boolean => clientId.startsWith(X509_HASH_PREFIX);

/** The identifier the platform attests for an organisation (the attestation's `sub`). */
export function verifierIdentifier(base: string, organisationId: string): string {
  return `${base}/verifiers/${organisationId}`;
}

/** Spec 000: an offline QR code is valid for 15 minutes (the wallet's countdown, the verifier's window). */
export const OFFLINE_WINDOW_SECONDS = 15 * 60;

/** The audience of offline presentations: the platform's offline verifier (ADR 015). */
export function offlineAudience(base: string): string {
  return `${base}/verifiers/offline`;
}

/**
 * The DCQL query for a check: a `dc+sd-jwt` credential query, id the check code, the vct of every
 * type that can answer and a claims entry per requested attribute (all required: no claim_sets);
 * then an `mso_mdoc` query per mdoc document that can show every requested attribute (ADR 050),
 * and a `dc+sd-jwt` query per outside issuer's credential that can (ADR 052), with one credential
 * set whose options are each query alone, so any one answers. Which issuers the trust-listed
 * queries accept (`trusted_authorities`) is added by the verifier when it signs the request.
 */
export function dcqlQuery(base: string, check: CheckType, attributes: readonly string[]): DcqlQuery {
  const definition = CHECKS[check];
  const sdJwt: SdJwtCredentialQuery = {
    id: check,
    format: SD_JWT_VC_FORMAT,
    meta: { vct_values: definition.credentialTypes.map((type) => vctUrl(base, type)) },
    claims: attributes.map((id) => {
      const attribute = checkAttribute(check, id);
      if (!attribute) throw new Error(`${id} is not an attribute of ${check}`);
      return { path: [...attribute.path] };
    }),
  };
  const mdoc = mdocSources(check, attributes).map(
    (source): MdocCredentialQuery => ({
      id: source.queryId,
      format: MDOC_FORMAT,
      meta: { doctype_value: source.docType },
      claims: attributes.map((id) => ({
        path: [source.namespace, source.elements[id]!],
        intent_to_retain: false,
      })),
    }),
  );
  const outside = outsideSdJwtSources(check, attributes).map(
    (source): SdJwtCredentialQuery => ({
      id: source.queryId,
      format: SD_JWT_VC_FORMAT,
      meta: { vct_values: [source.vct] },
      claims: attributes.map((id) => ({ path: [...source.claims[id]!] })),
    }),
  );
  return withOptions([sdJwt, ...mdoc, ...outside]);
}

/** A query of these credential queries, any one answering: a credential set only when there is a choice. */
export function withOptions(credentials: DcqlCredentialQuery[]): DcqlQuery {
  if (credentials.length === 1) return { credentials };
  return { credentials, credential_sets: [{ options: credentials.map((query) => [query.id]) }] };
}

/** The outside issuer's SD-JWT VC a credential query of `check`'s DCQL stands for (ADR 052). */
export function outsideSdJwtSourceFor(check: CheckType, query: DcqlCredentialQuery): OutsideSdJwtSource | undefined {
  if (query.format !== SD_JWT_VC_FORMAT) return undefined;
  return (CHECKS[check].outsideSdJwt ?? []).find(
    (source) => source.queryId === query.id && query.meta.vct_values.includes(source.vct),
  );
}

/** The mdoc document a credential query of `check`'s DCQL stands for. */
export function mdocSourceFor(check: CheckType, query: MdocCredentialQuery): MdocSource | undefined {
  return (CHECKS[check].mdoc ?? []).find(
    (source) => source.queryId === query.id && source.docType === query.meta.doctype_value,
  );
}

/** The credential type a vct names, if it is one of ours under `base`. */
export function credentialTypeForVct(base: string, vct: string) {
  return Object.values(CREDENTIAL_TYPES).find((type) => vctUrl(base, type.code) === vct);
}

export interface RequestObjectInput {
  clientId: string;
  responseUri: string;
  nonce: string;
  state: string;
  dcql: DcqlQuery;
  /** Epoch seconds. */
  iat: number;
  exp: number;
  /** direct_post.jwt (OID4VP 1.0 section 8.3): the public half of the request's own encryption key. */
  encryptionKey?: Record<string, unknown> | undefined;
}

/** The content encryptions a direct_post.jwt response may use (HAIP 1.0: A128GCM and A256GCM). */
export const RESPONSE_ENCRYPTIONS = ["A128GCM", "A256GCM"] as const;

/**
 * What the verifier accepts, by credential format (OID4VP 1.0 section 11.1, the parameter names of
 * appendix B, per format): SD-JWT VCs signed EdDSA (the platform's authorities) or ES256 (with an
 * x5c chain, HAIP 1.0), key-bound EdDSA or ES256 (server/verification/judge.ts); mdoc IssuerAuth
 * and device signatures ES256 (-7), EdDSA (-8) or Ed25519 (-19, RFC 9864), as core/mdoc/verify.ts
 * accepts them. Every request object carries it in client_metadata, whatever its prefix.
 */
const VP_FORMATS_SUPPORTED = {
  "dc+sd-jwt": { "sd-jwt_alg_values": ["EdDSA", "ES256"], "kb-jwt_alg_values": ["ES256", "EdDSA"] },
  mso_mdoc: { issuerauth_alg_values: [-7, -8, -19], deviceauth_alg_values: [-7, -8, -19] },
} as const;

/** client_metadata (OID4VP 1.0 section 5.1): the response key when the answer is encrypted, and the formats. */
function clientMetadata(encryptionKey: Record<string, unknown> | undefined) {
  return {
    ...(encryptionKey
      ? { jwks: { keys: [encryptionKey] }, encrypted_response_enc_values_supported: [...RESPONSE_ENCRYPTIONS] }
      : {}),
    vp_formats_supported: VP_FORMATS_SUPPORTED,
  };
}

/** The request object's payload (OID4VP 1.0 sections 5.1, 5.2, 8.2). No redirect_uri with direct_post. */
export function requestObjectClaims(input: RequestObjectInput): Record<string, unknown> {
  return {
    iss: input.clientId,
    aud: SELF_ISSUED_AUDIENCE,
    client_id: input.clientId,
    response_type: "vp_token",
    response_mode: input.encryptionKey ? "direct_post.jwt" : "direct_post",
    response_uri: input.responseUri,
    client_metadata: clientMetadata(input.encryptionKey),
    nonce: input.nonce,
    state: input.state,
    dcql_query: input.dcql,
    iat: input.iat,
    exp: input.exp,
  };
}

/** The Digital Credentials API protocol of our requests (OID4VP 1.0 appendix A.1: signed, compact JWS). */
export const DC_API_PROTOCOL = "openid4vp-v1-signed";

export interface DcApiRequestInput extends Omit<RequestObjectInput, "responseUri" | "state" | "encryptionKey"> {
  /** The origins the page asking may have (appendix A.2): a wallet refuses the request from any other. */
  expectedOrigins: readonly string[];
  encryptionKey: Record<string, unknown>;
}

/**
 * The same request over the Digital Credentials API (OID4VP 1.0 appendix A): signed, with
 * expected_origins, the answer encrypted (dc_api.jwt, HAIP 1.0) and returned to the page, so no
 * response_uri; no state either (A.2: the answer does not carry it; the page posts it for its request).
 */
export function dcApiRequestClaims(input: DcApiRequestInput): Record<string, unknown> {
  return {
    iss: input.clientId,
    aud: SELF_ISSUED_AUDIENCE,
    client_id: input.clientId,
    response_type: "vp_token",
    response_mode: "dc_api.jwt",
    expected_origins: [...input.expectedOrigins],
    client_metadata: clientMetadata(input.encryptionKey),
    nonce: input.nonce,
    dcql_query: input.dcql,
    iat: input.iat,
    exp: input.exp,
  };
}

/** Over the DC API a presentation's audience is the page's origin (OID4VP 1.0 appendix A.4), even for signed requests. */
export const dcApiAudience = (origin: string): string => `origin:${origin}`;

/** OID4VP 1.0 section 5.10: a request by reference holds only client_id and request_uri. */
export function authorizationRequestUrl(clientId: string, requestUri: string): string {
  return `openid4vp://?${new URLSearchParams({ client_id: clientId, request_uri: requestUri })}`;
}

/**
 * The one presentation a `vp_token` (OID4VP 1.0 section 8.1: a JSON object keyed by credential
 * query id, each value an array of presentations) holds, and the query it answers. The request's
 * credential set asks for any one of its queries: a token answering none is VP_TOKEN_MISSING_QUERY,
 * one answering more than one is VP_TOKEN_MULTIPLE (one check, one credential judged). A bare
 * string value is read as a one-element array (some wallets built on drafts send it so).
 */
export function presentationFromVpToken(
  vpToken: unknown,
  query: DcqlQuery,
): { query: DcqlCredentialQuery; presentation: string } {
  let token = vpToken;
  if (typeof token === "string") {
    try {
      token = JSON.parse(token);
    } catch {
      throw new VerificationError("VP_TOKEN_MALFORMED", "not JSON");
    }
  }
  if (!token || typeof token !== "object" || Array.isArray(token)) throw new VerificationError("VP_TOKEN_MALFORMED");
  const ids = new Set(query.credentials.map((c) => c.id));
  const keys = Object.keys(token);
  for (const key of keys) if (!ids.has(key)) throw new VerificationError("VP_TOKEN_UNKNOWN_QUERY");
  if (keys.length === 0) throw new VerificationError("VP_TOKEN_MISSING_QUERY");
  if (keys.length > 1) throw new VerificationError("VP_TOKEN_MULTIPLE", "more than one credential query answered");
  const credentialQuery = query.credentials.find((c) => c.id === keys[0])!;
  const value = (token as Record<string, unknown>)[credentialQuery.id];
  const list = typeof value === "string" ? [value] : value;
  if (!Array.isArray(list) || list.length === 0 || list.some((item) => typeof item !== "string" || item.length === 0)) {
    throw new VerificationError("VP_TOKEN_MALFORMED", "presentation is not a non-empty string");
  }
  if (list.length > 1) throw new VerificationError("VP_TOKEN_MULTIPLE");
  return { query: credentialQuery, presentation: list[0] as string };
}

/** Never rely on the wallet to have applied the query: the vct and every requested claim path. */
export function assertSatisfiesQuery(
  query: SdJwtCredentialQuery,
  presented: { vct: string; disclosedClaimNames: readonly string[] },
): void {
  if (!query.meta.vct_values.includes(presented.vct)) throw new VerificationError("DCQL_VCT_MISMATCH");
  const disclosed = new Set(presented.disclosedClaimNames);
  for (const claim of query.claims) {
    if (!disclosed.has(claim.path.join("."))) throw new VerificationError("DCQL_CLAIM_MISSING", claim.path.join("."));
  }
}

/**
 * The disclosed attributes a verifier saw, by attribute id where the check names one, else by
 * claim path: what the result's `presentedAttributes` reports.
 */
export function presentedAttributes(
  check: CheckType | undefined,
  claims: Record<string, unknown>,
  disclosed: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // In the check's own order (the verifier's form, the citizen's consent screen), then the rest.
  const order = (dotted: string) => {
    const index = check ? CHECKS[check].attributes.findIndex((a) => a.path.join(".") === dotted) : -1;
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  for (const dotted of [...disclosed].sort((a, b) => order(a) - order(b))) {
    const value = dotted
      .split(".")
      .reduce<unknown>(
        (node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined),
        claims,
      );
    const attribute = check ? CHECKS[check].attributes.find((a) => a.path.join(".") === dotted) : undefined;
    Object.defineProperty(out, attribute?.id ?? dotted, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * What an mdoc showed, by the check's attribute ids, in the check's order: each attribute whose
 * element the document disclosed in its namespace, its value read as the attribute reads it
 * (mdocAttributeValue). Elements that stand for no attribute of the check (a portrait a wallet
 * added unasked) are not reported nor kept.
 */
export function mdocPresentedAttributes(
  check: CheckType,
  source: MdocSource,
  elements: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
): Record<string, unknown> {
  const disclosed = elements[source.namespace] ?? {};
  const out: Record<string, unknown> = {};
  for (const attribute of CHECKS[check].attributes) {
    const element = source.elements[attribute.id];
    if (element !== undefined && Object.hasOwn(disclosed, element))
      out[attribute.id] = mdocAttributeValue(element, disclosed[element]);
  }
  return out;
}

/**
 * What an outside issuer's SD-JWT VC showed, by the check's attribute ids, in the check's order:
 * each attribute whose claim the credential carries (disclosed, or in the clear in the signed
 * payload, which DCQL counts as shown too). Claims that stand for no attribute of the check are
 * not reported nor kept, as for an mdoc.
 */
export function outsidePresentedAttributes(
  check: CheckType,
  source: OutsideSdJwtSource,
  claims: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const attribute of CHECKS[check].attributes) {
    const path = source.claims[attribute.id];
    const value = path ? claimAt(claims, path) : undefined;
    if (value !== undefined) out[attribute.id] = value;
  }
  return out;
}

/** The value at a claims path in a processed payload (own members only); undefined where absent. */
export function claimAt(claims: Readonly<Record<string, unknown>>, path: readonly string[]): unknown {
  let node: unknown = claims;
  for (const key of path) {
    if (!node || typeof node !== "object" || Array.isArray(node) || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
