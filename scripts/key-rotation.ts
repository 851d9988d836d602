/**
 * Rotating an authority's key (issue 22; ADR 028 as amended): three steps, each a pure change of
 * the JSON values (a signing secret and ISSUER_PUBLIC_KEYS) that scripts/issuer-keys.ts prints for
 * the operator to set. No worker runs this; the tests drive the workers with its output.
 */
// Not #core/credentials/index.ts: `npm start` runs this under Node's type stripping, which that module's classes do not pass.
import { base64urlEncode } from "#core/credentials/encoding.ts";
import type { IssuerId } from "#core/issuers/registry.ts";

/** An authority's entry: one JWK (the form every deployment started with), or several during a rotation. */
export type Entry = JsonWebKey | JsonWebKey[];
export const asList = (entry: Entry | undefined): JsonWebKey[] => (Array.isArray(entry) ? entry : entry ? [entry] : []);
/** One key is written in the one-key form, so a finished rotation leaves the shape it found. */
export const asEntry = (keys: JsonWebKey[]): Entry => (keys.length === 1 ? keys[0]! : keys);
export const publicHalf = ({ x }: JsonWebKey): JsonWebKey => ({ kty: "OKP", crv: "Ed25519", x });

/** A fresh Ed25519 private JWK (kty, crv, x, d). */
export async function generateEd25519(): Promise<JsonWebKey> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const { kty, crv, x, d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { kty, crv, x, d };
}

/** Which of an authority's two keys: its credential key or its status-list key (ADR 028). */
export type KeyKind = "credentials" | "statusLists";

/** The secret holding each kind's private keys. */
export const SIGNING_SECRET = { credentials: "ISSUER_SIGNING_KEYS", statusLists: "STATUS_LIST_SIGNING_KEYS" } as const;

/** How a message names each kind of key. */
const LABEL = { credentials: "credential", statusLists: "status-list" } as const;

/** The values a rotation step reads and writes: a signing secret and ISSUER_PUBLIC_KEYS, as JSON. */
export interface KeyValues {
  signingKeys: string;
  publicKeys: string;
}

/**
 * A key's kid as the workers compute it (jwkThumbprint, core/credentials/keys.ts): the RFC 7638
 * thumbprint of its public half, whose required members for OKP are crv, kty and x, in that order.
 */
async function kidOf({ x }: JsonWebKey): Promise<string> {
  const members = new TextEncoder().encode(JSON.stringify({ crv: "Ed25519", kty: "OKP", x }));
  return base64urlEncode(new Uint8Array(await crypto.subtle.digest("SHA-256", members)));
}

interface Parsed {
  signing: Record<string, Entry>;
  published: { credentials: Record<string, Entry>; statusLists: Record<string, Entry> };
  held: JsonWebKey[];
  trusted: JsonWebKey[];
}

function parse(values: KeyValues, kind: KeyKind, authority: IssuerId): Parsed {
  const signing = JSON.parse(values.signingKeys) as Parsed["signing"];
  const published = JSON.parse(values.publicKeys) as Parsed["published"];
  const held = asList(signing[authority]);
  const trusted = asList(published[kind]?.[authority]);
  if (held.length === 0 || trusted.length === 0)
    throw new Error(`${SIGNING_SECRET[kind]} or ISSUER_PUBLIC_KEYS has no ${LABEL[kind]} key for ${authority}`);
  if (!trusted.some((jwk) => jwk.x === held[0]!.x))
    throw new Error(`ISSUER_PUBLIC_KEYS does not publish ${authority}'s signing key: fix that before rotating`);
  return { signing, published, held, trusted };
}

const withEntry = (record: Record<string, Entry>, authority: IssuerId, keys: JsonWebKey[]) =>
  ({ ...record, [authority]: asEntry(keys) }) as Record<string, Entry>;

/**
 * Step 1, publish: a new key for the authority, added to ISSUER_PUBLIC_KEYS (every worker trusts
 * it, the status worker publishes it) and to the signing secret after the key that still signs.
 */
export async function publishStep(values: KeyValues, kind: KeyKind, authority: IssuerId) {
  const { signing, published, held, trusted } = parse(values, kind, authority);
  if (held.length > 1 || trusted.length > 1)
    throw new Error(`a rotation of ${authority}'s ${LABEL[kind]} key is under way: finish it (switch, retire) first`);
  const next = await generateEd25519();
  return {
    kid: await kidOf(next),
    signingKeys: JSON.stringify(withEntry(signing, authority, [held[0]!, next])),
    publicKeys: JSON.stringify({
      ...published,
      [kind]: withEntry(published[kind], authority, [...trusted, publicHalf(next)]),
    }),
  };
}

/**
 * Step 2, switch: the waiting key signs; the old private key leaves the secret (nothing signs
 * with it again), its public half stays published, so what it signed still verifies.
 */
export async function switchStep(values: KeyValues, kind: KeyKind, authority: IssuerId) {
  const { signing, held, trusted } = parse(values, kind, authority);
  const next = held[1];
  if (!next)
    throw new Error(`${authority}'s ${LABEL[kind]} key has no key waiting to sign: run the publish step first`);
  if (!trusted.some((jwk) => jwk.x === next.x))
    throw new Error(
      `ISSUER_PUBLIC_KEYS does not publish ${authority}'s new key yet: set the publish step's value first`,
    );
  return { kid: await kidOf(next), signingKeys: JSON.stringify(withEntry(signing, authority, [next])) };
}

/** Step 3, retire: every published key of the authority that its secret no longer holds leaves ISSUER_PUBLIC_KEYS. */
export async function retireStep(values: KeyValues, kind: KeyKind, authority: IssuerId) {
  const { published, held, trusted } = parse(values, kind, authority);
  if (held.length > 1)
    throw new Error(`${authority}'s new ${LABEL[kind]} key does not sign yet: run the switch step first`);
  const retired = trusted.filter((jwk) => jwk.x !== held[0]!.x);
  if (retired.length === 0) throw new Error(`${authority}'s ${LABEL[kind]} key has nothing to retire`);
  return {
    retiredKids: await Promise.all(retired.map(kidOf)),
    publicKeys: JSON.stringify({ ...published, [kind]: withEntry(published[kind], authority, [publicHalf(held[0]!)]) }),
  };
}

/** The kid in the header of a credential (an SD-JWT: its issuer-signed JWT comes first), if it has one. */
export function credentialKid(vcJwt: string): string | undefined {
  try {
    const encoded = vcJwt.split(".")[0]!.replaceAll("-", "+").replaceAll("_", "/");
    const header = JSON.parse(atob(encoded)) as { kid?: unknown };
    return typeof header.kid === "string" ? header.kid : undefined;
  } catch {
    return undefined;
  }
}
