/**
 * Token Status List (draft-ietf-oauth-status-list-18; section numbers below are that draft's).
 *
 * The compressed byte array is zlib (RFC 1950) around DEFLATE (RFC 1951), which is exactly what
 * CompressionStream/DecompressionStream("deflate") produce and consume in browsers, workerd and
 * Node, so no zlib library is needed. Bits are packed from the least significant bit of byte 0
 * (section 4.1 step 3): entry i with `bits` b lives in byte floor(i*b/8) at shift (i*b) mod 8.
 *
 * `readStatus` inflates the list as a stream and keeps only the one byte it needs, instead of
 * expanding every entry into a JS array as @sd-jwt/jwt-status-list does (about 97 ms for 2^20
 * entries that way, under 1 ms streaming: ADR 009 and the README's measurements).
 */
import { Unzlib } from "fflate";
import { type CredentialCrypto, resolveCrypto } from "./crypto.ts";
import { base64urlDecode, base64urlEncode, concatBytes, isBase64url } from "./encoding.ts";
import { CredentialError, failureFromError, type VerificationFailure } from "./errors.ts";
import { isPlainObject } from "./json.ts";
import {
  algorithmForKey,
  importVerificationKey,
  isSupportedAlgorithm,
  type JwsAlgorithm,
  KEY_SELECTING_HEADERS,
  type PublicJwk,
  parseCompactJws,
  signCompactJws,
  verifyJwsSignature,
} from "./jws.ts";
import { verifyCertificateChain, x5cHeader } from "./x509.ts";

export type StatusBits = 1 | 2 | 4 | 8;

export const STATUS_LIST_TYP = "statuslist+jwt";

export function isStatusBits(value: unknown): value is StatusBits {
  return value === 1 || value === 2 || value === 4 || value === 8;
}

function assertBits(bits: unknown): asserts bits is StatusBits {
  if (!isStatusBits(bits)) throw new CredentialError("STATUS_BITS_INVALID");
}

/** Packs one status value per entry into the byte array of section 4.1. */
export function packStatusList(values: ArrayLike<number>, bits: StatusBits): Uint8Array {
  assertBits(bits);
  const max = (1 << bits) - 1;
  const out = new Uint8Array(Math.ceil((values.length * bits) / 8));
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isInteger(v) || v < 0 || v > max)
      throw new CredentialError("INVALID_ARGUMENT", "status value does not fit in bits");
    if (v === 0) continue;
    const bit = i * bits;
    out[bit >> 3]! |= v << (bit & 7);
  }
  return out;
}

/** One entry of an inflated list (section 4.1 bit order), or STATUS_INDEX_OUT_OF_RANGE. */
export function readPackedStatus(bytes: Uint8Array, bits: StatusBits, idx: number): number {
  if (!Number.isSafeInteger(idx) || idx < 0 || idx >= (bytes.length * 8) / bits)
    throw new CredentialError("STATUS_INDEX_OUT_OF_RANGE");
  const bit = idx * bits;
  return (bytes[bit >> 3]! >> (bit & 7)) & ((1 << bits) - 1);
}

/** The inverse of packStatusList: one value per entry (bytes * 8 / bits entries). */
export function unpackStatusList(bytes: Uint8Array, bits: StatusBits): Uint8Array {
  assertBits(bits);
  const perByte = 8 / bits;
  const mask = (1 << bits) - 1;
  const out = new Uint8Array(bytes.length * perByte);
  for (let i = 0; i < out.length; i++) {
    const bit = i * bits;
    out[i] = (bytes[bit >> 3]! >> (bit & 7)) & mask;
  }
  return out;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return concatBytes(...chunks);
}

function streamOf(bytes: Uint8Array): ReadableStream<BufferSource> {
  return new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(bytes as Uint8Array<ArrayBuffer>);
      controller.close();
    },
  });
}

/**
 * zlib-compresses a packed byte array and base64url-encodes it: the `lst` value (section 4.2).
 * The platform chooses the compression level (the draft recommends the highest; streams offer
 * no knob), so bytes can differ from other encoders while decoding to the same list.
 */
export async function compressStatusList(bytes: Uint8Array): Promise<string> {
  const compressed = await readAll(streamOf(bytes).pipeThrough(new CompressionStream("deflate")));
  return base64urlEncode(compressed);
}

