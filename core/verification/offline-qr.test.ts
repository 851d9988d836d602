import { sha256 } from "@noble/hashes/sha2.js";
import { deflateSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { base64urlEncode } from "#core/credentials/encoding.ts";
import { presentCredential, presentPaperCredential } from "#core/credentials/present.ts";
import {
  AUD,
  RIGHT_TO_WORK_CLAIMS as CLAIMS,
  issueFor,
  issuePaperFor,
  makeP256Holder,
  makeWorld,
  NOW,
  statusPolicy,
  type World,
} from "#core/credentials/test-helpers.ts";
import { verifyPresentation } from "#core/credentials/verify.ts";
import { issuerUrl, statusListUrl, vctUrl } from "#core/issuers/registry.ts";
import {
  decodeOfflinePresentation,
  encodeOfflinePresentation,
  MAX_OFFLINE_PRESENTATION_BYTES,
  OFFLINE_QR_DICTIONARY,
  OFFLINE_QR_ERROR_CORRECTION,
  OFFLINE_QR_PREFIX,
  OfflineQrError,
  type OfflineQrErrorCode,
  offlineQrVersion,
} from "./offline-qr.ts";

// A Right to Work credential as issuance makes it (server/credentials/issuance.ts): Ed25519
// issuer, the device's P-256 key in cnf, production-shaped identifiers, two decoy digests.
const BASE = "https://identity.example.gov.uk";
const ISS = issuerUrl(BASE, "home-office");
const VCT = vctUrl(BASE, "rtw");
/** Offline there is no verifier nonce: the wallet makes one. */
const OFFLINE_NONCE = "q3vJ0fS8dXKz1mWcR7tPbA";

let world: World;
let sdJwt: string;
const presented: Record<"one" | "three" | "all", string> = { one: "", three: "", all: "" };

beforeAll(async () => {
  world = { ...(await makeWorld()), holder: await makeP256Holder() };
  sdJwt = await issueFor(world, {
    issuer: { iss: ISS, kid: world.issuer.publicJwk.kid!, privateKey: world.issuer.privateKey },
    vct: VCT,
    claims: CLAIMS,
    status: { idx: 91_327, uri: statusListUrl(BASE, "6f1c2b9e-3d4a-4b8c-9e21-7a5d0c3f8b64") },
    decoys: 2,
  });
  const present = (disclose: string[]) =>
    presentCredential({
      sdJwt,
      disclose,
      holderPrivateKey: world.holder.privateKey,
      nonce: OFFLINE_NONCE,
      aud: AUD,
      iat: NOW,
    });
  presented.one = await present(["hasRightToWork"]);
  presented.three = await present(["given_name", "family_name", "hasRightToWork"]);
  presented.all = await present(Object.keys(CLAIMS));
});

/** A payload built by hand from body bytes, as encodeOfflinePresentation writes one. */
function payloadOf(body: Uint8Array): string {
  let hex = "0x01";
  for (const b of body) hex += b.toString(16).padStart(2, "0");
  return OFFLINE_QR_PREFIX + BigInt(hex).toString(10);
}

/** The body bytes of a payload. */
function bodyOf(payload: string): Uint8Array {
  const hex = BigInt(payload.slice(OFFLINE_QR_PREFIX.length)).toString(16).slice(1);
  return Uint8Array.from(hex.match(/../g)!.map((pair) => parseInt(pair, 16)));
}

function varint(value: number): number[] {
  const out: number[] = [];
  while (value >= 0x80) {
    out.push((value & 0x7f) | 0x80);
    value >>>= 7;
  }
  out.push(value);
  return out;
}

/** A body whose deflated structure is `structure` (compressed without the dictionary: still valid to inflate with it). */
function bodyWithStructure(structure: Uint8Array, side: number[] = []): Uint8Array {
  const deflated = deflateSync(structure, { level: 9 });
  return Uint8Array.from([...varint(deflated.length), ...deflated, ...side]);
}

function expectOfflineQrError(run: () => unknown, code: OfflineQrErrorCode): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(OfflineQrError);
  expect((caught as OfflineQrError).code).toBe(code);
}

