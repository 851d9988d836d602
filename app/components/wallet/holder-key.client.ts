/**
 * The device's holder keys (holder binding, ADR 011): ECDSA P-256 key pairs made with WebCrypto
 * with NON-extractable private keys and kept in IndexedDB. CryptoKey objects are
 * structured-cloneable, so the pairs themselves are stored; a private key never leaves WebCrypto,
 * not even as a JWK. Credentials are bound to a key (cnf.jwk) at issuance by a proof of
 * possession: a JWT of typ openid4vci-proof+jwt (OpenID4VCI 1.0 appendix F.1).
 *
 * Each issuance gets keys of its own, one per copy (issue 22, ADR 045): a key is never shared by
 * two credentials, so verifiers of different credentials cannot link the person by it. Before
 * issue 22 a browser profile had one key for every credential (the "device" record): credentials
 * bound to it still present. Which copies were shown, and when, is kept beside the keys, so a
 * fresh copy goes to each verifier (copies.ts).
 *
 * Signing and the RFC 7638 thumbprint come from the credentials core (core/credentials), which the
 * server also uses: 2.9 KB gzip in the browser against 5.3 KB for jose's SignJWT and
 * calculateJwkThumbprint (measured with esbuild, minified).
 */
import { webCrypto } from "#core/credentials/crypto.ts";
import { type PublicJwk, signCompactJws } from "#core/credentials/jws.ts";
import { jwkThumbprint } from "#core/credentials/keys.ts";

/** OpenID4VCI 1.0 appendix F.1; the server's PROOF_TYP (server/credentials/credentials.ts). */
export const PROOF_TYP = "openid4vci-proof+jwt";

const DB_NAME = "uk-identity-wallet";
/** 2: the copies' keys and when each was shown (issue 22). */
const DB_VERSION = 2;
/** Before issue 22: one key per browser profile, the record RECORD_ID. */
const STORE = "holder-keys";
const RECORD_ID = "device";
/** The copies' keys, by thumbprint. */
const COPY_KEYS = "copy-keys";
/** When the copy bound to a key (by thumbprint) was last shown to a verifier: an ISO time. */
const SHOWN = "shown-copies";

export interface HolderKey {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** kty, crv, x, y only: what the proof's `jwk` header and the credential's cnf.jwk carry. */
  publicJwk: PublicJwk;
  /** RFC 7638 thumbprint of publicJwk: how the server names the key a credential is bound to. */
  thumbprint: string;
  createdAt: string;
}

/** Why this browser cannot hold a wallet key: site storage is blocked, or no WebCrypto (device-key.ts words it). */
export type KeyUnavailableReason = "storage" | "crypto";

/** Why this browser cannot hold a wallet key; the page tells the person in their language (`reason`). */
export class HolderKeyUnavailableError extends Error {
  readonly reason: KeyUnavailableReason;
  constructor(reason: KeyUnavailableReason, options?: { cause?: unknown }) {
    super(reason === "storage" ? "site storage is unavailable" : "WebCrypto is unavailable", options);
    this.name = "HolderKeyUnavailableError";
    this.reason = reason;
  }
}