export async function encodeStatusList(values: ArrayLike<number>, bits: StatusBits): Promise<string> {
  return compressStatusList(packStatusList(values, bits));
}

export interface InflateOptions {
  /** Upper bound on the inflated byte array; a larger list is refused as a zip bomb. */
  maxInflatedBytes: number;
}

/**
 * Streams the inflated list through `onChunk` without keeping it, enforcing the size cap as it
 * goes. Returns the inflated length. fflate's synchronous zlib stream rather than the platform's
 * DecompressionStream: the same result, without a promise hop per chunk (a 2^20-entry lookup
 * went from ~0.6 ms median and over 1 ms at p95 to ~0.3 ms in Node; see `npm run bench`).
 */
async function inflateStreaming(
  lst: string,
  options: InflateOptions,
  onChunk: (chunk: Uint8Array, offset: number) => void,
): Promise<number> {
  if (!Number.isSafeInteger(options.maxInflatedBytes) || options.maxInflatedBytes <= 0) {
    throw new CredentialError("INVALID_ARGUMENT", "maxInflatedBytes must be a positive integer");
  }
  let compressed: Uint8Array;
  try {
    compressed = base64urlDecode(lst);
  } catch {
    throw new CredentialError("STATUS_LIST_INVALID", "lst is not base64url");
  }
  let total = 0;
  // RFC 1950 section 2.2: fflate does not check the Adler-32 trailer, so it is summed here.
  let adler = 1;
  const inflater = new Unzlib((chunk) => {
    if (total + chunk.length > options.maxInflatedBytes) throw new CredentialError("STATUS_LIST_TOO_LARGE");
    onChunk(chunk, total);
    total += chunk.length;
    adler = adler32(adler, chunk);
  });
  try {
    inflater.push(compressed, true);
  } catch (error) {
    if (error instanceof CredentialError) throw error;
    throw new CredentialError("STATUS_LIST_INVALID", "inflate failed");
  }
  const n = compressed.length;
  const trailer =
    n >= 6
      ? ((compressed[n - 4]! << 24) | (compressed[n - 3]! << 16) | (compressed[n - 2]! << 8) | compressed[n - 1]!) >>> 0
      : -1;
  if (trailer !== adler) throw new CredentialError("STATUS_LIST_INVALID", "Adler-32 checksum mismatch");
  return total;
}

/**
 * Adler-32 (RFC 1950 section 8.2) continued over `chunk`. A plain function with local sums: the
 * same loop over variables captured by a closure ran four times slower in V8.
 */
