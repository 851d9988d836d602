/**
 * The device's holder key (holder binding, ADR 011): one ECDSA P-256 key pair per browser
 * profile, made with WebCrypto with a NON-extractable private key and kept in IndexedDB. CryptoKey
 * objects are structured-cloneable, so the pair itself is stored; the private key never leaves
 * WebCrypto, not even as a JWK. Credentials are bound to this key (cnf.jwk) at issuance by a
 * proof of possession: a JWT of typ openid4vci-proof+jwt (OpenID4VCI 1.0 appendix F.1).
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
const DB_VERSION = 1;
const STORE = "holder-keys";
/** One key per browser profile. */
const RECORD_ID = "device";

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

/** This device's key, or null when it has none yet. Never creates one (looking is not consenting). */
export async function findHolderKey(): Promise<HolderKey | null> {
  const db = await openStore();
  try {
    return (
      (await request<HolderKey | undefined>(db.transaction(STORE, "readonly").objectStore(STORE).get(RECORD_ID))) ??
      null
    );
  } finally {
    db.close();
  }
}

/**
 * This device's key, made and stored on first use. Two tabs racing to create one both end with
 * the key that was stored first: `add` refuses to overwrite, and the loser reads the winner's.
 */
export async function getOrCreateHolderKey(): Promise<HolderKey> {
  const existing = await findHolderKey();
  if (existing) return existing;
  const created = await createHolderKeyPair();
  const db = await openStore();
  try {
    try {
      const tx = db.transaction(STORE, "readwrite");
      tx.objectStore(STORE).add(created, RECORD_ID);
      await committed(tx);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === "ConstraintError")) throw unavailable(error);
      const winner = await request<HolderKey | undefined>(
        db.transaction(STORE, "readonly").objectStore(STORE).get(RECORD_ID),
      );
      if (winner) return winner;
      throw unavailable(error);
    }
  } finally {
    db.close();
  }
  // Ask the browser not to evict the wallet's storage under pressure (best effort; no prompt in Chromium).
  void navigator.storage?.persist?.().catch(() => false);
  return created;
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
      if (!opening.result.objectStoreNames.contains(STORE)) opening.result.createObjectStore(STORE);
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
