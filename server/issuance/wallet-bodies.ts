/**
 * What the issuance endpoints read from and answer to wallets the same way (OpenID4VCI 1.0): bodies
 * of one media type read with a cap and refused with the endpoint's own error code, the issued
 * credentials, and the record a wallet app's request is for.
 */

import type { CredentialType } from "#core/issuers/registry.ts";
import type { Database } from "#db/client.ts";
import { authorityRecordFor } from "#server/credentials/authority-records.ts";
import type { IssuedCopies } from "#server/credentials/issuance.ts";
import { readBodyBytes } from "#server/http/body.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import { OAuthError } from "./oauth-error.ts";

/** Five proofs of a few kilobytes each fit many times over. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * The body's text when it is of `mediaType` and at most `maxBytes`; otherwise the endpoint's own
 * `invalid` error (413 for one too large).
 */
export async function readBodyOf(
  request: Request,
  mediaType: string,
  maxBytes: number,
  invalid: string,
): Promise<string> {
  const type = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== mediaType) throw new OAuthError(invalid, `the body must be ${mediaType}`);
  const read = await readBodyBytes(request, maxBytes);
  if (!read.ok) {
    throw new OAuthError(
      invalid,
      "the body is too large or could not be read",
      read.reason === "too-large" ? 413 : 400,
    );
  }
  return new TextDecoder().decode(read.bytes);
}

/** A JSON body, as an object; anything else the endpoint's own invalid-request error. */
export async function readJsonObject(request: Request, invalid: string): Promise<Record<string, unknown>> {
  const text = await readBodyOf(request, "application/json", MAX_BODY_BYTES, invalid);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new OAuthError(invalid, "the body is not JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new OAuthError(invalid, "the body must be a JSON object");
  return body as Record<string, unknown>;
}

/** The credentials of an issuance as the credential and deferred endpoints answer them (VCI 8.3, 9.2). */
export function issuedBody(issued: IssuedCopies) {
  return {
    credentials: issued.credentials.map((row) => ({ credential: row.vcJwt })),
    notification_id: issued.notificationId,
  };
}

/**
 * The authority's current record of `type` about the person a wallet app's request is for, pending
 * or complete: none (or an expired one) is `credential_request_denied`, which the wallet cannot
 * mend by asking again (VCI 8.3.1.2).
 */
export function recordForWalletApp(db: Database, userId: string, type: CredentialType, now: Date) {
  return authorityRecordFor(db, userId, type, now, { pending: "allow" }).catch((error: unknown) => {
    if (error instanceof WordedServiceError) {
      throw new OAuthError(
        "credential_request_denied",
        "the authority holds no current record of this type for this person",
      );
    }
    throw error;
  });
}
