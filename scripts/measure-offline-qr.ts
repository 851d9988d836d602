// ADR 014's figures: `npx node scripts/measure-offline-qr.ts [runs]` (default 20 runs; `npx node` is the
// pinned Node 24, ADR 005).
//
// Makes real Right to Work presentations with the credentials core (Ed25519 issuer, P-256 holder
// key, KB-JWT, two decoy digests, production-shaped identifiers: ADR 011), discloses 1, 3 and all
// 7 claims, and prints for each the QR text's length and symbol (error correction M) for the
// presentation as it is, for simpler schemes, and for the chosen format (UKID1), and whether every
// UKID1 payload decoded back exactly. A base45 (RFC 9285) row gives the length base45 would have
// and the symbol of an alphanumeric text of that length (in alphanumeric mode only the length
// decides the symbol). Each run is a fresh credential (new keys, salts, nonce and signatures), so
// lengths are ranges.
//
// The credentials core uses TypeScript parameter properties, which Node's type stripping cannot
// run, so the fixture (test helpers, presentCredential, registry) is bundled with esbuild into
// .tmp/measure-offline-qr/ as `npm run bench` does; offline-qr.ts itself runs as it is.
import { deflateSync } from "fflate";
import type * as Encoding from "#core/credentials/encoding.ts";
import type * as Present from "#core/credentials/present.ts";
import type * as Helpers from "#core/credentials/test-helpers.ts";
import type * as Registry from "#core/issuers/registry.ts";
import {
  decodeOfflinePresentation,
  encodeOfflinePresentation,
  OFFLINE_QR_ERROR_CORRECTION,
  OFFLINE_QR_PREFIX,
  offlineQrVersion,
} from "#core/verification/offline-qr.ts";
import { bundleAndImport } from "#scripts/bench/bundle.ts";

type Fixture = typeof Helpers & typeof Present & typeof Registry & typeof Encoding;

const RUNS = Number(process.argv[2] ?? 20);
const BASE = "https://identity.example.gov.uk";

const loadFixture = () =>
  bundleAndImport<Fixture>("measure-offline-qr", "fixture", {
    contents:
      ["test-helpers", "present", "encoding"].map((m) => `export * from "#core/credentials/${m}.ts";`).join("\n") +
      '\nexport * from "#core/issuers/registry.ts";',
  });

const f = await loadFixture();
const CLAIMS = f.RIGHT_TO_WORK_CLAIMS;
const CASES = {
  "1 claim (hasRightToWork)": ["hasRightToWork"],
  "3 claims (names, hasRightToWork)": ["given_name", "family_name", "hasRightToWork"],
  "all 7 claims": Object.keys(CLAIMS),
};

/** One credential, as the wallet holds it, and its presentations for every case. */
async function presentations(): Promise<Record<string, string>> {
  const world = { ...(await f.makeWorld()), holder: await f.makeP256Holder() };
  const sdJwt = await f.issueFor(world, {
    issuer: {
      iss: f.issuerUrl(BASE, "home-office"),
      kid: world.issuer.publicJwk.kid!,
      privateKey: world.issuer.privateKey,
    },
    vct: f.vctUrl(BASE, "rtw"),
    claims: CLAIMS,
    status: {
      idx: crypto.getRandomValues(new Uint32Array(1))[0]! % 131_072,
      uri: f.statusListUrl(BASE, crypto.randomUUID()),
    },
    decoys: 2,
  });
  // Offline there is no verifier nonce: the wallet makes one (128 bits).
  const nonce = f.base64urlEncode(crypto.getRandomValues(new Uint8Array(16)));
  const out: Record<string, string> = {};
  for (const [name, disclose] of Object.entries(CASES)) {
    out[name] = await f.presentCredential({
      sdJwt,
      disclose,
      holderPrivateKey: world.holder.privateKey,
      nonce,
      aud: f.AUD,
      iat: f.NOW,
    });
  }
  return out;
}

const encoder = new TextEncoder();
const base45Length = (bytes: number) => 3 * Math.floor(bytes / 2) + 2 * (bytes % 2);
/** QR text of the same length as `bytes` bytes in base45 (RFC 9285) after the prefix: in alphanumeric mode only the length decides the symbol. */
const asBase45 = (bytes: number) => OFFLINE_QR_PREFIX + "A".repeat(base45Length(bytes));
/** `bytes` as format 1 writes its body: decimal digits of 0x01 ‖ bytes. */
const asDigits = (bytes: Uint8Array) =>
  OFFLINE_QR_PREFIX + BigInt(`0x01${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`).toString(10);
