/**
 * The offline QR payload (ADR 014): an SD-JWT VC presentation (`<issuer JWT>~<disclosure>~…~<KB-JWT>`)
 * packed as small as we can make it, so the code a citizen shows on a phone screen stays at a low
 * QR version. Pure and isomorphic (browser, workerd, Node): no I/O, no clock, no Node built-ins.
 *
 * Payload text, format 1: `UKID1:` followed by the decimal digits of the big-endian integer
 * 0x01 ‖ body (the leading 0x01 keeps leading zero bytes). Digits go in QR numeric mode (10 bits
 * per 3 digits: 8.03 bits per body byte) and the prefix in alphanumeric mode; base45 (RFC 9285,
 * the EU DCC's `HC1:`) would take 8.25 bits per byte in alphanumeric mode, and a text-safe form
 * in byte mode (base64url) 10.7.
 *
 *   body       = varint(deflated length) ‖ deflate-raw(structure, DICTIONARY) ‖ side
 *   structure  = varint(token count), then per `~`-token varint(part count), then per `.`-part
 *                varint(length << 2 | kind) and, for kinds 1 and 2, `length` bytes
 *   side       raw bytes that deflate cannot shrink (signatures, digests, keys, salts), in the
 *              order the structure uses them
 *   kind 0     the part's base64url-decoded bytes are the next `length` bytes of `side`
 *              (JWS signatures)
 *   kind 1     compact text: the part's decoded bytes, with each quoted string of exactly 43 or 22
 *              base64url characters that decode canonically (32 or 16 bytes) replaced by:
 *                0x01  a 32-byte value, the next in `side` (digests, key coordinates, kid)
 *                0x02  a 16-byte value, the next in `side` (salts, nonces)
 *                0x03 varint(i)  SHA-256 of disclosure i, recomputed (issuer payload only)
 *                0x04  the KB-JWT's sd_hash, recomputed (KB-JWT payload only)
 *   kind 2     plain: the decoded bytes as they are (a part that holds a byte 0x00–0x04 itself)
 *
 * Every part must be canonical base64url and every reference expands to exactly the quoted text
 * it replaced, so decoding gives back the presentation byte for byte. Nothing here checks a
 * signature: the verifier verifies what comes out (verifyPresentation), as for any other input.
 * The KB-JWT signs its own sd_hash, so a reconstructed one is as checked as a transmitted one.
 *
 * DICTIONARY is part of format 1: changing one byte of it changes what `UKID1:` means, so a new
 * dictionary needs a new prefix (`UKID2:`) and the decoder keeps the old one for as long as codes
 * made with it may still be shown (a code lives 15 minutes; wallets update later than servers).
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { concatBytes } from "@noble/hashes/utils.js";
import { deflateSync, inflateSync } from "fflate";
import { create } from "qrcode/lib/core/qrcode.js";
import { base64urlDecode, base64urlEncode, EncodingError, utf8Encode } from "#core/credentials/encoding.ts";

/** The payload's prefix: format 1. Upper case, so it stays in the QR alphanumeric set. */
export const OFFLINE_QR_PREFIX = "UKID1:";

/**
 * Error correction for the offline code: M (about 15% of codewords recoverable). The code is read
 * from a phone screen (or a print) by a camera, where glare, moiré, a reflection band or a thumb
 * over an edge are what must be survived; L (7%) leaves little for those. Each step up costs
 * versions: the 3-claim presentation needs version 18 at L, 21 at M, 25 at Q, 29 at H (ADR 014).
 * qrRuns, which draws the code, also uses M, so the symbol reported here is the one shown.
 */
export const OFFLINE_QR_ERROR_CORRECTION = "M";

/** The largest presentation accepted, in either direction: the verifier's default maxBytes. */
export const MAX_OFFLINE_PRESENTATION_BYTES = 64 * 1024;

/**
 * The longest payload text decoded: more digits than a version 40 code holds (7,089 numeric at
 * level L). It also bounds the big-integer conversion, which is quadratic in the length.
 */
const MAX_OFFLINE_PAYLOAD_CHARS = 8 * 1024;