describe("encodeOfflinePresentation and decodeOfflinePresentation", () => {
  it.each(["one", "three", "all"] as const)("give back the presentation disclosing %s claim(s) exactly", (which) => {
    const presentation = presented[which];
    const payload = encodeOfflinePresentation(presentation);
    expect(payload).toMatch(/^UKID1:[1-9][0-9]*$/);
    expect(payload.length).toBeLessThan(presentation.length);
    expect(decodeOfflinePresentation(payload)).toBe(presentation);
  });

  it("decodes to a presentation the verifier accepts (issuer signature, P-256 key binding, sd_hash)", async () => {
    const decoded = decodeOfflinePresentation(encodeOfflinePresentation(presented.three));
    const result = await verifyPresentation(decoded, {
      trustedIssuers: { [ISS]: { keys: [world.issuer.publicJwk], algorithms: ["EdDSA"] } },
      allowedVcts: [VCT],
      requireKeyBinding: true,
      kbAlgorithms: ["ES256"],
      expectedNonce: OFFLINE_NONCE,
      expectedAudience: AUD,
      maxKbAgeSeconds: 15 * 60,
      clockSkewSeconds: 60,
      now: NOW,
    });
    expect(result).toMatchObject({
      valid: true,
      claims: { given_name: "Sarah", family_name: "Thompson", hasRightToWork: true },
    });
  });

  it("round-trips an SD-JWT without a key-binding JWT and one disclosing nothing", async () => {
    expect(decodeOfflinePresentation(encodeOfflinePresentation(sdJwt))).toBe(sdJwt);
    const bare = await presentCredential({
      sdJwt,
      disclose: [],
      holderPrivateKey: world.holder.privateKey,
      nonce: OFFLINE_NONCE,
      aud: AUD,
      iat: NOW,
    });
    expect(decodeOfflinePresentation(encodeOfflinePresentation(bare))).toBe(bare);
  });

  it("round-trips a paper credential's printed presentation (no cnf, chosen disclosures, no KB-JWT), which verifies as paper", async () => {
    const paper = await issuePaperFor(world, {
      issuer: { iss: ISS, kid: world.issuer.publicJwk.kid!, privateKey: world.issuer.privateKey },
      vct: VCT,
      claims: CLAIMS,
      decoys: 2,
    });
    const { presentation: printed } = await presentPaperCredential({
      sdJwt: paper,
      disclose: ["given_name", "family_name", "hasRightToWork", "workRestrictions", "expiryDate"],
    });
    expect(printed.endsWith("~")).toBe(true);
    const payload = encodeOfflinePresentation(printed);
    expect(payload).toMatch(/^UKID1:[1-9][0-9]*$/);
    const decoded = decodeOfflinePresentation(payload);
    expect(decoded).toBe(printed);
    const result = await verifyPresentation(decoded, {
      trustedIssuers: { [ISS]: { keys: [world.issuer.publicJwk], algorithms: ["EdDSA"] } },
      allowedVcts: [VCT],
      requireKeyBinding: true,
      acceptPaper: true,
      status: statusPolicy(world),
      expectedNonce: OFFLINE_NONCE,
      expectedAudience: AUD,
      maxKbAgeSeconds: 15 * 60,
      clockSkewSeconds: 60,
      now: NOW,
    });
    expect(result).toMatchObject({
      valid: true,
      paper: true,
      keyBound: false,
      claims: { given_name: "Sarah", hasRightToWork: true, expiryDate: "2029-11-22" },
    });
    // Without a holder key or a KB-JWT the code is smaller than a device presentation of as many claims.
    expect(payload.length).toBeLessThan(encodeOfflinePresentation(presented.three).length);
  });

  it("gives the same payload for the same presentation", () => {
    expect(encodeOfflinePresentation(presented.three)).toBe(encodeOfflinePresentation(presented.three));
  });

  it("keeps a part holding a reference byte literally, and a JSON value that only looks like base64url", () => {
    const [, , s] = presented.one.split("~").at(-1)!.split(".");
    const encode = (json: string) => base64urlEncode(new TextEncoder().encode(json));
    // A header holding byte 0x01 (a reference byte) goes as it is; a nonce of 22 base64url
    // characters whose last one has non-zero unused bits is not canonical and stays text.
    const kb = `${encode('{"typ":"kb+jwt","x":"\u0001"}')}.${encode('{"nonce":"AAAAAAAAAAAAAAAAAAAAAB"}')}.${s}`;
    const presentation = presented.one.slice(0, presented.one.lastIndexOf("~") + 1) + kb;
    expect(decodeOfflinePresentation(encodeOfflinePresentation(presentation))).toBe(presentation);
  });
});

