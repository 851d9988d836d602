/**
 * The authorization code flow (issue 22, ADR 045): a wallet app pushes its authorization request
 * (RFC 9126) with PKCE (RFC 7636, S256 only) and a DPoP key (RFC 9449 10.1), sends the person to
 * /oauth/authorize to sign in here and consent, and redeems the code it is sent back at the token
 * endpoint. One oauth_authorizations row carries the request and, after consent, the code.
 *
 * Lifetimes: the request_uri must be opened within 60 s (RFC 9126 2.2); once opened, the request
 * waits 10 minutes for the person to sign in and decide. The code lives 60 s and works once.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import { sha256Base64url } from "#core/credentials/crypto.ts";
import { base64urlEncode } from "#core/credentials/encoding.ts";
import { webCrypto } from "#core/credentials/index.ts";
import {
  authorizationServerEndpoints,
  type CredentialConfiguration,
  configurationOf,
  configurationScope,
  configurationsOf,
} from "#core/issuance/endpoints.ts";
import {
  CREDENTIAL_TYPE_CODES,
  CREDENTIAL_TYPES,
  type CredentialTypeCode,
  type IssuerId,
  issuerUrl,
} from "#core/issuers/registry.ts";
import type { Database } from "#db/client.ts";
import { credentialOffers, oauthAccessTokens, oauthAuthorizations } from "#db/schema/index.ts";
import { authorityRecordFor } from "#server/credentials/authority-records.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import { authorizationServerProof, readOAuthForm } from "./as-request.ts";
import { OAuthError, oauthJson } from "./oauth-error.ts";
import { offerIdOf } from "./offers.ts";
import type { AuthorizationServerContext } from "./token-endpoint.ts";

const REQUEST_URI_PREFIX = "urn:ietf:params:oauth:request_uri:";
/** How long a pushed request waits to be opened at /oauth/authorize (RFC 9126 2.2; FAPI 2.0: 5–600 s). */
const REQUEST_LIFETIME_SECONDS = 60;
/** How long an opened request waits for the person to sign in and decide. */
const OPENED_LIFETIME_MS = 10 * 60 * 1000;
/** How long a code lives (FAPI 2.0: at most 60 s). */
const CODE_LIFETIME_MS = 60 * 1000;

/** A client_id, state or issuer_state: printable ASCII (RFC 6749 appendix A), bounded. */
const printable = (value: string, max: number) =>
  value.length > 0 && value.length <= max && /^[\x20-\x7e]+$/.test(value);

const hashOf = (value: string) => sha256Base64url(webCrypto(), value);
const randomValue = () => base64urlEncode(crypto.getRandomValues(new Uint8Array(32)));

/** Each configuration's scope (HAIP 1.0 4.1): the scope names the configuration, its type the issuer. */
const SCOPES: ReadonlyMap<string, CredentialConfiguration> = new Map(
  CREDENTIAL_TYPE_CODES.flatMap((code) =>
    configurationsOf(code, true).map((configuration) => [
      configurationScope(code, configuration.profile),
      configuration,
    ]),
  ),
);

/**
 * Whether a wallet may be sent back to `value` (RFC 8252 7, OAuth 2.0 Security BCP 4.1): an https
 * address, a private-use scheme named as a reversed domain (com.example.wallet:/cb), or http on a
 * loopback address only; never with a fragment or credentials in it.
 */
function acceptableRedirectUri(value: string): boolean {
  if (value.length > 2000 || value.includes("#")) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const scheme = url.protocol.slice(0, -1);
  // A host name or an IP address only: the host goes into the consent page's CSP form-action, where
  // the URL parser's leniency (";", ",", quotes in a host) would let a client write directives.
  if (scheme === "https") return /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname);
  if (scheme === "http") return url.hostname === "127.0.0.1" || url.hostname === "[::1]";
  return /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/.test(scheme);
}

/**
 * The configurations the scope names: unknown values are ignored (VCI 5.1.2), and so are HAIP's
 * where the platform holds no certified keys; all of one issuer.
 */
async function scopedConfigurations(
  scope: string | undefined,
  context: AuthorizationServerContext,
): Promise<{ issuerId: IssuerId; configurationIds: string[] }> {
  const withHaip = await context.offersHaip();
  const named = (scope ?? "").split(" ").flatMap((value) => {
    const configuration = SCOPES.get(value);
    return configuration && (withHaip || configuration.profile === "eddsa") ? [configuration] : [];
  });
  const configurations = [...new Map(named.map((configuration) => [configuration.id, configuration])).values()];
  if (configurations.length === 0)
    throw new OAuthError("invalid_scope", "scope names no credential configuration of ours");
  const issuers = new Set(configurations.map(({ type }) => CREDENTIAL_TYPES[type].issuerId));
  if (issuers.size > 1) throw new OAuthError("invalid_scope", "scope names the credentials of more than one issuer");
  return {
    issuerId: CREDENTIAL_TYPES[configurations[0]!.type].issuerId,
    configurationIds: configurations.map(({ id }) => id),
  };
}