const OFFLINE_QR_ERROR_MESSAGES = {
  NOT_A_PRESENTATION: "The text is not an offline presentation code or an SD-JWT presentation.",
  MALFORMED_PAYLOAD: "The offline presentation code is damaged or incomplete.",
  UNSUPPORTED_VERSION:
    "The offline presentation code uses a format this verifier does not know (made by a newer wallet?).",
  TOO_LARGE: "The offline presentation is larger than allowed.",
} as const;

export type OfflineQrErrorCode = keyof typeof OFFLINE_QR_ERROR_MESSAGES;

/** Thrown by encode and decode. Messages never echo the input, so they are safe to log and show. */
export class OfflineQrError extends Error {
  override readonly name = "OfflineQrError";
  readonly code: OfflineQrErrorCode;
  /** Developer detail for logs and tests. */
  readonly detail?: string;

  constructor(code: OfflineQrErrorCode, detail?: string, options?: { cause?: unknown }) {
    super(`${code}: ${OFFLINE_QR_ERROR_MESSAGES[code]}${detail ? ` (${detail})` : ""}`, options);
    this.code = code;
    this.detail = detail;
  }
}

// ---------------------------------------------------------------------------------------------
// Format 1's preset dictionary. Frozen: see the module comment. Deflate finds matches of 3 to
// 258 bytes in it as if it preceded the structure, so it holds what every presentation we issue
// repeats: the JOSE headers, the payload's member names in @sd-jwt/core's order with the
// references already in place, our identifier paths (after an example host: the deployment's
// own is configuration), every claim name of every type in core/issuers/registry.ts, and the
// KB-JWT. No personal value beyond common fixed phrases. Written out, not derived from the
// registry: a registry change must not change what a format 1 payload means.

const R32 = "\u0001";
const R16 = "\u0002";
const SD_HASH = "\u0004";

/**
 * Format 1's preset deflate dictionary (bytes 0x01, 0x02 and 0x04 are references, as in the
 * structure). Exported because it is part of the format: another decoder needs it byte for byte.
 */
export const OFFLINE_QR_DICTIONARY: string = [
  // Other member orders and key types than ours, other authorities and types (farthest back: least used).
  '{"alg":"ES256","typ":"kb+jwt"}{"alg":"EdDSA","typ":"dc+sd-jwt","kid":',
  `"kty":"OKP","crv":"Ed25519","x":${R32}}`,
  "/issuers/dvla/issuers/dbs/issuers/professional-body/vct/dbs-enhanced/vct/driving-licence/vct/professional-certificate/vct/right-to-rent",
  `[${R16},"certificateNumber","`,
  `[${R16},"checkLevel","Enhanced with barred lists"]`,
  `[${R16},"workforce","Child and adult workforce"]`,
  `[${R16},"policeRecords","None recorded"]`,
  `[${R16},"barredListChildren","None recorded"]`,
  `[${R16},"barredListAdults","None recorded"]`,
  `[${R16},"issueDate","20`,
  `[${R16},"licenceNumber","`,
  `[${R16},"categories",["AM","B","BE"]]`,
  `[${R16},"penaltyPoints",0]`,
  `[${R16},"age_over_18",true]`,
  `[${R16},"profession","`,
  `[${R16},"registrationNumber","`,
  `[${R16},"registeredSince","20`,
  `[${R16},"hasRightToRent",true]`,
  `[${R16},"rentRestrictions","None"]`,
  `{"typ":"dc+sd-jwt","kid":${R32},"alg":"EdDSA"}`,
  '{"iss":"https://identity.service.gov.uk/issuers/home-office","iat":17',
  ',"exp":18',
  ',"vct":"https://identity.service.gov.uk/vct/right-to-work"',
  `,"cnf":{"jwk":{"kty":"EC","crv":"P-256","x":${R32},"y":${R32}}}`,
  ',"status":{"status_list":{"idx":1',
  ',"uri":"https://identity.service.gov.uk/status/lists/"}}',
  `,"_sd":[${R32},${R32},${R32},${R32},${R32},${R32},${R32},${R32}],"_sd_alg":"sha-256"}`,
  `[${R16},"given_name","`,
  `[${R16},"family_name","`,
  `[${R16},"birthdate","19`,
  `[${R16},"hasRightToWork",true]`,
  `[${R16},"workRestrictions","None"]`,
  `[${R16},"immigrationStatus","Indefinite leave to remain"]`,
  `[${R16},"expiryDate","20`,
  '{"typ":"kb+jwt","alg":"ES256"}',
  `{"iat":18,"aud":"https://","nonce":${R16},"sd_hash":${SD_HASH}}`,
].join("");

