/**
 * Signed OpenID4VP request objects with the `verifier_attestation:` client identifier prefix
 * (OID4VP 1.0 sections 5.9.3 and 12; docs/decisions/015). The platform's trust anchor signs a
 * Verifier Attestation JWT for a registered organisation (`sub` = the client identifier without
 * its prefix, `cnf.jwk` = the key that signs its requests); the request object carries it in its
 * `jwt` header. `readRequestObject` is the wallet's side: it trusts only the trust anchor's keys,
 * and answers direct_post, or direct_post.jwt to a key it can encrypt to (ADR 049).
 */
import { webCrypto } from "#core/credentials/crypto.ts";
import { isPlainObject } from "#core/credentials/json.ts";
import {
  importVerificationKey,
  isSupportedAlgorithm,
  jwkMatchesAlgorithm,
  type ParsedJws,
  type PublicJwk,
  parseCompactJws,
  signCompactJws,
  verifyJwsSignature,
} from "#core/credentials/jws.ts";
import { selectKey } from "#core/credentials/status-list.ts";
import {
  CLIENT_ID_PREFIX,
  type DcqlQuery,
  REQUEST_OBJECT_TYP,
  SELF_ISSUED_AUDIENCE,
  VERIFIER_ATTESTATION_TYP,
} from "./openid4vp.ts";
import { RESPONSE_MODES, type ResponseEncryption, readResponseEncryption } from "./response-encryption.ts";

export interface AttestationInput {
  /** The trust anchor's identifier (iss). */
  issuer: string;
  /** The organisation's identifier: the client_id without its prefix. */
  subject: string;
  /** The organisation's registered name, shown to citizens. */
  name: string;
  /** Public key that signs the organisation's request objects. */
  requestKey: PublicJwk;
  iat: number;
  exp: number;
  key: { kid: string; privateKey: CryptoKey };
}

export function signVerifierAttestation(input: AttestationInput): Promise<string> {
  const { kid: _kid, alg: _alg, use: _use, ...jwk } = input.requestKey;
  return signCompactJws(
    webCrypto(),
    { typ: VERIFIER_ATTESTATION_TYP, kid: input.key.kid },
    { iss: input.issuer, sub: input.subject, iat: input.iat, exp: input.exp, cnf: { jwk }, client_name: input.name },
    input.key.privateKey,
  );
}

/**
 * How a request object shows who signed it: the platform's Verifier Attestation in the `jwt`
 * header (verifier_attestation), or the organisation's certificate chain in `x5c`, leaf first and
 * without the root (x509_hash, ADR 051; RFC 7515 section 4.1.6).
 */
export type RequestSigner = { attestation: string } | { x5c: readonly string[] };

export function signRequestObject(
  claims: Record<string, unknown>,
  signer: RequestSigner,
  key: { kid: string; privateKey: CryptoKey },
): Promise<string> {
  // An x5c request names no kid: the leaf certificate is what identifies the key (and the client).
  const header =
    "attestation" in signer
      ? { typ: REQUEST_OBJECT_TYP, kid: key.kid, jwt: signer.attestation }
      : { typ: REQUEST_OBJECT_TYP, x5c: [...signer.x5c] };
  return signCompactJws(webCrypto(), header, claims, key.privateKey);
}

export interface ResolvedRequest {
  clientId: string;
  /** The organisation's name as the platform attests it. */
  verifierName: string;
  responseUri: string;
  nonce: string;
  state: string;
  dcql: DcqlQuery;
  purpose: string;
  exp: number;
  /** direct_post.jwt: the key and content encryption the answer is encrypted with; null for direct_post. */
  responseEncryption: ResponseEncryption | null;
}

export class RequestObjectError extends Error {
  override readonly name = "RequestObjectError";
}

const LIMITS = { maxDepth: 12, malformedCode: "MALFORMED_PRESENTATION" as const };