/**
 * POST /oauth/par (RFC 9126 2): a public client's authorization request, checked as the
 * authorization endpoint would check it, kept for 60 s under a random request_uri. A DPoP proof, if
 * sent, binds the code to its key (RFC 9449 10.1), as dpop_jkt does; both, and they must agree.
 */
export async function pushAuthorizationRequest(
  request: Request,
  context: AuthorizationServerContext,
): Promise<Response> {
  const { db, base, now } = context;
  const params = await readOAuthForm(request);
  const proofJkt = await authorizationServerProof(
    request,
    context,
    authorizationServerEndpoints(base).pushedAuthorizationRequest,
    { optional: true },
  );

  if (params.has("request_uri")) {
    throw new OAuthError("invalid_request", "request_uri may not be pushed (RFC 9126 2.1)");
  }
  const clientId = params.get("client_id");
  if (clientId === undefined || !printable(clientId, 200)) {
    throw new OAuthError("invalid_client", "a public client must name itself with client_id");
  }
  const responseType = params.get("response_type");
  if (responseType === undefined) throw new OAuthError("invalid_request", "response_type is required");
  if (responseType !== "code") throw new OAuthError("unsupported_response_type", "response_type must be code");
  const redirectUri = params.get("redirect_uri");
  if (redirectUri === undefined || !acceptableRedirectUri(redirectUri)) {
    throw new OAuthError(
      "invalid_request",
      "redirect_uri must be https, a private-use scheme, or http on a loopback address, without a fragment",
    );
  }
  const challenge = params.get("code_challenge");
  const method = params.get("code_challenge_method");
  if (method !== "S256") throw new OAuthError("invalid_request", "code_challenge_method must be S256");
  if (challenge === undefined || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
    throw new OAuthError("invalid_request", "code_challenge must be the base64url SHA-256 of the verifier");
  }
  const state = params.get("state");
  if (state !== undefined && !printable(state, 500)) throw new OAuthError("invalid_request", "state is too long");
  const issuerState = params.get("issuer_state");
  if (issuerState !== undefined && !printable(issuerState, 200)) {
    throw new OAuthError("invalid_request", "issuer_state is not one of ours");
  }
  const dpopJkt = params.get("dpop_jkt");
  if (dpopJkt !== undefined && !/^[A-Za-z0-9_-]{43}$/.test(dpopJkt)) {
    throw new OAuthError("invalid_request", "dpop_jkt must be a JWK SHA-256 thumbprint");
  }
  if (dpopJkt !== undefined && proofJkt !== null && dpopJkt !== proofJkt) {
    throw new OAuthError("invalid_dpop_proof", "dpop_jkt does not name the key of the DPoP proof");
  }

  const { issuerId, configurationIds } = await scopedConfigurations(params.get("scope"), context);
  const resource = params.get("resource");
  if (resource !== undefined && resource !== issuerUrl(base, issuerId)) {
    throw new OAuthError("invalid_target", "resource does not name the issuer of the credentials in scope");
  }

  const requestUri = `${REQUEST_URI_PREFIX}${randomValue()}`;
  await db.insert(oauthAuthorizations).values({
    id: crypto.randomUUID(),
    requestUriHash: await hashOf(requestUri),
    clientId,
    redirectUri,
    issuerId,
    configurationIds,
    codeChallenge: challenge,
    state: state ?? null,
    // Kept as the offer's row id (its hash): the reference itself would let a reader fetch the offer.
    issuerState: issuerState === undefined ? null : await offerIdOf(issuerState),
    dpopJkt: proofJkt ?? dpopJkt ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + REQUEST_LIFETIME_SECONDS * 1000),
  });
  return oauthJson({ request_uri: requestUri, expires_in: REQUEST_LIFETIME_SECONDS }, 201);
}

/** A pushed request waiting for the person's decision: what the consent screen shows. */
export interface PendingAuthorization {
  id: string;
  clientId: string;
  redirectUri: string;
  issuerId: IssuerId;
  configurationIds: string[];
  /** The credential types those configurations issue, each once: what the person is asked about. */
  types: CredentialTypeCode[];
  state: string | null;
  issuerState: string | null;
}

