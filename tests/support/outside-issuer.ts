/**
 * An SD-JWT VC issuer outside the platform, for tests (issue 23, ADR 052): an EU PID provider of
 * the test's own, with a P-256 root and a leaf certificate naming its issuer URL, that signs PIDs
 * in SD-JWT VC form (vct urn:eudi:pid:1, claims per the PID Rulebook) with @sd-jwt/core, not with
 * the platform's issuing code; and its holder, who presents one with a KB-JWT.
 */
import { SDJwtInstance } from "@sd-jwt/core";
import { createRootCertificate, issueCertificate } from "#core/credentials/certificates.ts";
import type { CheckType } from "#core/verification/checks.ts";
import { trustListEntries } from "#db/schema/index.ts";
import { db } from "./workerd-database.ts";

const DAY = 86_400_000;
const P256 = { name: "ECDSA", namedCurve: "P-256" } as const;
export const PID_VCT = "urn:eudi:pid:1";

const b64url = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes as ArrayBuffer).toString("base64url");
const es256 = (key: CryptoKey) => async (input: string) =>
  b64url(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, new TextEncoder().encode(input)));
const hasher = async (data: string | ArrayBuffer) =>
  new Uint8Array(
    await crypto.subtle.digest("SHA-256", typeof data === "string" ? new TextEncoder().encode(data) : data),
  );
const saltGenerator = (length: number) => b64url(crypto.getRandomValues(new Uint8Array(length)));

export interface OutsideIssuer {
  /** The root (base64 DER) and the name its trust list entry has, if listed. */
  root: string;
  name: string;
  iss: string;
  /** The leaf certificate (base64 DER) and its key. */
  leaf: string;
  leafKey: CryptoKey;
  commonName: string;
}

/** A root of its own, and a leaf under it for `uris` (the issuer URL unless said). */
export async function createOutsideIssuer(options: { uris?: string[] } = {}): Promise<OutsideIssuer> {
  const tag = crypto.randomUUID().slice(0, 8);
  const now = Date.now();
  const rootKeys = (await crypto.subtle.generateKey(P256, false, ["sign", "verify"])) as CryptoKeyPair;
  const root = await createRootCertificate({
    commonName: `Test PID Root ${tag}`,
    organisation: "Test Member State",
    keys: rootKeys,
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + 365 * DAY),
  });
  const leafKeys = (await crypto.subtle.generateKey(P256, false, ["sign", "verify"])) as CryptoKeyPair;
  const iss = `https://pid-provider-${tag}.example`;
  const commonName = `Test PID Provider ${tag}`;
  const leaf = await issueCertificate({
    commonName,
    organisation: "Test Member State",
    subjectPublicKey: leafKeys.publicKey,
    issuer: { certificate: root, privateKey: rootKeys.privateKey },
    uris: options.uris ?? [iss],
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + 180 * DAY),
  });
  return { root, name: `Test PID Root ${tag}`, iss, leaf, leafKey: leafKeys.privateKey, commonName };
}

/** The issuer's root on the trust list, in `state`, for `checks` (as the seed and tests insert entries). */
export async function listOutsideIssuer(
  issuer: OutsideIssuer,
  checks: CheckType[],
  state: "proposed" | "active" | "retired" = "active",
): Promise<string> {
  const [row] = await db()
    .insert(trustListEntries)
    .values({ kind: "sd_jwt_vc_issuer_certificate", certificate: issuer.root, name: issuer.name, checks, state })
    .returning({ id: trustListEntries.id });
  return row!.id;
}

export interface Holder {
  publicJwk: JsonWebKey;
  privateKey: CryptoKey;
}

export async function createHolder(): Promise<Holder> {
  const keys = (await crypto.subtle.generateKey(P256, true, ["sign", "verify"])) as CryptoKeyPair;
  const { kty, crv, x, y } = await crypto.subtle.exportKey("jwk", keys.publicKey);
  return { publicJwk: { kty, crv, x, y }, privateKey: keys.privateKey };
}

/**
 * A PID in SD-JWT VC form (PID Rulebook): names, birthdate and nationalities selectively
 * disclosable, each age_equal_or_over threshold too; `iss` and `extra` claims as given.
 */
export async function issuePid(
  issuer: OutsideIssuer,
  holder: Holder,
  options: { iss?: string; extra?: Record<string, unknown>; ageOver18?: boolean } = {},
): Promise<string> {
  const sdjwt = new SDJwtInstance({ signer: es256(issuer.leafKey), signAlg: "ES256", hasher, saltGenerator });
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: options.iss ?? issuer.iss,
    vct: PID_VCT,
    iat: now - 60,
    exp: now + 30 * 86_400,
    cnf: { jwk: holder.publicJwk },
    given_name: "Ada",
    family_name: "Lovelace",
    birthdate: "1990-05-01",
    nationalities: ["FR"],
    age_equal_or_over: { "18": options.ageOver18 ?? true, "21": options.ageOver18 ?? true },
    ...options.extra,
  };
  const frame = {
    _sd: ["given_name", "family_name", "birthdate", "nationalities"],
    age_equal_or_over: { _sd: ["18", "21"] },
  };
  return sdjwt.issue(payload, frame as never, { header: { typ: "dc+sd-jwt", x5c: [issuer.leaf] } });
}

/** The holder's presentation of `paths` ("age_equal_or_over.18", "given_name"), key-bound to `aud` and `nonce`. */
export async function presentPid(
  sdJwt: string,
  holder: Holder,
  paths: readonly string[],
  binding: { aud: string; nonce: string } | null,
): Promise<string> {
  const sdjwt = new SDJwtInstance({ hasher, kbSigner: es256(holder.privateKey), kbSignAlg: "ES256" });
  const frame: Record<string, unknown> = {};
  for (const path of paths) {
    const [head, ...rest] = path.split(".");
    if (rest.length) frame[head!] = { ...(frame[head!] as object), [rest.join(".")]: true };
    else frame[head!] = true;
  }
  return sdjwt.present(
    sdJwt,
    frame as never,
    binding ? { kb: { payload: { iat: Math.floor(Date.now() / 1000), aud: binding.aud, nonce: binding.nonce } } } : {},
  );
}
