/**
 * Verifying an mdoc presentation: the ISO/IEC 18013-5 DeviceResponse a wallet returns as an
 * OpenID4VP 1.0 `vp_token` entry for `mso_mdoc` (base64url, Appendix B.2), for one requested
 * document.
 *
 * @owf/mdoc supplies the CBOR codec (cbor-x with the mdoc tags: 24 embedded CBOR, 0 tdate, 1004
 * full-date). Every check is ours, on the bytes received, in this order; each refusal its own code:
 * - size: at most MAX_DEVICE_RESPONSE_CHARS of base64url, then a walk of every CBOR header before
 *   decoding (cbor-bounds.ts): INPUT_TOO_LARGE or MDOC_MALFORMED;
 * - shape: version "1.0", status 0, exactly one document, no other document types: MDOC_MALFORMED;
 * - doctype: the document's equals the one asked (MDOC_DOCTYPE_MISMATCH);
 * - the document signer: its x5chain (COSE header 33, unprotected or protected) leads to a trusted
 *   IACA root under HAIP's profile (core/credentials/x509.ts), and for an mDL a signer certificate
 *   with an extendedKeyUsage names mdlDS (ISO 18013-5 Annex B.1.4; ADR 053): MDOC_ISSUER_UNTRUSTED;
 * - IssuerAuth: alg (protected header only) ES256 or EdDSA matching the signer's key, signature over
 *   the received protected header and payload bytes: MDOC_ISSUER_SIGNATURE;
 * - the MSO: version 1.0, digestAlgorithm SHA-256/384/512, its docType equals the document's
 *   (MDOC_DOCTYPE_MISMATCH), signed within the signer certificate's validity (MDOC_ISSUER_SIGNATURE,
 *   ISO 18013-5 section 9.3.1), validityInfo with signed <= validFrom <= now < validUntil
 *   (MDOC_NOT_YET_VALID, MDOC_EXPIRED);
 * - items: each disclosed IssuerSignedItemBytes hashed as received (never re-encoded), equal to the
 *   MSO's valueDigests entry for its namespace and digestID; a digestID or element twice in one
 *   namespace is refused (MDOC_DIGEST_MISMATCH);
 * - every requested [namespace, element] disclosed (MDOC_ELEMENT_MISSING);
 * - DeviceAuth: a deviceMac is refused (MDOC_DEVICE_MAC_UNSUPPORTED: OpenID4VP has no reader key to
 *   derive it from); deviceSignature with a detached (null) payload, alg ES256 or EdDSA matching the
 *   MSO's deviceKey, over DeviceAuthenticationBytes built from this request's SessionTranscript and
 *   the received DeviceNameSpacesBytes (MDOC_DEVICE_SIGNATURE).
 * Not checked: issuing_country against the signer certificate's countryName (the trust list of
 * issue 23 names the IACA per country), status lists in the MSO, device-signed elements (none is
 * returned: only issuer-signed values count).
 */

import { AsnConvert } from "@peculiar/asn1-schema";
import { Certificate } from "@peculiar/asn1-x509";
import { type CredentialCrypto, resolveCrypto } from "#core/credentials/crypto.ts";
import { base64urlDecode, base64urlEncode } from "#core/credentials/encoding.ts";
import { CredentialError, failureFromError, type VerificationFailure } from "#core/credentials/errors.ts";
import type { PublicJwk } from "#core/credentials/jws.ts";
import { base64Encode, OID, verifyCertificateChain } from "#core/credentials/x509.ts";
import { assertBoundedCbor } from "./cbor-bounds.ts";
import { cborDecode, cborEncode, DataItem, DateOnly } from "./codec.ts";
import { type MdocHandover, sessionTranscriptBytes } from "./session-transcript.ts";

/** ISO/IEC 18013-5 section 7.2.1: the mobile driving licence's doctype. */
const MDL_DOCTYPE = "org.iso.18013.5.1.mDL";

/** The largest vp_token entry accepted (base64url characters): a full mDL with a portrait fits. */
export const MAX_DEVICE_RESPONSE_CHARS = 256 * 1024;

/** A decoded data element: tag 1004 full-date and tag 0 tdate kept apart from plain strings. */
export type MdocValue =
  | string
  | number
  | boolean
  | null
  | Uint8Array
  | { fullDate: string }
  | { dateTime: string }
  | MdocValue[]
  | { [key: string]: MdocValue };

