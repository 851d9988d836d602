/**
 * Issuing the mobile driving licence as an mdoc (ISO/IEC 18013-5; issue 23, ADR 053): the DVLA's
 * record of a person becomes the mDL's data elements (section 7.2.1), signed into an IssuerSigned
 * structure by a document signer whose certificate chains to the IACA root (Annex B), bound to the
 * holder's key (the MSO's deviceKey), and returned as OpenID4VCI 1.0 Appendix A.2.4 carries it: the
 * base64url CBOR of the IssuerSigned.
 *
 * @owf/mdoc (a kept library, through codec.ts) builds the structure: the salted items, their
 * digests in the Mobile Security Object and the COSE_Sign1 over it. What goes in is decided here;
 * the signature is made with WebCrypto under the document signer's non-extractable key.
 */
import type { PublicJwk } from "#core/credentials/jws.ts";
import { base64Decode } from "#core/credentials/x509.ts";
import { MDOC_DOCTYPES } from "#core/issuance/endpoints.ts";
import { AUTHORITIES } from "#core/issuers/registry.ts";
import type { MDL_CLAIM_MESSAGES } from "#core/issuers/type-messages.ts";
import { ageEqualOrOver } from "#core/verification/checks.ts";
import { CoseKey, DateOnly, DeviceKey, Issuer, type MdocContext, SignatureAlgorithm } from "./codec.ts";

/** ISO/IEC 18013-5 section 7.2.1: the mDL's doctype and the namespace of its data elements. */
export const MDL_DOCTYPE = MDOC_DOCTYPES.driving_licence!;
export const MDL_NAMESPACE = "org.iso.18013.5.1";

/**
 * The elements we issue, in the order a wallet lists them (MDL_CLAIM_MESSAGES, which the issuer
 * metadata names): Table 5's mandatory elements but the portrait, since the DVLA's record here
 * holds no photograph and one is not made up (ADR 053). The issuing country is GB (ISO 3166-1
 * alpha-2), its distinguishing sign UK (the UN sign since 2021).
 */
type MdlElement = keyof typeof MDL_CLAIM_MESSAGES;

/** What the DVLA's driving licence record holds (db/demo-records.ts; the assisted session's records too). */
export interface DrivingLicenceRecord {
  attributes: Record<string, unknown>;
  validUntil: Date;
}

/** A record that lacks what an mDL must state: the endpoint refuses to issue rather than issue a partial licence. */
export class LicenceRecordIncomplete extends Error {
  override name = "LicenceRecordIncomplete";
}

const FULL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function text(attributes: Record<string, unknown>, name: string): string {
  const value = attributes[name];
  if (typeof value !== "string" || value.length === 0) throw new LicenceRecordIncomplete(`the record has no ${name}`);
  return value;
}

/**
 * The mDL's data elements from the DVLA's record, as of `now` (the issue date; the age attestations
 * hold on that day). driving_privileges lists each category the licence carries by its code
 * (section 7.2.4); the record holds no per-category dates, so none are stated.
 */
export function mdlElements(record: DrivingLicenceRecord, now: Date): Record<MdlElement, unknown> {
  const { attributes } = record;
  const birthdate = text(attributes, "birthdate");
  const ages = FULL_DATE.test(birthdate) ? ageEqualOrOver(birthdate, now) : undefined;
  if (!ages) throw new LicenceRecordIncomplete("the record's date of birth is not a full date");
  const categories = attributes.categories;
  if (!Array.isArray(categories) || categories.some((code) => typeof code !== "string" || code.length === 0))
    throw new LicenceRecordIncomplete("the record's categories are not a list of codes");
  const expiry = typeof attributes.expiryDate === "string" ? attributes.expiryDate : isoDay(record.validUntil);
  if (!FULL_DATE.test(expiry)) throw new LicenceRecordIncomplete("the record's expiry date is not a full date");
  return {
    family_name: text(attributes, "family_name"),
    given_name: text(attributes, "given_name"),
    birth_date: new DateOnly(birthdate),
    issue_date: new DateOnly(isoDay(now)),
    expiry_date: new DateOnly(expiry),
    issuing_country: "GB",
    issuing_authority: AUTHORITIES.dvla.name,
    document_number: text(attributes, "licenceNumber"),
    driving_privileges: (categories as string[]).map((code) => ({ vehicle_category_code: code })),
    un_distinguishing_sign: "UK",
    age_over_18: ages["18"] === true,
    age_over_21: ages["21"] === true,
  };
}

