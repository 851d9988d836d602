/**
 * A request answered through the browser's Digital Credentials API (issue 23, ADR 054): the same
 * request as the QR code's, in the form OpenID4VP 1.0 appendix A gives it for the DC API.
 *
 *   dcApiRequest   GET  /api/presentations/requests/{id}/dc-api   what the page passes to
 *                  navigator.credentials.get: `openid4vp-v1-signed`, a request object with
 *                  expected_origins and response_mode dc_api.jwt, encrypted to the request's own key
 *   respondDcApi   POST /api/presentations/requests/{id}/dc-api   what the device's wallet returned
 *                  (the DigitalCredential's data), posted by that page with its Origin header
 *
 * The page that asks is the platform's own (the request's walletLink, for a person on this device)
 * or one of the organisation's registered websites (the embeddable button). Both endpoints are
 * public, as request_uri and response_uri are: the request's id and its key are what they need.
 * The Origin the browser puts on the POST is the origin the browser gave the wallet (a page cannot
 * set it); an answer from an origin the request does not expect is refused before it is opened,
 * and not counted against the request (it is someone else's page, not the holder's wallet).
 */
import { DC_API_PROTOCOL, dcApiRequestClaims } from "#core/verification/openid4vp.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import type { Judgement } from "./judge.ts";
import {
  findRequest,
  publicResponseKey,
  type RequestCaller,
  type RequestWithOrganisation,
  refuse,
  respondEncrypted,
  signRequest,
  type VerificationContext,
} from "./requests.ts";
import { verificationErrors } from "./worded.ts";

export { DC_API_PROTOCOL };

/** What a page passes to navigator.credentials.get({ digital: { requests: [this] } }). */
export interface DcApiRequest {
  protocol: typeof DC_API_PROTOCOL;
  data: { request: string };
}

/** The origins a request's page may have: the platform's own, then the organisation's registered websites. */
const expectedOrigins = (context: VerificationContext, row: Pick<RequestWithOrganisation, "webOrigins">) => [
  context.origin,
  ...(row.webOrigins ?? []).filter((origin) => origin !== context.origin),
];

export async function dcApiRequest(context: VerificationContext, id: string, now = new Date()): Promise<DcApiRequest> {
  const request = await signRequest(context, id, now, (open) => {
    // HAIP 1.0 asks for encrypted answers over the DC API; a request made for direct_post has no key.
    if (!open.responseKey)
      throw new WordedServiceError(409, verificationErrors.dcApiNeedsEncryption, "REQUEST_NOT_ENCRYPTED");
    return dcApiRequestClaims({
      clientId: open.clientId,
      expectedOrigins: expectedOrigins(context, open.row),
      nonce: open.row.nonce,
      dcql: open.dcql,
      iat: open.iat,
      exp: open.exp,
      encryptionKey: publicResponseKey(open.responseKey),
    });
  });
  return { protocol: DC_API_PROTOCOL, data: { request } };
}

/** What the page posts: the DigitalCredential's protocol and data, as the browser gave them. */
export interface DcApiAnswer {
  protocol: string;
  data: { response?: string | undefined; error?: string | undefined };
}

/**
 * The wallet's answer, posted by the page from `origin` (its Origin header; null when the browser
 * sent none, which no page's fetch does). Judged as a direct_post.jwt answer is, with the page's
 * origin binding the presentation. Throws ResponseError.
 */
export async function respondDcApi(
  context: VerificationContext,
  id: string,
  answer: DcApiAnswer,
  origin: string | null,
  caller: RequestCaller,
  now = new Date(),
): Promise<{ status: "completed"; judgement: Judgement }> {
  const row = await findRequest(context.db, id);
  if (!row?.organisationId || !row.clientId) throw refuse("STATE_UNKNOWN");
  if (origin === null || !expectedOrigins(context, row).includes(origin)) throw refuse("DC_API_ORIGIN_NOT_EXPECTED");
  // The request asked for dc_api.jwt: an answer in the clear (or the wallet's error) is not taken.
  if (answer.protocol !== DC_API_PROTOCOL || typeof answer.data.response !== "string")
    throw refuse("RESPONSE_NOT_ENCRYPTED");
  return respondEncrypted(context, answer.data.response, caller, now, { row, origin });
}