export interface VerifyDeviceResponseInput {
  /** The base64url DeviceResponse (the vp_token entry). */
  deviceResponse: string;
  docType: string;
  /** The requested elements, as DCQL names them: [namespace, element identifier]. */
  claims: readonly (readonly [string, string])[];
  handover: MdocHandover;
  /** Trusted IACA roots, base64 DER. */
  roots: readonly string[];
  now: Date;
  crypto?: CredentialCrypto;
}

export interface VerifiedMdoc {
  valid: true;
  docType: string;
  /** Every disclosed, digest-checked element by namespace (requested ones and any extra the wallet sent). */
  elements: Record<string, Record<string, MdocValue>>;
  /** The document signer: its certificate's subject and the root it chains to. */
  issuer: { subject: string; root: string };
  validity: { signed: Date; validFrom: Date; validUntil: Date };
}

const COSE_ALG = 1;
const COSE_X5CHAIN = 33;
const ES256 = -7;
const EDDSA = -8;
/** RFC 9864's fully specified Ed25519 identifier, which newer wallets send instead of -8. */
const ED25519 = -19;
const DIGEST_ALGORITHMS = new Set(["SHA-256", "SHA-384", "SHA-512"]);

/** Verifies a DeviceResponse; never throws. */
export async function verifyDeviceResponse(
  input: VerifyDeviceResponseInput,
): Promise<VerifiedMdoc | VerificationFailure> {
  try {
    return await verify(input);
  } catch (error) {
    if (error instanceof CredentialError) return failureFromError(error);
    // Whatever hostile CBOR makes the decoder throw is a malformed response, never a crash.
    return failureFromError(new CredentialError("MDOC_MALFORMED", "response could not be read"));
  }
}