describe("format 1 (frozen: ADR 014)", () => {
  it("still decodes a payload recorded when the format was fixed", () => {
    expect(decodeOfflinePresentation(GOLDEN_PAYLOAD)).toBe(GOLDEN_PRESENTATION);
  });

  it("keeps its dictionary byte for byte (a payload only exercises the parts it matched)", () => {
    const bytes = new TextEncoder().encode(OFFLINE_QR_DICTIONARY);
    expect(bytes.length).toBe(1317);
    expect(base64urlEncode(sha256(bytes))).toBe("3860R9Jg0KJRX4Gzmpr4p5jcWsgs0--TW07H4Y-s7dU");
  });
});

describe("decodeOfflinePresentation on other input", () => {
  it("returns a raw SD-JWT presentation unchanged, without surrounding whitespace", () => {
    expect(decodeOfflinePresentation(presented.three)).toBe(presented.three);
    expect(decodeOfflinePresentation(`  ${presented.three}\r\n`)).toBe(presented.three);
    expect(decodeOfflinePresentation(sdJwt)).toBe(sdJwt);
  });

  it("accepts the prefix in lower case and surrounding whitespace", () => {
    const payload = encodeOfflinePresentation(presented.one);
    expect(decodeOfflinePresentation(` ukid1:${payload.slice(OFFLINE_QR_PREFIX.length)}\n`)).toBe(presented.one);
  });

  it.each([
    ["empty text", ""],
    ["plain text", "hello verifier"],
    ["a JWT without ~", "eyJhbGciOiJFZERTQSJ9.eyJpc3MiOiJ4In0.c2ln"],
    ["an issuer JWT of two parts", "eyJhbGciOiJFZERTQSJ9.eyJpc3MiOiJ4In0~"],
    ["an empty disclosure", "a.b.c~~"],
    ["a URL", "https://identity.example.gov.uk/verify/abc"],
  ])("refuses %s as not a presentation", (_, text) => {
    expectOfflineQrError(() => decodeOfflinePresentation(text), "NOT_A_PRESENTATION");
  });

  it("refuses a later format with its own message", () => {
    expectOfflineQrError(() => decodeOfflinePresentation("UKID2:123456"), "UNSUPPORTED_VERSION");
    expect(() => decodeOfflinePresentation("UKID2:123456")).toThrow(/newer wallet/);
  });

  it.each([
    ["no digits", "UKID1:"],
    ["a leading zero", "UKID1:0123"],
    ["a letter among the digits", "UKID1:12A4"],
    ["digits without the marker byte", "UKID1:255"],
  ])("refuses a payload with %s", (_, text) => {
    expectOfflineQrError(() => decodeOfflinePresentation(text), "MALFORMED_PAYLOAD");
  });

  it("refuses a payload cut short or with bytes added, without echoing it", () => {
    const body = bodyOf(encodeOfflinePresentation(presented.three));
    expectOfflineQrError(
      () => decodeOfflinePresentation(payloadOf(body.subarray(0, body.length - 1))),
      "MALFORMED_PAYLOAD",
    );
    expectOfflineQrError(
      () => decodeOfflinePresentation(payloadOf(Uint8Array.from([...body, 0]))),
      "MALFORMED_PAYLOAD",
    );
    expectOfflineQrError(() => decodeOfflinePresentation(payloadOf(body.subarray(0, 40))), "MALFORMED_PAYLOAD");
    try {
      decodeOfflinePresentation(payloadOf(body.subarray(0, body.length - 1)));
    } catch (error) {
      expect((error as Error).message).not.toMatch(/[0-9]{20}/);
    }
  });

  it("refuses a structure that is not an SD-JWT and a reference with nothing to point at", () => {
    // One token only.
    expectOfflineQrError(
      () => decodeOfflinePresentation(payloadOf(bodyWithStructure(Uint8Array.from([1, 1, 0])))),
      "MALFORMED_PAYLOAD",
    );
    // A disclosure reference (0x03) inside a disclosure, where no digests are in scope.
    const structure = [
      3,
      3,
      ...[(1 << 2) | 1, 0x41],
      ...[(1 << 2) | 1, 0x42],
      (0 << 2) | 0,
      1,
      (2 << 2) | 1,
      0x03,
      0x00,
      1,
      (0 << 2) | 1,
    ];
    expectOfflineQrError(
      () => decodeOfflinePresentation(payloadOf(bodyWithStructure(Uint8Array.from(structure)))),
      "MALFORMED_PAYLOAD",
    );
  });
});

