/**
 * Test support: @openid4vc/openid4vp as the citizen's wallet, in process (its fetch goes to the
 * verifier worker's Hono app). The library leaves the verifier_attestation client checks to the
 * wallet's verifyJwt callback, so the callback here does what a wallet must (OID4VP 1.0 sections
 * 5.9.3 and 12): the attestation's typ, its signature by a key the platform publishes, its expiry,
 * its sub against the client_id, and the request object signed by the key the attestation names.
 * For x509_hash requests (ADR 051) the library checks the client_id against the leaf's hash itself;
 * the callback checks the x5c chain to the platform's root with another independent library,
 * @peculiar/x509, as a HAIP wallet does.
 */
import { env } from "cloudflare:test";

import type { CallbackContext, Jwk, VerifyJwtCallback } from "@openid4vc/oauth2";
import { SubjectAlternativeNameExtension, X509Certificate } from "@peculiar/x509";
import {
  CompactEncrypt,
  type CompactJWEHeaderParameters,
  compactVerify,
  decodeProtectedHeader,
  importJWK,
  type JWK,
  jwtVerify,
} from "jose";
import { ORIGIN, request } from "../test-support.ts";

export const PREFIX = "verifier_attestation:";

/** OID4VP 1.0 appendix B (mso_mdoc and dc+sd-jwt parameters): what every request object states it accepts, by these exact names. */
export const VP_FORMATS = {
  "dc+sd-jwt": { "sd-jwt_alg_values": ["EdDSA", "ES256"], "kb-jwt_alg_values": ["ES256", "EdDSA"] },
  mso_mdoc: { issuerauth_alg_values: [-7, -8, -19], deviceauth_alg_values: [-7, -8, -19] },
};

export interface Call {
  method: string;
  url: string;
}

/** The wallet's network: every URL must be the verifier's own origin and is answered by the worker in process. */
export function network() {
  const calls: Call[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== ORIGIN) throw new Error(`the wallet reached outside the verifier: ${url}`);
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    calls.push({ method, url: url.href });
    return request(`${url.pathname}${url.search}`, { ...init, method });
  };
  return { calls, fetch };
}

/** What the wallet trusts: the platform's published verifier keys, from GET /api/verifications/keys. */
async function trustAnchorKey(kid: string | undefined): Promise<JWK | undefined> {
  const { keys } = (await (await request("/api/verifications/keys")).json()) as { keys: JWK[] };
  return keys.find((key) => key.kid === kid);
}

/** The platform's root, as a HAIP wallet is configured with it (ISSUER_PUBLIC_KEYS.x509Roots). */
export const platformRoot = () => {
  const { x509Roots } = JSON.parse((env as unknown as { ISSUER_PUBLIC_KEYS: string }).ISSUER_PUBLIC_KEYS) as {
    x509Roots: string[];
  };
  return new X509Certificate(x509Roots[0]!);
};

/**
 * What a HAIP wallet checks of an x5c chain (HAIP 1.0 section 5): each certificate signed by the
 * next and valid now, the last by the trusted root, the root itself not in the chain, the leaf not
 * self-signed. Returns the leaf's key, which must have signed the request object.
 */
async function x5cChainedToRoot(x5c: readonly string[], now = new Date()): Promise<CryptoKey | undefined> {
  const chain = x5c.map((der) => new X509Certificate(der));
  const root = platformRoot();
  if (chain.length === 0 || chain.some((certificate) => certificate.equal(root))) return undefined;
  if (await chain[0]!.isSelfSigned()) return undefined;
  for (const [index, certificate] of chain.entries()) {
    const signer = chain[index + 1] ?? root;
    if (!(await certificate.verify({ publicKey: signer.publicKey, date: now }))) return undefined;
  }
  return chain[0]!.publicKey.export({ name: "ECDSA", namedCurve: "P-256" }, ["verify"]);
}

const verifyJwt: VerifyJwtCallback = async (signer, { header, payload, compact }) => {
  if (signer.method === "x5c") {
    const key = await x5cChainedToRoot(signer.x5c);
    if (!key) return { verified: false };
    await compactVerify(compact, key, { algorithms: ["ES256"] });
    return { verified: true, signerJwk: (await crypto.subtle.exportKey("jwk", key)) as Jwk };
  }
  const clientId = typeof payload.client_id === "string" ? payload.client_id : "";
  const attestation = (header as Record<string, unknown>).jwt;
  if (signer.method !== "custom" || !clientId.startsWith(PREFIX) || typeof attestation !== "string")
    return { verified: false };
  // 1. The attestation: typ, signed by a key the platform publishes, in date, from the trust anchor.
  const anchor = await trustAnchorKey(decodeProtectedHeader(attestation).kid);
  if (!anchor) return { verified: false };
  const { payload: attested } = await jwtVerify(attestation, await importJWK(anchor, "ES256"), {
    typ: "verifier-attestation+jwt",
    issuer: `${ORIGIN}/trust-anchor`,
    algorithms: ["ES256"],
    requiredClaims: ["iss", "sub", "exp", "cnf"],
  });
  // 2. It attests this client: sub is the client_id without its prefix.
  if (attested.sub !== clientId.slice(PREFIX.length)) return { verified: false };
  // 3. The request object is signed by the key the attestation names (proof of possession).
  const cnf = (attested.cnf as { jwk?: JWK } | undefined)?.jwk;
  if (!cnf) return { verified: false };
  await compactVerify(compact, await importJWK(cnf, "ES256"), { algorithms: ["ES256"] });
  return { verified: true, signerJwk: cnf as Jwk };
};

const unused = (name: string) => () => {
  throw new Error(`the ${name} callback is not used with a signed (not encrypted) request and an unsigned response`);
};

/** direct_post.jwt: the wallet encrypts its answer to the key the library chose from client_metadata.jwks. */
const encryptJwe: CallbackContext["encryptJwe"] = async (encryptor, data) => {
  if (encryptor.method !== "jwk") throw new Error("expected a JWK to encrypt to");
  const header: CompactJWEHeaderParameters = { alg: encryptor.alg, enc: encryptor.enc };
  if (encryptor.publicJwk.kid) header.kid = encryptor.publicJwk.kid;
  if (encryptor.apu) header.apu = encryptor.apu;
  if (encryptor.apv) header.apv = encryptor.apv;
  const jwe = await new CompactEncrypt(new TextEncoder().encode(data))
    .setProtectedHeader(header)
    .encrypt(await importJWK(encryptor.publicJwk as JWK, encryptor.alg));
  return { jwe, encryptionJwk: encryptor.publicJwk };
};

export function walletCallbacks(fetch: typeof globalThis.fetch) {
  return {
    fetch,
    verifyJwt,
    hash: async (data: Uint8Array, alg: string) =>
      new Uint8Array(await crypto.subtle.digest(alg.toUpperCase(), data as Uint8Array<ArrayBuffer>)),
    decryptJwe: unused("decryptJwe"),
    getX509CertificateMetadata: (certificate: string) => {
      const names =
        new X509Certificate(certificate).getExtension(SubjectAlternativeNameExtension)?.names.toJSON() ?? [];
      return {
        sanDnsNames: names.filter((name) => name.type === "dns").map((name) => name.value),
        sanUriNames: names.filter((name) => name.type === "url").map((name) => name.value),
      };
    },
    signJwt: unused("signJwt"),
    encryptJwe,
  } satisfies Pick<
    CallbackContext,
    "fetch" | "verifyJwt" | "hash" | "decryptJwe" | "signJwt" | "encryptJwe" | "getX509CertificateMetadata"
  >;
}