async function verify(input: VerifyDeviceResponseInput): Promise<VerifiedMdoc> {
  if (!(input.now instanceof Date) || Number.isNaN(input.now.getTime()))
    throw new CredentialError("INVALID_ARGUMENT", "now");
  if (
    typeof input.docType !== "string" ||
    !Array.isArray(input.claims) ||
    !input.claims.every(
      (claim) => Array.isArray(claim) && claim.length === 2 && claim.every((part) => typeof part === "string"),
    ) ||
    !validHandover(input.handover)
  )
    throw new CredentialError("INVALID_ARGUMENT", "docType, claims or handover");
  if (typeof input.deviceResponse !== "string") throw malformed("deviceResponse is not a string");
  if (input.deviceResponse.length > MAX_DEVICE_RESPONSE_CHARS)
    throw new CredentialError("INPUT_TOO_LARGE", "deviceResponse too long");
  const subtle = resolveCrypto(input.crypto).subtle;
  let bytes: Uint8Array;
  try {
    bytes = base64urlDecode(input.deviceResponse);
  } catch {
    throw malformed("deviceResponse is not base64url");
  }
  assertBoundedCbor(bytes);
  const response = asMap(cborDecode<unknown>(bytes), "DeviceResponse");
  if (response.get("version") !== "1.0") throw malformed("version");
  if (response.get("status") !== 0) throw malformed("status");
  const documents = response.get("documents");
  if (!Array.isArray(documents) || documents.length !== 1) throw malformed("exactly one document expected");
  const document = asMap(documents[0], "Document");
  const docType = document.get("docType");
  if (typeof docType !== "string") throw malformed("docType");
  if (docType !== input.docType) throw new CredentialError("MDOC_DOCTYPE_MISMATCH", "not the requested doctype");

  // Issuer: chain, signature, MSO.
  const issuerSigned = asMap(document.get("issuerSigned"), "IssuerSigned");
  const issuerAuth = coseSign1(issuerSigned.get("issuerAuth"), "IssuerAuth");
  const x5chain = issuerAuth.protected.get(COSE_X5CHAIN) ?? issuerAuth.unprotected.get(COSE_X5CHAIN);
  const certificates = x5chain instanceof Uint8Array ? [x5chain] : x5chain;
  if (!Array.isArray(certificates) || !certificates.every((entry) => entry instanceof Uint8Array))
    throw new CredentialError("MDOC_ISSUER_UNTRUSTED", "no x5chain");
  let signer: Awaited<ReturnType<typeof verifyCertificateChain>>;
  try {
    signer = await verifyCertificateChain(certificates.map(base64Encode), input.roots, input.now, {
      crypto: input.crypto,
      // ISO 18013-5 defines a document signer's purpose for the mDL only; another doctype's signer
      // (an EU PID provider's) may carry its own, so none is required of it.
      ...(docType === MDL_DOCTYPE ? { extendedKeyUsage: OID.mdlDocumentSigner } : {}),
    });
  } catch (error) {
    if (error instanceof CredentialError && error.code.startsWith("CERTIFICATE_"))
      throw new CredentialError("MDOC_ISSUER_UNTRUSTED", `${error.code}: ${error.detail ?? ""}`);
    throw error;
  }
  if (issuerAuth.payload === null) throw malformed("IssuerAuth has no payload");
  if (!(await verifySign1(subtle, issuerAuth, issuerAuth.payload, signer.publicJwk)))
    throw new CredentialError("MDOC_ISSUER_SIGNATURE");

  const { mso, digestAlgorithm } = readMobileSecurityObject(issuerAuth.payload);
  if (mso.get("docType") !== docType) throw new CredentialError("MDOC_DOCTYPE_MISMATCH", "MSO docType differs");
  const validity = validityInfo(mso.get("validityInfo"));
  if (!signedWithinValidity(validity.signed, certificates[0]!))
    throw new CredentialError("MDOC_ISSUER_SIGNATURE", "MSO signed outside the signer certificate's validity");
  if (input.now < validity.validFrom) throw new CredentialError("MDOC_NOT_YET_VALID");
  if (input.now >= validity.validUntil) throw new CredentialError("MDOC_EXPIRED");

  const elements = await checkIssuerSignedItems(issuerSigned.get("nameSpaces"), mso, digestAlgorithm, subtle);
  for (const [namespace, identifier] of input.claims) {
    if (!elements[namespace] || !Object.hasOwn(elements[namespace], identifier))
      throw new CredentialError("MDOC_ELEMENT_MISSING", `${namespace}/${identifier}`);
  }

  // Device authentication over this request's SessionTranscript.
  const deviceSigned = asMap(document.get("deviceSigned"), "DeviceSigned");
  const deviceNameSpaces = deviceSigned.get("nameSpaces");
  if (!(deviceNameSpaces instanceof DataItem)) throw malformed("DeviceNameSpacesBytes");
  const deviceAuth = asMap(deviceSigned.get("deviceAuth"), "DeviceAuth");
  if (deviceAuth.has("deviceMac")) throw new CredentialError("MDOC_DEVICE_MAC_UNSUPPORTED");
  const deviceSignature = coseSign1(deviceAuth.get("deviceSignature"), "deviceSignature");
  if (deviceSignature.payload !== null) throw new CredentialError("MDOC_DEVICE_SIGNATURE", "payload not detached");
  const deviceKeyInfo = asMap(mso.get("deviceKeyInfo"), "deviceKeyInfo");
  const deviceKey = coseKeyToJwk(deviceKeyInfo.get("deviceKey"));
  const transcript = cborDecode<unknown>(await sessionTranscriptBytes(input.handover, input.crypto));
  const deviceAuthentication = cborEncode(["DeviceAuthentication", transcript, docType, deviceNameSpaces]);
  if (!(await verifySign1(subtle, deviceSignature, tag24(deviceAuthentication), deviceKey)))
    throw new CredentialError("MDOC_DEVICE_SIGNATURE");

  return { valid: true, docType, elements, issuer: { subject: signer.subject, root: signer.root }, validity };
}

/** The MSO inside IssuerAuth's payload (MobileSecurityObjectBytes), its version and digest algorithm checked. */
export function readMobileSecurityObject(payload: Uint8Array): { mso: Map<unknown, unknown>; digestAlgorithm: string } {
  const mso = asMap(embedded(cborDecode<unknown>(payload, { unwrapTopLevelDataItem: false })), "MSO");
  if (mso.get("version") !== "1.0") throw malformed("MSO version");
  const digestAlgorithm = mso.get("digestAlgorithm");
  if (typeof digestAlgorithm !== "string" || !DIGEST_ALGORITHMS.has(digestAlgorithm))
    throw malformed("MSO digestAlgorithm");
  return { mso, digestAlgorithm };
}

/**
 * Every disclosed IssuerSignedItemBytes hashed as received (ISO 18013-5 section 9.1.2.5) and
 * compared with the MSO's valueDigests; returns the values by namespace. Throws MDOC_DIGEST_MISMATCH.
 */
