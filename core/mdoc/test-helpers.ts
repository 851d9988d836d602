/**
 * Test support: @owf/mdoc as an independent ISSUER and HOLDER (its Issuer and Holder build the
 * IssuerSigned and the DeviceResponse; WebCrypto signs), a document signer chained to a test IACA
 * root made with core/credentials/certificates.ts.
 */
import {
  CoseKey,
  DeviceKey,
  DeviceRequest,
  DocRequest,
  Holder,
  Issuer,
  type IssuerSigned,
  ItemsRequest,
  type MdocContext,
  SessionTranscript,
  SignatureAlgorithm,
} from "@owf/mdoc";
import { createRootCertificate, issueCertificate } from "#core/credentials/certificates.ts";
import { base64urlEncode } from "#core/credentials/encoding.ts";
import { base64Decode } from "#core/credentials/x509.ts";
import type { MdocHandover } from "./session-transcript.ts";

export type DeviceKeyKind = "P-256" | "Ed25519";

const ALGORITHM = {
  "P-256": { generate: { name: "ECDSA", namedCurve: "P-256" }, sign: { name: "ECDSA", hash: "SHA-256" } },
  Ed25519: { generate: { name: "Ed25519" }, sign: { name: "Ed25519" } },
} as const;

function signAlgorithm(jwk: Record<string, unknown>) {
  return jwk.kty === "OKP" ? ALGORITHM.Ed25519 : ALGORITHM["P-256"];
}

/** The slice of MdocContext that issuing and presenting need, on WebCrypto. */
export const mdocContext: Pick<MdocContext, "crypto" | "cose"> = {
  crypto: {
    random: (length) => crypto.getRandomValues(new Uint8Array(length)),
    digest: async ({ digestAlgorithm, bytes }) =>
      new Uint8Array(await crypto.subtle.digest(digestAlgorithm, bytes as Uint8Array<ArrayBuffer>)),
    calculateEphemeralMacKey: () => {
      throw new Error("device MAC is not used by these tests");
    },
  },
  cose: {
    sign1: {
      sign: async ({ toBeSigned, key }) => {
        const jwk = key.jwk;
        const algorithm = signAlgorithm(jwk);
        const privateKey = await crypto.subtle.importKey("jwk", jwk as JsonWebKey, algorithm.generate, false, ["sign"]);
        return new Uint8Array(
          await crypto.subtle.sign(algorithm.sign, privateKey, toBeSigned as Uint8Array<ArrayBuffer>),
        );
      },
      verify: () => {
        throw new Error("the library's verifier is not used");
      },
    },
    mac0: {
      sign: () => {
        throw new Error("device MAC is not used by these tests");
      },
      verify: () => {
        throw new Error("device MAC is not used by these tests");
      },
    },
  },
};

export interface KeyPairJwk {
  publicJwk: Record<string, unknown>;
  privateJwk: Record<string, unknown>;
}

export async function generateKey(kind: DeviceKeyKind): Promise<KeyPairJwk & { keys: CryptoKeyPair }> {
  const keys = (await crypto.subtle.generateKey(ALGORITHM[kind].generate, true, ["sign", "verify"])) as CryptoKeyPair;
  // The COSE alg the library writes into the protected header comes from the key's JWK alg.
  const privateJwk: Record<string, unknown> = {
    ...((await crypto.subtle.exportKey("jwk", keys.privateKey)) as Record<string, unknown>),
    alg: kind === "P-256" ? "ES256" : "EdDSA",
  };
  const { d: _d, key_ops: _keyOps, ...publicJwk } = privateJwk;
  return { keys, publicJwk, privateJwk };
}

export interface TestIaca {
  root: string;
  signerCertificate: string;
  signerKey: KeyPairJwk;
}

/**
 * An IACA-like root and a document signer certificate from it, valid around `now`; the signer's
 * critical extendedKeyUsage as given (ISO 18013-5 Annex B.1.4 gives an mDL's signer mdlDS), none by default.
 */
export async function createTestIaca(
  now: Date,
  commonName = "Test IACA",
  options: { extendedKeyUsage?: readonly string[] } = {},
): Promise<TestIaca> {
  const rootKey = await generateKey("P-256");
  const signerKey = await generateKey("P-256");
  const notBefore = new Date(now.getTime() - 86_400_000);
  const notAfter = new Date(now.getTime() + 365 * 86_400_000);
  const root = await createRootCertificate({ commonName, keys: rootKey.keys, notBefore, notAfter });
  const signerCertificate = await issueCertificate({
    commonName: "Test document signer",
    organisation: "DVLA",
    subjectPublicKey: signerKey.keys.publicKey,
    issuer: { certificate: root, privateKey: rootKey.keys.privateKey },
    notBefore,
    notAfter,
    ...(options.extendedKeyUsage ? { extendedKeyUsage: options.extendedKeyUsage } : {}),
  });
  return { root, signerCertificate, signerKey };
}

export interface IssueInput {
  iaca: TestIaca;
  docType: string;
  nameSpaces: Record<string, Record<string, unknown>>;
  devicePublicJwk: Record<string, unknown>;
  validity: { signed: Date; validFrom: Date; validUntil: Date };
}

