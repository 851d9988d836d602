import { argon2id } from "@noble/hashes/argon2.js";

/**
 * Argon2id password hashing (docs/decisions/004-password-hashing.md). Parameters follow OWASP's
 * Password Storage Cheat Sheet (19 MiB, t=2, p=1) and are stored with every hash in PHC format,
 * so they can be raised later and old hashes still verify. Pure JS (@noble/hashes): Workers refuse
 * to compile WebAssembly from bytes, and PBKDF2 there is capped below OWASP's iteration count.
 */
const PARAMS = { m: 19456, t: 2, p: 1, dkLen: 32 } as const;

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = argon2id(password, salt, PARAMS);
  return `$argon2id$v=19$m=${PARAMS.m},t=${PARAMS.t},p=${PARAMS.p}$${b64(salt)}$${b64(hash)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const match = PHC.exec(encoded);
  if (!match) return false;
  const [, m, t, p, salt, expectedB64] = match;
  const expected = unb64(expectedB64!);
  const actual = argon2id(password, unb64(salt!), { m: Number(m), t: Number(t), p: Number(p), dkLen: expected.length });
  return constantTimeEqual(actual, expected);
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * Verified against when the username does not exist, so a failed sign-in costs one Argon2id run
 * whether or not the account exists (no user enumeration), the first time in an isolate too.
 * The hash of a random password generated once and thrown away: not a secret, since no one knows
 * a password that matches. Same parameters as PARAMS (a test checks), so it costs the same work.
 */
export const DUMMY_PASSWORD_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$ixqdUrCj9Hm9F2vqJqv0+w$nyW+EuzeX3VSFW8JPvU4rXNypiYneRWbUsFu2xQ7JCw";
