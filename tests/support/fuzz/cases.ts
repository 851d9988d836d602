// Generated hostile requests for every JSON endpoint (issue 13, "Fuzzing and load"): the cases
// `npm run bench -- security` sends to the running product, and the smaller slice the workerd
// tests send through each worker. Pure and deterministic: case `i` of seed `s` is the same bytes
// on every run and in every runtime (Node, workerd), so a failing case printed by the bench can be
// sent again on its own (BENCH_SECURITY_ONLY). Endpoints come from the workers' own route tables
// (Remix's built route manifest, Hono's `app.routes`), so a new endpoint is fuzzed without a list
// to edit here.
//
// It lives in tests/support, which every test may import (ADR 012), and the bench imports it from
// here as it already imports tests/support/verification-fixtures.ts: scripts are tooling, not a
// layer the product imports, and tests must not import scripts/. It imports only the pure core and
// the session cookie's name (from where the product defines it), so it runs in Node and workerd.

import { base64urlEncode, base64urlEncodeText, concatBytes } from "#core/credentials/encoding.ts";
import { SESSION_COOKIE } from "#server/accounts/session.ts";

// ---------------------------------------------------------------------------------------------
// Endpoints

/** Which worker answers: the web worker (Remix), or a Hono worker it forwards to. */
export type Worker = "web" | "status" | "verifier";

export interface Endpoint {
  worker: Worker;
  /** The route's path pattern: `/api/shares/:id/revoke`, `/api/*`. */
  pattern: string;
  /** The methods the route itself declares (Remix: GET for a loader, POST, PUT, PATCH and DELETE for an action). */
  methods: string[];
  /** The identities that get past its authorisation, when known (probeEndpoints). */
  callers?: string[];
}

/** What Remix's server build says of one route (`build.routes`). */
export interface RemixRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { loader?: unknown; action?: unknown; default?: unknown };
}

/** The route's full path, its parents' paths joined ("api/shares/:id/revoke"). */
function remixFullPath(routes: Record<string, RemixRoute | undefined>, route: RemixRoute): string {
  const parts: string[] = [];
  for (let r: RemixRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined)
    if (r.path) parts.unshift(r.path);
  return `/${parts.join("/").replace(/^\/+/, "")}`;
}

/**
 * The web worker's JSON endpoints: resource routes (no page component) under /api, from the
 * route manifest of the built server (`import * as build from "build/server/index.js"`).
 */
export function remixApiEndpoints(routes: Record<string, RemixRoute | undefined>): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const route of Object.values(routes)) {
    if (!route || route.module.default !== undefined) continue;
    const pattern = remixFullPath(routes, route);
    if (!pattern.startsWith("/api/")) continue;
    const methods = [
      ...(route.module.loader ? ["GET"] : []),
      ...(route.module.action ? ["POST", "PUT", "PATCH", "DELETE"] : []),
    ];
    if (methods.length) endpoints.push({ worker: "web", pattern, methods });
  }
  return sortEndpoints(endpoints);
}

/** One entry of a Hono app's `routes`. */
export interface HonoRoute {
  method: string;
  path: string;
}

/** A Hono worker's endpoints from its `app.routes`: middleware (ALL on a wildcard) left out, methods per path merged. */
export function honoEndpoints(worker: Worker, routes: readonly HonoRoute[]): Endpoint[] {
  const byPattern = new Map<string, Set<string>>();
  for (const { method, path } of routes) {
    if (method === "ALL" && path.endsWith("*")) continue;
    const methods = byPattern.get(path) ?? new Set<string>();
    methods.add(method === "ALL" ? "GET" : method);
    byPattern.set(path, methods);
  }
  return sortEndpoints([...byPattern].map(([pattern, methods]) => ({ worker, pattern, methods: [...methods].sort() })));
}

/** A path of `pattern` with each parameter an id that names nothing, for asking a route what it takes. */
const probePath = (pattern: string) =>
  pattern.replace(/:[^/]+/g, "00000000-0000-4000-8000-000000000000").replace(/\*/g, "probe");

/**
 * What each endpoint takes, learned by asking it, so that cases reach its parsing rather than
 * stopping at the door: the methods of a web endpoint (Remix's manifest says only that a route
 * has an action, not which methods it accepts; a refused method answers 405), and which
 * identities get past its authorisation (neither 401 nor 403). Methods are asked as the last
 * identity, the most privileged (an administrator). `ask` sends one request (a JSON `{}` body
 * unless GET) as `identity` and returns the status. What refuses everything keeps its declared
 * methods and every identity.
 */
export async function probeEndpoints(
  endpoints: readonly Endpoint[],
  identities: readonly string[],
  ask: (method: string, path: string, identity: string) => Promise<number>,
): Promise<Endpoint[]> {
  const probed: Endpoint[] = [];
  for (const endpoint of endpoints) {
    const path = probePath(endpoint.pattern);
    let methods = endpoint.methods;
    if (endpoint.worker === "web") {
      const taken: string[] = [];
      for (const method of endpoint.methods)
        if ((await ask(method, path, identities.at(-1)!)) !== 405) taken.push(method);
      if (taken.length) methods = taken;
    }
    const callers: string[] = [];
    for (const identity of identities)
      if (![401, 403].includes(await ask(methods[0]!, path, identity))) callers.push(identity);
    probed.push({ ...endpoint, methods, ...(callers.length ? { callers } : {}) });
  }
  return probed;
}

/** A stable order, so case `i` names the same endpoint on every run. */
export function sortEndpoints(endpoints: Endpoint[]): Endpoint[] {
  return endpoints.sort((a, b) =>
    a.worker + a.pattern < b.worker + b.pattern ? -1 : a.worker + a.pattern > b.worker + b.pattern ? 1 : 0,
  );
}

// ---------------------------------------------------------------------------------------------
// The PRNG: sfc32 seeded through splitmix32 (small, fast, well distributed; not for secrets)