const varint = (n: number): number[] => (n < 0x80 ? [n] : [(n & 0x7f) | 0x80, ...varint(n >>> 7)]);
/** The simple scheme: each part base64url-decoded and length-prefixed, then deflate-raw (no dictionary, no references). */
function packedParts(presentation: string): Uint8Array {
  const out: number[] = [];
  const tokens = presentation.split("~");
  out.push(...varint(tokens.length));
  for (const token of tokens) {
    const parts = token.split(".");
    out.push(...varint(parts.length));
    for (const part of parts) {
      const bytes = f.base64urlDecode(part);
      out.push(...varint(bytes.length), ...bytes);
    }
  }
  return deflateSync(Uint8Array.from(out), { level: 9 });
}
/** The body of a format 1 payload, from its digits. */
const bodyOf = (payload: string) => {
  const hex = BigInt(payload.slice(OFFLINE_QR_PREFIX.length)).toString(16).slice(1);
  return Uint8Array.from(hex.match(/../g)!.map((pair) => parseInt(pair, 16)));
};

/** Each scheme: the QR text it gives for a presentation. */
const SCHEMES: Record<string, (presentation: string) => string> = {
  // qrcode segments it itself: byte mode with a few alphanumeric runs (all byte: the same version).
  "as it is (byte mode)": (p) => p,
  "deflate-raw of the text, base45": (p) => asBase45(deflateSync(encoder.encode(p), { level: 9 }).length),
  "parts decoded, deflate-raw, base45": (p) => asBase45(packedParts(p).length),
  "parts decoded, deflate-raw, digits": (p) => asDigits(packedParts(p)),
  "UKID1 body as base45": (p) => asBase45(bodyOf(encodeOfflinePresentation(p)).length),
  "UKID1 (chosen: digits)": (p) => encodeOfflinePresentation(p),
};

interface Cell {
  chars: number[];
  symbols: string[];
  modes: Set<string>;
}
const cells: Record<string, Record<string, Cell>> = {};
const exact: Record<string, boolean> = {};
const bodies: Record<string, number[]> = {};
for (const name of Object.keys(CASES)) {
  cells[name] = Object.fromEntries(
    Object.keys(SCHEMES).map((scheme) => [scheme, { chars: [], symbols: [], modes: new Set<string>() }]),
  );
  exact[name] = true;
  bodies[name] = [];
}

for (let run = 0; run < RUNS; run++) {
  for (const [name, presentation] of Object.entries(await presentations())) {
    for (const [scheme, toText] of Object.entries(SCHEMES)) {
      const text = toText(presentation);
      const s = offlineQrVersion(text);
      cells[name]![scheme]!.chars.push(text.length);
      cells[name]![scheme]!.symbols.push(`v${s.version} (${s.modules}×${s.modules})`);
      for (const mode of s.mode.split("+")) cells[name]![scheme]!.modes.add(mode);
    }
    const payload = encodeOfflinePresentation(presentation);
    bodies[name]!.push(bodyOf(payload).length);
    exact[name] = exact[name]! && decodeOfflinePresentation(payload) === presentation;
  }
}

const range = (values: number[]) => {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min === max ? `${min}` : `${min}–${max}`;
};
const distinct = (values: string[]) => [...new Set(values)].sort().join(" / ");

console.log(
  `offline QR payload: ${RUNS} fresh credentials per case, error correction ${OFFLINE_QR_ERROR_CORRECTION}, ${new Date().toISOString()}`,
);
for (const name of Object.keys(CASES)) {
  console.log(
    `\n${name}: UKID1 body ${range(bodies[name]!)} bytes; decodes back exactly: ${exact[name] ? "yes" : "NO"}`,
  );
  for (const [scheme, cell] of Object.entries(cells[name]!)) {
    console.log(
      `  ${scheme.padEnd(36)} ${range(cell.chars).padStart(11)} chars   ${distinct(cell.symbols).padEnd(30)} ${[...cell.modes].join(", ")}`,
    );
  }
}
if (!Object.values(exact).every(Boolean)) process.exit(1);
