/**
 * A walk over CBOR headers (RFC 8949 section 3) that refuses hostile input before any decoder
 * allocates for it. cbor-x trusts declared lengths (an array header claiming 2^32 entries makes it
 * allocate that array) and recurses per nesting level (thousands of nested arrays overflow the
 * stack), so a response is bounded here first: no value may declare more bytes or entries than
 * remain in the input, nesting stops at MAX_CBOR_DEPTH, indefinite lengths are refused (ISO 18013-5
 * section 8.1 asks for definite lengths in what is signed), and embedded CBOR (tag 24, which the
 * mdoc structures decode lazily) is walked as well, counting towards the same depth.
 */
import { CredentialError } from "#core/credentials/errors.ts";

/** Deeper than any mdoc structure (driving_privileges inside an item inside the MSO is about 10). */
export const MAX_CBOR_DEPTH = 32;

const TAG_ENCODED_CBOR = 24;

/** Throws INPUT_TOO_LARGE or MDOC_MALFORMED unless `bytes` is one well-bounded CBOR item. */
export function assertBoundedCbor(bytes: Uint8Array): void {
  const end = walk(bytes, 0, 0);
  if (end !== bytes.length) throw malformed("bytes after the CBOR item");
}

/** Reads the item at `offset` and returns the offset after it. */
function walk(bytes: Uint8Array, offset: number, depth: number): number {
  if (depth > MAX_CBOR_DEPTH) throw new CredentialError("INPUT_TOO_LARGE", "CBOR nesting too deep");
  if (offset >= bytes.length) throw malformed("CBOR item cut short");
  const initial = bytes[offset]!;
  const major = initial >> 5;
  const info = initial & 0x1f;
  let position = offset + 1;
  let argument: number;
  if (info < 24) argument = info;
  else if (info <= 27) {
    const size = 1 << (info - 24);
    if (position + size > bytes.length) throw malformed("CBOR header cut short");
    argument = 0;
    for (let index = 0; index < size; index++) argument = argument * 256 + bytes[position + index]!;
    position += size;
  } else if (info === 31) throw malformed("indefinite-length CBOR");
  else throw malformed("reserved CBOR additional information");

  const remaining = bytes.length - position;
  switch (major) {
    case 0:
    case 1:
      return position;
    case 2:
    case 3: {
      if (argument > remaining) throw new CredentialError("INPUT_TOO_LARGE", "CBOR string longer than the input");
      return position + argument;
    }
    case 4:
    case 5: {
      const items = major === 5 ? argument * 2 : argument;
      // Every entry takes at least one byte, so a count beyond what is left is a lie.
      if (items > remaining) throw new CredentialError("INPUT_TOO_LARGE", "CBOR container larger than the input");
      for (let index = 0; index < items; index++) position = walk(bytes, position, depth + 1);
      return position;
    }
    case 6: {
      const next = walk(bytes, position, depth + 1);
      if (argument === TAG_ENCODED_CBOR) {
        // The embedded item is a byte string whose content is itself one CBOR item.
        const header = bytes[position]!;
        if (header >> 5 !== 2) throw malformed("tag 24 on something other than a byte string");
        const contentStart = next - byteStringLength(bytes, position);
        const inner = bytes.subarray(contentStart, next);
        if (walk(inner, 0, depth + 1) !== inner.length) throw malformed("bytes after embedded CBOR");
      }
      return next;
    }
    default:
      // Major type 7: simple values and floats; info 24..27 carried their bytes above.
      return position;
  }
}

/** The content length of the (already bounded) byte string at `offset`. */
function byteStringLength(bytes: Uint8Array, offset: number): number {
  const info = bytes[offset]! & 0x1f;
  if (info < 24) return info;
  let length = 0;
  const size = 1 << (info - 24);
  for (let index = 0; index < size; index++) length = length * 256 + bytes[offset + 1 + index]!;
  return length;
}

function malformed(detail: string): CredentialError {
  return new CredentialError("MDOC_MALFORMED", detail);
}
