/**
 * A small software passkey authenticator for tests (ADR 021), written from WebAuthn Level 3 §6
 * and RFC 9053 rather than with the library under test: an ES256 key made with WebCrypto,
 * attestation "none", and the flags, counter, origin and user handle each test chooses, so a test
 * can make exactly the response a browser would, or exactly the wrong one.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { base64urlDecode, base64urlEncode, concatBytes } from "#core/credentials/encoding.ts";

/** Authenticator data flags (WebAuthn §6.1): user present, user verified, attested credential data. */
export const FLAG_UP = 0x01;
export const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

/** Bytes backed by a plain ArrayBuffer, as WebCrypto takes them. */
type Bytes = Uint8Array<ArrayBuffer>;

const b64url = base64urlEncode;
const fromB64url = (text: string): Bytes => base64urlDecode(text).slice();
const utf8 = (text: string): Bytes => new TextEncoder().encode(text) as Bytes;
const sha256 = async (bytes: Bytes): Promise<Bytes> => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));

// --- CBOR (RFC 8949), only what attestation objects and COSE keys need ---------------------
type Cbor = number | string | Bytes | Map<Cbor, Cbor>;

function head(major: number, n: number): Bytes {
  if (n < 24) return Uint8Array.of((major << 5) | n);
  if (n < 0x100) return Uint8Array.of((major << 5) | 24, n);
  if (n < 0x10000) return Uint8Array.of((major << 5) | 25, n >> 8, n & 0xff);
  return Uint8Array.of((major << 5) | 26, (n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
}

function cbor(value: Cbor): Bytes {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return concatBytes(head(3, utf8(value).length), utf8(value));
  if (value instanceof Uint8Array) return concatBytes(head(2, value.length), value);
  return concatBytes(head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)]));
}

/** An ECDSA signature as WebAuthn wants it for ES256: ASN.1 DER, not WebCrypto's raw r‖s. */
function derSignature(raw: Bytes): Bytes {
  const integer = (bytes: Bytes) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    let trimmed = bytes.slice(i);
    if (trimmed[0]! & 0x80) trimmed = concatBytes(Uint8Array.of(0), trimmed);
    return concatBytes(Uint8Array.of(0x02, trimmed.length), trimmed);
  };
  const body = concatBytes(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concatBytes(Uint8Array.of(0x30, body.length), body);
}

export interface CeremonyChoices {
  /** The origin the browser would put in clientDataJSON (default: the test's). */
  origin?: string;
  /** Authenticator data flags (default UP|UV). */
  flags?: number;
  /** The signature counter to report (default: one more than last time). */
  counter?: number;
  /** The RP ID whose hash goes in the authenticator data (default: the options'). */
  rpId?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId: Bytes = crypto.getRandomValues(new Uint8Array(32));
  /** The user handle stored with the credential at registration (base64url). */
  userHandle: string | null = null;
  /** What the authenticator's signature counter last said. */
  counter = 0;
  private keys: CryptoKeyPair | null = null;

  constructor(readonly origin: string) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  private async authenticatorData(rpId: string, flags: number, counter: number, attested?: Bytes): Promise<Bytes> {
    const count = Uint8Array.of((counter >>> 24) & 0xff, (counter >> 16) & 0xff, (counter >> 8) & 0xff, counter & 0xff);
    return concatBytes(
      await sha256(utf8(rpId)),
      Uint8Array.of(flags | (attested ? FLAG_AT : 0)),
      count,
      attested ?? new Uint8Array(),
    );
  }

  /** navigator.credentials.create(): a new ES256 credential for the options' RP and user, attestation "none". */
  async create(
    options: PublicKeyCredentialCreationOptionsJSON,
    choices: CeremonyChoices = {},
  ): Promise<RegistrationResponseJSON> {
    this.keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    this.userHandle = options.user.id;
    const jwk = await crypto.subtle.exportKey("jwk", this.keys.publicKey);
    // COSE_Key (RFC 9053 §7.1.1): kty EC2, alg ES256, crv P-256, x, y.
    const coseKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, fromB64url(jwk.x!)],
        [-3, fromB64url(jwk.y!)],
      ]),
    );
    const attested = concatBytes(
      new Uint8Array(16),
      Uint8Array.of(this.credentialId.length >> 8, this.credentialId.length & 0xff),
      this.credentialId,
      coseKey,
    );
    this.counter = choices.counter ?? 0;
    const authData = await this.authenticatorData(
      choices.rpId ?? options.rp.id!,
      choices.flags ?? FLAG_UP | FLAG_UV,
      this.counter,
      attested,
    );
    const clientData = utf8(
      JSON.stringify({
        type: "webauthn.create",
        challenge: options.challenge,
        origin: choices.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): an assertion over the options' challenge, signed with this credential's key. */
  async get(
    options: PublicKeyCredentialRequestOptionsJSON,
    choices: CeremonyChoices = {},
  ): Promise<AuthenticationResponseJSON> {
    if (!this.keys) throw new Error("create() first");
    this.counter = choices.counter ?? this.counter + 1;
    const authData = await this.authenticatorData(
      choices.rpId ?? options.rpId!,
      choices.flags ?? FLAG_UP | FLAG_UV,
      this.counter,
    );
    const clientData = utf8(
      JSON.stringify({
        type: "webauthn.get",
        challenge: options.challenge,
        origin: choices.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const signed = concatBytes(authData, await sha256(clientData));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.keys.privateKey, signed),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(derSignature(raw)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }
}
