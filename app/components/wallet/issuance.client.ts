/**
 * Issuance from the browser (issue 4): POST /api/vc/nonce → sign a proof of possession of this
 * device's key → POST /api/vc/{type}/issue {proof}.
 *
 * Spec 000 §7 describes the wallet's issue call with an empty body; ours carries the proof,
 * because a credential here is bound to the device key (holder binding, ADR 011) and the
 * server refuses to bind one without proof that the caller holds that key.
 */

import { defineMessage, defineMessages, type IntlShape } from "react-intl";
import { ApiError, apiRequest, handleMutationError, isUnauthorizedError } from "#app/client/api-client.ts";
import type { ToastFn } from "#app/components/ui/toast.tsx";
import { CREDENTIAL_TYPES, type CredentialTypeCode, issuerUrl } from "#core/issuers/registry.ts";
import type { WalletCredential } from "#server/credentials/credentials.ts";
import { keyUnavailableMessages } from "./device-key.ts";
import {
  getOrCreateHolderKey,
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
  /** The device key it is bound to (created on the first issuance). */
  key: HolderKey;
}

/**
 * Requests the authority's credential of `type` for the signed-in person, bound to this device.
 * `issuerBase` is the base the server mints identifiers under (the page's loader says which), so
 * the proof's `aud` is exactly the credential's `iss`.
 */
export async function requestCredential(type: CredentialTypeCode, issuerBase: string): Promise<IssuedCredential> {
  const key = await getOrCreateHolderKey();
  const nonceResponse = await apiRequest("POST", "/api/vc/nonce");
  const { c_nonce: nonce } = (await nonceResponse.json()) as { c_nonce: string };
  const proof = await signIssuanceProof(key, { nonce, aud: issuerUrl(issuerBase, CREDENTIAL_TYPES[type].issuerId) });
  const response = await apiRequest("POST", `/api/vc/${encodeURIComponent(type)}/issue`, { proof });
  return { credential: (await response.json()) as WalletCredential, key };
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
