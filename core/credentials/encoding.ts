/**
 * base64url (RFC 4648 section 5, no padding, as JWS uses it: RFC 7515 section 2) and UTF-8,
 * without Node built-ins so the same code runs in the browser, workerd and Node.
 *
 * Decoding is strict: only the URL-safe alphabet, no padding, no whitespace, and the unused
 * trailing bits must be zero, so one byte string has exactly one accepted encoding.
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const LOOKUP = (() => {
  const table = new Int16Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  return table;
})();

export class EncodingError extends Error {
  override readonly name = "EncodingError";
}

export function base64urlEncode(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return out;
}

export function isBase64url(text: string): boolean {
  if (text.length % 4 === 1) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || LOOKUP[c] === -1) return false;
  }
  return true;
}

export function base64urlDecode(text: string): Uint8Array {
  if (!isBase64url(text)) throw new EncodingError("not base64url");
  const fullGroups = Math.floor(text.length / 4);
  const rest = text.length % 4; // 0, 2 or 3
  const out = new Uint8Array(fullGroups * 3 + (rest === 0 ? 0 : rest - 1));
  let o = 0;
  let i = 0;
  for (let g = 0; g < fullGroups; g++, i += 4) {
    const n =
      (LOOKUP[text.charCodeAt(i)]! << 18) |
      (LOOKUP[text.charCodeAt(i + 1)]! << 12) |
      (LOOKUP[text.charCodeAt(i + 2)]! << 6) |
      LOOKUP[text.charCodeAt(i + 3)]!;
    out[o++] = (n >> 16) & 255;
    out[o++] = (n >> 8) & 255;
    out[o++] = n & 255;
  }
  if (rest === 2) {
    const a = LOOKUP[text.charCodeAt(i)]!;
    const b = LOOKUP[text.charCodeAt(i + 1)]!;
    if ((b & 15) !== 0) throw new EncodingError("non-canonical base64url");
    out[o] = (a << 2) | (b >> 4);
  } else if (rest === 3) {
    const a = LOOKUP[text.charCodeAt(i)]!;
    const b = LOOKUP[text.charCodeAt(i + 1)]!;
    const c = LOOKUP[text.charCodeAt(i + 2)]!;
    if ((c & 3) !== 0) throw new EncodingError("non-canonical base64url");
    out[o++] = (a << 2) | (b >> 4);
    out[o] = ((b & 15) << 4) | (c >> 2);
  }
  return out;
}

/** Lower-case hex, two digits a byte (digests and keyed digests as the database keeps them). */
export function hexEncode(bytes: Uint8Array | ArrayBuffer): string {
  let out = "";
  for (const b of bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)) out += b.toString(16).padStart(2, "0");
  return out;
}

/** The parts joined into one array, in order. */
export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

const encoder = new TextEncoder();

export function utf8Encode(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Strict UTF-8: invalid byte sequences are an error, not U+FFFD. */
export function utf8Decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new EncodingError("invalid UTF-8");
  }
}

export function base64urlEncodeText(text: string): string {
  return base64urlEncode(utf8Encode(text));
}

export function base64urlDecodeText(text: string): string {
  return utf8Decode(base64urlDecode(text));
}
