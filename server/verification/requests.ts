/**
 * OpenID4VP 1.0 requests, cross-device with direct_post.jwt by default, or direct_post (issue 9;
 * docs/decisions/015, 016 and 049).
 *
 *   create          POST /api/presentations/requests          a verifier asks for a check
 *   requestObject   GET  /api/presentations/requests/{id}/object   the signed request (request_uri)
 *   respond         POST /api/presentations/response          the wallet's answer (response_uri)
 *   status          GET  /api/presentations/requests/{id}     the requesting verifier reads it
 *
 * The immutable request is a row in libSQL; its live state (one answer, expiry) has one writer,
 * the request's Durable Object, which pushes each change to the portal.
 */
import { eq } from "drizzle-orm";
import {
  calculateJwkThumbprint,
  compactDecrypt,
  decodeProtectedHeader,
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
} from "jose";
import { sha256Base64url, webCrypto } from "#core/credentials/crypto.ts";
import { base64urlDecode, base64urlEncode } from "#core/credentials/encoding.ts";
import { verifyCertificateChain } from "#core/credentials/x509.ts";
import { CREDENTIAL_TYPES, isCredentialTypeCode } from "#core/issuers/registry.ts";
import { qrSvg } from "#core/qr/qr-svg.ts";
import { CHECKS, type CheckType, checkAttribute } from "#core/verification/checks.ts";
import {
  authorizationRequestUrl,
  type ClientIdPrefix,
  clientIdFor,
  type DcqlCredentialQuery,
  type DcqlQuery,
  DEFAULT_CLIENT_ID_PREFIX,
  dcApiAudience,
  dcqlQuery,
  isX509HashClientId,
  presentationFromVpToken,
  RESPONSE_ENCRYPTIONS,
  requestObjectClaims,
  x509HashClientId,
} from "#core/verification/openid4vp.ts";
import {
  type ReasonCode,
  reasonMessage,
  VerificationError,
  type VerificationReasonCode,
} from "#core/verification/reasons.ts";
import { type RequestSigner, signRequestObject } from "#core/verification/request-object.ts";
import { DEFAULT_RESPONSE_MODE, type ResponseMode } from "#core/verification/response-encryption.ts";
import type { Database } from "#db/client.ts";
import { verificationRequests, verifierOrganisations } from "#db/schema/index.ts";
import { withGrant } from "#server/accounts/live-access.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import { type Actor, actingOrganisation, actorUserId, canRead } from "./actor.ts";
import type { CreatedRequest, RequestView } from "./api-schemas.ts";
import { attestedThrough } from "./attestation.ts";
import {
  type JudgeContext,
  type Judgement,
  judgePresentation,
  ONLINE_KB_MAX_AGE_SECONDS,
  presentedStatusList,
  refusedAs,
  versionKey,
  versionStatements,
} from "./judge.ts";
import { judgeMdocPresentation } from "./judge-mdoc.ts";
import type { VerifierKey, VerifierPublicKeys } from "./keys.ts";
import { findRegistration, type Registration } from "./organisations.ts";
import { recordPresentation } from "./records.ts";
import type { PresentationRequestApi, ResponseKey, VerificationResult } from "./request-state.ts";
import { requestDcqlQuery } from "./trusted-authorities.ts";
import { verificationErrors } from "./worded.ts";

/** How long a request stays open: long enough to find a phone and consent, short enough to bound replay. */
const REQUEST_LIFETIME_SECONDS = 10 * 60;

export interface VerificationContext extends JudgeContext {
  /** The verifier's own key, "verifier-service": it signs request objects and receipts, never attestations (ADR 034). */
  serviceKey: VerifierKey;
  /** The platform's published verifier keys (the trust anchor's and the service's public halves). */
  verifierPublicKeys: VerifierPublicKeys;
  /** Where wallets reach us: request_uri and response_uri hang from it (https in production). */
  origin: string;
  requestObject: (id: string) => PresentationRequestApi & { fetch(request: Request): Promise<Response> };
  waitUntil: (promise: Promise<unknown>) => void;
}

