/**
 * Crypto is passed in (as sd-jwt-js does): every entry point takes an optional
 * `crypto: CredentialCrypto`; without one it uses the platform's WebCrypto (`globalThis.crypto`),
 * which browsers, workerd and Node 24 all provide. Nothing here touches Node built-ins.
 */
import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";
import { base64urlEncode, utf8Encode } from "./encoding.ts";
import { CredentialError } from "./errors.ts";

export interface CredentialCrypto {
  readonly subtle: SubtleCrypto;
  /** Cryptographically secure random bytes (salts, nonces, status indexes). */
  randomBytes(length: number): Uint8Array;
}

export function webCrypto(): CredentialCrypto {
  const platform = globalThis.crypto;
  if (!platform?.subtle || typeof platform.getRandomValues !== "function") {
    throw new CredentialError("INVALID_ARGUMENT", "no WebCrypto on this platform; pass a CredentialCrypto");
  }
  return {
    subtle: platform.subtle,
    randomBytes(length: number): Uint8Array {
      // getRandomValues fills at most 65536 bytes per call.
      const out = new Uint8Array(length);
      for (let offset = 0; offset < length; offset += 65536) {
        platform.getRandomValues(out.subarray(offset, Math.min(length, offset + 65536)));
      }
      return out;
    },
  };
}

export function resolveCrypto(crypto?: CredentialCrypto): CredentialCrypto {
  return crypto ?? webCrypto();
}

/** The only `_sd_alg` this product issues or accepts (RFC 9901 section 4.1.1). */
export const SD_HASH_ALG = "sha-256";

/**
 * SHA-256 of disclosures and presented tokens, computed synchronously by @noble/hashes (audited,
 * dependency-free): the inputs are a few hundred bytes, where WebCrypto's asynchronous digest costs
 * more in its hand-off (a thread-pool round trip per call in Node) than in hashing; one
 * presentation needs four or more (issue 9 bench: core verify 37% of raw signature speed with
 * WebCrypto digests). `crypto` stays in the signature for symmetry with the other primitives.
 */
export async function sha256(_crypto: CredentialCrypto, data: string | Uint8Array | ArrayBuffer): Promise<Uint8Array> {
  const bytes = typeof data === "string" ? utf8Encode(data) : data instanceof Uint8Array ? data : new Uint8Array(data);
  return nobleSha256(bytes);
}

/** base64url(SHA-256(ASCII(text))): disclosure digests (RFC 9901 s4.2.3) and sd_hash (s4.3.1). */
export async function sha256Base64url(crypto: CredentialCrypto, text: string): Promise<string> {
  return base64urlEncode(await sha256(crypto, text));
}

/**
 * Salts of at least 128 bits (RFC 9901 section 4.2.1 recommends 128 bits), base64url-encoded.
 */
export function randomSalt(crypto: CredentialCrypto, bytes = 16): string {
  return base64urlEncode(crypto.randomBytes(Math.max(16, bytes)));
}

/** Uniform integer in [0, maxExclusive) by rejection sampling over 32-bit draws. */
export function secureRandomInt(crypto: CredentialCrypto, maxExclusive: number): number {
  if (!Number.isSafeInteger(maxExclusive) || maxExclusive <= 0 || maxExclusive > 2 ** 32) {
    throw new CredentialError("INVALID_ARGUMENT", "maxExclusive must be an integer in 1..2^32");
  }
  const limit = 2 ** 32 - (2 ** 32 % maxExclusive);
  for (;;) {
    const b = crypto.randomBytes(4);
    const n = ((b[0]! << 24) >>> 0) + (b[1]! << 16) + (b[2]! << 8) + b[3]!;
    if (n < limit) return n % maxExclusive;
  }
}