/** A new key pair. Only the private key's extractable flag matters: public keys are always exportable. */
export async function createHolderKeyPair(subtle: SubtleCrypto = subtleOrThrow()): Promise<HolderKey> {
  const pair = (await subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const exported = await subtle.exportKey("jwk", pair.publicKey);
  const publicJwk: PublicJwk = { kty: "EC", crv: exported.crv!, x: exported.x!, y: exported.y! };
  return {
    privateKey: pair.privateKey,
    publicKey: pair.publicKey,
    publicJwk,
    thumbprint: await jwkThumbprint(publicJwk),
    createdAt: new Date().toISOString(),
  };
}

/**
 * The proof of possession for POST /api/vc/{type}/issue: header {alg: ES256, typ, jwk}, payload
 * {nonce, aud, iat}, signed by the device's private key. `aud` is the issuer URL (the credential's
 * `iss`); `nonce` the server's c_nonce from POST /api/vc/nonce, usable once.
 */
export async function signIssuanceProof(
  key: Pick<HolderKey, "privateKey" | "publicJwk">,
  claims: { nonce: string; aud: string; iat?: number },
): Promise<string> {
  const iat = claims.iat ?? Math.floor(Date.now() / 1000);
  return signCompactJws(
    webCrypto(),
    { typ: PROOF_TYP, jwk: { ...key.publicJwk } },
    { nonce: claims.nonce, aud: claims.aud, iat },
    key.privateKey,
  );
}

/** Every key this browser holds (none made here: looking is not consenting). */
export async function listHolderKeys(): Promise<HolderKey[]> {
  const db = await openStore();
  try {
    const tx = db.transaction([STORE, COPY_KEYS], "readonly");
    const [device, copies] = await Promise.all([
      request<HolderKey | undefined>(tx.objectStore(STORE).get(RECORD_ID)),
      request<HolderKey[]>(tx.objectStore(COPY_KEYS).getAll()),
    ]);
    return device ? [device, ...copies] : copies;
  } finally {
    db.close();
  }
}

/**
 * `count` new keys for one issuance, one per copy, stored before they are used: a credential is
 * never issued to a key this browser has not kept.
 */
export async function createCopyKeys(count: number): Promise<HolderKey[]> {
  const keys = await Promise.all(Array.from({ length: count }, () => createHolderKeyPair()));
  const db = await openStore();
  try {
    const tx = db.transaction(COPY_KEYS, "readwrite");
    for (const key of keys) tx.objectStore(COPY_KEYS).add(key, key.thumbprint);
    await committed(tx);
  } catch (error) {
    throw unavailable(error);
  } finally {
    db.close();
  }
  // Ask the browser not to evict the wallet's storage under pressure (best effort; no prompt in Chromium).
  void navigator.storage?.persist?.().catch(() => false);
  return keys;
}

/** Forgets keys no credential was issued to (the issuance was refused). */
export async function forgetCopyKeys(thumbprints: readonly string[]): Promise<void> {
  const db = await openStore();
  try {
    const tx = db.transaction([COPY_KEYS, SHOWN], "readwrite");
    for (const thumbprint of thumbprints) {
      tx.objectStore(COPY_KEYS).delete(thumbprint);
      tx.objectStore(SHOWN).delete(thumbprint);
    }
    await committed(tx);
  } finally {
    db.close();
  }
}

/** When each copy this browser showed was last shown, by its key's thumbprint. */
export async function shownCopies(): Promise<Map<string, string>> {
  const db = await openStore();
  try {
    const store = db.transaction(SHOWN, "readonly").objectStore(SHOWN);
    const [thumbprints, times] = await Promise.all([
      request<IDBValidKey[]>(store.getAllKeys()),
      request<string[]>(store.getAll()),
    ]);
    return new Map(thumbprints.map((thumbprint, n) => [String(thumbprint), times[n]!]));
  } finally {
    db.close();
  }
}

/** Remembers that the copy bound to `thumbprint` was shown at `at`. */
export async function recordShown(thumbprint: string, at: Date): Promise<void> {
  const db = await openStore();
  try {
    const tx = db.transaction(SHOWN, "readwrite");
    tx.objectStore(SHOWN).put(at.toISOString(), thumbprint);
    await committed(tx);
  } finally {
    db.close();
  }
}

function subtleOrThrow(): SubtleCrypto {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new HolderKeyUnavailableError("crypto");
  return subtle;
}

function unavailable(cause: unknown): HolderKeyUnavailableError {
  return cause instanceof HolderKeyUnavailableError ? cause : new HolderKeyUnavailableError("storage", { cause });
}

function openStore(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    let opening: IDBOpenDBRequest;
    try {
      if (typeof indexedDB === "undefined" || !indexedDB) throw new Error("no indexedDB");
      opening = indexedDB.open(DB_NAME, DB_VERSION);
    } catch (error) {
      reject(unavailable(error));
      return;
    }
    opening.onupgradeneeded = () => {
      // Version 1's store (and its "device" key) is kept as it is; later versions only add stores.
      for (const store of [STORE, COPY_KEYS, SHOWN])
        if (!opening.result.objectStoreNames.contains(store)) opening.result.createObjectStore(store);
    };
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(unavailable(opening.error));
    opening.onblocked = () => reject(unavailable(new Error("IndexedDB upgrade blocked by another tab")));
  });
}

/** Resolves once the write is durable; rejects with the failing request's error (e.g. ConstraintError). */
function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
    tx.onerror = (event) => {
      // The abort that follows carries the same error; stop it reaching the database's handler.
      event.stopPropagation();
    };
  });
}

function request<T>(req: IDBRequest<T> | IDBRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result as T);
    req.onerror = () => {
      reject(req.error ?? new Error("IndexedDB request failed"));
    };
  });
}
