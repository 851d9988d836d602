/**
 * Making a presentation on this device (issue 9): the holder key never leaves WebCrypto; the
 * credential is fetched from the wallet API only when it is about to be presented. Each
 * presentation shows a fresh copy of the credential when one is left (copies.ts, issue 22).
 */

import { defineMessages, type TypedMessageDescriptor } from "react-intl";
import { apiRequest } from "#app/client/api-client.ts";
import { base64urlEncode } from "#core/credentials/encoding.ts";
import { presentCredential } from "#core/credentials/present.ts";
import type { WalletCredential } from "#server/credentials/credentials.ts";
import { chooseCopy } from "./copies.ts";
import { listHolderKeys, recordShown, shownCopies } from "./holder-key.client.ts";

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

/** The credential, with its copies' SD-JWTs, from the signed-in user's own wallet. */
async function ownCredential(credentialId: string): Promise<Pick<WalletCredential, "copies">> {
  const list = (await (await apiRequest("GET", "/api/wallet/credentials")).json()) as WalletCredential[];
  const found = list.find((c) => c.id === credentialId);
  if (!found) throw new PresentError(messages.gone);
  return found;
}

/**
 * A presentation of `disclose` (claim paths) bound to `aud` and `nonce` by the key of the copy
 * shown; with no nonce given (an offline QR code), a fresh random one. Only a copy whose key this
 * browser holds is ever shown.
 */
export async function presentOnThisDevice(
  credentialId: string,
  disclose: readonly string[],
  binding: { aud: string; nonce?: string },
): Promise<string> {
  const [credential, keys, shown] = await Promise.all([ownCredential(credentialId), listHolderKeys(), shownCopies()]);
  const copy = chooseCopy(credential.copies, new Set(keys.map((key) => key.thumbprint)), shown);
  const key = keys.find((k) => k.thumbprint === copy?.holderKeyThumbprint);
  if (!copy || !key) throw new PresentError(messages.noKey);
  const presentation = await presentCredential({
    sdJwt: copy.vcJwt,
    disclose,
    holderPrivateKey: key.privateKey,
    nonce: binding.nonce ?? base64urlEncode(crypto.getRandomValues(new Uint8Array(16))),
    aud: binding.aud,
    iat: Math.floor(Date.now() / 1000),
  });
  await recordShown(key.thumbprint, new Date());
  return presentation;
}