/** The document signer (ADR 053): its P-256 private key and its certificate chain, leaf first, the IACA root left out. */
export interface DocumentSigner {
  privateKey: CryptoKey;
  publicJwk: PublicJwk;
  /** base64 DER, leaf first (the x5chain header, COSE label 33). */
  x5chain: readonly string[];
  /** When the signer's certificate ends: a verifier checks the chain when the mdoc is shown, so no mdoc outlives it. */
  notAfter: Date;
}

/** The holder keys a device key may be (the proof's key): P-256 (ES256) or Ed25519 (EdDSA). */
function deviceKeyOf(jwk: PublicJwk): DeviceKey {
  if (jwk.kty === "EC" && jwk.crv === "P-256" && typeof jwk.x === "string" && typeof jwk.y === "string")
    return DeviceKey.fromJwk({ kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y });
  if (jwk.kty === "OKP" && jwk.crv === "Ed25519" && typeof jwk.x === "string")
    return DeviceKey.fromJwk({ kty: "OKP", crv: "Ed25519", x: jwk.x });
  throw new TypeError("a device key must be P-256 or Ed25519");
}

export interface IssueMdlInput {
  elements: Record<string, unknown>;
  signer: DocumentSigner;
  holderJwk: PublicJwk;
  /** The MSO's validityInfo: signed now, valid from now until the licence's own end. */
  validity: { signed: Date; validFrom: Date; validUntil: Date };
}

/** One mDL for one holder key: the IssuerSigned as OpenID4VCI 1.0 Appendix A.2.4 returns it (base64url CBOR). */
export async function issueMdl(input: IssueMdlInput): Promise<string> {
  const { signer } = input;
  // Only the issuer's side of the library is used: random salts, digests and one signature.
  const context: Pick<MdocContext, "crypto" | "cose"> = {
    crypto: {
      random: (length) => crypto.getRandomValues(new Uint8Array(length)),
      digest: async ({ digestAlgorithm, bytes }) =>
        new Uint8Array(await crypto.subtle.digest(digestAlgorithm, bytes as Uint8Array<ArrayBuffer>)),
      calculateEphemeralMacKey: () => {
        throw new Error("not used in issuance");
      },
    },
    cose: {
      sign1: {
        sign: async ({ toBeSigned }) =>
          new Uint8Array(
            await crypto.subtle.sign(
              { name: "ECDSA", hash: "SHA-256" },
              signer.privateKey,
              toBeSigned as Uint8Array<ArrayBuffer>,
            ),
          ),
        verify: () => {
          throw new Error("not used in issuance");
        },
      },
      mac0: {
        sign: () => {
          throw new Error("not used in issuance");
        },
        verify: () => {
          throw new Error("not used in issuance");
        },
      },
    },
  };
  const issuer = new Issuer(MDL_DOCTYPE, context).addIssuerNamespace(MDL_NAMESPACE, input.elements);
  const issuerSigned = await issuer.sign({
    // The public half names the algorithm; the signature itself is the callback's, with the private key.
    signingKey: CoseKey.fromJwk({ ...signer.publicJwk, alg: "ES256" }),
    algorithm: SignatureAlgorithm.ES256,
    digestAlgorithm: "SHA-256",
    validityInfo: input.validity,
    deviceKeyInfo: { deviceKey: deviceKeyOf(input.holderJwk) },
    certificates: signer.x5chain.map(base64Decode),
  });
  return issuerSigned.encodedForOid4Vci;
}