export async function issueMdoc(input: IssueInput): Promise<IssuerSigned> {
  const issuer = new Issuer(input.docType, mdocContext);
  for (const [namespace, values] of Object.entries(input.nameSpaces)) issuer.addIssuerNamespace(namespace, values);
  return issuer.sign({
    signingKey: CoseKey.fromJwk(input.iaca.signerKey.privateJwk),
    algorithm: SignatureAlgorithm.ES256,
    digestAlgorithm: "SHA-256",
    validityInfo: input.validity,
    deviceKeyInfo: { deviceKey: DeviceKey.fromJwk(input.devicePublicJwk) },
    certificates: [base64Decode(input.iaca.signerCertificate)],
  });
}

/** The holder's answer (base64url DeviceResponse) to a request for `claims` under `handover`. */
export async function presentMdoc(input: {
  issuerSigned: IssuerSigned;
  docType: string;
  claims: readonly (readonly [string, string])[];
  handover: MdocHandover;
  devicePrivateJwk: Record<string, unknown>;
}): Promise<string> {
  const namespaces: Record<string, Record<string, boolean>> = {};
  for (const [namespace, element] of input.claims) {
    namespaces[namespace] = { ...namespaces[namespace], [element]: false };
  }
  const deviceRequest = DeviceRequest.create({
    docRequests: [DocRequest.create({ itemsRequest: ItemsRequest.create({ docType: input.docType, namespaces }) })],
  });
  const { handover } = input;
  const thumbprint = handover.jwkThumbprint ?? undefined;
  const sessionTranscript =
    handover.flow === "redirect"
      ? await SessionTranscript.forOid4Vp(
          {
            clientId: handover.clientId,
            nonce: handover.nonce,
            responseUri: handover.responseUri,
            jwkThumbprint: thumbprint,
          },
          mdocContext,
        )
      : await SessionTranscript.forOid4VpDcApi(
          { origin: handover.origin, nonce: handover.nonce, jwkThumbprint: thumbprint },
          mdocContext,
        );
  const response = await Holder.createDeviceResponseForDeviceRequest(
    {
      deviceRequest,
      sessionTranscript,
      issuerSigned: [input.issuerSigned],
      signature: { signingKey: CoseKey.fromJwk(input.devicePrivateJwk) },
    },
    mdocContext,
  );
  return base64urlEncode(response.encode());
}

/**
 * @owf/mdoc's own verification of an IssuerSigned, as a wallet or a reader of somebody else's
 * making checks what it received: the chain (checked here by @peculiar/x509, not by our x509.ts),
 * the IssuerAuth signature, every item's digest, validityInfo, and issuing_country against the
 * certificate's country. Resolves with the failed checks' words; empty when the document holds.
 */
export async function independentIssuerSignedFailures(
  issuerSigned: IssuerSigned,
  options: { trustedRoots: readonly string[]; now: Date },
): Promise<string[]> {
  const { X509Certificate: Read } = await import("@peculiar/x509");
  const X509Certificate = class extends Read {
    constructor(der: Uint8Array) {
      super(der as Uint8Array<ArrayBuffer>);
    }
  };
  const verifyContext: Pick<MdocContext, "crypto" | "cose" | "x509"> = {
    crypto: mdocContext.crypto,
    cose: {
      ...mdocContext.cose,
      sign1: {
        ...mdocContext.cose.sign1,
        verify: async ({ key, sign1 }) => {
          const algorithm = signAlgorithm(key.jwk);
          const publicKey = await crypto.subtle.importKey("jwk", key.jwk as JsonWebKey, algorithm.generate, false, [
            "verify",
          ]);
          return crypto.subtle.verify(
            algorithm.sign,
            publicKey,
            sign1.signature as Uint8Array<ArrayBuffer>,
            sign1.toBeSigned as Uint8Array<ArrayBuffer>,
          );
        },
      },
    },
    x509: {
      getIssuerNameField: ({ certificate, field }) => new X509Certificate(certificate).issuerName.getField(field),
      getPublicKey: async ({ certificate }) => {
        const key = await new X509Certificate(certificate).publicKey.export();
        return CoseKey.fromJwk((await crypto.subtle.exportKey("jwk", key)) as Record<string, unknown>);
      },
      verifyCertificateChain: async ({ trustedCertificates, x5chain, now }) => {
        const [leaf, ...rest] = x5chain.map((der) => new X509Certificate(der));
        if (!leaf || rest.length > 0) throw new Error("one document signer certificate expected");
        for (const der of trustedCertificates) {
          const root = new X509Certificate(der);
          if (leaf.issuer === root.subject && (await leaf.verify({ publicKey: root.publicKey, date: now }))) return;
        }
        throw new Error("the document signer is not signed by a trusted root");
      },
      getCertificateData: async ({ certificate }) => {
        const read = new X509Certificate(certificate);
        return {
          issuerName: read.issuer,
          subjectName: read.subject,
          serialNumber: read.serialNumber,
          thumbprint: "",
          notBefore: read.notBefore,
          notAfter: read.notAfter,
          pem: read.toString("pem"),
        };
      },
    },
  };
  const failures: string[] = [];
  await issuerSigned.verify(
    {
      trustedCertificates: options.trustedRoots.map(base64Decode),
      now: options.now,
      verificationCallback: (check) => {
        if (check.status === "FAILED") failures.push(`${check.check}${check.reason ? `: ${check.reason}` : ""}`);
      },
    },
    verifyContext,
  );
  return failures;
}
