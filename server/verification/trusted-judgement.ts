/**
 * The judgements of an answer trusted through the trust list (an mdoc, ADR 050; an outside
 * issuer's SD-JWT VC, ADR 052): both judge one request's check, bound to the holder's device,
 * so a refusal and a valid answer have the same shape whichever format was answered.
 */
import { sha256Base64url, webCrypto } from "#core/credentials/crypto.ts";
import { type CheckType, checkOutcome } from "#core/verification/checks.ts";
import { type ReasonCode, reasonMessage, validMessage } from "#core/verification/reasons.ts";
import type { JudgedCredential, Judgement } from "./judge.ts";

export async function judgementsFor(input: { presentation: string; check: CheckType; now: Date }) {
  const timestamp = input.now.toISOString();
  const presentationHash = await sha256Base64url(webCrypto(), input.presentation);
  return {
    /** Refused for `reason`; named when the issuer's signature verified before the refusal. */
    refusal: (
      reason: Exclude<ReasonCode, "valid">,
      message = reasonMessage(reason),
      credential?: JudgedCredential,
    ): Judgement => ({
      valid: false,
      reason,
      message,
      presentedAttributes: {},
      timestamp,
      check: input.check,
      binding: null,
      outcome: null,
      ...(credential ? { credential } : {}),
      presentationHash,
    }),
    /** Valid, and judged by the check's rule on the attributes shown. */
    valid: (presentedAttributes: Record<string, unknown>, credential: JudgedCredential): Judgement => ({
      valid: true,
      reason: "valid",
      message: validMessage("device"),
      presentedAttributes,
      timestamp,
      check: input.check,
      binding: "device",
      outcome: checkOutcome(input.check, presentedAttributes, input.now),
      credential,
      presentationHash,
    }),
  };
}
