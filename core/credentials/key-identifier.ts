/**
 * The key identifier by which a wallet recognises a trusted root (OpenID4VP 1.0 section 6.1.1,
 * `trusted_authorities` of type `aki`, ADR 052): the KeyIdentifier that a certificate issued under
 * the root names in its AuthorityKeyIdentifier (RFC 5280 section 4.2.1.1), which is the root's own
 * SubjectKeyIdentifier (section 4.2.1.2: the two must match for the chain to be built).
 */
import { AsnConvert } from "@peculiar/asn1-schema";
import { Certificate, id_ce_subjectKeyIdentifier, SubjectKeyIdentifier } from "@peculiar/asn1-x509";
import { type CredentialCrypto, resolveCrypto } from "./crypto.ts";
import { base64urlEncode } from "./encoding.ts";
import { base64Decode } from "./x509.ts";

/**
 * The base64url KeyIdentifier of a root (base64 DER): its SubjectKeyIdentifier; for a root without
 * one (RFC 5280 makes it a SHOULD for CAs), the value its issued certificates most often carry,
 * method (1) of section 4.2.1.2 (the SHA-1 of the subjectPublicKey bits). Undefined when the text
 * is not a certificate; the trust list keeps only readable ones, so this is a guard, not a path.
 */
export async function rootKeyIdentifier(
  certificate: string,
  options: { crypto?: CredentialCrypto } = {},
): Promise<string | undefined> {
  let parsed: Certificate;
  try {
    parsed = AsnConvert.parse(base64Decode(certificate), Certificate);
  } catch {
    return undefined;
  }
  const extension = parsed.tbsCertificate.extensions?.find((ext) => ext.extnID === id_ce_subjectKeyIdentifier);
  if (extension) {
    try {
      const ski = AsnConvert.parse(extension.extnValue, SubjectKeyIdentifier);
      return base64urlEncode(new Uint8Array(ski.buffer));
    } catch {
      return undefined;
    }
  }
  const subtle = resolveCrypto(options.crypto).subtle;
  const bits = new Uint8Array(parsed.tbsCertificate.subjectPublicKeyInfo.subjectPublicKey);
  return base64urlEncode(new Uint8Array(await subtle.digest("SHA-1", bits)));
}