describe("size limits", () => {
  it("refuses a zip bomb: a small payload inflating past the cap", () => {
    const bomb = bodyWithStructure(new Uint8Array(1024 * 1024).fill(0x41));
    expect(bomb.length).toBeLessThan(2048);
    expectOfflineQrError(() => decodeOfflinePresentation(payloadOf(bomb)), "TOO_LARGE");
  });

  it("refuses references that expand past the cap", () => {
    // Issuer JWT header "A", payload of 30,000 disclosure references (45 characters each), an
    // empty signature; one disclosure "B"; no key-binding JWT. 60 KB inflated, 1.3 MB expanded.
    const refs = new Array<number>(30_000).fill(0).flatMap(() => [0x03, 0x00]);
    const structure = [
      3,
      3,
      (1 << 2) | 1,
      0x41,
      ...varint((refs.length << 2) | 1),
      ...refs,
      0,
      1,
      (1 << 2) | 1,
      0x42,
      1,
      (0 << 2) | 1,
    ];
    expectOfflineQrError(
      () => decodeOfflinePresentation(payloadOf(bodyWithStructure(Uint8Array.from(structure)))),
      "TOO_LARGE",
    );
  });

  it("refuses payload text longer than any QR code holds, and raw text over the presentation cap", () => {
    expectOfflineQrError(() => decodeOfflinePresentation(`UKID1:1${"0".repeat(9000)}`), "TOO_LARGE");
    const huge = `${presented.one.split("~")[0]}~${"A".repeat(MAX_OFFLINE_PRESENTATION_BYTES)}~`;
    expectOfflineQrError(() => decodeOfflinePresentation(huge), "TOO_LARGE");
    expectOfflineQrError(() => encodeOfflinePresentation(huge), "TOO_LARGE");
  });
});

describe("encodeOfflinePresentation on other input", () => {
  it("refuses text that is not an SD-JWT of canonical base64url parts", () => {
    expectOfflineQrError(() => encodeOfflinePresentation("hello"), "NOT_A_PRESENTATION");
    expectOfflineQrError(() => encodeOfflinePresentation(`${OFFLINE_QR_PREFIX}123`), "NOT_A_PRESENTATION");
    // A disclosure of 2 characters whose unused bits are set ("AB" is not how any byte encodes).
    const [issuerJwt] = presented.one.split("~");
    expectOfflineQrError(() => encodeOfflinePresentation(`${issuerJwt}~AB~`), "NOT_A_PRESENTATION");
  });
});

