import { cborDecode, cborEncode, DateOnly } from "@owf/mdoc";
import { beforeAll, describe, expect, it } from "vitest";
import { base64urlDecode, base64urlEncode } from "#core/credentials/encoding.ts";
import type { MdocHandover } from "./session-transcript.ts";
import {
  createTestIaca,
  type DeviceKeyKind,
  generateKey,
  type IssueInput,
  issueMdoc,
  type KeyPairJwk,
  presentMdoc,
  type TestIaca,
} from "./test-helpers.ts";
import { type VerifyDeviceResponseInput, verifyDeviceResponse } from "./verify.ts";

const NOW = new Date("2026-11-29T10:00:00Z");
const DAY = 86_400_000;
const MDL = "org.iso.18013.5.1.mDL";
const MDL_NS = "org.iso.18013.5.1";
const PID = "eu.europa.ec.eudi.pid.1";

const MDL_VALUES = {
  given_name: "Ada",
  family_name: "Lovelace",
  birth_date: new DateOnly("1990-05-01"),
  age_over_18: true,
  issuing_country: "GB",
  driving_privileges: [
    { vehicle_category_code: "B", issue_date: new DateOnly("2010-06-01"), expiry_date: new DateOnly("2030-06-01") },
  ],
};
const MDL_CLAIMS = Object.keys(MDL_VALUES).map((element) => [MDL_NS, element] as const);
const PID_VALUES = {
  given_name: "Ada",
  family_name: "Lovelace",
  birth_date: new DateOnly("1990-05-01"),
  age_over_18: true,
};
const PID_CLAIMS = Object.keys(PID_VALUES).map((element) => [PID, element] as const);

const REDIRECT: MdocHandover = {
  flow: "redirect",
  clientId: "x509_hash:Uvo3HtuIxuhC92rShpgqcT3YXwrqRxWEviRiA0OZszk",
  nonce: "nonce-1",
  jwkThumbprint: Uint8Array.from({ length: 32 }, (_, index) => index),
  responseUri: "https://verifier.example/response",
};
const DC_API: MdocHandover = {
  flow: "dc_api",
  origin: "https://verifier.example",
  nonce: "nonce-2",
  jwkThumbprint: null,
};

let iaca: TestIaca;
let otherIaca: TestIaca;
const devices = {} as Record<DeviceKeyKind, KeyPairJwk>;

beforeAll(async () => {
  [iaca, otherIaca, devices["P-256"], devices.Ed25519] = await Promise.all([
    createTestIaca(NOW),
    createTestIaca(NOW, "Other IACA"),
    generateKey("P-256"),
    generateKey("Ed25519"),
  ]);
});

interface Scenario {
  docType?: string;
  nameSpaces?: IssueInput["nameSpaces"];
  claims?: readonly (readonly [string, string])[];
  device?: DeviceKeyKind;
  /** The key the holder signs with (another than the MSO's to test key binding). */
  signingDevice?: KeyPairJwk;
  handover?: MdocHandover;
  validity?: IssueInput["validity"];
  issuer?: TestIaca;
}

async function present(scenario: Scenario = {}): Promise<string> {
  const docType = scenario.docType ?? MDL;
  const device = devices[scenario.device ?? "P-256"];
  const issuerSigned = await issueMdoc({
    iaca: scenario.issuer ?? iaca,
    docType,
    nameSpaces: scenario.nameSpaces ?? { [MDL_NS]: MDL_VALUES },
    devicePublicJwk: device.publicJwk,
    validity: scenario.validity ?? { signed: NOW, validFrom: NOW, validUntil: new Date(NOW.getTime() + 30 * DAY) },
  });
  return presentMdoc({
    issuerSigned,
    docType,
    claims: scenario.claims ?? MDL_CLAIMS,
    handover: scenario.handover ?? REDIRECT,
    devicePrivateJwk: (scenario.signingDevice ?? device).privateJwk,
  });
}

function verify(deviceResponse: string, overrides: Partial<VerifyDeviceResponseInput> = {}) {
  return verifyDeviceResponse({
    deviceResponse,
    docType: MDL,
    claims: MDL_CLAIMS,
    handover: REDIRECT,
    roots: [iaca.root],
    now: NOW,
    ...overrides,
  });
}