const DICTIONARY = utf8Encode(OFFLINE_QR_DICTIONARY);

// ---------------------------------------------------------------------------------------------
// Presentation shape

const TOKEN_CHARS = /^[A-Za-z0-9_.~-]+$/;

/**
 * The `~`-tokens of an SD-JWT (RFC 9901 section 4): an issuer JWT of three non-empty parts, then
 * zero or more non-empty disclosures, then an empty token or a KB-JWT of three non-empty parts.
 * Returns undefined for anything else.
 */
function sdJwtTokens(text: string): string[][] | undefined {
  if (!TOKEN_CHARS.test(text)) return undefined;
  const tokens = text.split("~").map((token) => token.split("."));
  if (tokens.length < 2) return undefined;
  const isJws = (parts: string[]) => parts.length === 3 && parts.every((part) => part.length > 0);
  const last = tokens[tokens.length - 1]!;
  if (!isJws(tokens[0]!)) return undefined;
  if (!(isJws(last) || (last.length === 1 && last[0] === ""))) return undefined;
  for (let i = 1; i < tokens.length - 1; i++) {
    if (tokens[i]!.length !== 1 || tokens[i]![0] === "") return undefined;
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// Bytes

function writeVarint(out: number[], value: number): void {
  while (value >= 0x80) {
    out.push((value & 0x7f) | 0x80);
    value >>>= 7;
  }
  out.push(value);
}

class Reader {
  offset = 0;
  readonly bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  get done(): boolean {
    return this.offset === this.bytes.length;
  }

  byte(): number {
    if (this.offset >= this.bytes.length) throw new OfflineQrError("MALFORMED_PAYLOAD", "truncated");
    return this.bytes[this.offset++]!;
  }

  /** Unsigned LEB128, at most 4 bytes (values below 2^28). */
  varint(): number {
    let value = 0;
    for (let shift = 0; shift < 28; shift += 7) {
      const b = this.byte();
      value |= (b & 0x7f) << shift;
      if (b < 0x80) return value;
    }
    throw new OfflineQrError("MALFORMED_PAYLOAD", "varint too long");
  }

  take(length: number): Uint8Array {
    if (length > this.bytes.length - this.offset) throw new OfflineQrError("MALFORMED_PAYLOAD", "truncated");
    const out = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }
}

const QUOTE = 0x22;
const REF_32 = 0x01;
const REF_16 = 0x02;
const REF_DISCLOSURE = 0x03;
const REF_SD_HASH = 0x04;
/** Bytes a compact part may not hold literally: 0x00 is never used, 0x01–0x04 are references. */
const RESERVED_MAX = 0x04;

const KIND_SIDE = 0;
const KIND_COMPACT = 1;
const KIND_PLAIN = 2;

function isBase64urlByte(b: number): boolean {
  return (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || (b >= 0x30 && b <= 0x39) || b === 0x2d || b === 0x5f;
}

const digestOf = (ascii: string): string => base64urlEncode(sha256(utf8Encode(ascii)));

/** Where a part sits, which says which recomputed references it may use. */
interface PartContext {
  /** Digest (base64url) of each disclosure, by index: only for the issuer JWT's payload. */
  disclosureDigests?: readonly string[];
  /** sd_hash of the presentation: only for the KB-JWT's payload. */
  sdHash?: string;
}

/** Replaces each quoted canonical base64url value of 16 or 32 bytes by its reference. */
function compactPart(bytes: Uint8Array, context: PartContext, side: number[], out: number[]): void {
  const digestIndex = new Map(context.disclosureDigests?.map((digest, i) => [digest, i]));
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    if (b === QUOTE) {
      let end = i + 1;
      while (end < bytes.length && isBase64urlByte(bytes[end]!)) end++;
      const length = end - i - 1;
      if (end < bytes.length && bytes[end] === QUOTE && (length === 43 || length === 22)) {
        const text = String.fromCharCode(...bytes.subarray(i + 1, end));
        let value: Uint8Array | undefined;
        try {
          value = base64urlDecode(text); // strict: only a canonical encoding decodes
        } catch (error) {
          if (!(error instanceof EncodingError)) throw error;
        }
        if (value) {
          const disclosure = digestIndex.get(text);
          if (disclosure !== undefined) {
            out.push(REF_DISCLOSURE);
            writeVarint(out, disclosure);
          } else if (text === context.sdHash) {
            out.push(REF_SD_HASH);
          } else {
            out.push(value.length === 32 ? REF_32 : REF_16);
            for (const v of value) side.push(v);
          }
          i = end + 1;
          continue;
        }
      }
    }
    out.push(b);
    i++;
  }
}

function decodeCanonical(part: string): Uint8Array {
  try {
    return base64urlDecode(part);
  } catch (error) {
    if (error instanceof EncodingError)
      throw new OfflineQrError("NOT_A_PRESENTATION", "a part is not canonical base64url");
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Payload text: decimal digits of 0x01 ‖ body

function bodyToDigits(body: Uint8Array): string {
  let hex = "0x01";
  for (const b of body) hex += b.toString(16).padStart(2, "0");
  return BigInt(hex).toString(10);
}

function digitsToBody(digits: string): Uint8Array {
  if (!/^[1-9][0-9]*$/.test(digits)) throw new OfflineQrError("MALFORMED_PAYLOAD", "not decimal digits");
  const hex = BigInt(digits).toString(16);
  if (hex.length % 2 !== 1 || hex[0] !== "1") throw new OfflineQrError("MALFORMED_PAYLOAD", "no leading marker byte");
  const body = new Uint8Array((hex.length - 1) / 2);
  for (let i = 0; i < body.length; i++) body[i] = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  return body;
}

// ---------------------------------------------------------------------------------------------
// Encode

/**
 * The QR payload text for an SD-JWT presentation: `UKID1:` and digits (see the module comment).
 * Throws OfflineQrError NOT_A_PRESENTATION for anything that is not an SD-JWT of canonical
 * base64url parts, TOO_LARGE above MAX_OFFLINE_PRESENTATION_BYTES.
 */
export function encodeOfflinePresentation(presentation: string): string {
  if (typeof presentation !== "string") throw new OfflineQrError("NOT_A_PRESENTATION", "not a string");
  if (presentation.length > MAX_OFFLINE_PRESENTATION_BYTES)
    throw new OfflineQrError("TOO_LARGE", "presentation too long");
  const tokens = sdJwtTokens(presentation);
  if (!tokens) throw new OfflineQrError("NOT_A_PRESENTATION", "not an SD-JWT presentation");

  const last = tokens.length - 1;
  const disclosures = tokens.slice(1, last).map((token) => token[0]!);
  const disclosureDigests = disclosures.map(digestOf);
  const hasKb = tokens[last]!.length === 3;
  const sdHash = hasKb ? digestOf(presentation.slice(0, presentation.lastIndexOf("~") + 1)) : undefined;

  const structure: number[] = [];
  const side: number[] = [];
  writeVarint(structure, tokens.length);
  tokens.forEach((parts, t) => {
    writeVarint(structure, parts.length);
    parts.forEach((part, p) => {
      const bytes = decodeCanonical(part);
      if (parts.length === 3 && p === 2) {
        // A JWS signature: random bytes, cheaper outside the compressor.
        writeVarint(structure, (bytes.length << 2) | KIND_SIDE);
        for (const b of bytes) side.push(b);
        return;
      }
      if (bytes.some((b) => b <= RESERVED_MAX)) {
        writeVarint(structure, (bytes.length << 2) | KIND_PLAIN);
        for (const b of bytes) structure.push(b);
        return;
      }
      const context: PartContext =
        p === 1 && t === 0 ? { disclosureDigests } : p === 1 && t === last && hasKb ? { sdHash } : {};
      const compact: number[] = [];
      compactPart(bytes, context, side, compact);
      writeVarint(structure, (compact.length << 2) | KIND_COMPACT);
      for (const b of compact) structure.push(b);
    });
  });

  const deflated = deflateSync(Uint8Array.from(structure), { level: 9, dictionary: DICTIONARY });
  const head: number[] = [];
  writeVarint(head, deflated.length);
  return OFFLINE_QR_PREFIX + bodyToDigits(concatBytes(Uint8Array.from(head), deflated, Uint8Array.from(side)));
}

// ---------------------------------------------------------------------------------------------
// Decode

/** A decoded part before its recomputed references are filled in. */
type Piece = Uint8Array | { ref: "disclosure"; index: number } | { ref: "sdHash" };

function expandCompact(bytes: Uint8Array, side: Reader): Piece[] {
  const pieces: Piece[] = [];
  const reader = new Reader(bytes);
  let literal: number[] = [];
  const quoted = (text: string) => utf8Encode(`"${text}"`);
  const flush = () => {
    if (literal.length > 0) pieces.push(Uint8Array.from(literal));
    literal = [];
  };
  while (!reader.done) {
    const b = reader.byte();
    if (b > RESERVED_MAX) {
      literal.push(b);
      continue;
    }
    flush();
    if (b === REF_32 || b === REF_16) pieces.push(quoted(base64urlEncode(side.take(b === REF_32 ? 32 : 16))));
    else if (b === REF_DISCLOSURE) pieces.push({ ref: "disclosure", index: reader.varint() });
    else if (b === REF_SD_HASH) pieces.push({ ref: "sdHash" });
    else throw new OfflineQrError("MALFORMED_PAYLOAD", "reserved byte");
  }
  flush();
  return pieces;
}

function inflateStructure(deflated: Uint8Array): Uint8Array {
  // A fixed output buffer one byte over the cap: fflate never grows a buffer it is given (it stops
  // writing at its end), so a zip bomb costs at most this much memory and is refused by length.
  let out: Uint8Array;
  try {
    out = inflateSync(deflated, { out: new Uint8Array(MAX_OFFLINE_PRESENTATION_BYTES + 1), dictionary: DICTIONARY });
  } catch (error) {
    throw new OfflineQrError("MALFORMED_PAYLOAD", "inflate failed", { cause: error });
  }
  if (out.length > MAX_OFFLINE_PRESENTATION_BYTES) throw new OfflineQrError("TOO_LARGE", "inflates beyond the cap");
  return out;
}

function decodePayload(digits: string): string {
  const body = new Reader(digitsToBody(digits));
  const deflatedLength = body.varint();
  const structure = new Reader(inflateStructure(body.take(deflatedLength)));
  const side = new Reader(body.take(body.bytes.length - body.offset));

  const tokenCount = structure.varint();
  if (tokenCount < 2 || tokenCount > MAX_OFFLINE_PRESENTATION_BYTES / 2)
    throw new OfflineQrError("MALFORMED_PAYLOAD", "token count");
  const tokens: Piece[][][] = [];
  for (let t = 0; t < tokenCount; t++) {
    const partCount = structure.varint();
    if (partCount !== 1 && partCount !== 3) throw new OfflineQrError("MALFORMED_PAYLOAD", "part count");
    const parts: Piece[][] = [];
    for (let p = 0; p < partCount; p++) {
      const tag = structure.varint();
      const length = tag >>> 2;
      const kind = tag & 3;
      if (kind === KIND_SIDE) parts.push([side.take(length)]);
      else if (kind === KIND_PLAIN) parts.push([structure.take(length)]);
      else if (kind === KIND_COMPACT) parts.push(expandCompact(structure.take(length), side));
      else throw new OfflineQrError("MALFORMED_PAYLOAD", "part kind");
    }
    tokens.push(parts);
  }
  if (!structure.done) throw new OfflineQrError("MALFORMED_PAYLOAD", "trailing structure");
  if (!side.done) throw new OfflineQrError("MALFORMED_PAYLOAD", "trailing bytes");

  // Disclosures first (they hold no recomputed references), then the issuer JWT, whose payload
  // may name their digests, then the KB-JWT, whose sd_hash covers everything before it.
  const last = tokens.length - 1;
  // Counted as it grows: a few bytes of references can stand for far more text.
  let size = 0;
  const grow = (bytes: number) => {
    size += bytes;
    if (size > (MAX_OFFLINE_PRESENTATION_BYTES * 3) / 4)
      throw new OfflineQrError("TOO_LARGE", "decodes beyond the cap");
  };
  const render = (pieces: Piece[], context: PartContext): string => {
    const chunks = pieces.map((piece) => {
      let chunk: Uint8Array;
      if (piece instanceof Uint8Array) chunk = piece;
      else if (piece.ref === "disclosure") {
        const digest = context.disclosureDigests?.[piece.index];
        if (digest === undefined) throw new OfflineQrError("MALFORMED_PAYLOAD", "disclosure reference");
        chunk = utf8Encode(`"${digest}"`);
      } else {
        if (context.sdHash === undefined) throw new OfflineQrError("MALFORMED_PAYLOAD", "sd_hash reference");
        chunk = utf8Encode(`"${context.sdHash}"`);
      }
      grow(chunk.length);
      return chunk;
    });
    return base64urlEncode(concatBytes(...chunks));
  };
  const renderToken = (parts: Piece[][], context: (p: number) => PartContext) =>
    parts.map((pieces, p) => render(pieces, context(p))).join(".");

  const disclosures = tokens.slice(1, last).map((parts) => renderToken(parts, () => ({})));
  const disclosureDigests = disclosures.map(digestOf);
  const issuerJwt = renderToken(tokens[0]!, (p) => (p === 1 ? { disclosureDigests } : {}));
  const withoutKb = [issuerJwt, ...disclosures, ""].join("~");
  const sdHash = tokens[last]!.length === 3 ? digestOf(withoutKb) : undefined;
  const kbJwt = renderToken(tokens[last]!, (p) => (p === 1 ? { sdHash } : {}));
  const presentation = withoutKb + kbJwt;
  if (presentation.length > MAX_OFFLINE_PRESENTATION_BYTES)
    throw new OfflineQrError("TOO_LARGE", "decodes beyond the cap");
  if (!sdJwtTokens(presentation)) throw new OfflineQrError("MALFORMED_PAYLOAD", "not an SD-JWT presentation");
  return presentation;
}

/**
 * The presentation in a scanned or pasted text: an offline code (`UKID1:…`, prefix in any case)
 * decoded back to the presentation exactly, or a raw SD-JWT presentation returned as it is.
 * Surrounding whitespace is ignored (a paste often ends with a newline). Throws OfflineQrError:
 * NOT_A_PRESENTATION, MALFORMED_PAYLOAD, UNSUPPORTED_VERSION (`UKID2:` and later) or TOO_LARGE.
 */
export function decodeOfflinePresentation(text: string): string {
  if (typeof text !== "string") throw new OfflineQrError("NOT_A_PRESENTATION", "not a string");
  const trimmed = text.trim();
  const prefix = /^UKID([0-9]+):/i.exec(trimmed.slice(0, 16));
  if (prefix) {
    if (prefix[0].toUpperCase() !== OFFLINE_QR_PREFIX)
      throw new OfflineQrError("UNSUPPORTED_VERSION", `format ${prefix[1]}`);
    if (trimmed.length > MAX_OFFLINE_PAYLOAD_CHARS) throw new OfflineQrError("TOO_LARGE", "payload too long");
    return decodePayload(trimmed.slice(prefix[0].length));
  }
  if (trimmed.length > MAX_OFFLINE_PRESENTATION_BYTES) throw new OfflineQrError("TOO_LARGE", "presentation too long");
  if (!sdJwtTokens(trimmed)) throw new OfflineQrError("NOT_A_PRESENTATION");
  return trimmed;
}

// ---------------------------------------------------------------------------------------------
// QR symbol

const LEVELS = ["M", "L", "H", "Q"] as const; // by the qrcode package's ErrorCorrectionLevel.bit

export interface OfflineQrSymbol {
  /** QR version, 1–40. */
  version: number;
  /** Modules per side, without the quiet zone (17 + 4 × version). */
  modules: number;
  errorCorrectionLevel: string;
  /** The encoding modes of the symbol's segments in order, joined by "+", e.g. "Alphanumeric+Numeric". */
  mode: string;
}

/** The QR symbol the qrcode package makes for `text` at OFFLINE_QR_ERROR_CORRECTION (as qrRuns draws it). */
export function offlineQrVersion(text: string): OfflineQrSymbol {
  const qr = create(text, { errorCorrectionLevel: OFFLINE_QR_ERROR_CORRECTION });
  return {
    version: qr.version,
    modules: qr.modules.size,
    errorCorrectionLevel: LEVELS[qr.errorCorrectionLevel.bit],
    mode: qr.segments.map((segment) => segment.mode.id).join("+"),
  };
}
