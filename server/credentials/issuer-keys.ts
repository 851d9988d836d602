/**
 * The authorities' keys (issue 4; who holds which: ADR 028). Each authority has two Ed25519 keys:
 *  - its credential key, from the secret ISSUER_SIGNING_KEYS: signs credentials, held by the web
 *    worker alone (it issues);
 *  - its status-list key, from the secret STATUS_LIST_SIGNING_KEYS: signs its status lists, held
 *    by the status worker alone, so a leak there cannot forge a credential our verifiers accept.
 * Both secrets are JSON objects of issuer id to private JWK. Their public halves are the variable
 * ISSUER_PUBLIC_KEYS (`{"credentials": {...}, "statusLists": {...}}`, issuer id to public JWK),
 * derived by the key generator (scripts/issuer-keys.ts): what every worker that checks a
 * credential trusts, and what the status worker publishes. Locally `npm start` generates all
 * three into .dev.vars on first start; in production they are `wrangler secret`s.
 *
 * Rotation (scripts/issuer-keys.ts rotate, docs/deploy.md): an authority's entry may also be an
 * array of JWKs. In a signing secret the first signs and any after it wait (published, not signing
 * yet); in ISSUER_PUBLIC_KEYS every one is trusted and published, and the kid in a token's header
 * picks the key. The one-key form (a JWK, not an array) stays valid: every deployed secret has it.
 */
import * as z from "zod";
import { jwkThumbprint, type PublicJwk, toPublicJwk } from "#core/credentials/index.ts";
import { AUTHORITIES, ISSUER_IDS, type IssuerId } from "#core/issuers/registry.ts";
import { oncePerSecret, parseJwkSecret, publicKeysBinding } from "#server/worker/secrets.ts";

export interface IssuerKey {
  issuerId: IssuerId;
  kid: string;
  privateKey: CryptoKey;
  /** With kid, alg EdDSA and use sig: what the issuer's JWKS lists. */
  publicJwk: PublicJwk;
  /** The kids of the keys the secret holds after the signing one: published by a rotation's first step, signing after its second. */
  waitingKids: readonly string[];
}

export type IssuerKeys = ReadonlyMap<IssuerId, IssuerKey>;

/** The two secrets of authority keys: the same shape, different holders. */
type SigningSecretName = "ISSUER_SIGNING_KEYS" | "STATUS_LIST_SIGNING_KEYS";

const loaders: Record<SigningSecretName, (secret: string) => Promise<IssuerKeys>> = {
  ISSUER_SIGNING_KEYS: oncePerSecret((secret) => importSigningKeys("ISSUER_SIGNING_KEYS", secret)),
  STATUS_LIST_SIGNING_KEYS: oncePerSecret((secret) => importSigningKeys("STATUS_LIST_SIGNING_KEYS", secret)),
};

function load(name: SigningSecretName, secret: string | undefined): Promise<IssuerKeys> {
  if (!secret)
    return Promise.reject(
      new Error(`${name} is not set (npm start generates it into .dev.vars; production: wrangler secret put)`),
    );
  return loaders[name](secret);
}

/** The authorities' credential-signing keys (web worker), imported once per distinct secret value. */
export const loadIssuerKeys = (secret: string | undefined): Promise<IssuerKeys> => load("ISSUER_SIGNING_KEYS", secret);

/** The authorities' status-list keys (status worker), imported once per distinct secret value. */
export const loadStatusListKeys = (secret: string | undefined): Promise<IssuerKeys> =>
  load("STATUS_LIST_SIGNING_KEYS", secret);

/** A public JWK published with its thumbprint kid, alg EdDSA and use sig. */
async function published(jwk: { x: string }): Promise<PublicJwk> {
  const bare = toPublicJwk({ kty: "OKP", crv: "Ed25519", x: jwk.x } as PublicJwk);
  return { ...bare, kid: await jwkThumbprint(bare), alg: "EdDSA", use: "sig" };
}

/** An authority's entry in a key secret or ISSUER_PUBLIC_KEYS: one JWK, or several (a rotation). */
const entries = (entry: unknown): unknown[] => (Array.isArray(entry) ? entry : entry === undefined ? [] : [entry]);

const isEd25519Private = (jwk: unknown): jwk is { x: string; d: string } => {
  const { kty, crv, x, d } = (jwk ?? {}) as JsonWebKey;
  return kty === "OKP" && crv === "Ed25519" && typeof d === "string" && typeof x === "string";
};

async function importSigningKeys(name: SigningSecretName, secret: string): Promise<IssuerKeys> {
  const record = parseJwkSecret(name, secret, "issuer id");
  const keys = new Map<IssuerId, IssuerKey>();
  for (const issuerId of ISSUER_IDS) {
    const held = entries(record[issuerId]);
    if (held.length === 0 || !held.every(isEd25519Private)) {
      throw new Error(`${name} has no Ed25519 private key for ${AUTHORITIES[issuerId].name} (${issuerId})`);
    }
    const [signing, ...waiting] = held;
    const privateKey = await crypto.subtle.importKey(
      "jwk",
      { kty: "OKP", crv: "Ed25519", x: signing!.x, d: signing!.d },
      { name: "Ed25519" },
      false,
      ["sign"],
    );
    const publicJwk = await published(signing!);
    const waitingKids = await Promise.all(waiting.map(async (jwk) => (await published(jwk)).kid!));
    if (new Set([publicJwk.kid, ...waitingKids]).size !== held.length)
      throw new Error(`${name} holds the same key twice for ${AUTHORITIES[issuerId].name} (${issuerId})`);
    keys.set(issuerId, { issuerId, kid: publicJwk.kid!, privateKey, publicJwk, waitingKids });
  }
  return keys;
}