/** Decodes the response, lets `change` edit the raw CBOR, encodes it again. */
function tamper(token: string, change: (document: Map<string, unknown>) => void): string {
  const response = cborDecode<Map<string, unknown>>(base64urlDecode(token));
  change((response.get("documents") as Map<string, unknown>[])[0]!);
  return base64urlEncode(cborEncode(response));
}

const issuerAuthOf = (document: Map<string, unknown>) =>
  (document.get("issuerSigned") as Map<string, unknown>).get("issuerAuth") as unknown[];

describe("verifyDeviceResponse: responses @owf/mdoc builds as issuer and holder", () => {
  it("verifies an mDL (ES256 device key, redirect flow) and returns every requested value decoded", async () => {
    const result = await verify(await present());
    expect(result).toEqual({
      valid: true,
      docType: MDL,
      elements: {
        [MDL_NS]: {
          given_name: "Ada",
          family_name: "Lovelace",
          birth_date: { fullDate: "1990-05-01" },
          age_over_18: true,
          issuing_country: "GB",
          driving_privileges: [
            {
              vehicle_category_code: "B",
              issue_date: { fullDate: "2010-06-01" },
              expiry_date: { fullDate: "2030-06-01" },
            },
          ],
        },
      },
      issuer: { subject: "CN=Test document signer, O=DVLA", root: iaca.root },
      validity: { signed: NOW, validFrom: NOW, validUntil: new Date(NOW.getTime() + 30 * DAY) },
    });
  });

  it("verifies an mDL with an EdDSA device key over the Digital Credentials API handover", async () => {
    const token = await present({ device: "Ed25519", handover: DC_API });
    const result = await verify(token, { handover: DC_API });
    expect(result).toMatchObject({ valid: true, elements: { [MDL_NS]: { age_over_18: true } } });
  });

  it("verifies an EU PID for both handovers and both device keys, disclosing only what was asked", async () => {
    for (const [device, handover] of [
      ["Ed25519", REDIRECT],
      ["P-256", DC_API],
    ] as const) {
      const token = await present({
        docType: PID,
        nameSpaces: { [PID]: { ...PID_VALUES, nationality: "GB" } },
        claims: [[PID, "age_over_18"]],
        device,
        handover,
      });
      const result = await verify(token, { docType: PID, claims: [[PID, "age_over_18"]], handover });
      expect(result).toEqual(expect.objectContaining({ valid: true, elements: { [PID]: { age_over_18: true } } }));
    }
    const full = await present({ docType: PID, nameSpaces: { [PID]: PID_VALUES }, claims: PID_CLAIMS });
    expect(await verify(full, { docType: PID, claims: PID_CLAIMS })).toMatchObject({
      valid: true,
      elements: { [PID]: { given_name: "Ada", family_name: "Lovelace", birth_date: { fullDate: "1990-05-01" } } },
    });
  });

  it("decodes a tdate, numbers and bytes", async () => {
    const values = { issue_date: new Date("2026-01-02T03:04:05Z"), height: 175, portrait: Uint8Array.from([1, 2, 3]) };
    const claims = Object.keys(values).map((element) => [MDL_NS, element] as const);
    const result = await verify(await present({ nameSpaces: { [MDL_NS]: values }, claims }), { claims });
    expect(result).toMatchObject({
      valid: true,
      elements: {
        [MDL_NS]: {
          issue_date: { dateTime: "2026-01-02T03:04:05.000Z" },
          height: 175,
          portrait: Uint8Array.from([1, 2, 3]),
        },
      },
    });
  });
});