export async function checkIssuerSignedItems(
  nameSpaces: unknown,
  mso: Map<unknown, unknown>,
  digestAlgorithm: string,
  subtle: SubtleCrypto,
): Promise<Record<string, Record<string, MdocValue>>> {
  const valueDigests = asMap(mso.get("valueDigests"), "valueDigests");
  const elements: Record<string, Record<string, MdocValue>> = {};
  for (const [namespace, items] of nameSpaces === undefined ? [] : asMap(nameSpaces, "nameSpaces")) {
    if (typeof namespace !== "string" || !Array.isArray(items)) throw malformed("nameSpaces");
    const digests = valueDigests.get(namespace);
    if (!(digests instanceof Map)) throw new CredentialError("MDOC_DIGEST_MISMATCH", "namespace without digests");
    const seen = new Set<number>();
    const values: Record<string, MdocValue> = Object.create(null);
    for (const itemBytes of items) {
      if (!(itemBytes instanceof DataItem)) throw malformed("IssuerSignedItemBytes is not tag 24");
      const item = asMap(cborDecode<unknown>(itemBytes.buffer, { unwrapTopLevelDataItem: false }), "item");
      const digestId = item.get("digestID");
      const identifier = item.get("elementIdentifier");
      if (
        !Number.isSafeInteger(digestId) ||
        typeof identifier !== "string" ||
        !(item.get("random") instanceof Uint8Array)
      )
        throw malformed("IssuerSignedItem");
      if (seen.has(digestId as number) || Object.hasOwn(values, identifier))
        throw new CredentialError("MDOC_DIGEST_MISMATCH", "digestID or element twice");
      seen.add(digestId as number);
      const expected = digests.get(digestId);
      const actual = new Uint8Array(
        await subtle.digest(digestAlgorithm, tag24(itemBytes.buffer) as Uint8Array<ArrayBuffer>),
      );
      if (!(expected instanceof Uint8Array) || !equalBytes(expected, actual))
        throw new CredentialError("MDOC_DIGEST_MISMATCH", `${namespace}/${identifier}`);
      values[identifier] = plainValue(item.get("elementValue"), 0);
    }
    elements[namespace] = values;
  }
  return elements;
}

function validHandover(handover: MdocHandover): boolean {
  if (typeof handover !== "object" || handover === null || typeof handover.nonce !== "string") return false;
  if (handover.jwkThumbprint !== null && !(handover.jwkThumbprint instanceof Uint8Array)) return false;
  return handover.flow === "redirect"
    ? typeof handover.clientId === "string" && typeof handover.responseUri === "string"
    : handover.flow === "dc_api" && typeof handover.origin === "string";
}

export interface CoseSign1 {
  protectedBytes: Uint8Array;
  protected: Map<unknown, unknown>;
  unprotected: Map<unknown, unknown>;
  payload: Uint8Array | null;
  signature: Uint8Array;
}

/** An untagged COSE_Sign1 (RFC 9052 section 4.2), as ISO 18013-5 embeds it. */
export function coseSign1(value: unknown, what: string): CoseSign1 {
  if (!Array.isArray(value) || value.length !== 4) throw malformed(`${what} is not a COSE_Sign1`);
  const [protectedBytes, unprotected, payload, signature] = value;
  if (!(protectedBytes instanceof Uint8Array) || !(unprotected instanceof Map) || !(signature instanceof Uint8Array))
    throw malformed(what);
  if (payload !== null && !(payload instanceof Uint8Array)) throw malformed(`${what} payload`);
  const decoded = protectedBytes.length === 0 ? new Map() : cborDecode<unknown>(protectedBytes);
  return { protectedBytes, protected: asMap(decoded, `${what} protected header`), unprotected, payload, signature };
}

/** Sig_structure (RFC 9052 section 4.4) over the received protected header bytes; alg must match the key. */
export async function verifySign1(
  subtle: SubtleCrypto,
  sign1: CoseSign1,
  payload: Uint8Array,
  key: PublicJwk,
): Promise<boolean> {
  const alg = sign1.protected.get(COSE_ALG);
  let params: AlgorithmIdentifier | EcdsaParams;
  let importParams: AlgorithmIdentifier | EcKeyImportParams;
  if (alg === ES256 && key.kty === "EC" && key.crv === "P-256") {
    params = { name: "ECDSA", hash: "SHA-256" };
    importParams = { name: "ECDSA", namedCurve: "P-256" };
  } else if ((alg === EDDSA || alg === ED25519) && key.kty === "OKP" && key.crv === "Ed25519") {
    params = importParams = { name: "Ed25519" };
  } else return false;
  const publicKey = await subtle.importKey("jwk", key as JsonWebKey, importParams, false, ["verify"]);
  const toBeSigned = cborEncode(["Signature1", sign1.protectedBytes, new Uint8Array(), payload]);
  return subtle.verify(
    params,
    publicKey,
    sign1.signature as Uint8Array<ArrayBuffer>,
    toBeSigned as Uint8Array<ArrayBuffer>,
  );
}