function adler32(previous: number, chunk: Uint8Array): number {
  let a = previous & 0xffff;
  let b = previous >>> 16;
  for (let i = 0; i < chunk.length; ) {
    // zlib's NMAX: the longest run whose sums stay below 2^32 before reducing modulo 65521.
    const end = Math.min(i + 5552, chunk.length);
    for (; i < end; i++) {
      a += chunk[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** Inflates `lst` to the packed byte array. */
export async function inflateStatusList(lst: string, options: InflateOptions): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await inflateStreaming(lst, options, (chunk) => chunks.push(chunk.slice()));
  return concatBytes(...chunks);
}

/** Decodes `lst` fully: one status value per entry. */
export async function decodeStatusList(lst: string, bits: StatusBits, options: InflateOptions): Promise<Uint8Array> {
  assertBits(bits);
  return unpackStatusList(await inflateStatusList(lst, options), bits);
}

/**
 * Reads one entry of a status list: inflates as a stream, keeps the single byte holding `idx`,
 * and checks the whole list against the size cap and `idx` against the list's length.
 */
export async function readStatus(lst: string, bits: StatusBits, idx: number, options: InflateOptions): Promise<number> {
  assertBits(bits);
  if (!Number.isSafeInteger(idx) || idx < 0) throw new CredentialError("STATUS_INDEX_OUT_OF_RANGE");
  const bit = idx * bits;
  const target = Math.floor(bit / 8);
  let byte = -1;
  const total = await inflateStreaming(lst, options, (chunk, offset) => {
    if (target >= offset && target < offset + chunk.length) byte = chunk[target - offset]!;
  });
  if (target >= total || byte < 0) throw new CredentialError("STATUS_INDEX_OUT_OF_RANGE");
  return (byte >> (bit & 7)) & ((1 << bits) - 1);
}

export type CredentialStatus = "valid" | "revoked" | "suspended" | "unknown";

/**
 * Section 7.1 status types: 0x00 VALID, 0x01 INVALID (revoked), 0x02 SUSPENDED. 0x03 is
 * application-specific and the rest reserved; we define none of them, so they read as unknown
 * (and fail closed).
 */
export function statusFromValue(value: number): CredentialStatus {
  if (value === 0) return "valid";
  if (value === 1) return "revoked";
  if (value === 2) return "suspended";
  return "unknown";
}

/** What a Status List Token states (section 5.1). */
interface StatusListClaims {
  /** The status list URI: equals status.status_list.uri in every credential on this list. */
  sub: string;
  iat: number;
  exp?: number;
  /** Seconds a consumer may cache the token; our status worker also caps HTTP caching at 60 s. */
  ttl?: number;
  bits: StatusBits;
  lst: string;
}

export interface IssueStatusListTokenInput extends StatusListClaims {
  /** Optional: draft-18 no longer requires iss to match the credential's. */
  iss?: string;
  kid: string;
  privateKey: CryptoKey;
  /** The signing certificate and its chain (base64 DER, leaf first, root excluded): HAIP 1.0 section 6.1. */
  x5c?: readonly string[];
  crypto?: CredentialCrypto;
}

function isTime(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/** A `statuslist+jwt` Status List Token (section 5.1), signed with the status issuer's key. */
export async function issueStatusListToken(input: IssueStatusListTokenInput): Promise<string> {
  const crypto = resolveCrypto(input.crypto);
  assertBits(input.bits);
  if (typeof input.sub !== "string" || !input.sub.startsWith("https://"))
    throw new CredentialError("INVALID_ARGUMENT", "sub must be an https URI");
  if (!isTime(input.iat)) throw new CredentialError("INVALID_ARGUMENT", "iat must be epoch seconds");
  if (input.exp !== undefined && (!isTime(input.exp) || input.exp <= input.iat))
    throw new CredentialError("INVALID_ARGUMENT", "exp must follow iat");
  if (input.ttl !== undefined && (!Number.isSafeInteger(input.ttl) || input.ttl <= 0))
    throw new CredentialError("INVALID_ARGUMENT", "ttl must be a positive integer");
  if (typeof input.lst !== "string" || input.lst.length === 0 || !isBase64url(input.lst))
    throw new CredentialError("INVALID_ARGUMENT", "lst must be base64url");
  if (typeof input.kid !== "string" || input.kid.length === 0)
    throw new CredentialError("INVALID_ARGUMENT", "kid is required");
  algorithmForKey(input.privateKey);
  const x5c = input.x5c === undefined ? undefined : x5cHeader(input.x5c);
  const payload: Record<string, unknown> = {
    ...(input.iss !== undefined ? { iss: input.iss } : {}),
    sub: input.sub,
    iat: input.iat,
    ...(input.exp !== undefined ? { exp: input.exp } : {}),
    ...(input.ttl !== undefined ? { ttl: input.ttl } : {}),
    status_list: { bits: input.bits, lst: input.lst },
  };
  return signCompactJws(
    crypto,
    { typ: STATUS_LIST_TYP, kid: input.kid, ...(x5c ? { x5c } : {}) },
    payload,
    input.privateKey,
  );
}

export interface VerifyStatusListTokenOptions {
  /** Keys trusted to sign status lists for the credential's issuer. */
  trustedKeys: readonly PublicJwk[];
  algorithms?: readonly JwsAlgorithm[];
  /**
   * Roots trusted for a token that carries its key in an `x5c` chain; without them such a token is
   * refused. Given, `expectedIssuer` is required too.
   */
  x509Roots?: readonly string[];
  /** The credential's iss: a token signed through a certificate must name it among its leaf's SAN URIs. */
  expectedIssuer?: string;
  /** The credential's status.status_list.uri. */
  expectedSub: string;
  now: number;
  clockSkewSeconds: number;
  maxInflatedBytes: number;
  /** Cap on the token's own length (default 1 MiB). */
  maxTokenBytes?: number;
  /** When given, the entry is read and returned as `value` (and its range checked). */
  idx?: number;
  /** Return the whole inflated list as `bytes`, for a cache to read later entries from. */
  keepBytes?: boolean;
  crypto?: CredentialCrypto;
}

export interface VerifiedStatusList extends StatusListClaims {
  valid: true;
  /** Inflated size of the byte array. Present when idx was not given. */
  inflatedBytes?: number;
  /** The status value at `idx`, when idx was given. */
  value?: number;
  /** The inflated list, when keepBytes was set. */
  bytes?: Uint8Array;
}

/**
 * Verifies a Status List Token (section 5.1 and 8.3 validation rules): typ statuslist+jwt, a
 * trusted key and pinned algorithm, sub equal to the credential's status URI, not expired,
 * bits in {1,2,4,8}, inflated size under the cap, and (with idx) the index inside the list.
 * Returns a failure instead of throwing.
 */
export async function verifyStatusListToken(
  token: unknown,
  options: VerifyStatusListTokenOptions,
): Promise<VerifiedStatusList | VerificationFailure> {
  try {
    return await verifyStatusListTokenOrThrow(token, options);
  } catch (error) {
    return failureFromError(error);
  }
}

async function verifyStatusListTokenOrThrow(
  token: unknown,
  options: VerifyStatusListTokenOptions,
): Promise<VerifiedStatusList> {
  const crypto = resolveCrypto(options.crypto);
  if (
    options.x509Roots !== undefined &&
    (!Array.isArray(options.x509Roots) ||
      typeof options.expectedIssuer !== "string" ||
      options.expectedIssuer.length === 0)
  )
    throw new CredentialError("POLICY_INVALID", "x509Roots need an expectedIssuer");
  if (typeof token !== "string") throw new CredentialError("STATUS_TOKEN_MALFORMED", "not a string");
  if (token.length > (options.maxTokenBytes ?? 1024 * 1024))
    throw new CredentialError("INPUT_TOO_LARGE", "status token too long");
  const jws = parseCompactJws(token, { maxDepth: 8, malformedCode: "STATUS_TOKEN_MALFORMED" });
  const { header, payload } = jws;

  if (header.typ !== STATUS_LIST_TYP) throw new CredentialError("STATUS_TOKEN_WRONG_TYP");
  if (header.crit !== undefined) throw new CredentialError("CRIT_NOT_SUPPORTED");
  // Any reason the signature cannot be tied to a trusted key is an untrusted signature.
  const certified = (options.x509Roots?.length ?? 0) > 0 && Object.hasOwn(header, "x5c");
  if (KEY_SELECTING_HEADERS.some((name) => name in header && !(certified && name === "x5c")))
    throw new CredentialError("STATUS_TOKEN_BAD_SIGNATURE", "token names its own key");
  const algorithms = options.algorithms ?? ["EdDSA"];
  const alg = header.alg;
  if (!isSupportedAlgorithm(alg) || !algorithms.includes(alg))
    throw new CredentialError("STATUS_TOKEN_BAD_SIGNATURE", "algorithm not allowed");
  const key = certified ? await certifiedKey(header.x5c, options, crypto) : selectKey(options.trustedKeys, header.kid);
  if (!key) throw new CredentialError("STATUS_TOKEN_BAD_SIGNATURE", "unknown kid");
  const cryptoKey = await importVerificationKey(crypto, key, alg, "STATUS_TOKEN_BAD_SIGNATURE", !certified);
  if (!(await verifyJwsSignature(crypto, jws, alg, cryptoKey))) throw new CredentialError("STATUS_TOKEN_BAD_SIGNATURE");

  if (payload.sub !== options.expectedSub) throw new CredentialError("STATUS_SUB_MISMATCH");
  const { now, clockSkewSeconds: skew } = options;
  if (!isTime(payload.iat)) throw new CredentialError("STATUS_TOKEN_MALFORMED", "iat missing");
  if (payload.iat > now + skew) throw new CredentialError("ISSUED_IN_FUTURE");
  if (payload.nbf !== undefined && (!isTime(payload.nbf) || payload.nbf > now + skew))
    throw new CredentialError("NOT_YET_VALID");
  if (payload.exp !== undefined) {
    if (!isTime(payload.exp)) throw new CredentialError("STATUS_TOKEN_MALFORMED", "exp is not a number");
    if (now >= payload.exp + skew) throw new CredentialError("STATUS_TOKEN_EXPIRED");
  }
  if (payload.ttl !== undefined && !(typeof payload.ttl === "number" && payload.ttl > 0)) {
    throw new CredentialError("STATUS_TOKEN_MALFORMED", "ttl is not a positive number");
  }
  const list = payload.status_list;
  if (!isPlainObject(list)) throw new CredentialError("STATUS_TOKEN_MALFORMED", "status_list missing");
  if (!isStatusBits(list.bits)) throw new CredentialError("STATUS_BITS_INVALID");
  if (typeof list.lst !== "string" || list.lst.length === 0 || !isBase64url(list.lst)) {
    throw new CredentialError("STATUS_TOKEN_MALFORMED", "lst is not base64url");
  }
  const result: VerifiedStatusList = {
    valid: true,
    sub: payload.sub,
    iat: payload.iat,
    ...(payload.exp !== undefined ? { exp: payload.exp as number } : {}),
    ...(payload.ttl !== undefined ? { ttl: payload.ttl as number } : {}),
    bits: list.bits,
    lst: list.lst,
  };
  const inflate = { maxInflatedBytes: options.maxInflatedBytes };
  if (options.keepBytes) {
    result.bytes = await inflateStatusList(list.lst, inflate);
    result.inflatedBytes = result.bytes.length;
    if (options.idx !== undefined) result.value = readPackedStatus(result.bytes, list.bits, options.idx);
  } else if (options.idx !== undefined) {
    result.value = await readStatus(list.lst, list.bits, options.idx, inflate);
  } else {
    result.inflatedBytes = await inflateStreaming(list.lst, inflate, () => undefined);
  }
  return result;
}

/**
 * Key selection by kid only. A token without kid is accepted only when exactly one key is
 * trusted, so selection never depends on trying keys until one fits.
 */
export function selectKey(keys: readonly PublicJwk[], kid: unknown): PublicJwk | undefined {
  if (kid === undefined) return keys.length === 1 ? keys[0] : undefined;
  if (typeof kid !== "string") return undefined;
  const matches = keys.filter((k) => k.kid === kid);
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * Picks a free index at random (indexes allocated at random within fixed-size lists, for herd
 * privacy: the draft's privacy considerations; ADR 011). Random probes first; when the list is nearly full, a
 * scan from a random start still finds the remaining free entries.
 */
export function allocateIndex(
  used: (index: number) => boolean,
  size: number,
  randomInt: (maxExclusive: number) => number,
): number {
  if (!Number.isSafeInteger(size) || size <= 0)
    throw new CredentialError("INVALID_ARGUMENT", "size must be a positive integer");
  const draw = () => {
    const n = randomInt(size);
    if (!Number.isInteger(n) || n < 0 || n >= size)
      throw new CredentialError("INVALID_ARGUMENT", "randomInt out of range");
    return n;
  };
  for (let attempt = 0; attempt < 64; attempt++) {
    const candidate = draw();
    if (!used(candidate)) return candidate;
  }
  const start = draw();
  for (let step = 0; step < size; step++) {
    const candidate = (start + step) % size;
    if (!used(candidate)) return candidate;
  }
  throw new CredentialError("STATUS_LIST_FULL");
}

/**
 * The key of a status list token's x5c leaf (HAIP 1.0 section 6.1), once its chain leads to a trusted
 * root and its leaf names the credential's issuer. A certificate refusal is an untrusted signature here,
 * as every other reason a status list's key is not trusted (its detail says which): the credential's
 * status is then unknown, not the credential refused.
 */
async function certifiedKey(
  x5c: unknown,
  options: VerifyStatusListTokenOptions,
  crypto: CredentialCrypto,
): Promise<PublicJwk> {
  try {
    const certificate = await verifyCertificateChain(x5c, options.x509Roots ?? [], new Date(options.now * 1000), {
      crypto,
    });
    if (!certificate.uris.includes(options.expectedIssuer!))
      throw new CredentialError("CERTIFICATE_NAME_MISMATCH", "the status list's certificate names another issuer");
    return certificate.publicJwk;
  } catch (error) {
    if (error instanceof CredentialError && error.code.startsWith("CERTIFICATE_"))
      throw new CredentialError(
        "STATUS_TOKEN_BAD_SIGNATURE",
        `${error.code}${error.detail ? `: ${error.detail}` : ""}`,
      );
    throw error;
  }
}