export interface CreateRequestInput {
  credentialType: CheckType;
  requestedAttributes?: string[] | undefined;
  purpose: string;
  /**
   * direct_post.jwt (the default): the wallet encrypts its answer to a key made for this request
   * alone; direct_post, when the verifier asks for it, takes the answer in the clear (ADR 049).
   */
  responseMode?: ResponseMode | undefined;
  /**
   * How the request names its verifier (ADR 051): verifier_attestation (the default, which the
   * platform's web wallet reads) or x509_hash, the hash of the organisation's verifier
   * certificate, which HAIP 1.0 wallets read.
   */
  clientIdPrefix?: ClientIdPrefix | undefined;
}

const random = (bytes: number) => base64urlEncode(crypto.getRandomValues(new Uint8Array(bytes)));
const hash = (text: string) => sha256Base64url(webCrypto(), text);

const requestUriFor = (origin: string, id: string) => `${origin}/api/presentations/requests/${id}/object`;
const responseUriFor = (origin: string) => `${origin}/api/presentations/response`;

/** The attributes asked for: the check's default when none are named; each must belong to the check. */
function resolveAttributes(check: CheckType, requested: readonly string[] | undefined): string[] {
  const list = requested?.length ? [...new Set(requested)] : [...CHECKS[check].defaultAttributes];
  const unknown = list.filter((id) => !checkAttribute(check, id));
  if (unknown.length) {
    const allowed = CHECKS[check].attributes.map((a) => a.id).join(", ");
    throw new WordedServiceError(400, verificationErrors.attributesNotInCheck, "VALIDATION_ERROR", {
      check: CHECKS[check].name,
      unknown: unknown.join(", "),
      allowed,
    });
  }
  return list;
}

export async function createRequest(
  context: VerificationContext,
  actor: Actor,
  input: CreateRequestInput,
  now = new Date(),
): Promise<CreatedRequest> {
  const organisationId = actingOrganisation(actor);
  const organisation = await findRegistration(context.db, organisationId);
  if (!organisation) throw new WordedServiceError(403, verificationErrors.organisationNotRegistered, "NO_ORGANISATION");
  if (!organisation.allowedChecks.includes(input.credentialType)) {
    throw new WordedServiceError(403, verificationErrors.notRegisteredForCheck, "VERIFIER_NOT_REGISTERED", {
      organisation: organisation.name,
      check: CHECKS[input.credentialType].name,
    });
  }
  const expiresAt = new Date(now.getTime() + REQUEST_LIFETIME_SECONDS * 1000);
  // The platform vouches for the organisation with the attestation the web worker signed and
  // stored (ADR 034): without one valid through the request's end, no wallet would trust it.
  if (!organisation.identifierBase || !attestedThrough(organisation, expiresAt))
    throw new WordedServiceError(403, verificationErrors.notAttested, "ORGANISATION_NOT_ATTESTED", {
      organisation: organisation.name,
    });
  const prefix = input.clientIdPrefix ?? DEFAULT_CLIENT_ID_PREFIX;
  const leaf = prefix === "x509_hash" ? await certifiedThrough(context, organisation, expiresAt) : undefined;
  const attributes = resolveAttributes(input.credentialType, input.requestedAttributes);
  const purpose = input.purpose.trim();
  if (!purpose) throw new WordedServiceError(400, verificationErrors.noPurpose, "VALIDATION_ERROR");
  // A request made with an API key is the organisation's own: no person made it.
  const verifierId = actorUserId(actor);

  const id = crypto.randomUUID();
  const nonce = random(16);
  // 256 bits: the response endpoint authenticates the wallet's answer by this alone.
  const state = random(32);
  // The identifier fixed at registration, whatever host this request came through; or the hash of
  // the certificate that names it (OID4VP 1.0 section 5.9.3), which the request object's x5c must
  // then carry. Either is the KB-JWT's audience when the answer is judged.
  const clientId = leaf ? await x509HashClientId(leaf) : clientIdFor(organisation.identifierBase, organisationId);
  await context.db.insert(verificationRequests).values({
    id,
    verifierId,
    organisationId,
    credentialType: input.credentialType,
    requestedAttributes: attributes,
    purpose,
    nonce,
    stateHash: await hash(state),
    clientId,
    expiresAt,
    createdAt: now,
  });
  // The row keeps only the state's hash; the request's object holds the state itself, to sign it
  // into the request object while the request is open.
  const responseMode = input.responseMode ?? DEFAULT_RESPONSE_MODE;
  const responseKey = responseMode === "direct_post.jwt" ? await ephemeralResponseKey(id) : undefined;
  await context
    .requestObject(id)
    .open({ id, expiresAt: expiresAt.getTime(), state, ...(responseKey ? { responseKey } : {}) });

  const requestUri = requestUriFor(context.origin, id);
  const authorizationRequest = authorizationRequestUrl(clientId, requestUri);
  return {
    id,
    clientId,
    nonce,
    expiresAt: expiresAt.toISOString(),
    requestUri,
    authorizationRequest,
    qrCode: qrSvg(authorizationRequest, "Scan with a digital identity wallet to answer this verification request"),
    walletLink: `${context.origin}/wallet/present?${new URLSearchParams({ client_id: clientId, request_uri: requestUri })}`,
    credentialType: input.credentialType,
    requestedAttributes: attributes,
    purpose,
  };
}

