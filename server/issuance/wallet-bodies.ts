/**
 * The JSON bodies wallets send to, and receive from, the issuer endpoints (OpenID4VCI 1.0 sections
 * 8, 9 and 11): read with a cap, refused with the endpoint's own error code.
 */
import type { IssuedCopies } from "#server/credentials/issuance.ts";
import { readBodyBytes } from "#server/http/body.ts";
import { OAuthError } from "./oauth-error.ts";

/** Five proofs of a few kilobytes each fit many times over. */
const MAX_BODY_BYTES = 64 * 1024;

/** A JSON body, as an object; anything else the endpoint's own invalid-request error. */
export async function readJsonObject(request: Request, invalid: string): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") throw new OAuthError(invalid, "the body must be application/json");
  const read = await readBodyBytes(request, MAX_BODY_BYTES);
  if (!read.ok)
    throw new OAuthError(
      invalid,
      "the body is too large or could not be read",
      read.reason === "too-large" ? 413 : 400,
    );
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(read.bytes));
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
