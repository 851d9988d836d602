import { IssuerSigned } from "@owf/mdoc";
import { beforeAll, describe, expect, it } from "vitest";
import { createRootCertificate, issueCertificate } from "#core/credentials/certificates.ts";
import { OID } from "#core/credentials/x509.ts";
import { DateOnly } from "./codec.ts";
import {
  type DocumentSigner,
  issueMdl,
  LicenceRecordIncomplete,
  MDL_DOCTYPE,
  MDL_NAMESPACE,
  mdlElements,
} from "./issue.ts";
import { type DeviceKeyKind, generateKey, independentIssuerSignedFailures, presentMdoc } from "./test-helpers.ts";
import { verifyDeviceResponse } from "./verify.ts";

const NOW = new Date("2026-11-29T10:00:00Z");
const DAY = 86_400_000;
const RECORD = {
  validUntil: new Date("2034-11-27T00:00:00Z"),
  attributes: {
    given_name: "Sarah",
    family_name: "Thompson",
    birthdate: "1990-04-12",
    licenceNumber: "THOMP954120S99AB",
    categories: ["AM", "B", "BE"],
    penaltyPoints: 0,
    age_over_18: true,
    expiryDate: "2034-11-27",
  },
};

let root: string;
let signer: DocumentSigner;

beforeAll(async () => {
  const pair = (keys = { name: "ECDSA", namedCurve: "P-256" }) =>
    crypto.subtle.generateKey(keys, true, ["sign", "verify"]) as Promise<CryptoKeyPair>;
  const [iaca, ds] = await Promise.all([pair(), pair()]);
  const validity = { notBefore: new Date(NOW.getTime() - DAY), notAfter: new Date(NOW.getTime() + 3650 * DAY) };
  root = await createRootCertificate({ commonName: "Test IACA", country: "GB", keys: iaca, ...validity });
  const certificate = await issueCertificate({
    commonName: "Test DVLA document signer",
    country: "GB",
    subjectPublicKey: ds.publicKey,
    issuer: { certificate: root, privateKey: iaca.privateKey },
    extendedKeyUsage: [OID.mdlDocumentSigner],
    ...validity,
  });
  const { kty, crv, x, y } = await crypto.subtle.exportKey("jwk", ds.publicKey);
  signer = {
    privateKey: ds.privateKey,
    publicJwk: { kty: kty!, crv, x, y },
    x5chain: [certificate],
    notAfter: validity.notAfter,
  };
});

describe("the mDL's data elements from the DVLA's record (ISO/IEC 18013-5 section 7.2.1)", () => {
  it("states the record, the issuing country and authority, and the age attestations on the issue date", () => {
    expect(mdlElements(RECORD, NOW)).toEqual({
      family_name: "Thompson",
      given_name: "Sarah",
      birth_date: new DateOnly("1990-04-12"),
      issue_date: new DateOnly("2026-11-29"),
      expiry_date: new DateOnly("2034-11-27"),
      issuing_country: "GB",
      issuing_authority: "Driver and Vehicle Licensing Agency",
      document_number: "THOMP954120S99AB",
      driving_privileges: [
        { vehicle_category_code: "AM" },
        { vehicle_category_code: "B" },
        { vehicle_category_code: "BE" },
      ],
      un_distinguishing_sign: "UK",
      age_over_18: true,
      age_over_21: true,
    });
    const seventeen = { ...RECORD, attributes: { ...RECORD.attributes, birthdate: "2009-11-30" } };
    expect(mdlElements(seventeen, NOW)).toMatchObject({ age_over_18: false, age_over_21: false });
  });

  it("refuses a record that lacks what a licence must state, rather than issue part of one", () => {
    for (const change of [
      { licenceNumber: undefined },
      { birthdate: "1990" },
      { categories: "B" },
      { given_name: "" },
    ]) {
      expect(() => mdlElements({ ...RECORD, attributes: { ...RECORD.attributes, ...change } }, NOW)).toThrow(
        LicenceRecordIncomplete,
      );
    }
  });
});

describe("issueMdl: an IssuerSigned for the holder's key", () => {
  const issue = async (device: DeviceKeyKind) => {
    const holder = await generateKey(device);
    const encoded = await issueMdl({
      elements: mdlElements(RECORD, NOW),
      signer,
      holderJwk: holder.publicJwk as { kty: string },
      validity: { signed: NOW, validFrom: NOW, validUntil: RECORD.validUntil },
    });
    return { holder, encoded, issuerSigned: IssuerSigned.fromEncodedForOid4Vci(encoded) };
  };

  it("holds for @owf/mdoc's own verifier: chain, signature, digests, validity, issuing country", async () => {
    const { encoded, issuerSigned } = await issue("P-256");
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await independentIssuerSignedFailures(issuerSigned, { trustedRoots: [root], now: NOW })).toEqual([]);
    expect(issuerSigned.issuerAuth.mobileSecurityObject.docType).toBe(MDL_DOCTYPE);
    expect(issuerSigned.getPrettyClaims(MDL_NAMESPACE)).toMatchObject({ document_number: "THOMP954120S99AB" });
    // Another root: the same document does not hold.
    const other = await createRootCertificate({
      commonName: "Other IACA",
      country: "GB",
      keys: (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
        "sign",
        "verify",
      ])) as CryptoKeyPair,
      notBefore: new Date(NOW.getTime() - DAY),
      notAfter: new Date(NOW.getTime() + DAY),
    });
    expect(await independentIssuerSignedFailures(issuerSigned, { trustedRoots: [other], now: NOW })).not.toEqual([]);
  });

  for (const device of ["P-256", "Ed25519"] as const) {
    it(`is bound to a ${device} holder key: the holder presents it and our verifier accepts it`, async () => {
      const { holder, issuerSigned } = await issue(device);
      const handover = {
        flow: "dc_api" as const,
        origin: "https://verifier.example",
        nonce: "n-1",
        jwkThumbprint: null,
      };
      const claims = [
        [MDL_NAMESPACE, "age_over_18"],
        [MDL_NAMESPACE, "driving_privileges"],
      ] as const;
      const deviceResponse = await presentMdoc({
        issuerSigned,
        docType: MDL_DOCTYPE,
        claims,
        handover,
        devicePrivateJwk: holder.privateJwk,
      });
      const verified = await verifyDeviceResponse({
        deviceResponse,
        docType: MDL_DOCTYPE,
        claims,
        handover,
        roots: [root],
        now: new Date(NOW.getTime() + 1000),
      });
      expect(verified).toMatchObject({
        valid: true,
        elements: {
          [MDL_NAMESPACE]: { age_over_18: true, driving_privileges: [{ vehicle_category_code: "AM" }, {}, {}] },
        },
        validity: { validUntil: RECORD.validUntil },
      });
    });
  }

  it("refuses a holder key of another curve", async () => {
    const p384 = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-384" }, true, [
      "sign",
    ])) as CryptoKeyPair;
    const { kty, crv, x, y } = await crypto.subtle.exportKey("jwk", p384.publicKey);
    await expect(
      issueMdl({
        elements: mdlElements(RECORD, NOW),
        signer,
        holderJwk: { kty: kty!, crv, x, y },
        validity: { signed: NOW, validFrom: NOW, validUntil: RECORD.validUntil },
      }),
    ).rejects.toThrow(/P-256 or Ed25519/);
  });
});