/**
 * The leaf of the organisation's verifier certificate chain (ADR 051), checked as a HAIP wallet
 * will check it, against the roots this deployment trusts and valid through the request's end: a
 * request a wallet would refuse is refused here instead (none stored, a root since replaced).
 */
async function certifiedThrough(
  context: VerificationContext,
  organisation: Registration,
  until: Date,
): Promise<string> {
  const chain = organisation.x509Chain;
  const certified =
    chain?.[0] !== undefined &&
    (await verifyCertificateChain(chain, context.trust.x509Roots, until).then(
      () => true,
      () => false,
    ));
  if (!certified)
    throw new WordedServiceError(403, verificationErrors.notCertified, "ORGANISATION_NOT_CERTIFIED", {
      organisation: organisation.name,
    });
  return chain[0]!;
}

/**
 * The ephemeral ECDH-ES P-256 key of one direct_post.jwt request (OID4VP 1.0 section 8.3, HAIP
 * 1.0): its kid is the request's id, so an encrypted answer names the one request whose key may
 * open it. The private half lives in the request's object only, and only while it is open.
 */
async function ephemeralResponseKey(id: string): Promise<ResponseKey> {
  const { privateKey } = await generateKeyPair("ECDH-ES", { crv: "P-256", extractable: true });
  const { x, y, d } = await exportJWK(privateKey);
  return { kty: "EC", crv: "P-256", x: x!, y: y!, d: d!, kid: id, alg: "ECDH-ES", use: "enc" };
}

/** The public half of a response key, as the request object's client_metadata.jwks carries it. */
export const publicResponseKey = ({ d: _private, ...publicKey }: ResponseKey) => publicKey;

type RequestRow = typeof verificationRequests.$inferSelect;

export type RequestWithOrganisation = RequestRow & {
  organisationName: string | null;
  attestation: string | null;
  attestationExpiresAt: Date | null;
  x509Chain: string[] | null;
  webOrigins: string[] | null;
};

export async function findRequest(db: Database, id: string): Promise<RequestWithOrganisation | undefined> {
  const [row] = await db
    .select({
      request: verificationRequests,
      organisationName: verifierOrganisations.name,
      attestation: verifierOrganisations.attestation,
      attestationExpiresAt: verifierOrganisations.attestationExpiresAt,
      x509Chain: verifierOrganisations.x509Chain,
      webOrigins: verifierOrganisations.webOrigins,
    })
    .from(verificationRequests)
    .leftJoin(verifierOrganisations, eq(verifierOrganisations.id, verificationRequests.organisationId))
    .where(eq(verificationRequests.id, id))
    .limit(1);
  return row
    ? {
        ...row.request,
        organisationName: row.organisationName,
        attestation: row.attestation,
        attestationExpiresAt: row.attestationExpiresAt,
        x509Chain: row.x509Chain,
        webOrigins: row.webOrigins,
      }
    : undefined;
}

/**
 * The signed request object at request_uri: anyone holding the link may fetch it, as often as they
 * like, while the request is open; afterwards it is gone (404).
 */
export async function requestObject(context: VerificationContext, id: string, now = new Date()): Promise<string> {
  return signRequest(context, id, now, (open) =>
    requestObjectClaims({
      clientId: open.clientId,
      responseUri: responseUriFor(context.origin),
      nonce: open.row.nonce,
      state: open.state,
      dcql: open.dcql,
      iat: open.iat,
      exp: open.exp,
      encryptionKey: open.responseKey ? publicResponseKey(open.responseKey) : undefined,
    }),
  );
}

