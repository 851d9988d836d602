/**
 * POST /api/presentations/validate {presentationJwt, requestId?} (spec 000 §7; issue 9): a
 * presentation scanned from a QR code or pasted by a verifier.
 *  - With a requestId, it answers that request (the caller's organisation's own): judged against
 *    its nonce, client_id and DCQL query, and offered to its single writer like a wallet's answer.
 *  - Without one, it is an offline presentation: the KB-JWT's aud is the platform's offline
 *    verifier, it is at most 15 minutes old, and each holder nonce is accepted once (a replay
 *    inside the window is refused); the check it makes must be one the organisation is registered for
 *    (a presentation that answers none is refused too), checked before the nonce is consumed.
 *    A paper credential (server/credentials/paper.ts: no cnf, printed at a counter) is accepted
 *    here only, without a KB-JWT: its own exp is its window and its status is checked as any
 *    credential's; the answer says `binding: "paper"`, and the checker matches the holder's photo
 *    ID against the name. A credential with cnf still needs its KB-JWT.
 */
import type { Locale } from "#core/i18n/locales.ts";
import { authorityText } from "#core/issuers/authority-messages.ts";
import { CREDENTIAL_TYPES, isCredentialTypeCode } from "#core/issuers/registry.ts";
import { outcomeIn } from "#core/verification/check-messages.ts";
import { decodeOfflinePresentation, OfflineQrError } from "#core/verification/offline-qr.ts";
import { offlineAudience } from "#core/verification/openid4vp.ts";
import { reasonText } from "#core/verification/reason-messages.ts";
import { resultBadge } from "#core/verification/reasons.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { type Actor, actingOrganisation, actorUserId } from "./actor.ts";
import type { ValidationAnswer } from "./api-schemas.ts";
import { type Judgement, judgePresentation } from "./judge.ts";
import { OFFLINE_WINDOW_SECONDS } from "./offline-nonces.ts";
import { findOrganisation } from "./organisations.ts";
import { recordPresentation } from "./records.ts";
import { answerRequest, ownRequest, type RequestCaller, type VerificationContext } from "./requests.ts";
import { verificationErrors } from "./worded.ts";

/** What an in-person check is recorded as when the verifier gives no purpose. */
export const OFFLINE_PURPOSE = "In-person check (QR code shown by the citizen)";

export interface ValidateInput {
  presentationJwt: string;
  requestId?: string | undefined;
  purpose?: string | undefined;
}

export async function validatePresentation(
  context: VerificationContext,
  actor: Actor,
  input: ValidateInput,
  caller: RequestCaller,
  now = new Date(),
): Promise<ValidationAnswer> {
  const organisationId = actingOrganisation(actor);
  let presentation: string;
  try {
    presentation = decodeOfflinePresentation(input.presentationJwt.trim());
  } catch (error) {
    if (error instanceof OfflineQrError)
      throw new WordedServiceError(400, verificationErrors.notAPresentation, "VALIDATION_ERROR", {
        reason: error.message,
      });
    throw error;
  }

  if (input.requestId) {
    const row = await ownRequest(context.db, actor, input.requestId);
    const settled = await answerRequest(context, row, { presentation, verifierId: actorUserId(actor), caller, now });
    return answerOf(settled, settled.recordId);
  }

  // Offline: the check is derived from what was presented, and must be one the organisation is
  // registered for. Fail closed (issue 20): a presentation that answers no registered check is
  // refused, showing nothing, before its code is used up, so the code still works where it may.
  // The registration is read while the presentation is verified.
  const allowed = findOrganisation(context.db, organisationId).then(
    (organisation): readonly string[] => organisation?.allowedChecks ?? [],
  );
  // Its failure is this request's (awaited below), never an unhandled rejection if the judge throws first.
  allowed.catch(() => undefined);
  const judgement = await judgePresentation(context, {
    presentation,
    audience: offlineAudience(context.base),
    offlineNonce: true,
    acceptPaper: true,
    maxKbAgeSeconds: OFFLINE_WINDOW_SECONDS,
    admits: async (check) => check !== null && (await allowed).includes(check),
    now,
  });
  // Awaited in every case: a registration that could not be read is this request's failure.
  await allowed;
  const id = crypto.randomUUID();
  context.waitUntil(
    recordPresentation(context.db, {
      id,
      organisationId,
      verifierId: actorUserId(actor),
      requestId: null,
      checkType: judgement.check,
      purpose: input.purpose?.trim() || OFFLINE_PURPOSE,
      mode: "offline",
      judgement,
    }).catch((error: unknown) => console.error("presentation record failed", error)),
  );
  return answerOf(judgement, id);
}

/** Spec 000 §3 "Validation response", with the check's outcome (ADR 033) and what the portal's result panel and receipt need. */
function answerOf(judgement: Judgement, id: string): ValidationAnswer {
  return {
    valid: judgement.valid,
    outcome: judgement.outcome,
    reason: judgement.reason,
    message: judgement.message,
    result: resultBadge(judgement.valid, judgement.reason),
    presentedAttributes: judgement.presentedAttributes,
    timestamp: judgement.timestamp,
    id,
    checkType: judgement.check,
    credentialType: judgement.credential?.type ?? null,
    issuer: judgement.credential?.issuerName ?? null,
    binding: judgement.binding,
  };
}

/**
 * An answer's words in the caller's language (issue 21, ADR 041): why it was or was not accepted,
 * why the check failed, and the issuing authority's name, from their codes (the reason, the credential's type). What is
 * recorded, and every code, is unchanged; English answers are the judgement's own words.
 */
export function answerIn(answer: ValidationAnswer, locale: Locale): ValidationAnswer {
  const intl = serverIntl(locale);
  const type = answer.credentialType;
  return {
    ...answer,
    message: reasonText(intl, answer.reason, answer.binding ?? "device"),
    outcome: answer.outcome && outcomeIn(intl, answer.outcome),
    issuer:
      answer.issuer !== null && type && isCredentialTypeCode(type)
        ? authorityText(intl, CREDENTIAL_TYPES[type].issuerId)
        : answer.issuer,
  };
}