async function verifyWith(jwt: string, jwk: PublicJwk, what: string) {
  const jws = parseCompactJws(jwt, LIMITS);
  const alg = jws.header.alg;
  if (!isSupportedAlgorithm(alg) || !jwkMatchesAlgorithm({ ...jwk, alg: undefined, use: undefined }, alg))
    throw new RequestObjectError(`${what}: algorithm not allowed`);
  const key = await importVerificationKey(webCrypto(), jwk, alg, "POLICY_INVALID", false);
  if (!(await verifyJwsSignature(webCrypto(), jws, alg, key))) throw new RequestObjectError(`${what}: bad signature`);
  return jws;
}

/**
 * Verifies a request object as a wallet must before showing it to the citizen: the attestation is
 * signed by a trusted anchor and in date, the request by the key it attests, typ and client_id
 * right, and the request itself not expired. Throws RequestObjectError with the reason.
 */
export async function readRequestObject(
  jwt: string,
  options: { trustAnchorKeys: readonly PublicJwk[]; clientId: string; now: number },
): Promise<ResolvedRequest> {
  let outer: ParsedJws;
  try {
    outer = parseCompactJws(jwt, LIMITS);
  } catch {
    throw new RequestObjectError("request object is not a JWT");
  }
  if (outer.header.typ !== REQUEST_OBJECT_TYP) throw new RequestObjectError("wrong typ");
  if (typeof outer.header.jwt !== "string") throw new RequestObjectError("no verifier attestation");
  const attestationJws = parseCompactJws(outer.header.jwt, LIMITS);
  if (attestationJws.header.typ !== VERIFIER_ATTESTATION_TYP) throw new RequestObjectError("attestation: wrong typ");
  const anchor = selectKey(options.trustAnchorKeys, attestationJws.header.kid);
  if (!anchor) throw new RequestObjectError("attestation: not signed by a trusted anchor");
  const attestation = (await verifyWith(outer.header.jwt, anchor, "attestation")).payload;
  if (typeof attestation.exp !== "number" || attestation.exp <= options.now)
    throw new RequestObjectError("attestation: expired");
  const cnf =
    isPlainObject(attestation.cnf) && isPlainObject(attestation.cnf.jwk)
      ? (attestation.cnf.jwk as PublicJwk)
      : undefined;
  if (!cnf) throw new RequestObjectError("attestation: no cnf key");
  const claims = (await verifyWith(jwt, cnf, "request object")).payload;

  if (!options.clientId.startsWith(CLIENT_ID_PREFIX) || claims.client_id !== options.clientId)
    throw new RequestObjectError("client_id does not match");
  if (attestation.sub !== options.clientId.slice(CLIENT_ID_PREFIX.length))
    throw new RequestObjectError("attestation is for another verifier");
  if (claims.aud !== SELF_ISSUED_AUDIENCE) throw new RequestObjectError("wrong aud");
  if (claims.response_type !== "vp_token" || !RESPONSE_MODES.some((mode) => mode === claims.response_mode))
    throw new RequestObjectError("unsupported response type or mode");
  if (claims.redirect_uri !== undefined) throw new RequestObjectError("redirect_uri is not allowed with direct_post");
  if (typeof claims.exp !== "number" || claims.exp <= options.now) throw new RequestObjectError("request expired");
  for (const name of ["response_uri", "nonce", "state"] as const)
    if (typeof claims[name] !== "string" || claims[name] === "") throw new RequestObjectError(`${name} missing`);
  if (!isPlainObject(claims.dcql_query) || !Array.isArray(claims.dcql_query.credentials))
    throw new RequestObjectError("dcql_query missing");
  // Read last: only a request that is otherwise sound is refused for its encryption.
  const responseEncryption =
    claims.response_mode === "direct_post.jwt" ? await readResponseEncryption(claims.client_metadata) : null;
  return {
    clientId: options.clientId,
    verifierName: typeof attestation.client_name === "string" ? attestation.client_name : "Unnamed verifier",
    responseUri: claims.response_uri as string,
    nonce: claims.nonce as string,
    state: claims.state as string,
    dcql: claims.dcql_query as unknown as DcqlQuery,
    purpose: typeof claims.purpose === "string" ? claims.purpose : "",
    exp: claims.exp,
    responseEncryption,
  };
}