/** An open request, as the claims of its signed forms (request_uri's, the DC API's) are built from it. */
export interface OpenRequest {
  row: RequestWithOrganisation;
  clientId: string;
  state: string;
  responseKey: ResponseKey | null;
  dcql: DcqlQuery;
  /** Epoch seconds: now, and the request's end. */
  iat: number;
  exp: number;
}

/**
 * The request `id` signed as its verifier signs it, with the claims `build` makes of it: 404 when
 * it is not open, 409 when the organisation's attestation (or certificate) no longer covers it.
 * The purpose goes in too: not an OpenID4VP parameter, the reason the verifier gives, for the
 * citizen's consent screen (wallets ignore parameters they do not know, RFC 6749 section 3.1).
 */
export async function signRequest(
  context: VerificationContext,
  id: string,
  now: Date,
  build: (open: OpenRequest) => Record<string, unknown>,
): Promise<string> {
  // The object is only woken for a request that exists: an id from the street reaches no object.
  const row = await findRequest(context.db, id);
  const [state, responseKey] = row
    ? await Promise.all([context.requestObject(id).openState(), context.requestObject(id).responseKey()])
    : [null, null];
  if (!row || !state || !row.clientId || !row.organisationId)
    throw new WordedServiceError(404, verificationErrors.requestNotOpen, "NOT_FOUND");
  // The organisation's stored attestation, as the web worker signed it (renewed: the newest).
  if (!attestedThrough(row, now))
    throw new WordedServiceError(409, verificationErrors.verifierNotAttested, "ORGANISATION_NOT_ATTESTED");
  const signer = await requestSigner(row, row.clientId);
  const check = row.credentialType as CheckType;
  const claims = build({
    row,
    clientId: row.clientId,
    state,
    responseKey,
    dcql: await requestDcqlQuery(context.db, context.base, check, row.requestedAttributes ?? [], now),
    iat: Math.floor(now.getTime() / 1000),
    exp: Math.floor(row.expiresAt.getTime() / 1000),
  });
  return signRequestObject({ ...claims, purpose: row.purpose }, signer, context.serviceKey);
}

/**
 * What shows who signs a request's object: the organisation's stored attestation, or for an
 * x509_hash request its stored certificate chain, whose leaf must still be the one the client_id
 * hashes (a renewal since the request was made replaces it: the request then answers 409, as for
 * an attestation no longer current, and the verifier asks again).
 */
async function requestSigner(row: RequestWithOrganisation, clientId: string): Promise<RequestSigner> {
  if (!isX509HashClientId(clientId)) return { attestation: row.attestation! };
  const leaf = row.x509Chain?.[0];
  if (!leaf || (await x509HashClientId(leaf)) !== clientId)
    throw new WordedServiceError(409, verificationErrors.verifierNotAttested, "ORGANISATION_NOT_ATTESTED");
  return { x5c: row.x509Chain! };
}

/** The first presentation a vp_token seems to hold, for reading ahead only (never judged from here). */
function firstPresentation(vpToken: string): string | undefined {
  try {
    const token = JSON.parse(vpToken) as unknown;
    const value = token && typeof token === "object" && !Array.isArray(token) ? Object.values(token)[0] : undefined;
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === "string" ? first : undefined;
  } catch {
    return undefined;
  }
}

/** An OAuth error answer at the response endpoint (OID4VP 1.0 section 8.2; RFC 6749 section 5.2). */
export class ResponseError extends Error {
  constructor(
    readonly error: "invalid_request",
    readonly description: string,
    readonly reason: ReasonCode,
  ) {
    super(description);
  }
}

export interface ResponseInput {
  /** direct_post.jwt: the whole answer, a compact JWE; the other members then come from inside it. */
  response?: string | undefined;
  state?: string | undefined;
  vp_token?: string | undefined;
  error?: string | undefined;
  error_description?: string | undefined;
}

export interface RequestCaller {
  ipAddress: string | null;
  userAgent: string | null;
}

export const refuse = (reason: ReasonCode) => new ResponseError("invalid_request", reasonMessage(reason), reason);

