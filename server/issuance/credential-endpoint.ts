/**
 * One authority's credential issuer endpoints (OpenID4VCI 1.0 sections 7, 8 and 11; ADR 045):
 *   POST /issuers/{id}/nonce          a fresh c_nonce
 *   POST /issuers/{id}/credential     the credential (one copy per proved key, up to BATCH_SIZE)
 *   POST /issuers/{id}/notification   what the wallet did with it
 * The credential and notification endpoints take a DPoP-bound access token from /oauth/token.
 */
import { jwkThumbprint, type PublicJwk } from "#core/credentials/index.ts";
import { BATCH_SIZE, issuerEndpoints } from "#core/issuance/endpoints.ts";
import { CREDENTIAL_TYPES, type IssuerId } from "#core/issuers/registry.ts";
import type { DocumentSigner } from "#core/mdoc/issue.ts";
import { LicenceRecordIncomplete } from "#core/mdoc/issue.ts";
import type { Database } from "#db/client.ts";
import type { CertifiedKeys } from "#server/credentials/certified-keys.ts";
import { issueCopies, PROOF_TYP } from "#server/credentials/issuance.ts";
import type { IssuerKeys } from "#server/credentials/issuer-keys.ts";
import { issueMdocCopies } from "#server/credentials/mdoc-issuance.ts";
import { configurationAt } from "./configurations.ts";
import { DEFERRED_INTERVAL_SECONDS, deferIssuance } from "./deferred.ts";
import { newDpopNonce } from "./dpop.ts";
import { recordNotification } from "./history.ts";
import { verifyKeyProof } from "./key-proofs.ts";
import { CORS_HEADERS, NO_STORE, OAuthError, oauthJson, ResourceAuthError } from "./oauth-error.ts";
import { mintSignedValue, readSignedValue, spendOnce } from "./single-use.ts";
import { type AccessTokenRow, authenticateResourceRequest, markTokenUsed, releaseTokenUse } from "./tokens.ts";
import { issuedBody, readJsonObject, recordForWalletApp } from "./wallet-bodies.ts";

export interface IssuerContext {
  db: Database;
  secret: string;
  base: string;
  keys: IssuerKeys;
  /** The certified keys of HAIP's configurations (ADR 047), loaded on first use; undefined when there are none. */
  certifiedKeys: () => Promise<CertifiedKeys | undefined>;
  /** The mdoc document signer (ADR 053), loaded on first use; undefined when the deployment has none. */
  documentSigner: () => Promise<DocumentSigner | undefined>;
  issuerId: IssuerId;
  now: Date;
}

/** How long a c_nonce is accepted. */
const C_NONCE_LIFETIME_SECONDS = 300;

const cNonceLabel = (issuerId: string) => `c-nonce|${issuerId}`;

/** POST /issuers/{id}/nonce (VCI 7): a c_nonce for the wallet's proofs, and this resource's DPoP-Nonce (7.2). */
export async function nonceEndpoint(context: IssuerContext): Promise<Response> {
  const { secret, issuerId, now } = context;
  const cNonce = await mintSignedValue(secret, cNonceLabel(issuerId), C_NONCE_LIFETIME_SECONDS, now);
  return oauthJson({ c_nonce: cNonce }, 200, { "DPoP-Nonce": await newDpopNonce(secret, issuerId, now) });
}

interface ProvedKey {
  jwk: PublicJwk;
  nonce: string;
  nonceExpiresAt: Date;
}

/**
 * A `jwt` proof (VCI appendix F.1): typ openid4vci-proof+jwt, an allowed alg, the holder's public
 * key in `jwk` (no kid: we resolve no DIDs; no x5c), audience this issuer, fresh, with a c_nonce
 * this issuer made; `iss` absent for an anonymous token, else the client's id.
 */
async function verifyJwtProof(proof: unknown, context: IssuerContext, token: AccessTokenRow): Promise<ProvedKey> {
  const checked = await verifyKeyProof(proof, {
    typ: PROOF_TYP,
    audience: issuerEndpoints(context.base, context.issuerId).issuer,
    now: context.now,
  });
  if (!checked.ok) throw new OAuthError("invalid_proof", `a proof: ${checked.reason}`);
  const { nonce, iss } = checked.payload;
  if (iss !== undefined && (token.clientId === null || iss !== token.clientId)) {
    throw new OAuthError("invalid_proof", "a proof's iss must be the client's id, and absent for an anonymous token");
  }
  if (typeof nonce !== "string") throw new OAuthError("invalid_proof", "a proof must carry the c_nonce");
  const known = await readSignedValue(context.secret, cNonceLabel(context.issuerId), nonce, context.now);
  if (!known)
    throw new OAuthError("invalid_nonce", "the c_nonce is unknown or expired: ask the nonce endpoint for a new one");
  return { jwk: checked.jwk, nonce, nonceExpiresAt: known.expiresAt };
}

