/**
 * The SessionTranscript an OpenID4VP 1.0 mdoc presentation is bound to (Appendix B.2.6):
 * `[null, null, Handover]`, the handover naming the request, so a device signature made for one
 * verifier, nonce or origin fails for every other.
 * - redirect flow (B.2.6.1): `["OpenID4VPHandover", sha256(cbor([client_id, nonce, jwk_thumbprint or null, response_uri]))]`;
 * - Digital Credentials API (B.2.6.2): `["OpenID4VPDCAPIHandover", sha256(cbor([origin, nonce, jwk_thumbprint or null]))]`.
 * `jwk_thumbprint` is the RFC 7638 SHA-256 thumbprint of the verifier's encryption key when the
 * response is encrypted, else null.
 */

import { type CredentialCrypto, resolveCrypto } from "#core/credentials/crypto.ts";
import { cborEncode } from "./codec.ts";

export type MdocHandover =
  | {
      flow: "redirect";
      clientId: string;
      nonce: string;
      jwkThumbprint: Uint8Array | null;
      responseUri: string;
    }
  | { flow: "dc_api"; origin: string; nonce: string; jwkThumbprint: Uint8Array | null };

/** The CBOR bytes of the SessionTranscript for `handover` (not wrapped in tag 24). */
export async function sessionTranscriptBytes(handover: MdocHandover, crypto?: CredentialCrypto): Promise<Uint8Array> {
  const info =
    handover.flow === "redirect"
      ? [handover.clientId, handover.nonce, handover.jwkThumbprint, handover.responseUri]
      : [handover.origin, handover.nonce, handover.jwkThumbprint];
  const name = handover.flow === "redirect" ? "OpenID4VPHandover" : "OpenID4VPDCAPIHandover";
  const infoHash = new Uint8Array(
    await resolveCrypto(crypto).subtle.digest("SHA-256", cborEncode(info) as Uint8Array<ArrayBuffer>),
  );
  return cborEncode([null, null, [name, infoHash]]);
}