/** Why a request that is not open refuses an answer. */
export const closedReason = (
  status: string,
): Extract<VerificationReasonCode, "REQUEST_EXPIRED" | "REQUEST_TOO_MANY_ATTEMPTS" | "REQUEST_ALREADY_ANSWERED"> =>
  status === "expired"
    ? "REQUEST_EXPIRED"
    : status === "failed"
      ? "REQUEST_TOO_MANY_ATTEMPTS"
      : "REQUEST_ALREADY_ANSWERED";

/**
 * The wallet's answer at response_uri (direct_post). Authenticated by `state` alone (no cookies:
 * wallets answer from other devices), so anyone who photographed the QR code can post here too.
 * The answer is judged, then offered to the request's single writer: a valid presentation ends
 * the request; anything else (an invalid presentation, garbage, an `error=` refusal, which only
 * the holder's wallet may make: decline.ts) is recorded as an attempt and the request stays open
 * for the real wallet, until MAX_ATTEMPTS close it as failed (docs/decisions/029).
 * Returns the judgement of a valid presentation, or throws ResponseError.
 */
export async function respond(
  context: VerificationContext,
  input: ResponseInput,
  caller: RequestCaller,
  now = new Date(),
): Promise<{ status: "completed"; judgement: Judgement }> {
  if (input.response !== undefined) return respondEncrypted(context, input.response, caller, now, null);
  return respondTo(context, input, caller, now, null);
}

/**
 * An encrypted answer (direct_post.jwt at response_uri, or dc_api.jwt posted by the page that
 * asked through the Digital Credentials API, from `dcApi.origin` for request `dcApi.id`).
 */
export async function respondEncrypted(
  context: VerificationContext,
  jwe: string,
  caller: RequestCaller,
  now: Date,
  dcApi: { row: RequestRow; origin: string } | null,
): Promise<{ status: "completed"; judgement: Judgement }> {
  const { row, answer, key } = await decryptResponse(context, jwe, now, dcApi?.row);
  // An mdoc's SessionTranscript names the key the answer was encrypted to (OID4VP 1.0 B.2.6.1).
  const thumbprint = base64urlDecode(await calculateJwkThumbprint(publicResponseKey(key), "sha256"));
  return respondTo(context, answer, caller, now, { id: row.id, thumbprint, dcApiOrigin: dcApi?.origin });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A direct_post.jwt answer (OID4VP 1.0 section 8.3): a compact JWE, ECDH-ES with A128GCM or
 * A256GCM, whose kid names the request whose key encrypted it. Decrypted with that request's key
 * only, while it is open; its payload is then an answer like a direct_post body, and must carry
 * that same request's state. Every refusal here is made before any answer is taken (whoever read
 * the QR code knows the request's id: garbage under it must not count against the request).
 */
async function decryptResponse(
  context: VerificationContext,
  jwe: string,
  now: Date,
  /** The request the answer was posted for (the DC API's page names it), already read: its key alone may open it. */
  known?: RequestRow,
): Promise<{ row: RequestRow; answer: ResponseInput; key: ResponseKey }> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    if (jwe.split(".").length !== 5) throw new Error("not five parts");
    header = decodeProtectedHeader(jwe);
  } catch {
    throw refuse("RESPONSE_JWE_MALFORMED");
  }
  if (header.alg !== "ECDH-ES" || !RESPONSE_ENCRYPTIONS.some((enc) => enc === header.enc))
    throw refuse("RESPONSE_JWE_ALGORITHM");
  const kid = header.kid;
  if (typeof kid !== "string" || !UUID.test(kid)) throw refuse("RESPONSE_JWE_WRONG_KEY");
  // A JWE made with another request's key is not the answer to the one it was posted for.
  if (known && known.id !== kid) throw refuse("RESPONSE_JWE_WRONG_KEY");
  const [row] = known
    ? [known]
    : await context.db.select().from(verificationRequests).where(eq(verificationRequests.id, kid)).limit(1);
  if (!row?.organisationId || !row.clientId) throw refuse("RESPONSE_JWE_WRONG_KEY");
  if (row.expiresAt.getTime() <= now.getTime()) throw refuse("REQUEST_EXPIRED");
  const object = context.requestObject(row.id);
  const key = await object.responseKey();
  if (!key) {
    // Ended (a replayed answer finds the key gone), or a request that asked for direct_post.
    const snapshot = await object.snapshot();
    throw refuse(snapshot && snapshot.status !== "pending" ? closedReason(snapshot.status) : "RESPONSE_JWE_WRONG_KEY");
  }
  let plaintext: Uint8Array;
  try {
    ({ plaintext } = await compactDecrypt(jwe, await importJWK(key, "ECDH-ES"), {
      keyManagementAlgorithms: ["ECDH-ES"],
      contentEncryptionAlgorithms: [...RESPONSE_ENCRYPTIONS],
    }));
  } catch (error) {
    // Encrypted to another key, the tag fails; anything else is not a JWE we can read.
    throw refuse(error instanceof errors.JWEDecryptionFailed ? "RESPONSE_JWE_WRONG_KEY" : "RESPONSE_JWE_MALFORMED");
  }
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(plaintext));
  } catch {
    throw refuse("RESPONSE_JWE_MALFORMED");
  }
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) throw refuse("RESPONSE_JWE_MALFORMED");
  const { state, vp_token, error, error_description } = payload as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return {
    row,
    key,
    answer: {
      state: text(state),
      vp_token: vp_token === undefined ? undefined : typeof vp_token === "string" ? vp_token : JSON.stringify(vp_token),
      error: text(error),
      error_description: text(error_description),
    },
  };
}