/** Where a wallet is sent back to, as the person reads it: the host, or the app's own scheme. */
export function redirectTarget(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.protocol === "https:" || url.protocol === "http:" ? url.host : url.protocol.slice(0, -1);
}

/** The redirect_uri as a CSP source: the consent page's form may send the browser there. */
export function redirectSource(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.protocol === "https:" || url.protocol === "http:" ? url.origin : url.protocol;
}

/**
 * The pushed request `requestUri` names, for `clientId` (RFC 9126 4: the client must be the one
 * that pushed it), while it can still be decided; null otherwise (the page's error, never a
 * redirect: the redirect_uri is not to be trusted then). The first opening gives the person ten
 * minutes to sign in and decide.
 */
export async function openAuthorizationRequest(
  db: Database,
  input: { clientId: string | null; requestUri: string | null },
  now: Date,
): Promise<PendingAuthorization | null> {
  const { clientId, requestUri } = input;
  if (!clientId || !requestUri?.startsWith(REQUEST_URI_PREFIX) || requestUri.length > 200) return null;
  const [row] = await db
    .select()
    .from(oauthAuthorizations)
    .where(
      and(
        eq(oauthAuthorizations.requestUriHash, await hashOf(requestUri)),
        isNull(oauthAuthorizations.codeHash),
        gt(oauthAuthorizations.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row || row.clientId !== clientId) return null;
  if (row.expiresAt.getTime() - row.createdAt.getTime() <= REQUEST_LIFETIME_SECONDS * 1000) {
    await db
      .update(oauthAuthorizations)
      .set({ expiresAt: new Date(now.getTime() + OPENED_LIFETIME_MS) })
      .where(eq(oauthAuthorizations.id, row.id));
  }
  return {
    id: row.id,
    clientId: row.clientId,
    redirectUri: row.redirectUri,
    issuerId: row.issuerId as IssuerId,
    configurationIds: row.configurationIds,
    types: [...new Set(row.configurationIds.flatMap((id) => configurationOf(id)?.type ?? []))],
    state: row.state,
    issuerState: row.issuerState,
  };
}

/** The authorization response (RFC 6749 4.1.2, 4.1.2.1) at the wallet's redirect_uri, with iss (RFC 9207). */
function authorizationResponse(pending: PendingAuthorization, base: string, answer: Record<string, string>): string {
  const url = new URL(pending.redirectUri);
  for (const [name, value] of Object.entries(answer)) url.searchParams.set(name, value);
  if (pending.state !== null) url.searchParams.set("state", pending.state);
  url.searchParams.set("iss", authorizationServerEndpoints(base).issuer);
  return url.toString();
}

/** Closes a request without a code: it can no longer be opened or decided. */
async function closeRequest(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(oauthAuthorizations)
    .set({ expiresAt: now })
    .where(and(eq(oauthAuthorizations.id, id), isNull(oauthAuthorizations.codeHash)));
}

/** The person said no: access_denied at the wallet's redirect_uri. */
export async function declineAuthorization(
  db: Database,
  pending: PendingAuthorization,
  base: string,
  now: Date,
): Promise<string> {
  await closeRequest(db, pending.id, now);
  return authorizationResponse(pending, base, { error: "access_denied" });
}

/** Why an approval was refused: the wallet reads access_denied either way. */
export type ApprovalRefusal = "no-record" | "not-their-offer" | "already-decided";

/**
 * The person approved: they must be the credentials' subject (a current record of each type, VCI
 * 5.1.3), and an issuer_state, which the wallet may have been handed by anybody, must name an offer
 * of theirs, of this issuer. Then a code for them, bound to the request. The address to send the
 * browser to, either way; with the refusal's reason, for the audit.
 */
export async function approveAuthorization(
  db: Database,
  pending: PendingAuthorization,
  person: { id: string },
  base: string,
  now: Date,
): Promise<{ location: string | null; refused: ApprovalRefusal | null }> {
  const refuse = async (refused: ApprovalRefusal) => {
    await closeRequest(db, pending.id, now);
    return { location: authorizationResponse(pending, base, { error: "access_denied" }), refused };
  };
  for (const code of pending.types) {
    try {
      await authorityRecordFor(db, person.id, CREDENTIAL_TYPES[code], now);
    } catch (error) {
      if (error instanceof WordedServiceError) return refuse("no-record");
      throw error;
    }
  }
  if (pending.issuerState !== null) {
    const [offer] = await db
      .select({ userId: credentialOffers.userId, issuerId: credentialOffers.issuerId })
      .from(credentialOffers)
      .where(eq(credentialOffers.id, pending.issuerState))
      .limit(1);
    if (offer?.userId !== person.id || offer.issuerId !== pending.issuerId) return refuse("not-their-offer");
  }
  const code = randomValue();
  const granted = await db
    .update(oauthAuthorizations)
    .set({ userId: person.id, codeHash: await hashOf(code), codeExpiresAt: new Date(now.getTime() + CODE_LIFETIME_MS) })
    .where(
      and(
        eq(oauthAuthorizations.id, pending.id),
        isNull(oauthAuthorizations.codeHash),
        gt(oauthAuthorizations.expiresAt, now),
      ),
    )
    .returning({ id: oauthAuthorizations.id });
  if (granted.length !== 1) return { location: null, refused: "already-decided" };
  return { location: authorizationResponse(pending, base, { code }), refused: null };
}

/** RFC 7636 4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * The token endpoint's authorization code grant (RFC 6749 4.1.3, RFC 7636 4.6, RFC 9449 10): the
 * code is known, unexpired and unused, and this request matches the one that was approved: the
 * same client, the same redirect_uri, the PKCE verifier of its challenge, and a DPoP proof by the
 * key it was pushed with. Every mismatch is invalid_grant; a wrong key too (the proof itself is
 * sound: it is the grant that is not this key's). A code used twice revokes the token it gave
 * (RFC 6749 4.1.2, 10.5). The code is consumed only by a request that passes every check.
 */
export async function redeemAuthorizationCode(
  context: AuthorizationServerContext,
  params: Map<string, string>,
  jkt: string,
) {
  const { db, base, now } = context;
  const code = params.get("code");
  const verifier = params.get("code_verifier");
  const redirectUri = params.get("redirect_uri");
  const clientId = params.get("client_id");
  if (!code || code.length > 200) throw new OAuthError("invalid_request", "code is required");
  if (redirectUri === undefined) throw new OAuthError("invalid_request", "redirect_uri is required");
  if (clientId === undefined) throw new OAuthError("invalid_client", "a public client must name itself with client_id");
  if (verifier === undefined || !CODE_VERIFIER.test(verifier)) {
    throw new OAuthError("invalid_request", "code_verifier must be 43 to 128 unreserved characters");
  }

  const [row] = await db
    .select()
    .from(oauthAuthorizations)
    .where(eq(oauthAuthorizations.codeHash, await hashOf(code)))
    .limit(1);
  if (!row?.userId || !row.codeExpiresAt) throw new OAuthError("invalid_grant", "the code is unknown");
  // Somebody holds a copy of a code already redeemed: the token it gave is no longer to be trusted
  // (RFC 6749 4.1.2). Found by the authorization it came from.
  const revokeRedeemed = () =>
    db.update(oauthAccessTokens).set({ expiresAt: now }).where(eq(oauthAccessTokens.authorizationId, row.id));
  if (row.consumedAt) {
    await revokeRedeemed();
    throw new OAuthError("invalid_grant", "the code was already used");
  }
  if (row.codeExpiresAt.getTime() <= now.getTime()) throw new OAuthError("invalid_grant", "the code has expired");
  if (clientId !== row.clientId) throw new OAuthError("invalid_grant", "the code was issued to another client");
  if (redirectUri !== row.redirectUri) {
    throw new OAuthError("invalid_grant", "redirect_uri is not the one the code was issued for");
  }
  if ((await sha256Base64url(webCrypto(), verifier)) !== row.codeChallenge) {
    throw new OAuthError("invalid_grant", "code_verifier does not match the code_challenge");
  }
  if (row.dpopJkt !== null && row.dpopJkt !== jkt) {
    throw new OAuthError("invalid_grant", "the DPoP proof is not signed by the key the code is bound to");
  }
  const resource = params.get("resource");
  if (resource !== undefined && resource !== issuerUrl(base, row.issuerId as IssuerId)) {
    throw new OAuthError("invalid_target", "resource does not name the issuer the code is for");
  }
  const consumed = await db
    .update(oauthAuthorizations)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oauthAuthorizations.id, row.id),
        isNull(oauthAuthorizations.consumedAt),
        gt(oauthAuthorizations.codeExpiresAt, now),
      ),
    )
    .returning({ id: oauthAuthorizations.id });
  if (consumed.length !== 1) {
    // Two requests raced with one code: the other one won; whatever it was given is revoked too.
    await revokeRedeemed();
    throw new OAuthError("invalid_grant", "the code was already used");
  }
  return {
    userId: row.userId,
    issuerId: row.issuerId,
    configurationIds: row.configurationIds,
    clientId: row.clientId,
    offerId: null,
    authorizationId: row.id,
  };
}