/** The request's `proofs` (VCI 8.2): exactly one proof type, `jwt`, with 1 to BATCH_SIZE proofs. */
function jwtProofsOf(body: Record<string, unknown>): unknown[] {
  const { proofs } = body;
  if (proofs === undefined) throw new OAuthError("invalid_proof", "proofs is required");
  if (typeof proofs !== "object" || proofs === null || Array.isArray(proofs)) {
    throw new OAuthError("invalid_credential_request", "proofs must be an object");
  }
  const types = Object.keys(proofs);
  if (types.length !== 1) throw new OAuthError("invalid_credential_request", "proofs must name exactly one proof type");
  const list = (proofs as Record<string, unknown>).jwt;
  if (list === undefined) throw new OAuthError("invalid_proof", "the only proof type supported is jwt");
  if (!Array.isArray(list) || list.length === 0)
    throw new OAuthError("invalid_credential_request", "proofs.jwt must be a non-empty array");
  if (list.length > BATCH_SIZE) {
    throw new OAuthError(
      "invalid_credential_request",
      `at most ${BATCH_SIZE} proofs: batch_size in the issuer's metadata`,
    );
  }
  return list;
}

/** POST /issuers/{id}/credential (VCI 8): one copy of the credential per proved key. */
export async function credentialEndpoint(request: Request, context: IssuerContext): Promise<Response> {
  const { db, secret, base, keys, issuerId, now } = context;
  const endpoints = issuerEndpoints(base, issuerId);
  const token = await authenticateResourceRequest(request, { db, secret, issuerId, url: endpoints.credential, now });
  const body = await readJsonObject(request, "invalid_credential_request");

  if (body.credential_identifier !== undefined) {
    // Only a token response with authorization_details names identifiers (VCI 6.2); ours never does.
    throw new OAuthError("unknown_credential_identifier", "this issuer hands out no credential identifiers");
  }
  const configurationId = body.credential_configuration_id;
  if (typeof configurationId !== "string") {
    throw new OAuthError("invalid_credential_request", "credential_configuration_id is required");
  }
  const { configuration, certified, documentSigner } = await configurationAt(context, configurationId);
  if (!token.configurationIds.includes(configurationId)) {
    throw new ResourceAuthError("insufficient_scope", "the access token was not granted this credential configuration");
  }
  if (body.credential_response_encryption !== undefined) {
    throw new OAuthError("invalid_encryption_parameters", "this issuer does not encrypt credential responses");
  }
  const proofs = jwtProofsOf(body);

  const proved: ProvedKey[] = [];
  for (const proof of proofs) proved.push(await verifyJwtProof(proof, context, token));
  // HAIP's configurations take ES256 proofs only (the metadata's proof_signing_alg_values_supported).
  if (certified && proved.some((key) => key.jwk.kty !== "EC")) {
    throw new OAuthError("invalid_proof", "this configuration takes ES256 proofs only");
  }
  const thumbprints = await Promise.all(proved.map((key) => jwkThumbprint(key.jwk)));
  if (new Set(thumbprints).size !== thumbprints.length) {
    throw new OAuthError("invalid_proof", "each proof must be signed by a different key: one credential per key");
  }

  const type = CREDENTIAL_TYPES[configuration.type];
  const record = await recordForWalletApp(db, token.userId, type, now);
  // The nonce is spent once for the whole request (every proof of a batch carries the same one).
  for (const nonce of new Map(proved.map((key) => [key.nonce, key.nonceExpiresAt]))) {
    if (!(await spendOnce(db, "c-nonce", nonce[0], nonce[1]))) {
      throw new OAuthError("invalid_nonce", "the c_nonce was already used: ask the nonce endpoint for a new one");
    }
  }
  // One issuance per token: of two requests racing with it, one issues.
  if (!(await markTokenUsed(db, token.tokenHash, now))) {
    throw new OAuthError("credential_request_denied", "this access token has already been used to issue");
  }
  const holderJwks = proved.map((key) => key.jwk);
  const nextNonce = { "DPoP-Nonce": await newDpopNonce(secret, issuerId, now) };
  if (documentSigner) {
    return oauthJson(
      await issueMdocs({ context, token, type, record, holderJwks, signer: documentSigner }),
      200,
      nextNonce,
    );
  }
  // The authority has not finished its check: the wallet comes back for it (VCI 9).
  if (record.status === "pending") {
    const { transactionId } = await deferIssuance(db, { token, configuration, holderJwks, now });
    return oauthJson({ transaction_id: transactionId, interval: DEFERRED_INTERVAL_SECONDS }, 202, nextNonce);
  }
  const issued = await issueCopies({
    db,
    keys,
    base,
    userId: token.userId,
    type,
    record,
    holderJwks,
    wallet: "app",
    clientId: token.clientId,
    tokenHash: token.tokenHash,
    now,
    certified,
  }).catch(async (error: unknown) => {
    // Nothing was issued (issueCopies writes in one batch): the token may be used again.
    await releaseTokenUse(db, token.tokenHash, now).catch(() => undefined);
    throw error;
  });
  return oauthJson(issuedBody(issued), 200, nextNonce);
}

