/**
 * Issuance from the browser (issue 4): POST /api/vc/nonce → sign proofs of possession of new keys
 * of this device's, one per copy (issue 22) → POST /api/vc/{type}/issue {proofs}.
 *
 * Spec 000 §7 describes the wallet's issue call with an empty body; ours carries the proof,
 * because a credential here is bound to the device key (holder binding, ADR 011) and the
 * server refuses to bind one without proof that the caller holds that key.
 */

import { defineMessage, defineMessages, type IntlShape } from "react-intl";
import { ApiError, apiRequest, handleMutationError, isUnauthorizedError } from "#app/client/api-client.ts";
import type { ToastFn } from "#app/components/ui/toast.tsx";
import { CREDENTIAL_TYPES, type CredentialTypeCode, issuerUrl, WEB_WALLET_COPIES } from "#core/issuers/registry.ts";
import type { WalletCredential } from "#server/credentials/credentials.ts";
import { keyUnavailableMessages } from "./device-key.ts";
import {
  createCopyKeys,
  forgetCopyKeys,
  type HolderKey,
  HolderKeyUnavailableError,
  signIssuanceProof,
} from "./holder-key.client.ts";

const messages = defineMessages({
  error: { id: "wallet.issuance.errorTitle", defaultMessage: "Error", description: "A toast's title." },
  success: { id: "wallet.issuance.successTitle", defaultMessage: "Success", description: "A toast's title." },
  added: { id: "wallet.issuance.added", defaultMessage: "New credential added to your wallet" },
  replaced: defineMessage<{ longName: string }>({
    id: "wallet.issuance.replaced",
    defaultMessage:
      "Your {longName} was re-issued to this device. The earlier copy and its share links no longer work.",
    description: "{longName} is the credential type's name, e.g. 'Right to Work credential'.",
  }),
});

export interface IssuedCredential {
  credential: WalletCredential;
  /** The device keys its copies are bound to, made for this issuance. */
  keys: HolderKey[];
}

/**
 * Requests the authority's credential of `type` for the signed-in person, in WEB_WALLET_COPIES
 * copies, each bound to a new key of this device's that no other credential shares (ADR 045).
 * `issuerBase` is the base the server mints identifiers under (the page's loader says which), so
 * the proofs' `aud` is exactly the credential's `iss`.
 */
export async function requestCredential(type: CredentialTypeCode, issuerBase: string): Promise<IssuedCredential> {
  const keys = await createCopyKeys(WEB_WALLET_COPIES);
  try {
    const nonceResponse = await apiRequest("POST", "/api/vc/nonce");
    const { c_nonce: nonce } = (await nonceResponse.json()) as { c_nonce: string };
    const aud = issuerUrl(issuerBase, CREDENTIAL_TYPES[type].issuerId);
    const proofs = await Promise.all(keys.map((key) => signIssuanceProof(key, { nonce, aud })));
    const response = await apiRequest("POST", `/api/vc/${encodeURIComponent(type)}/issue`, { proofs });
    return { credential: (await response.json()) as WalletCredential, keys };
  } catch (error) {
    // Refused: nothing was issued to these keys. (A lost answer may have been an issuance: keep them.)
    if (error instanceof ApiError) await forgetCopyKeys(keys.map((key) => key.thumbprint)).catch(() => undefined);
    throw error;
  }
}

/**
 * Spec 000 §8 for the issue call: a 401 says "Unauthorized" and signs in again (handleMutationError);
 * any other refusal is toasted as "Error" with the server's own sentence when it gave one (the
 * 404 "no record" message reads as a sentence, not as "404: {json}"); a browser that cannot keep
 * a key says why.
 */
export function showIssuanceError(error: unknown, toast: ToastFn, intl: IntlShape): void {
  if (!isUnauthorizedError(error)) {
    // The server words its refusals in the person's language (requestLocale); a key problem is worded here.
    const message =
      error instanceof ApiError
        ? error.serverMessage
        : error instanceof HolderKeyUnavailableError
          ? intl.formatMessage(keyUnavailableMessages[error.reason])
          : undefined;
    if (message) {
      toast({ title: intl.formatMessage(messages.error), description: message, variant: "destructive" });
      return;
    }
  }
  handleMutationError(error, toast, intl);
}

/**
 * Spec 000 §8 success toast for the issue call. A re-issue did not add a credential: it replaced
 * one, and the toast says so (the earlier copy and its share links no longer work).
 */
export function showIssuanceSuccess(toast: ToastFn, intl: IntlShape, replaced?: { longName: string }): void {
  toast({
    title: intl.formatMessage(messages.success),
    description: replaced
      ? intl.formatMessage(messages.replaced, { longName: replaced.longName })
      : intl.formatMessage(messages.added),
  });
}