describe("verifyDeviceResponse: each refusal has its own code", () => {
  let token: string;
  beforeAll(async () => {
    token = await present();
  });

  it("re-encoding an untouched response keeps it valid (so the tampering below changes only what it says)", async () => {
    expect(await verify(tamper(token, () => {}))).toMatchObject({ valid: true });
  });

  it("MDOC_DOCTYPE_MISMATCH: a document other than the one asked", async () => {
    expect(await verify(token, { docType: PID })).toMatchObject({ valid: false, code: "MDOC_DOCTYPE_MISMATCH" });
  });

  it("MDOC_DOCTYPE_MISMATCH: a document whose doctype differs from the one its issuer signed", async () => {
    const relabelled = tamper(token, (document) => document.set("docType", PID));
    expect(await verify(relabelled, { docType: PID })).toMatchObject({ valid: false, code: "MDOC_DOCTYPE_MISMATCH" });
  });

  it("MDOC_ISSUER_UNTRUSTED: a document signer chained to a root not trusted here", async () => {
    expect(await verify(token, { roots: [otherIaca.root] })).toMatchObject({
      valid: false,
      code: "MDOC_ISSUER_UNTRUSTED",
    });
  });

  it("MDOC_ISSUER_UNTRUSTED: an mDL whose signer's extendedKeyUsage names a purpose other than mdlDS (ADR 053)", async () => {
    const MDL_DS = "1.0.18013.5.1.2";
    const [mdlSigner, otherPurpose] = await Promise.all([
      createTestIaca(NOW, "mdlDS IACA", { extendedKeyUsage: [MDL_DS] }),
      createTestIaca(NOW, "Client auth IACA", { extendedKeyUsage: ["1.3.6.1.5.5.7.3.2"] }),
    ]);
    expect(await verify(await present({ issuer: mdlSigner }), { roots: [mdlSigner.root] })).toMatchObject({
      valid: true,
    });
    expect(await verify(await present({ issuer: otherPurpose }), { roots: [otherPurpose.root] })).toMatchObject({
      valid: false,
      code: "MDOC_ISSUER_UNTRUSTED",
      detail: "CERTIFICATE_INVALID: the leaf's extendedKeyUsage does not name the purpose required",
    });
    // ISO 18013-5 gives no purpose for another doctype's signer: a PID's is not held to mdlDS.
    const pid = await present({
      issuer: otherPurpose,
      docType: PID,
      nameSpaces: { [PID]: PID_VALUES },
      claims: PID_CLAIMS,
    });
    expect(await verify(pid, { docType: PID, claims: PID_CLAIMS, roots: [otherPurpose.root] })).toMatchObject({
      valid: true,
    });
  });

  it("MDOC_ISSUER_UNTRUSTED: no x5chain at all", async () => {
    const bare = tamper(token, (document) => (issuerAuthOf(document)[1] as Map<number, unknown>).delete(33));
    expect(await verify(bare)).toMatchObject({ valid: false, code: "MDOC_ISSUER_UNTRUSTED" });
  });

  it("MDOC_ISSUER_SIGNATURE: one bit of the IssuerAuth signature flipped", async () => {
    const flipped = tamper(token, (document) => {
      const signature = issuerAuthOf(document)[3] as Uint8Array;
      signature[10]! ^= 1;
    });
    expect(await verify(flipped)).toMatchObject({ valid: false, code: "MDOC_ISSUER_SIGNATURE" });
  });

  it("MDOC_ISSUER_SIGNATURE: a trusted signer's certificate on an MSO another key signed", async () => {
    const foreign = await present({ issuer: otherIaca });
    const grafted = tamper(foreign, (document) => {
      (issuerAuthOf(document)[1] as Map<number, unknown>).set(33, base64urlDecode(toBase64url(iaca.signerCertificate)));
    });
    expect(await verify(grafted)).toMatchObject({ valid: false, code: "MDOC_ISSUER_SIGNATURE" });
  });

  it("MDOC_ISSUER_SIGNATURE: an MSO signed before its signer's certificate was valid", async () => {
    // The test signer's certificate starts a day before NOW.
    const early = new Date(NOW.getTime() - 2 * DAY);
    const token = await present({
      validity: { signed: early, validFrom: early, validUntil: new Date(NOW.getTime() + DAY) },
    });
    expect(await verify(token)).toMatchObject({ valid: false, code: "MDOC_ISSUER_SIGNATURE" });
  });

  it("MDOC_DIGEST_MISMATCH: a disclosed value changed after issuance", async () => {
    const bytes = base64urlDecode(token);
    const at = indexOf(bytes, new TextEncoder().encode("Lovelace"));
    bytes[at] = "D".charCodeAt(0);
    expect(await verify(base64urlEncode(bytes))).toMatchObject({ valid: false, code: "MDOC_DIGEST_MISMATCH" });
  });

  it("MDOC_NOT_YET_VALID and MDOC_EXPIRED: validityInfo against the clock", async () => {
    const later = {
      signed: NOW,
      validFrom: new Date(NOW.getTime() + DAY),
      validUntil: new Date(NOW.getTime() + 2 * DAY),
    };
    expect(await verify(await present({ validity: later }))).toMatchObject({
      valid: false,
      code: "MDOC_NOT_YET_VALID",
    });
    expect(await verify(token, { now: new Date(NOW.getTime() + 30 * DAY) })).toMatchObject({
      valid: false,
      code: "MDOC_EXPIRED",
    });
    expect(await verify(token, { now: new Date(NOW.getTime() + 30 * DAY - 1000) })).toMatchObject({ valid: true });
  });

  it("MDOC_ELEMENT_MISSING: an element asked for but not disclosed", async () => {
    const partial = await present({ claims: [[MDL_NS, "age_over_18"]] });
    expect(
      await verify(partial, {
        claims: [
          [MDL_NS, "age_over_18"],
          [MDL_NS, "given_name"],
        ],
      }),
    ).toMatchObject({
      valid: false,
      code: "MDOC_ELEMENT_MISSING",
    });
  });

  it("MDOC_DEVICE_SIGNATURE: a response for another nonce, client_id, response_uri, origin or thumbprint", async () => {
    const others: MdocHandover[] = [
      { ...REDIRECT, nonce: "nonce-other" },
      { ...REDIRECT, clientId: "x509_hash:other" },
      { ...REDIRECT, responseUri: "https://attacker.example/response" },
      { ...REDIRECT, jwkThumbprint: null },
      DC_API,
    ];
    for (const handover of others)
      expect(await verify(token, { handover })).toMatchObject({ valid: false, code: "MDOC_DEVICE_SIGNATURE" });
    const dcApiToken = await present({ handover: DC_API });
    expect(await verify(dcApiToken, { handover: { ...DC_API, origin: "https://attacker.example" } })).toMatchObject({
      valid: false,
      code: "MDOC_DEVICE_SIGNATURE",
    });
  });

  it("MDOC_DEVICE_SIGNATURE: signed by a key other than the MSO's device key", async () => {
    const stranger = await present({ device: "P-256", signingDevice: devices.Ed25519 });
    expect(await verify(stranger)).toMatchObject({ valid: false, code: "MDOC_DEVICE_SIGNATURE" });
  });

  it("MDOC_DEVICE_MAC_UNSUPPORTED: device authentication by MAC", async () => {
    const mac = tamper(token, (document) => {
      const deviceSigned = document.get("deviceSigned") as Map<string, unknown>;
      const signature = (deviceSigned.get("deviceAuth") as Map<string, unknown>).get("deviceSignature");
      deviceSigned.set("deviceAuth", new Map([["deviceMac", signature]]));
    });
    expect(await verify(mac)).toMatchObject({ valid: false, code: "MDOC_DEVICE_MAC_UNSUPPORTED" });
  });

  it("INVALID_ARGUMENT: a caller's mistake (claims not pairs, a handover of no known flow) is not blamed on the wallet", async () => {
    expect(await verify(token, { claims: [["only-namespace"]] as never })).toMatchObject({
      valid: false,
      code: "INVALID_ARGUMENT",
    });
    expect(await verify(token, { handover: { ...REDIRECT, flow: "qr" } as never })).toMatchObject({
      valid: false,
      code: "INVALID_ARGUMENT",
    });
  });

  it("MDOC_MALFORMED: two documents, or none", async () => {
    const response = cborDecode<Map<string, unknown>>(base64urlDecode(token));
    const documents = response.get("documents") as unknown[];
    response.set("documents", [documents[0], documents[0]]);
    expect(await verify(base64urlEncode(cborEncode(response)))).toMatchObject({ valid: false, code: "MDOC_MALFORMED" });
    response.set("documents", []);
    expect(await verify(base64urlEncode(cborEncode(response)))).toMatchObject({ valid: false, code: "MDOC_MALFORMED" });
  });
});

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let index = 0; index < needle.length; index++) if (haystack[start + index] !== needle[index]) continue outer;
    return start;
  }
  throw new Error("not found");
}

function toBase64url(base64: string): string {
  return base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