/** A COSE_Key (RFC 9053 section 7) of kty EC2 crv P-256 or OKP crv Ed25519, as a public JWK. */
function coseKeyToJwk(value: unknown): PublicJwk {
  const key = asMap(value, "deviceKey");
  const kty = key.get(1);
  const crv = key.get(-1);
  const x = key.get(-2);
  const y = key.get(-3);
  if (
    kty === 2 &&
    crv === 1 &&
    x instanceof Uint8Array &&
    y instanceof Uint8Array &&
    x.length === 32 &&
    y.length === 32
  )
    return { kty: "EC", crv: "P-256", x: base64urlEncode(x), y: base64urlEncode(y) } as PublicJwk;
  if (kty === 1 && crv === 6 && x instanceof Uint8Array && x.length === 32)
    return { kty: "OKP", crv: "Ed25519", x: base64urlEncode(x) } as PublicJwk;
  throw new CredentialError("MDOC_DEVICE_SIGNATURE", "device key is not P-256 or Ed25519");
}

function validityInfo(value: unknown): VerifiedMdoc["validity"] {
  const info = asMap(value, "validityInfo");
  const signed = info.get("signed");
  const validFrom = info.get("validFrom");
  const validUntil = info.get("validUntil");
  if (!(signed instanceof Date && validFrom instanceof Date && validUntil instanceof Date))
    throw malformed("validityInfo dates");
  if (
    [signed, validFrom, validUntil].some((date) => Number.isNaN(date.getTime())) ||
    validFrom < signed ||
    validUntil <= validFrom
  )
    throw malformed("validityInfo order");
  return { signed, validFrom, validUntil };
}

/** The signing certificate (already parsed under limits by the chain check) was valid when the MSO was signed. */
function signedWithinValidity(signed: Date, leaf: Uint8Array): boolean {
  const { notBefore, notAfter } = AsnConvert.parse(leaf, Certificate).tbsCertificate.validity;
  return signed >= notBefore.getTime() && signed <= notAfter.getTime();
}

/** An element value as plain data (maps with text keys become objects). */
function plainValue(value: unknown, depth: number): MdocValue {
  if (depth > 8) throw malformed("element value nested too deep");
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw malformed("element value not finite");
    return value;
  }
  if (value instanceof Uint8Array) return value;
  if (value instanceof DateOnly) return { fullDate: value.toISOString() };
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw malformed("tdate");
    return { dateTime: value.toISOString() };
  }
  if (Array.isArray(value)) return value.map((entry) => plainValue(entry, depth + 1));
  if (value instanceof Map) {
    const out: { [key: string]: MdocValue } = Object.create(null);
    for (const [key, entry] of value) {
      if (typeof key !== "string" || Object.hasOwn(out, key)) throw malformed("element map key");
      out[key] = plainValue(entry, depth + 1);
    }
    return out;
  }
  throw malformed("element value of an unsupported type");
}

/** The content of a tag 24 item (the MSO is MobileSecurityObjectBytes inside the COSE payload). */
function embedded(value: unknown): unknown {
  if (!(value instanceof DataItem)) throw malformed("expected embedded CBOR (tag 24)");
  return cborDecode<unknown>(value.buffer, { unwrapTopLevelDataItem: false });
}

/** `#6.24(bstr .cbor content)`: the bytes ISO 18013-5 hashes and signs. */
function tag24(content: Uint8Array): Uint8Array {
  const length = content.length;
  const header =
    length < 24
      ? [0x40 | length]
      : length < 0x100
        ? [0x58, length]
        : length < 0x10000
          ? [0x59, length >> 8, length & 0xff]
          : [0x5a, (length >>> 24) & 0xff, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff];
  const out = new Uint8Array(2 + header.length + length);
  out.set([0xd8, 0x18, ...header]);
  out.set(content, 2 + header.length);
  return out;
}

function asMap(value: unknown, what: string): Map<unknown, unknown> {
  if (!(value instanceof Map)) throw malformed(`${what} is not a map`);
  return value;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}

function malformed(detail: string): CredentialError {
  return new CredentialError("MDOC_MALFORMED", detail);
}