class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream = 0) {
    let s = (seed ^ Math.imul(stream + 1, 0x9e3779b9)) >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor((this.uint32() / 2 ** 32) * n);
  }

  chance(p: number): boolean {
    return this.uint32() / 2 ** 32 < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** One of `choices`, each with its weight. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T {
    const total = choices.reduce((sum, [w]) => sum + w, 0);
    let at = (this.uint32() / 2 ** 32) * total;
    for (const [w, value] of choices) {
      if (at < w) return value;
      at -= w;
    }
    return choices.at(-1)![1];
  }

  hex(bytes: number): string {
    let out = "";
    for (let i = 0; i < bytes; i++) out += this.int(256).toString(16).padStart(2, "0");
    return out;
  }

  uuid(): string {
    const h = this.hex(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// The values a hostile client sends

/** Field names the product's bodies and queries use (and some that nothing uses). */
const FIELDS = [
  "username",
  "password",
  "email",
  "firstName",
  "lastName",
  "phone",
  "dateOfBirth",
  "address",
  "postcode",
  "proof",
  "credentialType",
  "type",
  "purpose",
  "presentationJwt",
  "requestId",
  "vp_token",
  "state",
  "response",
  "presentation_submission",
  "name",
  "reason",
  "decision",
  "notes",
  "action",
  "intent",
  "status",
  "currentStep",
  "toStep",
  "completedAt",
  "config",
  "assigneeId",
  "document",
  "number",
  "expiryDate",
  "image",
  "matched",
  "clientName",
  "query",
  "sessionId",
  "eventType",
  "eventCategory",
  "eventAction",
  "eventLabel",
  "page",
  "metadata",
  "limit",
  "range",
  "level",
  "resolved",
  "metricType",
  "id",
  "ids",
  "attributes",
  "allowedChecks",
  "expiresInDays",
  "credentialTypes",
  "delivery",
  "approvalId",
  "scheduledAt",
  "userId",
  "role",
  "organisationId",
  "duration",
  "pageViews",
  "actions",
  "referrer",
  "message",
  "stack",
  "__proto__",
  "constructor",
  "",
] as const;

/** Values path parameters and fields take from the product's own vocabulary. */
const WORDS = [
  "rtw",
  "rtr",
  "dbs",
  "dvla",
  "age",
  "professional",
  "right-to-work",
  "home-office",
  "passport",
  "paper",
  "wallet",
  "approved",
  "denied",
  "escalated",
  "pause",
  "resume",
  "emergency-stop",
  "find-client",
  "create-client",
  "document",
  "request-approval",
  "decide-approval",
  "visual-match",
  "issue",
  "active",
  "paused",
  "completed",
  "24h",
  "7d",
  "30d",
  "error",
  "info",
  "debug",
  "warn",
  "onboarding",
  "compliance",
  "risk",
  "support",
  "admin",
  "citizen",
  "verifier",
  "operator",
] as const;

/** Strings that have broken parsers, databases, encoders and logs elsewhere. */
const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "\u0000admin",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "1e999",
  "true",
  "[]",
  "{}",
  "\\",
  '"',
  "'",
  "`",
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  "<script>alert(1)</script>",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as the literal text
  "${7*7}",
  "{{7*7}}",
  "../../../../etc/passwd",
  "\r\nX-Injected: yes",
  "line\nbreak\r\nforged log line",
  "\u202Eevil",
  "\u200B",
  "\uFEFF",
  "ａｄｍｉｎ",
  "ADMİN",
  "Ω≈ç√∫",
  "😀👍🏽👨‍👩‍👧",
  "\uD800",
  "\uDFFF",
  "\uD83D",
  "%00",
  "%ZZ",
  "\u0085",
  "\u2028\u2029",
  "Z̴̡͔͉a̸l̷g̵o̴",
  "é".normalize("NFD"),
  "9999-99-99",
  "2026-02-30",
  "-000001-01-01T00:00:00Z",
  "1970-01-01T00:00:00Z",
  "+275760-09-13T00:00:00.000Z",
  "data:image/png;base64,!!!!",
  "data:text/html,<h1>x</h1>",
  "javascript:alert(1)",
  "https://evil.example/",
  "//evil.example",
  "UKID1:",
  "UKID1:0123456789",
  "UKID1:99999999999999999999999999999",
  "eyJhbGciOiJub25lIn0.e30.",
  "a.b.c",
  "~~~",
  "ey~",
] as const;

const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1,
  2,
  5,
  6,
  999,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e308,
  -1e308,
  5e-324,
  0.5,
  // biome-ignore lint/suspicious/noApproximativeNumericConstant: an arbitrary non-integer, not π
  3.14159,
] as const;

function longString(rng: Prng): string {
  const length = rng.pick([300, 5_000, 20_000, 70_000]);
  const unit = rng.pick(["a", "é", "😀", "\u0000", "A1-", "%", "\\u0000"]);
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/** A JSON value of any shape, usually the wrong one for the field it lands in. */
function value(rng: Prng, depth = 0): unknown {
  const kind = rng.weighted<string>([
    [6, "nasty-string"],
    [4, "word"],
    [4, "number"],
    [2, "bool"],
    [2, "null"],
    [2, "long"],
    [2, "uuid"],
    [depth < 3 ? 3 : 0, "object"],
    [depth < 3 ? 2 : 0, "array"],
    [1, "nested"],
  ]);
  switch (kind) {
    case "nasty-string":
      return rng.pick(NASTY_STRINGS);
    case "word":
      return rng.pick(WORDS);
    case "number":
      return rng.pick(NASTY_NUMBERS);
    case "bool":
      return rng.chance(0.5);
    case "null":
      return null;
    case "long":
      return longString(rng);
    case "uuid":
      return rng.uuid();
    case "object":
      return object(rng, depth + 1);
    case "array":
      return Array.from({ length: rng.int(4) }, () => value(rng, depth + 1));
    default:
      return nested(rng.pick([50, 500, 2_000]), rng.chance(0.5));
  }
}

function object(rng: Prng, depth = 0): Record<string, unknown> {
  // No prototype: a "__proto__" field is then a member JSON.stringify writes, not a prototype.
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const fields = 1 + rng.int(6);
  for (let i = 0; i < fields; i++) out[rng.pick(FIELDS)] = value(rng, depth);
  return out;
}

/** `depth` levels of arrays or objects: `[[[…]]]` or `{"a":{"a":…}}`. */
function nested(depth: number, arrays: boolean): unknown {
  let inner: unknown = arrays ? [] : {};
  for (let i = 0; i < depth; i++) inner = arrays ? [inner] : { a: inner };
  return inner;
}

/** `depth` levels as JSON text, built without recursion (JSON.stringify would overflow first). */
const nestedText = (depth: number, arrays: boolean) =>
  arrays ? "[".repeat(depth) + "]".repeat(depth) : `${'{"a":'.repeat(depth)}{}${"}".repeat(depth)}`;

const encoder = new TextEncoder();
const utf8 = (text: string) => encoder.encode(text);

/** Raw JSON with a member named twice, the second of another type. */
function duplicateKeys(rng: Prng): string {
  const key = JSON.stringify(rng.pick(FIELDS));
  const first = JSON.stringify(value(rng, 2));
  const second = JSON.stringify(value(rng, 2));
  return `{${key}:${first},${JSON.stringify(rng.pick(FIELDS))}:${JSON.stringify(value(rng, 2))},${key}:${second}}`;
}

const INVALID_UTF8 = [
  [0xc3, 0x28],
  [0xa0, 0xa1],
  [0xe2, 0x28, 0xa1],
  [0xf0, 0x28, 0x8c, 0x28],
  [0xff, 0xfe],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
] as const;

function utf16le(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2 + 2);
  out[0] = 0xff;
  out[1] = 0xfe;
  for (let i = 0; i < text.length; i++) {
    out[2 + i * 2] = text.charCodeAt(i) & 0xff;
    out[3 + i * 2] = text.charCodeAt(i) >> 8;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Wallet answers (issue 23): an OpenID4VP response endpoint takes `response=<compact JWE>` for an
// encrypted request and `vp_token={"<query id>": ["<presentation>"]}` otherwise, where an mdoc
// presentation is base64url CBOR. These are hostile in the shapes a parser meets first.

/** Credential query ids a request may name: the checks' own, and the mdoc queries beside them. */
const QUERY_IDS = ["rtw", "age", "driving_licence", "identity", "age_mdl", "age_pid", "mdl", "pid", "0"] as const;

/** A CBOR head: major type and argument, the argument in the shortest form unless `wide` (RFC 8949 §3). */
function cborHead(major: number, argument: number | bigint, wide = false): Uint8Array {
  const value = BigInt(argument);
  if (!wide && value < 24n) return Uint8Array.of((major << 5) | Number(value));
  if (!wide && value < 256n) return Uint8Array.of((major << 5) | 24, Number(value));
  if (!wide && value < 65_536n) return Uint8Array.of((major << 5) | 25, Number(value >> 8n), Number(value & 255n));
  const out = new Uint8Array(9);
  out[0] = (major << 5) | 27;
  new DataView(out.buffer).setBigUint64(1, value);
  return out;
}
const cborText = (text: string) => concatBytes(cborHead(3, utf8(text).length), utf8(text));

/** Hostile CBOR where a DeviceResponse belongs. */
function hostileCbor(rng: Prng): { bytes: Uint8Array; label: string } {
  const kind = rng.weighted<string>([
    [3, "deep"],
    [3, "huge-length"],
    [2, "indefinite"],
    [2, "random"],
    [2, "truncated-response"],
    [2, "tag-24-garbage"],
    [1, "trailing"],
    [1, "wide-small"],
  ]);
  switch (kind) {
    case "deep": {
      const depth = rng.pick([64, 1_000, 100_000]);
      return { bytes: new Uint8Array(depth).fill(0x81), label: `CBOR: ${depth} nested one-element arrays` };
    }
    case "huge-length": {
      const major = rng.pick([2, 3, 4, 5]);
      const length = rng.pick([2n ** 32n, 2n ** 62n, 112_000_000n]);
      return {
        bytes: concatBytes(cborHead(major, length), Uint8Array.of(0)),
        label: `CBOR: major ${major} declaring ${length} entries`,
      };
    }
    case "indefinite":
      return { bytes: Uint8Array.of(0x9f, 0x9f, 0xbf, 0x61, 0x61), label: "CBOR: indefinite lengths, never broken" };
    case "random": {
      const bytes = new Uint8Array(1 + rng.int(2048));
      for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(256);
      return { bytes, label: `CBOR: ${bytes.length} random bytes` };
    }
    case "truncated-response": {
      // {"version": "1.0", "documents": [{"docType": …, "issuerSigned": {…, cut off
      const full = concatBytes(
        cborHead(5, 3),
        cborText("version"),
        cborText("1.0"),
        cborText("documents"),
        cborHead(4, 1),
        cborHead(5, 2),
        cborText("docType"),
        cborText(rng.pick(["org.iso.18013.5.1.mDL", "eu.europa.ec.eudi.pid.1"])),
        cborText("issuerSigned"),
        cborHead(5, 2),
        cborText("issuerAuth"),
        cborHead(4, 4),
        cborHead(2, 3),
        Uint8Array.of(0xa1, 0x01, 0x26),
      );
      const cut = 1 + rng.int(full.length - 1);
      return { bytes: full.slice(0, cut), label: `CBOR: a DeviceResponse cut at byte ${cut}` };
    }
    case "tag-24-garbage": {
      const inner = new Uint8Array(1 + rng.int(64)).map(() => rng.int(256));
      return {
        bytes: concatBytes(Uint8Array.of(0xd8, 0x18), cborHead(2, inner.length), inner),
        label: "CBOR: tag 24 around bytes that are no CBOR",
      };
    }
    case "trailing":
      return { bytes: Uint8Array.of(0xa0, 0xa0, 0xa0), label: "CBOR: an empty map and trailing bytes" };
    default:
      return {
        bytes: concatBytes(cborHead(5, 1, true), cborText("version"), cborText("1.0")),
        label: "CBOR: a small length in its widest form",
      };
  }
}

/** Hostile compact JWEs where an encrypted answer belongs. */
function hostileJwe(rng: Prng): { text: string; label: string } {
  const part = (bytes: number) => base64urlEncode(new Uint8Array(bytes).map(() => rng.int(256)));
  const header = (fields: Record<string, unknown>) => base64urlEncodeText(JSON.stringify(fields));
  const jwe = (protectedHeader: string) => [protectedHeader, "", part(12), part(40), part(16)].join(".");
  const kind = rng.weighted<string>([
    [2, "random-parts"],
    [2, "wrong-part-count"],
    [2, "pbes2-iterations"],
    [2, "bad-epk"],
    [2, "other-algorithm"],
    [1, "zip"],
    [1, "header-not-json"],
    [1, "huge-ciphertext"],
    [1, "deep-header"],
  ]);
  switch (kind) {
    case "random-parts":
      return { text: [part(30), part(0), part(12), part(64), part(16)].join("."), label: "JWE: five random parts" };
    case "wrong-part-count": {
      const parts = rng.pick([1, 3, 4, 6, 50]);
      return { text: Array.from({ length: parts }, () => part(8)).join("."), label: `JWE: ${parts} parts` };
    }
    case "pbes2-iterations":
      return {
        text: jwe(header({ alg: "PBES2-HS512+A256KW", enc: "A256GCM", p2c: 2_000_000_000, p2s: "c2FsdA" })),
        label: "JWE: PBES2 asking for two billion iterations",
      };
    case "bad-epk": {
      const epk = rng.pick<Record<string, unknown>>([
        { kty: "EC", crv: "P-256", x: part(32), y: part(32) },
        { kty: "EC", crv: "P-521", x: part(66), y: part(66) },
        { kty: "OKP", crv: "X25519", x: part(32) },
        { kty: "EC", crv: "P-256", x: "", y: "" },
        { kty: "EC", crv: "P-256", x: part(32), y: part(32), d: part(32) },
      ]);
      return {
        text: jwe(header({ alg: "ECDH-ES", enc: "A128GCM", kid: rng.uuid(), epk })),
        label: `JWE: ECDH-ES with an ephemeral key ${epk.kty}/${epk.crv} off the curve or malformed`,
      };
    }
    case "other-algorithm": {
      const [alg, enc] = rng.pick([
        ["none", "A128GCM"],
        ["dir", "A128GCM"],
        ["RSA1_5", "A128CBC-HS256"],
        ["ECDH-ES+A128KW", "A128GCM"],
        ["ECDH-ES", "A192GCM"],
        ["A128KW", "A128GCM"],
      ] as const);
      return { text: jwe(header({ alg, enc, kid: rng.uuid() })), label: `JWE: alg ${alg}, enc ${enc}` };
    }
    case "zip":
      return {
        text: jwe(
          header({
            alg: "ECDH-ES",
            enc: "A256GCM",
            zip: "DEF",
            epk: { kty: "EC", crv: "P-256", x: part(32), y: part(32) },
          }),
        ),
        label: "JWE: compressed (zip DEF)",
      };
    case "header-not-json":
      return {
        text: jwe(base64urlEncodeText(rng.pick(["{", "[]", "null", "\u0000", '{"alg":']))),
        label: "JWE: a header that is no JSON object",
      };
    case "huge-ciphertext":
      return {
        text: [header({ alg: "ECDH-ES", enc: "A128GCM" }), "", part(12), part(600_000), part(16)].join("."),
        label: "JWE: 600 kB of ciphertext",
      };
    default:
      return {
        text: jwe(base64urlEncodeText(`${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`)),
        label: "JWE: a header nested 5,000 deep",
      };
  }
}

/** A form-encoded wallet answer carrying hostile CBOR or a hostile JWE (OID4VP 1.0 §8.2, §8.3). */
function walletAnswer(rng: Prng): Body {
  const form = new URLSearchParams();
  let label: string;
  if (rng.chance(0.5)) {
    const answer = hostileJwe(rng);
    form.set("response", answer.text);
    label = answer.label;
  } else {
    const answer = hostileCbor(rng);
    form.set("vp_token", JSON.stringify({ [rng.pick(QUERY_IDS)]: [base64urlEncode(answer.bytes)] }));
    label = answer.label;
  }
  if (rng.chance(0.5)) form.set("state", rng.uuid());
  return { bytes: utf8(form.toString()), type: "application/x-www-form-urlencoded", label: `wallet answer, ${label}` };
}

/**
 * What a page posts after the Digital Credentials API (OID4VP 1.0 appendix A; ADR 054): the
 * DigitalCredential's protocol and data, its `response` a hostile JWE, or an error, or the wrong shape.
 */
function dcApiAnswer(rng: Prng): Body {
  const answer = hostileJwe(rng);
  const protocol = rng.pick(["openid4vp-v1-signed", "openid4vp-v1-unsigned", "openid4vp", "", "org-iso-mdoc"]);
  const data = rng.pick<unknown>([
    { response: answer.text },
    { response: answer.text, vp_token: { [rng.pick(QUERY_IDS)]: ["x"] } },
    { error: "access_denied" },
    answer.text,
    null,
  ]);
  return {
    bytes: utf8(JSON.stringify({ protocol, data })),
    type: "application/json",
    label: `DC API answer (${protocol || "no protocol"}), ${answer.label}`,
  };
}

interface Body {
  bytes: Uint8Array;
  /** The Content-Type that would be honest for these bytes. */
  type: string;
  label: string;
}

const MB = 1024 * 1024;

function body(rng: Prng): Body {
  const json = (text: string, label: string): Body => ({ bytes: utf8(text), type: "application/json", label });
  const kind = rng.weighted<string>([
    [22, "wrong-types"],
    [6, "scalar"],
    [5, "deep"],
    [5, "deep-in-field"],
    [6, "duplicate-keys"],
    [7, "truncated"],
    [4, "bom"],
    [6, "invalid-utf8"],
    [3, "utf16"],
    [4, "long-field"],
    [2, "1mb-json"],
    [1, "1mb-binary"],
    [5, "empty"],
    [5, "form"],
    [3, "multipart"],
    [3, "binary"],
    [4, "numbers"],
    [3, "prototype"],
    [3, "many-fields"],
    [4, "wallet-answer"],
    [3, "dc-api-answer"],
  ]);
  switch (kind) {
    case "wallet-answer":
      return walletAnswer(rng);
    case "dc-api-answer":
      return dcApiAnswer(rng);
    case "wrong-types":
      return json(JSON.stringify(object(rng)), "JSON object, fields of the wrong types");
    case "scalar": {
      const text = rng.pick([
        "null",
        "[]",
        "{}",
        "0",
        "-1",
        '""',
        '"text"',
        "true",
        "false",
        "[{}]",
        "[null]",
        " ",
        "\n",
      ]);
      return json(text, `JSON ${JSON.stringify(text)}`);
    }
    case "deep": {
      const depth = rng.pick([64, 1_000, 5_000, 50_000]);
      const arrays = rng.chance(0.5);
      return json(nestedText(depth, arrays), `${depth} levels of nested ${arrays ? "arrays" : "objects"}`);
    }
    case "deep-in-field": {
      const depth = rng.pick([64, 1_000, 3_000, 7_000]);
      const arrays = rng.chance(0.5);
      const field = rng.pick(FIELDS);
      return json(
        `{${JSON.stringify(field)}:${nestedText(depth, arrays)},"eventType":"page_view","page":"/"}`,
        `${depth} levels of ${arrays ? "arrays" : "objects"} in "${field}"`,
      );
    }
    case "duplicate-keys":
      return json(duplicateKeys(rng), "duplicate member names");
    case "truncated": {
      const text = JSON.stringify(object(rng));
      const cut = 1 + rng.int(Math.max(1, text.length - 1));
      return json(text.slice(0, cut), `JSON truncated at ${cut} of ${text.length} characters`);
    }
    case "bom": {
      const text = JSON.stringify(object(rng));
      return {
        bytes: concatBytes(new Uint8Array([0xef, 0xbb, 0xbf]), utf8(text)),
        type: "application/json",
        label: "UTF-8 BOM before the JSON",
      };
    }
    case "invalid-utf8": {
      const bad = new Uint8Array(rng.pick(INVALID_UTF8));
      const field = rng.pick(FIELDS);
      return {
        bytes: concatBytes(utf8(`{${JSON.stringify(field)}:"`), bad, utf8(`"}`)),
        type: "application/json",
        label: `invalid UTF-8 (${[...bad].map((b) => b.toString(16)).join(" ")}) in "${field}"`,
      };
    }
    case "utf16":
      return {
        bytes: utf16le(JSON.stringify(object(rng))),
        type: "application/json; charset=utf-16",
        label: "JSON in UTF-16LE with a BOM",
      };
    case "long-field": {
      const field = rng.pick(FIELDS);
      const length = rng.pick([17_000, 100_000, 300_000]);
      return json(
        JSON.stringify({ [field]: "x".repeat(length), eventType: "page_view" }),
        `"${field}" ${length.toLocaleString("en-GB")} characters long`,
      );
    }
    case "1mb-json": {
      const field = rng.pick(FIELDS);
      return json(JSON.stringify({ [field]: "A".repeat(MB) }), `1 MB JSON body ("${field}")`);
    }
    case "1mb-binary": {
      const bytes = new Uint8Array(MB);
      for (let i = 0; i < bytes.length; i += 4096) bytes[i] = rng.int(256);
      return { bytes, type: "application/octet-stream", label: "1 MB of binary" };
    }
    case "empty":
      return { bytes: new Uint8Array(0), type: "application/json", label: "empty body" };
    case "form": {
      const form = new URLSearchParams();
      for (let i = 0; i < 1 + rng.int(5); i++)
        form.append(rng.pick(FIELDS), String(rng.pick([...NASTY_STRINGS, ...WORDS])));
      return { bytes: utf8(form.toString()), type: "application/x-www-form-urlencoded", label: "a urlencoded form" };
    }
    case "multipart": {
      const boundary = rng.pick(["xYzZY", "", "a".repeat(200), "--"]);
      const text = `--${boundary}\r\nContent-Disposition: form-data; name="${rng.pick(FIELDS)}"\r\n\r\n${rng.pick(NASTY_STRINGS)}\r\n${rng.chance(0.5) ? `--${boundary}--\r\n` : ""}`;
      return {
        bytes: utf8(text),
        type: `multipart/form-data; boundary=${boundary}`,
        label: `multipart, boundary "${boundary.slice(0, 10)}"${text.endsWith("--\r\n") ? "" : ", unterminated"}`,
      };
    }
    case "binary": {
      const bytes = new Uint8Array(1 + rng.int(512));
      for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(256);
      return { bytes, type: "application/octet-stream", label: `${bytes.length} random bytes` };
    }
    case "numbers": {
      const text = rng.pick([
        "1e999",
        "-1e999",
        "1e-999",
        "123456789012345678901234567890",
        "0x10",
        "01",
        "-0",
        "1.",
        ".5",
        "NaN",
        "Infinity",
      ]);
      const field = rng.pick(FIELDS);
      // Among other members, so a body that otherwise fits a schema carries the number to it.
      const others = JSON.stringify(object(rng)).slice(1, -1);
      return json(`{${others}${others ? "," : ""}${JSON.stringify(field)}:${text}}`, `"${field}": ${text}`);
    }
    case "prototype":
      return json(
        rng.pick([
          '{"__proto__":{"role":"admin","isAdmin":true}}',
          '{"constructor":{"prototype":{"role":"admin"}}}',
          '{"toString":1,"valueOf":"x","hasOwnProperty":null}',
        ]),
        "prototype-polluting members",
      );
    default: {
      const fields: Record<string, unknown> = {};
      for (let i = 0; i < 2_000; i++) fields[`f${i}`] = i;
      return json(JSON.stringify(fields), "2,000 members");
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Paths and query strings (ASCII only: percent-encoded where a client would encode)

/** A path parameter: real ids of this run, ids that name nothing, and encodings that have confused routers. */
function parameter(rng: Prng, knownIds: readonly string[]): { text: string; label: string } {
  const kind = rng.weighted<string>([
    [knownIds.length ? 5 : 0, "known"],
    [4, "uuid"],
    [3, "word"],
    [2, "number"],
    [2, "long"],
    [4, "encoded"],
  ]);
  switch (kind) {
    case "known":
      return { text: encodeURIComponent(knownIds[rng.int(knownIds.length)]!), label: "a real id" };
    case "uuid":
      return { text: rng.uuid(), label: "an unknown id" };
    case "word":
      return { text: rng.pick(WORDS), label: "a word" };
    case "number":
      return { text: String(rng.pick(NASTY_NUMBERS)), label: "a number" };
    case "long":
      return { text: "a".repeat(rng.pick([300, 3_000])), label: "a long id" };
    default: {
      const text = rng.pick([
        "%00",
        "%ZZ",
        "%",
        "..%2F..%2Fadmin",
        "%2e%2e",
        "%C3%28",
        "%FF%FE",
        "%F0%9F%98%80",
        "%20",
        "%0D%0AX-Injected:%201",
        "a%2Fb",
        "~",
        "'",
        "%22",
        "%3Cscript%3E",
        "%E2%80%AE",
      ]);
      return { text, label: `"${text}"` };
    }
  }
}

function fillPath(rng: Prng, pattern: string, knownIds: readonly string[]): { path: string; labels: string[] } {
  const labels: string[] = [];
  const path = pattern
    .split("/")
    .map((segment) => {
      if (segment.startsWith(":")) {
        const p = parameter(rng, knownIds);
        labels.push(`${segment.replace(/\{.*$/, "")}=${p.label}`);
        return p.text;
      }
      if (segment === "*") {
        const depth = 1 + rng.int(3);
        const parts = Array.from({ length: depth }, () => parameter(rng, knownIds).text);
        labels.push(`* = ${depth} segments`);
        return parts.join("/");
      }
      return segment;
    })
    .join("/");
  return { path, labels };
}

/** encodeURIComponent, except that a lone surrogate becomes the bytes a careless encoder writes for it (invalid UTF-8). */
function percentEncode(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\s\S]/g, (ch) => {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff)
      return `%ED%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    return encodeURIComponent(ch);
  });
}

const QUERY_KEYS = [
  "limit",
  "range",
  "level",
  "resolved",
  "metricType",
  "page",
  "offset",
  "status",
  "type",
  "from",
  "to",
  "q",
  "office",
  "role",
  "cursor",
  "sort",
  "__proto__",
  "filter[where]",
  "id",
  "_data",
  "index",
] as const;

function queryString(rng: Prng): { text: string; label: string } {
  const kind = rng.weighted<string>([
    [6, "fields"],
    [1, "long"],
    [2, "encoding"],
    [1, "repeated"],
  ]);
  const enc = (v: unknown) => percentEncode(String(v));
  switch (kind) {
    case "fields": {
      const pairs = Array.from(
        { length: 1 + rng.int(4) },
        () =>
          `${enc(rng.pick(QUERY_KEYS))}=${enc(rng.chance(0.5) ? rng.pick(NASTY_NUMBERS) : rng.pick([...NASTY_STRINGS, ...WORDS]))}`,
      );
      return { text: pairs.join("&"), label: "query of odd values" };
    }
    case "long":
      return { text: `${rng.pick(QUERY_KEYS)}=${"9".repeat(rng.pick([1_000, 6_000]))}`, label: "very long query" };
    case "encoding":
      return {
        text: `${rng.pick(QUERY_KEYS)}=${rng.pick(["%", "%ZZ", "%C3%28", "%00", "%FF", "a%2", "%E2%82"])}&=&&=x`,
        label: "badly encoded query",
      };
    default: {
      const key = rng.pick(QUERY_KEYS);
      return {
        text: `${Array.from({ length: 5 }, (_, i) => `${key}=${i}`).join("&")}&${key}[]=x&${key}[a]=y`,
        label: "a query key repeated",
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The case

/** Who sends a case: one of the identities the runner signed in, or nobody. */
export interface FuzzCase {
  index: number;
  seed: number;
  worker: Worker;
  /** The endpoint's pattern, for grouping the results. */
  pattern: string;
  method: string;
  /** Path and query, ASCII. */
  path: string;
  /** The identity whose credentials the runner adds ("anonymous": none). */
  identity: string;
  /** How the runner adds the identity's session cookie: as sent by a browser, or spoiled. */
  cookie: "none" | "session" | "garbage" | "session-and-garbage" | "long" | "latin1" | "many";
  /** Bearer token: the identity's API key if it has one, or garbage. */
  authorization: "none" | "api-key" | "garbage" | "basic" | "long";
  /** Other headers, in order; names may repeat. */
  headers: [string, string][];
  /** Whether the runner sets a same-origin Origin and Sec-Fetch-Site (as a browser would on a mutation). */
  sameOrigin: boolean;
  body?: Uint8Array;
  /** Sent without Content-Length (Transfer-Encoding: chunked). */
  chunked: boolean;
  /** One line saying what is odd about this case. */
  description: string;
}

export interface CaseOptions {
  seed: number;
  endpoints: readonly Endpoint[];
  /** The identities the runner can send as (besides "anonymous"), e.g. ["citizen", "verifier", "admin"]. */
  identities: readonly string[];
  /** Real ids of this run (sessions, requests, credentials), for path parameters; picked by index, so the case stays the same. */
  knownIds?: readonly string[];
}

const ODD_METHODS = ["PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "PROPFIND", "TRACE", "get", "FOO"] as const;

/** Case `index` of `seed`: the same on every run, whatever else was generated. */
export function fuzzCase(options: CaseOptions, index: number): FuzzCase {
  const rng = new Prng(options.seed, index);
  // Every endpoint in turn, so each gets its share however few cases are sent.
  const endpoint = options.endpoints[index % options.endpoints.length]!;
  const own = endpoint.methods.filter((m) => m !== "HEAD");
  const method = rng.chance(0.8) ? rng.pick(own.length ? own : ["GET"]) : rng.pick(ODD_METHODS);
  const notes: string[] = [];

  const filled = fillPath(rng, endpoint.pattern, options.knownIds ?? []);
  notes.push(...filled.labels);
  let path = filled.path;
  if (rng.chance(0.35)) {
    const q = queryString(rng);
    path += `?${q.text}`;
    notes.push(q.label);
  }

  // Mostly someone the endpoint lets in, so the case reaches its parsing; sometimes anyone.
  const callers = endpoint.callers?.filter((c) => options.identities.includes(c)) ?? [];
  const identity = rng.chance(0.15)
    ? "anonymous"
    : rng.chance(0.75) && callers.length
      ? rng.pick(callers)
      : rng.pick(options.identities.length ? options.identities : ["anonymous"]);
  const cookie =
    identity === "anonymous"
      ? rng.weighted<FuzzCase["cookie"]>([
          [6, "none"],
          [2, "garbage"],
          [1, "long"],
          [1, "latin1"],
          [1, "many"],
        ])
      : rng.weighted<FuzzCase["cookie"]>([
          [14, "session"],
          [2, "session-and-garbage"],
          [1, "garbage"],
          [1, "many"],
        ]);
  if (cookie !== "none" && cookie !== "session") notes.push(`cookie: ${cookie}`);
  const authorization = rng.weighted<FuzzCase["authorization"]>([
    [16, "none"],
    [3, "api-key"],
    [2, "garbage"],
    [1, "basic"],
    [1, "long"],
  ]);
  if (authorization !== "none") notes.push(`authorization: ${authorization}`);

  const headers: [string, string][] = [];
  let sameOrigin = true;
  const origin = rng.weighted<string>([
    [14, "same"],
    [2, "other"],
    [1, "null"],
    [1, "garbage"],
    [1, "none"],
    [1, "fetch-site-cross"],
  ]);
  if (origin !== "same") {
    sameOrigin = false;
    notes.push(`origin: ${origin}`);
    if (origin === "other") headers.push(["Origin", "https://evil.example"]);
    if (origin === "null") headers.push(["Origin", "null"]);
    if (origin === "garbage") headers.push(["Origin", "ht!tp://[::1"]);
    if (origin === "fetch-site-cross") headers.push(["Sec-Fetch-Site", "cross-site"]);
  }

  const sendsBody = method !== "GET" && method !== "HEAD" && method !== "get" ? rng.chance(0.92) : rng.chance(0.08);
  const payload = sendsBody ? body(rng) : undefined;
  if (payload) notes.push(payload.label);
  // A large body half the time without a declared length: the cap must hold while it streams in.
  const chunked = payload !== undefined && payload.bytes.byteLength > 16 * 1024 && rng.chance(0.5);
  if (chunked) notes.push("chunked, no Content-Length");
  const contentType = rng.weighted<string>([
    [60, "honest"],
    [10, "missing"],
    [8, "text"],
    [6, "form"],
    [4, "json-charset"],
    [6, "garbage"],
    [3, "json-suffix"],
    [3, "duplicated"],
  ]);
  if (payload || contentType === "duplicated") {
    switch (contentType) {
      case "honest":
        if (payload) headers.push(["Content-Type", payload.type]);
        break;
      case "missing":
        notes.push("no Content-Type");
        break;
      case "text":
        headers.push(["Content-Type", "text/plain;charset=UTF-8"]);
        notes.push("Content-Type text/plain");
        break;
      case "form":
        headers.push(["Content-Type", "application/x-www-form-urlencoded"]);
        notes.push("Content-Type form");
        break;
      case "json-charset":
        headers.push([
          "Content-Type",
          rng.pick([
            "application/json; charset=latin1",
            "application/json; charset=nonsense",
            "APPLICATION/JSON",
            "application/json;;;",
          ]),
        ]);
        notes.push("odd JSON Content-Type");
        break;
      case "json-suffix":
        headers.push([
          "Content-Type",
          rng.pick(["application/merge-patch+json", "application/vnd.api+json", "text/json"]),
        ]);
        notes.push("+json Content-Type");
        break;
      case "duplicated":
        headers.push(["Content-Type", "application/json"], ["Content-Type", "text/html"]);
        notes.push("two Content-Types");
        break;
      default:
        headers.push([
          "Content-Type",
          rng.pick(["}{", "multipart/form-data", "application/", ";", "a".repeat(2_000), "application/json\u00e9"]),
        ]);
        notes.push("garbage Content-Type");
    }
  }

  if (rng.chance(0.15)) {
    const [name, value, note] = rng.pick<readonly [string, string, string]>([
      ["Accept", "text/html", "Accept: text/html"],
      ["Accept", "*/*;q=abc", "odd Accept"],
      ["Accept-Encoding", "gzip;q=2, br, zstd, x".repeat(20), "odd Accept-Encoding"],
      ["User-Agent", "Mozilla/5.0 ".repeat(400), "4.8 KB User-Agent"],
      ["User-Agent", "", "empty User-Agent"],
      ["X-Forwarded-For", "1.2.3.4, <script>, ::1", "X-Forwarded-For garbage"],
      ["CF-Connecting-IP", "not-an-ip\u00ff", "CF-Connecting-IP garbage"],
      ["Range", "bytes=999999-1", "odd Range"],
      ["If-None-Match", `"${"x".repeat(500)}`, "odd If-None-Match"],
      ["Upgrade", "websocket", "Upgrade: websocket without the handshake"],
      ["X-Request-Id", "forged\u00ff id", "client-sent X-Request-Id"],
      ["Referer", `https://evil.example/${"a".repeat(3_000)}`, "long Referer"],
      ["Sec-Fetch-Site", "nonsense", "Sec-Fetch-Site nonsense"],
      ["Transfer-Encoding", "gzip", "Transfer-Encoding gzip (not gzipped)"],
      ["Content-Encoding", "gzip", "Content-Encoding gzip (not gzipped)"],
      ["Expect", "100-continue", "Expect: 100-continue"],
    ]);
    headers.push([name, value]);
    notes.push(note);
  }
  if (rng.chance(0.03)) {
    headers.push(
      ["Upgrade", "websocket"],
      ["Connection", "Upgrade"],
      ["Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="],
      ["Sec-WebSocket-Version", "13"],
    );
    notes.push("a WebSocket handshake");
  }

  const description = [`as ${identity}`, ...notes].join("; ");
  return {
    index,
    seed: options.seed,
    worker: endpoint.worker,
    pattern: endpoint.pattern,
    method,
    path,
    identity,
    cookie,
    authorization,
    headers,
    sameOrigin,
    body: payload?.bytes,
    chunked,
    description,
  };
}

/** Cases `from` to `from + count - 1`. */
export function* fuzzCases(options: CaseOptions, count: number, from = 0): Generator<FuzzCase> {
  for (let i = from; i < from + count; i++) yield fuzzCase(options, i);
}

// ---------------------------------------------------------------------------------------------
// Turning a case into a request's headers, for the runners (Node's http client and workerd's fetch)

export interface Credentials {
  /** The session token the `__Host-identity_session` cookie carries. */
  session?: string;
  /** An organisation's API key, when the identity has one. */
  apiKey?: string;
}

/** The case's headers with the identity's credentials and the same-origin headers added, in order. */
export function caseHeaders(c: FuzzCase, credentials: Credentials, ownOrigin: string): [string, string][] {
  const headers: [string, string][] = [];
  const session = credentials.session ?? "none";
  const cookie = {
    none: null,
    session: `${SESSION_COOKIE}=${session}`,
    garbage: `${SESSION_COOKIE}=${"A".repeat(43)}; other=1`,
    "session-and-garbage": `${SESSION_COOKIE}=garbage; ${SESSION_COOKIE}=${session}; =; ;;`,
    long: `${SESSION_COOKIE}=${"x".repeat(6_000)}`,
    latin1: `${SESSION_COOKIE}=caf\u00e9\u00ff; theme=\u00e9`,
    many: `${Array.from({ length: 120 }, (_, i) => `c${i}=${i}`).join("; ")}; ${SESSION_COOKIE}=${session}`,
  }[c.cookie];
  if (cookie) headers.push(["Cookie", cookie]);
  const authorization = {
    none: null,
    "api-key": credentials.apiKey ? `Bearer ${credentials.apiKey}` : "Bearer ukid_live_000000000000000000000000",
    garbage: "Bearer \u00ff\u00fe not a key",
    basic: "Basic YWRtaW46SWRlbnRpdHlEZW1vMjAyNg==",
    long: `Bearer ${"k".repeat(8_000)}`,
  }[c.authorization];
  if (authorization) headers.push(["Authorization", authorization]);
  if (c.sameOrigin) headers.push(["Origin", ownOrigin], ["Sec-Fetch-Site", "same-origin"]);
  headers.push(...c.headers);
  return headers;
}

/** The case as a fetch Request to `origin`, or null when this runtime cannot construct it (a method it lacks, a GET with a body). */
function caseRequest(c: FuzzCase, credentials: Credentials, origin: string): Request | null {
  const headers = new Headers();
  try {
    // Latin-1 bytes cannot be put in a fetch header as they are (workerd would send UTF-8 and warn): the socket-level bench sends them.
    for (const [name, value] of caseHeaders(c, credentials, origin)) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the class is "not ASCII", which starts at NUL
      headers.append(name, value.replace(/[^\x00-\x7f]/g, "?"));
    }
    const body = c.body && c.chunked ? new Blob([c.body as BlobPart]).stream() : (c.body as BodyInit | undefined);
    return new Request(origin + c.path, {
      method: c.method,
      headers,
      body,
      redirect: "manual",
      ...(c.chunked ? { duplex: "half" } : {}),
    } as RequestInit);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Judging an answer

/**
 * Whether an answer is a refusal a client can show: JSON with a non-empty `message` (spec 000
 * §8), or OAuth's `error_description` where OpenID4VP prescribes that shape (the response_uri).
 */
export function clearRefusal(answer: { contentType: string; body: string }): boolean {
  if (!answer.contentType.includes("json")) return false;
  try {
    const { message, error_description } = JSON.parse(answer.body) as {
      message?: unknown;
      error_description?: unknown;
    };
    return [message, error_description].some((text) => typeof text === "string" && text.trim().length > 0);
  } catch {
    return false;
  }
}

/** Whether the case's URL still names a JSON endpoint once normalised ("/api/%2e%2e" is "/", a page). */
export const stillAnEndpoint = (c: FuzzCase) =>
  c.worker !== "web" || new URL(c.path, "http://localhost").pathname.startsWith("/api/");

// ---------------------------------------------------------------------------------------------
// The workerd tests' runner: cases through a worker's fetch, judged as the bench judges them

export interface SliceVerdict {
  /** Cases sent (those the runtime can construct as a fetch Request). */
  sent: number;
  /** Cases answered 5xx, one line each: the case, its request and the answer. */
  failures: string[];
  /** Refusals (4xx) from an API endpoint without a JSON message. */
  unclear: string[];
}

/** Sends cases 0 to count-1 of `options` through `fetch` (a worker's own), each with its identity's credentials. */
export async function sendSlice(
  options: CaseOptions,
  count: number,
  credentials: Readonly<Record<string, Credentials>>,
  origin: string,
  fetch: (request: Request, c: FuzzCase) => Promise<Response>,
): Promise<SliceVerdict> {
  const verdict: SliceVerdict = { sent: 0, failures: [], unclear: [] };
  for (const c of fuzzCases(options, count)) {
    const request = caseRequest(c, credentials[c.identity] ?? {}, origin);
    // Shapes fetch cannot make (a GET with a body, a method the runtime lacks): the bench sends those over a socket.
    if (!request) continue;
    verdict.sent++;
    const response = await fetch(request, c);
    const body = response.status === 101 ? "" : await response.text();
    response.webSocket?.close();
    const where = `case ${c.index}: ${c.method} ${c.path.slice(0, 120)} (${c.description})`;
    if (response.status >= 500) verdict.failures.push(`${where} → ${response.status} ${body.slice(0, 200)}`);
    else if (
      response.status >= 400 &&
      c.method !== "HEAD" &&
      stillAnEndpoint(c) &&
      !clearRefusal({ contentType: response.headers.get("Content-Type") ?? "", body })
    ) {
      verdict.unclear.push(`${where} → ${response.status} ${body.slice(0, 120)}`);
    }
  }
  return verdict;
}
