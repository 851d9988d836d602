/**
 * POST /api/presentations/validate {presentationJwt, requestId?} (spec 000 §7; issue 9): a
 * presentation scanned from a QR code or pasted by a verifier.
 *  - With a requestId, it answers that request (the caller's own): judged against its nonce,
 *    client_id and DCQL query, and offered to the request's single writer like a wallet's answer.
 *  - Without one, it is an offline presentation: the KB-JWT's aud is the platform's offline
 *    verifier, it is at most 15 minutes old, and each holder nonce is accepted once (a replay
 *    inside the window is refused).
 */
import { CHECKS, checkForCredentialType, type CheckType } from "#core/verification/checks.ts";
import { decodeOfflinePresentation, OfflineQrError } from "#core/verification/offline-qr.ts";
import { dcqlQuery, offlineAudience } from "#core/verification/openid4vp.ts";
import { reasonMessage, resultBadge } from "#core/verification/reasons.ts";
import { ServiceError } from "#server/http/errors.ts";
import type { ValidationAnswer } from "./api-schemas.ts";
import { actingOrganisation, actorUserId, type Actor } from "./actor.ts";
import { judgePresentation, ONLINE_KB_MAX_AGE_SECONDS, type Judgement } from "./judge.ts";
import { OFFLINE_WINDOW_SECONDS } from "./offline-nonces.ts";
import { recordPresentation } from "./records.ts";
import { visibleRequest, type RequestCaller, type VerificationContext } from "./requests.ts";

/** What an in-person check is recorded as when the verifier gives no purpose. */
export const OFFLINE_PURPOSE = "In-person check (QR code shown by the citizen)";

export interface ValidateInput {
  presentationJwt: string;
  requestId?: string | undefined;
  purpose?: string | undefined;
}

export async function validatePresentation(context: VerificationContext, actor: Actor, input: ValidateInput, caller: RequestCaller, now = new Date()): Promise<ValidationAnswer> {
  const organisationId = actingOrganisation(actor);
  let presentation: string;
  try {
    presentation = decodeOfflinePresentation(input.presentationJwt.trim());
  } catch (error) {
    if (error instanceof OfflineQrError) throw new ServiceError(400, `This is not a credential presentation: ${error.message}`, "VALIDATION_ERROR");
    throw error;
  }

  let judgement: Judgement;
  let check: CheckType | null = null;
  let purpose = input.purpose?.trim() || OFFLINE_PURPOSE;
  let requestId: string | null = null;
  if (input.requestId) {
    const row = await visibleRequest(context.db, actor, input.requestId);
    check = row.credentialType as CheckType;
    purpose = row.purpose;
    requestId = row.id;
    const query = dcqlQuery(context.base, check, row.requestedAttributes ?? []);
    judgement = await judgePresentation(context, {
      presentation,
      check,
      query: query.credentials[0],
      audience: row.clientId ?? "",
      expectedNonce: row.nonce,
      maxKbAgeSeconds: ONLINE_KB_MAX_AGE_SECONDS,
      now,
    });
  } else {
    judgement = await judgePresentation(context, {
      presentation,
      audience: offlineAudience(context.base),
      offlineNonce: true,
      maxKbAgeSeconds: OFFLINE_WINDOW_SECONDS,
      now,
    });
    const type = judgement.credential?.type;
    const onlyAge = Object.keys(judgement.presentedAttributes).every((name) => name.startsWith("age_equal_or_over."));
    check = type ? (onlyAge && Object.keys(judgement.presentedAttributes).length ? "age" : (checkForCredentialType(type) ?? null)) : null;
  }

  const id = crypto.randomUUID();
  const answer: ValidationAnswer = {
    valid: judgement.valid,
    reason: judgement.reason,
    message: judgement.message,
    result: resultBadge(judgement.valid, judgement.reason),
    presentedAttributes: judgement.presentedAttributes,
    timestamp: judgement.timestamp,
    id,
    checkType: check,
    credentialType: judgement.credential?.type ?? null,
    issuer: judgement.credential?.issuerName ?? null,
  };
  if (requestId) {
    const { accepted, snapshot } = await context.requestObject(requestId).answer({
      kind: "presentation",
      result: { valid: answer.valid, reason: answer.reason, presentedAttributes: answer.presentedAttributes, timestamp: answer.timestamp, recordId: id, ...(answer.issuer ? { issuer: answer.issuer } : {}) },
    });
    if (!accepted) {
      const reason = snapshot.status === "expired" ? "REQUEST_EXPIRED" : "REQUEST_ALREADY_ANSWERED";
      Object.assign(answer, { valid: false, reason, message: reasonMessage(reason), result: resultBadge(false, reason) });
      judgement = { ...judgement, valid: false, reason };
    }
  }
  context.waitUntil(
    recordPresentation(context.db, {
      id,
      organisationId,
      verifierId: actorUserId(actor),
      requestId,
      checkType: check,
      purpose,
      mode: requestId ? "online" : "offline",
      judgement,
      ipAddress: caller.ipAddress,
      userAgent: caller.userAgent,
    }).catch((error: unknown) => console.error("presentation record failed", error)),
  );
  return answer;
}

export const checkName = (check: CheckType | null) => (check ? CHECKS[check].name : "Credential check");
