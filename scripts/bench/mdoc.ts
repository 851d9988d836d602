// The mdoc verification bench hook (issue 23): verifyDeviceResponse on an mDL presentation (6
// disclosed elements, an ES256 document signer under a test IACA, a device key of either kind,
// the redirect-flow SessionTranscript) against its raw floor: the IssuerAuth verify, the
// DeviceSignature verify and the SHA-256 digests of the disclosed items, keys imported once.
// Both are operations for measureInterleaved (verification.ts), e.g. in benchVerificationCore:
//   const mdoc = await mdocVerificationOps();
//   const m = await measureInterleaved({ ...sdJwtOps, mdoc: mdoc.ops.mdoc, mdocRaw: mdoc.ops.raw }, options);

import { base64urlDecode } from "#core/credentials/encoding.ts";
import { cborDecode, cborEncode, DataItem, DateOnly } from "#core/mdoc/codec.ts";
import type { MdocHandover } from "#core/mdoc/session-transcript.ts";
import { sessionTranscriptBytes } from "#core/mdoc/session-transcript.ts";
import { createTestIaca, type DeviceKeyKind, generateKey, issueMdoc, presentMdoc } from "#core/mdoc/test-helpers.ts";
import { coseSign1, verifyDeviceResponse } from "#core/mdoc/verify.ts";

const DOC_TYPE = "org.iso.18013.5.1.mDL";
const NS = "org.iso.18013.5.1";
const VALUES = {
  given_name: "Sarah",
  family_name: "Thompson",
  birth_date: new DateOnly("1988-06-14"),
  age_over_18: true,
  issuing_country: "GB",
  driving_privileges: [{ vehicle_category_code: "B", issue_date: new DateOnly("2010-06-01") }],
};
const CLAIMS = Object.keys(VALUES).map((element) => [NS, element] as const);

interface RawInput {
  issuer: { toBeSigned: Uint8Array; signature: Uint8Array };
  device: { toBeSigned: Uint8Array; signature: Uint8Array };
  items: Uint8Array[];
}

export interface MdocBench {
  ops: { mdoc: (call: number) => Promise<void>; raw: (call: number) => Promise<void> };
  /** The presentations cycled (each its own nonce and device signature) and the raw floor's inputs. */
  pool: { deviceResponse: string; handover: MdocHandover; raw: RawInput }[];
  responseBytes: number;
}

export async function mdocVerificationOps(options: { size?: number; device?: DeviceKeyKind } = {}): Promise<MdocBench> {
  const now = new Date();
  const iaca = await createTestIaca(now);
  const device = await generateKey(options.device ?? "Ed25519");
  const validity = { signed: now, validFrom: now, validUntil: new Date(now.getTime() + 86_400_000) };
  const pool: MdocBench["pool"] = [];
  for (let index = 0; index < (options.size ?? 16); index++) {
    const handover: MdocHandover = {
      flow: "redirect",
      clientId: "x509_hash:bench",
      nonce: `nonce-${index}`,
      jwkThumbprint: null,
      responseUri: "https://verifier.example/response",
    };
    const issuerSigned = await issueMdoc({
      iaca,
      docType: DOC_TYPE,
      nameSpaces: { [NS]: VALUES },
      devicePublicJwk: device.publicJwk,
      validity,
    });
    const deviceResponse = await presentMdoc({
      issuerSigned,
      docType: DOC_TYPE,
      claims: CLAIMS,
      handover,
      devicePrivateJwk: device.privateJwk,
    });
    pool.push({ deviceResponse, handover, raw: await rawInput(deviceResponse, handover) });
  }
  const importFor = (jwk: Record<string, unknown>) =>
    crypto.subtle.importKey(
      "jwk",
      jwk as JsonWebKey,
      jwk.kty === "OKP" ? { name: "Ed25519" } : { name: "ECDSA", namedCurve: "P-256" },
      false,
      ["verify"],
    );
  const issuerKey = await importFor(iaca.signerKey.publicJwk);
  const deviceKey = await importFor(device.publicJwk);
  const deviceAlgorithm = device.publicJwk.kty === "OKP" ? { name: "Ed25519" } : { name: "ECDSA", hash: "SHA-256" };
  return {
    pool,
    responseBytes: base64urlDecode(pool[0]!.deviceResponse).length,
    ops: {
      mdoc: async (call) => {
        const { deviceResponse, handover } = pool[call % pool.length]!;
        const result = await verifyDeviceResponse({
          deviceResponse,
          docType: DOC_TYPE,
          claims: CLAIMS,
          handover,
          roots: [iaca.root],
          now: new Date(),
        });
        if (!result.valid) throw new Error(`mdoc verification failed: ${result.code}`);
      },
      raw: async (call) => {
        const { issuer, device: deviceSigned, items } = pool[call % pool.length]!.raw;
        if (
          !(await crypto.subtle.verify(
            { name: "ECDSA", hash: "SHA-256" },
            issuerKey,
            bytes(issuer.signature),
            bytes(issuer.toBeSigned),
          ))
        )
          throw new Error("raw IssuerAuth verify failed");
        if (
          !(await crypto.subtle.verify(
            deviceAlgorithm,
            deviceKey,
            bytes(deviceSigned.signature),
            bytes(deviceSigned.toBeSigned),
          ))
        )
          throw new Error("raw DeviceSignature verify failed");
        for (const item of items) await crypto.subtle.digest("SHA-256", bytes(item));
      },
    },
  };
}

/** The bytes the two signatures cover and the items' digest inputs, taken out of the response once. */
async function rawInput(deviceResponse: string, handover: MdocHandover): Promise<RawInput> {
  const response = cborDecode<Map<string, unknown>>(base64urlDecode(deviceResponse));
  const document = (response.get("documents") as Map<string, unknown>[])[0]!;
  const issuerSigned = document.get("issuerSigned") as Map<string, unknown>;
  const issuerAuth = coseSign1(issuerSigned.get("issuerAuth"), "IssuerAuth");
  const deviceSigned = document.get("deviceSigned") as Map<string, unknown>;
  const deviceSignature = coseSign1(
    (deviceSigned.get("deviceAuth") as Map<string, unknown>).get("deviceSignature"),
    "deviceSignature",
  );
  const transcript = cborDecode<unknown>(await sessionTranscriptBytes(handover));
  const deviceAuthentication = cborEncode([
    "DeviceAuthentication",
    transcript,
    DOC_TYPE,
    deviceSigned.get("nameSpaces"),
  ]);
  const sigStructure = (protectedBytes: Uint8Array, payload: Uint8Array) =>
    cborEncode(["Signature1", protectedBytes, new Uint8Array(), payload]);
  const items = [...(issuerSigned.get("nameSpaces") as Map<string, DataItem[]>).values()].flat();
  return {
    issuer: {
      toBeSigned: sigStructure(issuerAuth.protectedBytes, issuerAuth.payload!),
      signature: issuerAuth.signature,
    },
    device: {
      toBeSigned: sigStructure(deviceSignature.protectedBytes, cborEncode(DataItem.fromBuffer(deviceAuthentication))),
      signature: deviceSignature.signature,
    },
    items: items.map((item) => cborEncode(item)),
  };
}

const bytes = (value: Uint8Array) => value as Uint8Array<ArrayBuffer>;