/** What a worker that checks credentials trusts: public keys only. */
export interface IssuerTrust {
  /** Each authority's credential keys (several during a rotation): the only keys a credential of that authority may be signed with. */
  credentialKeys: ReadonlyMap<IssuerId, readonly PublicJwk[]>;
  /** Each authority's status-list keys: the only keys a status list may be signed with. */
  statusListKeys: ReadonlyMap<IssuerId, readonly PublicJwk[]>;
  /**
   * The platform's root certificates (base64 DER; ADR 047): a credential or status list signed
   * ES256 with an `x5c` chain (HAIP 1.0) counts when its chain ends at one of them and its leaf
   * names the authority. Empty: the deployment offers no HAIP configurations.
   */
  x509Roots: readonly string[];
}

/** Whether the platform issues HAIP 1.0's ES256 + x5c configurations (ADR 047): it has a root to chain them to. */
export const offersHaip = (trust: IssuerTrust): boolean => trust.x509Roots.length > 0;

/** An Ed25519 public JWK: `d` (a private key) is refused, never silently dropped. */
const PublicEd25519 = z.strictObject({ kty: z.literal("OKP"), crv: z.literal("Ed25519"), x: z.base64url().min(43) });
/** One key, or several during a rotation (each published, none twice). */
const PublicKeys = z.union([
  PublicEd25519,
  z
    .array(PublicEd25519)
    .min(1)
    .refine((keys) => new Set(keys.map((key) => key.x)).size === keys.length, "the same key twice"),
]);
const PerIssuer = z.strictObject(
  Object.fromEntries(ISSUER_IDS.map((id) => [id, PublicKeys])) as Record<IssuerId, typeof PublicKeys>,
);
/** A DER certificate in base64 (x5c's encoding, RFC 7515 4.1.6), bounded. */
const Certificate = z.base64().min(100).max(8192);
const IssuerPublicKeysShape = z.strictObject({
  credentials: PerIssuer,
  statusLists: PerIssuer,
  x509Roots: z.array(Certificate).max(5).optional(),
});

/**
 * The binding ISSUER_PUBLIC_KEYS: JSON of the authorities' public keys, checked when a worker
 * starts (a private key in it is a configuration error: ADR 028).
 */
export const issuerPublicKeysBinding = publicKeysBinding(
  IssuerPublicKeysShape,
  'must be JSON {"credentials": {...}, "statusLists": {...}, "x509Roots"?: [...]}: each authority\'s Ed25519 public JWK (kty, crv, x only), or an array of them; the platform\'s root certificates in base64 DER',
);

const loadTrust = oncePerSecret(async (value: string): Promise<IssuerTrust> => {
  const parsed = IssuerPublicKeysShape.parse(JSON.parse(value));
  const credentialKeys = new Map<IssuerId, PublicJwk[]>();
  const statusListKeys = new Map<IssuerId, PublicJwk[]>();
  const all = (entry: unknown) => Promise.all(entries(entry).map((jwk) => published(jwk as { x: string })));
  for (const id of ISSUER_IDS) {
    credentialKeys.set(id, await all(parsed.credentials[id]));
    statusListKeys.set(id, await all(parsed.statusLists[id]));
  }
  return { credentialKeys, statusListKeys, x509Roots: parsed.x509Roots ?? [] };
});

/** The authorities' public keys from ISSUER_PUBLIC_KEYS, once per distinct value. */
export function loadIssuerTrust(value: string | undefined): Promise<IssuerTrust> {
  if (!value) return Promise.reject(new Error("ISSUER_PUBLIC_KEYS is not set (scripts/issuer-keys.ts derives it)"));
  return loadTrust(value);
}

/**
 * A worker holding signing keys checks that they are among the ones everybody trusts: a mismatched
 * secret would sign what no verifier accepts, so it fails at once, naming the authority. A key
 * waiting to sign is checked too: switching to a key nobody trusts yet would break every
 * credential signed after the switch.
 */
export function assertTrusted(
  name: SigningSecretName,
  keys: IssuerKeys,
  trusted: IssuerTrust["credentialKeys"] | IssuerTrust["statusListKeys"],
): void {
  for (const [id, key] of keys) {
    const published = new Set(trusted.get(id)?.map((jwk) => jwk.kid));
    for (const kid of [key.kid, ...key.waitingKids])
      if (!published.has(kid))
        throw new Error(
          `${name} for ${AUTHORITIES[id].name} (${id}) does not match ISSUER_PUBLIC_KEYS: key ${kid} is not published`,
        );
  }
}