/**
 * An answer in the clear (direct_post), or one decrypted with the key of request `encrypted.id`
 * (direct_post.jwt), whose state must then be that request's, with the thumbprint of that key; or
 * over the DC API (`encrypted.dcApiOrigin`), which carries no state (OID4VP 1.0 appendix A.2): the
 * request is the one whose key opened it, and the page's origin binds the presentation instead.
 */
async function respondTo(
  context: VerificationContext,
  input: ResponseInput,
  caller: RequestCaller,
  now: Date,
  encrypted: { id: string; thumbprint: Uint8Array; dcApiOrigin?: string | undefined } | null,
): Promise<{ status: "completed"; judgement: Judgement }> {
  const dcApiOrigin = encrypted?.dcApiOrigin;
  if (!input.state && dcApiOrigin === undefined)
    throw new ResponseError("invalid_request", "state is required", "STATE_UNKNOWN");
  // One round trip for the request and the version of the status list the presentation names
  // (read ahead, unverified; judged against the verified reference).
  const findRow = context.db
    .select()
    .from(verificationRequests)
    .where(
      dcApiOrigin !== undefined
        ? eq(verificationRequests.id, encrypted!.id)
        : eq(verificationRequests.stateHash, await hash(input.state!)),
    )
    .limit(1);
  const listId = input.vp_token
    ? presentedStatusList(context.base, firstPresentation(input.vp_token) ?? "")
    : undefined;
  let row: RequestRow | undefined;
  let knownStatus: { listId: string; version: string | undefined } | undefined;
  if (listId) {
    const [rows, lists, revoked] = await context.db.batch([findRow, ...versionStatements(context.db, listId)]);
    row = rows[0];
    knownStatus = { listId, version: versionKey(lists, revoked) };
  } else {
    [row] = await findRow;
  }
  if (!row?.organisationId || !row.clientId) throw refuse("STATE_UNKNOWN");
  // A JWE opened with one request's key that carries another request's state.
  if (encrypted !== null && row.id !== encrypted.id) throw refuse("RESPONSE_JWE_WRONG_KEY");
  if (row.expiresAt.getTime() <= now.getTime()) throw refuse("REQUEST_EXPIRED");
  if (row.status !== "pending") throw refuse(closedReason(row.status));
  // A request that asked for direct_post.jwt takes no answer in the clear, not even as an attempt.
  if (encrypted === null && (await context.requestObject(row.id).responseKey())) throw refuse("RESPONSE_NOT_ENCRYPTED");
  const open: RequestRow = row;

  // OID4VP 1.0 section 8.5: a wallet's refusal. Anyone holding the state can send one, so here it
  // is an attempt that ends nothing; the holder declines from the platform's wallet (decline.ts).
  const refusedAnswer = async (presentation: string, error: VerificationReasonCode): Promise<never> => {
    const settled = await answerRequest(context, open, {
      presentation,
      refused: { error },
      verifierId: open.verifierId,
      caller,
      now,
    });
    throw refuse(settled.reason as ReasonCode);
  };
  if (input.error !== undefined) return refusedAnswer(`error=${input.error}`, "DECLINE_NOT_FROM_HOLDER");
  if (!input.vp_token) return refusedAnswer("", "VP_TOKEN_MALFORMED");

  let answered: { query: DcqlCredentialQuery; presentation: string };
  try {
    answered = presentationFromVpToken(input.vp_token, requestQuery(context, row));
  } catch (error) {
    if (!(error instanceof VerificationError)) throw error;
    return refusedAnswer(input.vp_token, error.code);
  }
  const settled = await answerRequest(context, row, {
    ...answered,
    jwkThumbprint: encrypted?.thumbprint ?? null,
    ...(dcApiOrigin !== undefined ? { dcApiOrigin } : {}),
    verifierId: row.verifierId,
    caller,
    now,
    ...(knownStatus ? { knownStatus } : {}),
  });
  if (!settled.valid) throw new ResponseError("invalid_request", settled.message, settled.reason);
  return { status: "completed", judgement: settled };
}