describe("offlineQrVersion", () => {
  it("needs a strictly lower QR version for the 3-claim presentation encoded than as it is in byte mode", () => {
    const raw = offlineQrVersion(presented.three);
    const encoded = offlineQrVersion(encodeOfflinePresentation(presented.three));
    expect(raw.mode).toContain("Byte");
    expect(encoded.mode).toBe("Alphanumeric+Numeric");
    expect(encoded.version).toBeLessThan(raw.version);
    // Measured (ADR 014): version 21 against 36. Allow a version's slack for random salts and keys.
    expect(encoded.version).toBeLessThanOrEqual(22);
    expect(raw.version - encoded.version).toBeGreaterThanOrEqual(10);
  });

  it("reports the error correction level it encodes with, and the symbol's size", () => {
    expect(OFFLINE_QR_ERROR_CORRECTION).toBe("M");
    expect(offlineQrVersion("HELLO")).toEqual({
      version: 1,
      modules: 21,
      errorCorrectionLevel: "M",
      mode: "Alphanumeric",
    });
    const encoded = offlineQrVersion(encodeOfflinePresentation(presented.all));
    expect(encoded.modules).toBe(17 + 4 * encoded.version);
  });
});

// The all-claims presentation of the fixture above (its own keys) and its UKID1 payload, recorded
// 2026-11-24 when format 1 was fixed. A change to the dictionary or the layout that breaks this
// breaks codes already on screens: that needs a new prefix (UKID2) instead.
const GOLDEN_PRESENTATION = [
  "eyJ0eXAiOiJkYytzZC1qd3QiLCJraWQiOiJHWHYtN1ZXR3VuRG45TUpfSi1wZ0tiaDMyQ1dkLW92NTVYWVo1YVpBdjgwIiwi",
  "YWxnIjoiRWREU0EifQ.eyJpc3MiOiJodHRwczovL2lkZW50aXR5LmV4YW1wbGUuZ292LnVrL2lzc3VlcnMvaG9tZS1vZmZpY",
  "2UiLCJpYXQiOjE3OTk5OTY0MDAsImV4cCI6MTgzMTUzNjAwMCwidmN0IjoiaHR0cHM6Ly9pZGVudGl0eS5leGFtcGxlLmdvd",
  "i51ay92Y3QvcmlnaHQtdG8td29yayIsImNuZiI6eyJqd2siOnsia3R5IjoiRUMiLCJjcnYiOiJQLTI1NiIsIngiOiJGN21EY",
  "URoaUdsbW95cjNIMUk3UEdnRVNfTHdYUkEwWlFhTmR0ZWF3aW9vIiwieSI6ImlXQVdYOW9Ha3lPYmJoM0NjeXg3RkF0a0otT",
  "3RDUXdPejJYeVJ3Q2ZiZnMifX0sInN0YXR1cyI6eyJzdGF0dXNfbGlzdCI6eyJpZHgiOjkxMzI3LCJ1cmkiOiJodHRwczovL",
  "2lkZW50aXR5LmV4YW1wbGUuZ292LnVrL3N0YXR1cy9saXN0cy82ZjFjMmI5ZS0zZDRhLTRiOGMtOWUyMS03YTVkMGMzZjhiN",
  "jQifX0sIl9zZCI6WyItbFFFWXM3RTNGU1FvOThZeklqbHl0UWRnU1dZM25ZclllMWNmU0oyeVdzIiwiREo2dlM5SlBQdWVDQ",
  "TBYTWdHU3Y0ZmJZYlFkejBNblRJTHR0d0pZX3RNQSIsIkdKNjNSRWVhdFdQODFsbXlIOUZSN3V5anliQ1Nncy15VThPLUVYb",
  "FZyc00iLCJJcjBkT01hOUFFMGJrZTZCZDlRQjlvWFIxWkl1OVYxNzY0ekl6U1RPZ3ZzIiwiTFJDWGRCQ2RXYmVsZEZwQUFGS",
  "3N2Z05wU0VmVzFrQmZnSlBRMHNuTkxUNCIsIlJFRGhIZ0k1Ym0tTUtDLWV5dU51cEZuQ0dlS3lzclAzVjZGNzM2bEZkYVkiL",
  "CJoaE16LS1CQm9ENFV0NDlQZ3V1M2Y0aUxxRkJDVENsOUN6Slpnc1JnY19FIiwiakl6aVFKOWh6NzFONWpWSGY5ZzBkVlFzV",
  "mlpbWJYcGgtblBYWXgxcjdKQSIsInFYcE9vMzM3VU9rNlFacHktS05WSE1Xald4a2ZqNWF0ZzNrbi1pVVo2TFEiXSwiX3NkX",
  "2FsZyI6InNoYS0yNTYifQ.EBEUcQxDYzu0zKgejKf1A8yU7iZyb4KN7s5ol6birWxAdFsN_G4wAbCcRoX7cY0xDEH2GKJir-",
  "hvdgl256RMAA~WyI0T2VRLUdyX1VWTk5qV09zUTNYdDlRIiwiZ2l2ZW5fbmFtZSIsIlNhcmFoIl0~WyIzM0tBYnZTMFFmMVQ",
  "xM2RpY05WNVlBIiwiZmFtaWx5X25hbWUiLCJUaG9tcHNvbiJd~WyIyUzV0RFdjbDM1TjRQN29NWDhWc1BnIiwiYmlydGhkYX",
  "RlIiwiMTk5MC0wNC0xMiJd~WyIwSUVCUWIyZE1sdWg5NU54VV9ITnpRIiwiaGFzUmlnaHRUb1dvcmsiLHRydWVd~WyJJdFY5",
  "RHdRYWVEbjNxS0ZFSTMzN1lnIiwid29ya1Jlc3RyaWN0aW9ucyIsIk5vbmUiXQ~WyIzZ0QwZ0MwXzhqX0VoZjdzX3hDbndnI",
  "iwiaW1taWdyYXRpb25TdGF0dXMiLCJJbmRlZmluaXRlIGxlYXZlIHRvIHJlbWFpbiJd~WyJBRlAzN2tUNi1TRUM0eG05WHE0",
  "b2hnIiwiZXhwaXJ5RGF0ZSIsIjIwMjktMTEtMjIiXQ~eyJ0eXAiOiJrYitqd3QiLCJhbGciOiJFUzI1NiJ9.eyJpYXQiOjE4",
  "MDAwMDAwMDAsImF1ZCI6Imh0dHBzOi8vdmVyaWZpZXIuZW1wbG95ZXIuZXhhbXBsZS5jby51ayIsIm5vbmNlIjoicTN2SjBm",
  "UzhkWEt6MW1XY1I3dFBiQSIsInNkX2hhc2giOiJMdklGbGp0eU00S1pNcVF3ek1heXQ1ZkdaTlNDY0JMNEVOTFZ4cndHdzFj",
  "In0.U9jEw-FZEcIrOyaTI7KIp0CmJ4z2dtVKowz5RGntdybjigtrIpm4FJYk6pUHKY1bJyPvsxTp39QSZfkmJKjr8g",
].join("");
const GOLDEN_PAYLOAD = [
  "UKID1:657506279804791166292738131492586327786473583673638543226727077090636298949502699254077689",
  "027526610504883034928935538318722491682354374335736262730610394454343714197466481177589509244337",
  "791503422895001593082749267720819204454391611535381636215689367438392617844910264837582415203627",
  "239267252038817365020768163464524954320911596138857244586328479484806257389409626828036689077598",
  "025479209500486679384505053995573361220141454298954725355121783361867151446591777820985140183165",
  "515673776665408020205825953512605739544333329305819361666980775644045282672457424365791876065594",
  "030751367815619550538582746437354296566595637837000174931157477965583131423978549112763463358729",
  "632460935513886994008282625118701547016791625094094000702184818628246658827882282860232043367264",
  "827474958307759704366750147437543487309551651614952031279047974976086777421169097144258985322054",
  "739213652049465679335634250965900684155086633860786079194904290010068036402282199717516894692193",
  "983164606569201682822320518663866292387640465551112845858038727711342469714996466038483526715150",
  "747319009651866655590226732343370182713214135005916379365778631347912449521465614110205291135544",
  "085786745521249424595401813247023105223850867413208094731090677151861472605880674134276826555143",
  "608600197616262492212741069326924031532819544828762581834466748459765742326244924920968081123863",
  "126733898222541724080909459870066524889506785771636913755572541826034011225720724430082382000755",
  "787369768363999142146046737847197887049195563967892130166826762292771100343277961063401795247888",
  "9425945073854830695296365292530",
].join("");