/**
 * The mdoc copies (ADR 053), answered as VCI 8.3 says: one `credential` per proved key, each the
 * base64url IssuerSigned (Appendix A.2.4). A licence still being checked cannot be deferred as an
 * mdoc (the deferred endpoint issues SD-JWT VCs), and a record an mDL cannot state is refused: both
 * `credential_request_denied`, with the token free to be used again, since nothing was issued.
 */
async function issueMdocs(input: {
  context: IssuerContext;
  token: AccessTokenRow;
  type: (typeof CREDENTIAL_TYPES)[keyof typeof CREDENTIAL_TYPES];
  record: Awaited<ReturnType<typeof recordForWalletApp>>;
  holderJwks: PublicJwk[];
  signer: DocumentSigner;
}) {
  const { context, token, type, record, holderJwks, signer } = input;
  const { db, now } = context;
  try {
    if (record.status === "pending")
      throw new OAuthError(
        "credential_request_denied",
        "the licence is still being checked: no mdoc can be issued yet",
      );
    const issued = await issueMdocCopies({
      db,
      userId: token.userId,
      type,
      record,
      holderJwks,
      signer,
      clientId: token.clientId,
      tokenHash: token.tokenHash,
      now,
    }).catch((error: unknown) => {
      if (error instanceof LicenceRecordIncomplete)
        throw new OAuthError("credential_request_denied", "the licence record cannot be stated as an mDL");
      throw error;
    });
    return {
      credentials: issued.credentials.map((credential) => ({ credential })),
      notification_id: issued.notificationId,
    };
  } catch (error) {
    await releaseTokenUse(db, token.tokenHash, now).catch(() => undefined);
    throw error;
  }
}

/** The events a wallet reports (VCI 11.1). */
const NOTIFICATION_EVENTS = ["credential_accepted", "credential_failure", "credential_deleted"] as const;
type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/**
 * POST /issuers/{id}/notification (VCI 11): what the wallet did with an issuance, recorded in the
 * person's credential history. `credential_failure` and `credential_deleted` both mean the
 * issuance did not end in the wallet (1.0: deleted is a failure the user caused), so nobody holds
 * its copies: they are revoked, and no verifier will accept one that leaked on the way.
 */
export async function notificationEndpoint(request: Request, context: IssuerContext): Promise<Response> {
  const { db, secret, base, issuerId, now } = context;
  const endpoints = issuerEndpoints(base, issuerId);
  const token = await authenticateResourceRequest(request, { db, secret, issuerId, url: endpoints.notification, now });
  const body = await readJsonObject(request, "invalid_notification_request");
  const { notification_id: notificationId, event } = body;
  if (typeof notificationId !== "string" || notificationId.length === 0 || notificationId.length > 100) {
    throw new OAuthError("invalid_notification_request", "notification_id is required");
  }
  if (typeof event !== "string" || !(NOTIFICATION_EVENTS as readonly string[]).includes(event)) {
    throw new OAuthError("invalid_notification_request", `event must be one of ${NOTIFICATION_EVENTS.join(", ")}`);
  }
  const recorded = await recordNotification(db, {
    notificationId,
    tokenHash: token.tokenHash,
    event: event as NotificationEvent,
    now,
  });
  if (!recorded)
    throw new OAuthError("invalid_notification_id", "no issuance of this access token has this notification_id");
  return new Response(null, { status: 204, headers: { ...NO_STORE, ...CORS_HEADERS } });
}
