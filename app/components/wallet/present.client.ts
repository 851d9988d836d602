/**
 * Making a presentation on this device (issue 9): the holder key never leaves WebCrypto; the
 * credential is fetched from the wallet API only when it is about to be presented.
 */

import { defineMessages, type TypedMessageDescriptor } from "react-intl";
import { apiRequest } from "#app/client/api-client.ts";
import { base64urlEncode } from "#core/credentials/encoding.ts";
import { presentCredential } from "#core/credentials/present.ts";
import { findHolderKey } from "./holder-key.client.ts";

const messages = defineMessages({
  gone: { id: "wallet.present.gone", defaultMessage: "This credential is no longer in your wallet." },
  noKey: {
    id: "wallet.present.noKey",
    defaultMessage: "This device holds no wallet key. Open the wallet on the device your credential was issued to.",
  },
});

/** Why this device cannot present the credential; `words` are what the page shows, in its language. */
export class PresentError extends Error {
  override name = "PresentError";
  readonly words: TypedMessageDescriptor;
  constructor(words: TypedMessageDescriptor) {
    super(`cannot present: ${String(words.id)}`);
    this.words = words;
  }
}

/** The credential's SD-JWT, from the signed-in user's own wallet. */
async function credentialJwt(credentialId: string): Promise<string> {
  const list = (await (await apiRequest("GET", "/api/wallet/credentials")).json()) as { id: string; vcJwt: string }[];
  const found = list.find((c) => c.id === credentialId);
  if (!found) throw new PresentError(messages.gone);
  return found.vcJwt;
}

/**
 * A presentation of `disclose` (claim paths) bound to `aud` and `nonce` by this device's key; with
 * no nonce given (an offline QR code), a fresh random one.
 */
export async function presentOnThisDevice(
  credentialId: string,
  disclose: readonly string[],
  binding: { aud: string; nonce?: string },
): Promise<string> {
  const key = await findHolderKey();
  if (!key) throw new PresentError(messages.noKey);
  return presentCredential({
    sdJwt: await credentialJwt(credentialId),
    disclose,
    holderPrivateKey: key.privateKey,
    nonce: binding.nonce ?? base64urlEncode(crypto.getRandomValues(new Uint8Array(16))),
    aud: binding.aud,
    iat: Math.floor(Date.now() / 1000),
  });
}