const requestQuery = (context: VerificationContext, row: RequestRow) =>
  dcqlQuery(context.base, row.credentialType as CheckType, row.requestedAttributes ?? []);

/**
 * A presentation answering a request (from a wallet at response_uri, or scanned by the verifier):
 * judged against the request's nonce, client_id and DCQL query (or already refused as `refused`,
 * e.g. a malformed vp_token), offered to the request's single writer, which ends the request with
 * the first valid one and counts any other as an attempt, and recorded after the answer. The
 * judgement as recorded: REQUEST_EXPIRED, REQUEST_ALREADY_ANSWERED or REQUEST_TOO_MANY_ATTEMPTS
 * when the request was no longer open.
 */
export async function answerRequest(
  context: VerificationContext,
  row: RequestRow,
  answer: {
    presentation: string;
    /** The credential query the presentation answers: the request's SD-JWT one unless said. */
    query?: DcqlCredentialQuery;
    /** direct_post.jwt: the thumbprint of the request's key, which an mdoc's handover names. */
    jwkThumbprint?: Uint8Array | null;
    /**
     * Over the Digital Credentials API: the origin of the page that asked, already found among the
     * request's expected_origins. It binds the presentation (OID4VP 1.0 appendix A.4, B.2.6.2).
     */
    dcApiOrigin?: string;
    refused?: { error: VerificationReasonCode };
    verifierId: string | null;
    caller: RequestCaller;
    now: Date;
    knownStatus?: { listId: string; version: string | undefined };
  },
): Promise<Judgement & { recordId: string }> {
  const check = row.credentialType as CheckType;
  const query = answer.query ?? requestQuery(context, row).credentials[0]!;
  const judgement: Judgement = answer.refused
    ? {
        valid: false,
        reason: answer.refused.error,
        message: reasonMessage(answer.refused.error),
        presentedAttributes: {},
        timestamp: answer.now.toISOString(),
        check,
        binding: null,
        outcome: null,
        presentationHash: await hash(answer.presentation),
      }
    : query.format === "mso_mdoc"
      ? await judgeMdocPresentation(context.db, {
          presentation: answer.presentation,
          check,
          query,
          handover:
            answer.dcApiOrigin !== undefined
              ? {
                  flow: "dc_api",
                  origin: answer.dcApiOrigin,
                  nonce: row.nonce,
                  jwkThumbprint: answer.jwkThumbprint ?? null,
                }
              : {
                  flow: "redirect",
                  clientId: row.clientId ?? "",
                  nonce: row.nonce,
                  jwkThumbprint: answer.jwkThumbprint ?? null,
                  responseUri: responseUriFor(context.origin),
                },
          now: answer.now,
        })
      : await judgePresentation(context, {
          presentation: answer.presentation,
          check,
          query,
          audience: answer.dcApiOrigin !== undefined ? dcApiAudience(answer.dcApiOrigin) : (row.clientId ?? ""),
          expectedNonce: row.nonce,
          maxKbAgeSeconds: ONLINE_KB_MAX_AGE_SECONDS,
          now: answer.now,
          ...(answer.knownStatus ? { knownStatus: answer.knownStatus } : {}),
        });
  const recordId = crypto.randomUUID();
  const { accepted, snapshot } = await context.requestObject(row.id).answer({
    kind: "presentation",
    result: {
      valid: judgement.valid,
      reason: judgement.reason,
      presentedAttributes: judgement.presentedAttributes,
      timestamp: judgement.timestamp,
      outcome: judgement.outcome,
      recordId,
      ...(judgement.credential ? { ...issuerOf(judgement.credential), format: judgement.credential.format } : {}),
    },
  });
  const recorded: Judgement = accepted ? judgement : refusedAs(judgement, closedReason(snapshot.status));
  context.waitUntil(
    recordPresentation(context.db, {
      id: recordId,
      organisationId: row.organisationId,
      verifierId: answer.verifierId,
      requestId: row.id,
      checkType: check,
      purpose: row.purpose,
      mode: "online",
      judgement: recorded,
    }).catch((error: unknown) => console.error("presentation record failed", error)),
  );
  return { ...recorded, recordId };
}

/**
 * Who issued a verified credential, as a request's result keeps it: the authority's English name
 * (what the API has always answered) and its code, which the portal words in its reader's language
 * (issue 21, ADR 041). A credential of a type this platform does not issue has a name only.
 */
function issuerOf(
  credential: NonNullable<Judgement["credential"]>,
): Pick<VerificationResult, "issuer" | "issuerId" | "issuerCertificate"> {
  const type = credential.type;
  return {
    issuer: credential.issuerName,
    ...(credential.issuerCertificate ? { issuerCertificate: credential.issuerCertificate } : {}),
    ...(isCredentialTypeCode(type) ? { issuerId: CREDENTIAL_TYPES[type].issuerId } : {}),
  };
}

/**
 * A result as the API answers it: with `outcome` always there, null when not evaluated (a decline,
 * a request closed after too many attempts, a result kept before outcomes were: ADR 033).
 */
const withOutcome = (result: VerificationResult | null): VerificationResult | null =>
  result ? { ...result, outcome: result.outcome ?? null } : null;

/** A request as its verifier (or an administrator) sees it; anyone else gets 404. */
export async function requestStatus(context: VerificationContext, actor: Actor, id: string): Promise<RequestView> {
  const row = await visibleRequest(context.db, actor, id);
  const snapshot = await context.requestObject(id).snapshot();
  return {
    id,
    status: snapshot?.status ?? row.status,
    result: withOutcome(snapshot ? snapshot.result : ((row.result as VerificationResult | null) ?? null)),
    attempts: snapshot?.attempts ?? 0,
    expiresAt: row.expiresAt.toISOString(),
    credentialType: row.credentialType,
    requestedAttributes: row.requestedAttributes ?? [],
    purpose: row.purpose,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The live feed of a request (GET /api/presentations/requests/{id}/live): the request must be one
 * the caller may read, and the caller a person signed in (an API key polls GET …/{id} instead). The
 * object gets the upgrade and a grant (the login session's row id, the request's organisation)
 * that it checks again before every message, never the caller's cookies: a verifier signed out,
 * removed from the organisation or no longer a verifier stops receiving results at once.
 */
export async function liveFeed(context: VerificationContext, actor: Actor, id: string): Promise<Response> {
  if (actor.kind !== "user") throw new WordedServiceError(403, verificationErrors.liveFeedPeopleOnly, "FORBIDDEN");
  const row = await visibleRequest(context.db, actor, id);
  const url = withGrant(new URL("https://presentation-request.internal/live"), {
    sid: actor.sid,
    need: "verifier",
    officeId: null,
    organisationId: row.organisationId,
  });
  return context.requestObject(id).fetch(new Request(url, { headers: { Upgrade: "websocket" } }));
}

async function visibleRequest(db: Database, actor: Actor, id: string): Promise<RequestRow> {
  const row = await findRequest(db, id);
  if (!row || !canRead(actor, row.organisationId))
    throw new WordedServiceError(404, verificationErrors.requestNotFound, "NOT_FOUND");
  return row;
}

/**
 * A request the actor may answer: their own organisation's only. An administrator may read every
 * organisation's requests, but checks for their own (the record is their organisation's).
 */
export async function ownRequest(db: Database, actor: Actor, id: string): Promise<RequestRow> {
  const row = await findRequest(db, id);
  if (!row?.organisationId || row.organisationId !== actor.organisationId)
    throw new WordedServiceError(404, verificationErrors.requestNotFound, "NOT_FOUND");
  return row;
}
