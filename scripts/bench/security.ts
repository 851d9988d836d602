// Security fuzzing and load (issue 13, "Fuzzing and load"), `npm run bench -- security`:
//  1. The whole product started as the pitch suite starts it (a free port, a throwaway database,
//     the demo seed); accounts of every role made through the registration API (roles, the
//     organisation and the office set in the database), each signed in; an API key for the
//     verifier; a few real ids (an assisted session, a presentation request, ids the list
//     endpoints answer with) for path parameters; each endpoint asked which methods it takes and
//     whom it lets in (probeEndpoints), so most cases reach its parsing.
//  2. 10,000 generated hostile requests (tests/support/fuzz/cases.ts: wrong types, huge values, 1 MB bodies,
//     deep nesting, duplicate keys, bad encodings, odd methods, cookies, origins) across every
//     JSON endpoint of every worker, enumerated from the route tables: Remix's built route
//     manifest and the Hono apps' `routes`. Seeded: the seed is printed, and any case can be
//     sent again alone (BENCH_SECURITY_ONLY=<index,...> with the same BENCH_SECURITY_SEED).
//  3. The verdict: responses by status class, every 5xx and unanswered request with its case,
//     and unhandled errors in the logs (wrangler's output, and system_logs rows of server errors
//     written during the run). Targets: 0 and 0. What the local HTTP front (the local edge and
//     wrangler's proxy, Cloudflare's edge in production) refuses or drops itself is counted
//     apart and listed (refusedByLocalFront).
//  4. Load: 1,000 presentation validations from 50 concurrent clients with 0 errors, measured by
//     the verification suite's own end-to-end run (benchVerificationEndToEnd) on its own stack.
//  Before the fuzzing (issue 20): a minute of database outage under a running load, on the same
//  stack, whose workers reach the database through a switch (./outage.ts): answers by status
//  before, during and after, unanswered requests, recovery time and lost saves. Targets: no 5xx
//  other than 503, no request unanswered, no acknowledged save lost, recovery.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { connect } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { type Client, createClient } from "@libsql/client";
import { run } from "#scripts/process.ts";
import { type Stack, startStack } from "#scripts/stack.ts";
import { SESSION_COOKIE } from "#server/accounts/session.ts";
import {
  type Credentials,
  caseHeaders,
  clearRefusal,
  type Endpoint,
  type FuzzCase,
  fuzzCase,
  type HonoRoute,
  honoEndpoints,
  probeEndpoints,
  type RemixRoute,
  remixApiEndpoints,
  sortEndpoints,
  stillAnEndpoint,
} from "#tests/support/fuzz/cases.ts";
import { bundleAndImport } from "./bundle.ts";
import { benchOutage, type DatabaseSwitch, databaseSwitch, type OutageOptions, outageReport } from "./outage.ts";
import { benchVerificationEndToEnd, type EndToEndResults } from "./verification.ts";

export interface SecurityOptions {
  cases: number;
  seed: number;
  /** Requests in flight at once. */
  connections: number;
  /** Send only these case indices (a failing case printed by an earlier run). */
  only?: number[];
  /** The load part: presentation validations and their concurrent clients (0 validations: skip it). */
  validations: number;
  validationConnections: number;
  /** The same load already measured in this run (the verification suite's end-to-end run): reported, not run again. */
  measuredLoad?: EndToEndResults;
  /** The database outage under load (./outage.ts); 0 outage seconds skips it. */
  outage: OutageOptions;
}

/** Every role the product knows, each signed in as its own account; "supervisor" is an operator with supervisor standing. */
const ROLES = ["citizen", "verifier", "operator", "supervisor", "admin"] as const;
type Role = (typeof ROLES)[number];

/** wrangler's output during the run, kept for reading the errors it reports in full. */
const WRANGLER_LOG = ".tmp/bench/security-wrangler.log";

const PASSWORD = `Fuzz ${crypto.randomUUID()}`;

interface Answer {
  status: number;
  contentType: string;
  body: string;
  setCookie: string[];
  /** Answered by one of the product's workers (they all set X-Request-Id), not by the HTTP layer in front of them. */
  fromProduct: boolean;
}

interface Failure {
  c: FuzzCase;
  status: number | "no answer";
  detail: string;
}

interface ReportedCase {
  index: number;
  method: string;
  path: string;
  status: number | "no answer";
  description: string;
  detail: string;
}

export interface SecurityResults {
  seed: number;
  endpoints: { web: number; status: number; verifier: number; patterns: string[] };
  identities: string[];
  requests: number;
  seconds: number;
  byClass: Record<string, number>;
  byStatus: Record<string, number>;
  serverErrors: number;
  noAnswer: number;
  failures: ReportedCase[];
  /** What the local front dropped (droppableByLocalFront): reported, not a target; its own error lines in wrangler's output counted apart. */
  droppedInFront: { cases: ReportedCase[]; proxyErrors: number };
  /** 4xx answers from JSON endpoints without a JSON `message` (reported, not a target). */
  unclearRefusals: { count: number; examples: string[] };
  logErrors: { wrangler: string[]; systemLogs: string[] };
  reSignIns: number;
  /** Cases sent a second time after a dropped connection (wrangler dev reloading drops what is in flight). */
  retried: number;
  /** Times wrangler dev reloaded during the run (a source file changed on disk). */
  reloads: number;
  /** Answers (by status, or "connection closed") from the local HTTP front, not from a worker: see refusedByLocalFront. */
  refusedInFront: Record<string, number>;
  machine: { cpus: number; model?: string; loadAverage: number };
  load?: EndToEndResults;
  /** The database outage scenario's report (./outage.ts), when it ran. */
  outage?: string[];
}

// ---------------------------------------------------------------------------------------------
// Endpoints from the route tables

/** Remix's built route manifest (the build the stack serves) and the Hono workers' own `routes`. */
async function enumerateEndpoints(): Promise<Endpoint[]> {
  const build = (await import(pathToFileURL(join(process.cwd(), "build/server/index.js")).href)) as {
    routes: Record<string, RemixRoute>;
  };
  // The workers' apps, bundled as the credentials bench bundles the core (parameter properties).
  const apps = await bundleAndImport<Record<"status" | "verifier", { routes: HonoRoute[] }>>(
    "bench",
    "security-workers",
    {
      contents:
        'export { default as status } from "#workers/status/src/index.ts";\nexport { default as verifier } from "#workers/verifier/src/index.ts";\n',
    },
    "node",
  );
  return sortEndpoints([
    ...remixApiEndpoints(build.routes),
    ...honoEndpoints("status", apps.status.routes),
    ...honoEndpoints("verifier", apps.verifier.routes),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Sending requests

function send(
  base: URL,
  agent: Agent,
  method: string,
  path: string,
  headers: [string, string][],
  body?: Uint8Array,
  chunked = false,
  timeoutMs = 30_000,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // Raw header lists (names may repeat) get no Host from Node: HTTP/1.1 needs one.
    const flat = ["Host", base.host, ...headers.flat()];
    // Without a length Node sends the body chunked.
    if (body && !chunked) flat.push("Content-Length", String(body.byteLength));
    let answered = false;
    const req = httpRequest(
      { host: base.hostname, port: base.port, method, path, headers: flat, agent, timeout: timeoutMs },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          // Enough to read a message; the rest is drained.
          if (size < 64 * 1024) chunks.push(chunk);
          size += chunk.byteLength;
        });
        const finish = () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers["content-type"] ?? ""),
            body: decoded(Buffer.concat(chunks), String(res.headers["content-encoding"] ?? "")).toString("utf8"),
            setCookie: res.headers["set-cookie"] ?? [],
            fromProduct: res.headers["x-request-id"] !== undefined,
          });
        res.on("end", finish);
        // A server may answer before the body is all sent and then close: the answer counts.
        res.on("error", finish);
      },
    );
    // A WebSocket handshake that succeeds: nothing more to read.
    req.on("upgrade", (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 101, contentType: "", body: "", setCookie: [], fromProduct: true });
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (body && chunked)
      for (let at = 0; at < body.byteLength; at += 64 * 1024)
        req.write(Buffer.from(body.buffer, body.byteOffset + at, Math.min(64 * 1024, body.byteLength - at)));
    req.end(body && !chunked ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : undefined);
  });
}

/**
 * A WebSocket handshake (Upgrade, and Connection: Upgrade), over a plain socket: Node's HTTP client drops the connection
 * ("socket hang up") when a handshake is answered with anything but 101, which a server may do
 * (RFC 9110 §7.8: it may ignore Upgrade). Reads the status line, the headers and a Content-Length
 * or chunked body (enough of it to read a message).
 */
function sendRaw(
  base: URL,
  method: string,
  path: string,
  headers: [string, string][],
  body?: Uint8Array,
  timeoutMs = 30_000,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const lines = [
      `${method} ${path} HTTP/1.1`,
      `Host: ${base.host}`,
      ...headers.map(([name, value]) => `${name}: ${value}`),
    ];
    if (body) lines.push(`Content-Length: ${body.byteLength}`);
    const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
    const socket = connect(Number(base.port), base.hostname, () =>
      socket.end(body ? Buffer.concat([head, body]) : head),
    );
    let data = Buffer.alloc(0);
    let done = false;
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      socket.destroy();
      const end = data.indexOf("\r\n\r\n");
      if (end < 0) return reject(error ?? new Error("socket hang up"));
      const [statusLine, ...headerLines] = data.subarray(0, end).toString("latin1").split("\r\n");
      const get = (name: string) =>
        headerLines
          .filter((l: string) => l.toLowerCase().startsWith(`${name}:`))
          .map((l: string) => l.slice(name.length + 1).trim());
      let content = data.subarray(end + 4);
      if (get("transfer-encoding").some((v: string) => v.includes("chunked"))) {
        const parts: Buffer[] = [];
        for (let at = 0; ; ) {
          const eol = content.indexOf("\r\n", at);
          const size = eol < 0 ? 0 : parseInt(content.subarray(at, eol).toString("latin1"), 16);
          if (!size) break;
          parts.push(content.subarray(eol + 2, eol + 2 + size));
          at = eol + 2 + size + 2;
        }
        content = Buffer.concat(parts);
      }
      resolve({
        status: Number(statusLine!.split(" ")[1]),
        contentType: get("content-type")[0] ?? "",
        body: decoded(content, get("content-encoding")[0] ?? "").toString("utf8"),
        setCookie: get("set-cookie"),
        // A 101 is a worker accepting the handshake (the object answers it; no X-Request-Id is added to a 101).
        fromProduct: get("x-request-id").length > 0 || / 101 /.test(statusLine!),
      });
    };
    socket.on("data", (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const end = data.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = data.subarray(0, end).toString("latin1");
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
      const complete =
        / 101 /.test(head.split("\r\n")[0]!) ||
        (length !== undefined && data.byteLength - end - 4 >= Number(length)) ||
        data.subarray(end).includes("\r\n0\r\n\r\n");
      if (complete || data.byteLength > 64 * 1024) finish();
    });
    socket.on("end", () => finish());
    socket.on("error", (error) => finish(error));
    socket.setTimeout(timeoutMs, () => finish(new Error(`no answer within ${timeoutMs / 1000} s`)));
  });
}

/** The body as sent before compression (a case may ask for gzip or br); what cannot be decoded is kept as it came. */
function decoded(bytes: Buffer, encoding: string): Buffer {
  try {
    if (encoding === "gzip") return gunzipSync(bytes);
    if (encoding === "br") return brotliDecompressSync(bytes);
    if (encoding === "deflate") return inflateSync(bytes);
  } catch {
    // cut short at 64 KB, or not what it claims
  }
  return bytes;
}

/** A plain same-origin JSON call, as the product's own pages make them (set-up only). */
async function callJson(
  stack: Stack,
  method: string,
  path: string,
  options: { body?: unknown; session?: string; address?: string } = {},
) {
  const headers: Record<string, string> = {
    Origin: stack.url,
    "Sec-Fetch-Site": "same-origin",
    Accept: "application/json",
  };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.session) headers.Cookie = `${SESSION_COOKIE}=${options.session}`;
  if (options.address) headers["CF-Connecting-IP"] = options.address;
  const response = await fetch(stack.url + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: "manual",
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text, setCookie: response.headers.getSetCookie() };
}

const sessionFrom = (setCookie: string[]) => {
  for (const header of setCookie) {
    const value = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(header)?.[1];
    if (value) return value;
  }
  return undefined;
};

// ---------------------------------------------------------------------------------------------
// Identities: one account per role, made as a person would make it, then given the role

interface Identity {
  role: Role;
  username: string;
  credentials: Credentials;
}

/** A documentation-range address per identity, so its sign-ins are throttled apart from the fuzzing's. */
const addressOf = (role: string) => `2001:db8:5ec:${ROLES.indexOf(role as Role) + 1}::1`;

async function signIn(stack: Stack, identity: Identity): Promise<void> {
  const answer = await callJson(stack, "POST", "/api/auth/login", {
    body: { username: identity.username, password: PASSWORD },
    address: addressOf(identity.role),
  });
  const session = sessionFrom(answer.setCookie);
  if (answer.status !== 200 || !session)
    throw new Error(`signing in as ${identity.role} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  identity.credentials.session = session;
}

async function makeIdentities(stack: Stack, db: Client): Promise<Identity[]> {
  const [organisation] = (await db.execute("select id from verifier_organisations order by created_at limit 1")).rows;
  const [office] = (await db.execute("select id from assisted_offices order by created_at limit 1")).rows;
  if (!organisation || !office) throw new Error("the demo seed made no organisation or office");
  const identities: Identity[] = [];
  for (const role of ROLES) {
    const username = `fuzz${role}${crypto.randomUUID().replace(/-/g, "").slice(0, 8)}`;
    const registered = await callJson(stack, "POST", "/api/auth/register", {
      body: {
        username,
        email: `${username}@example.org`,
        password: PASSWORD,
        firstName: "Fuzz",
        lastName: role[0]!.toUpperCase() + role.slice(1),
      },
      address: addressOf(role),
    });
    if (registered.status !== 201)
      throw new Error(`registering the ${role} answered ${registered.status}: ${registered.text.slice(0, 200)}`);
    const { id } = registered.json as { id: string };
    // What an administrator's tools would do: the role, the verifier's organisation, the operator's standing at an office.
    const dbRole = role === "supervisor" ? "operator" : role;
    await db.execute({
      sql: "update users set role = ?, organisation_id = ? where id = ?",
      args: [dbRole, role === "verifier" ? organisation.id : null, id],
    });
    if (role === "operator" || role === "supervisor") {
      await db.execute({
        sql: "insert into operator_profiles (user_id, office_id, title, authorisation_level, supervisor) values (?, ?, ?, ?, ?)",
        args: [
          id,
          office.id,
          role === "supervisor" ? "Fuzz Supervisor" : "Fuzz Operator",
          role === "supervisor" ? 3 : 2,
          role === "supervisor" ? 1 : 0,
        ],
      });
    }
    const identity: Identity = { role, username, credentials: {} };
    await signIn(stack, identity);
    identities.push(identity);
  }
  const verifier = identities.find((i) => i.role === "verifier")!;
  const key = await callJson(stack, "POST", "/api/verifications/api-keys", {
    body: { name: "Fuzzing" },
    session: verifier.credentials.session,
  });
  if (key.status !== 201) throw new Error(`making an API key answered ${key.status}: ${key.text.slice(0, 200)}`);
  verifier.credentials.apiKey = (key.json as { key: string }).key;
  return identities;
}

/** Ids that exist in this run: made here (an assisted session, a presentation request) and read from every list the identities may read. */
async function knownIds(stack: Stack, identities: Identity[], endpoints: Endpoint[]): Promise<string[]> {
  const ids = new Set<string>();
  const collect = (value: unknown, depth = 0): void => {
    if (depth > 6 || ids.size >= 60 || value === null || typeof value !== "object") return;
    for (const [key, inner] of Object.entries(value)) {
      if (typeof inner === "string" && /^(id|.*Id)$/.test(key) && inner.length <= 100) ids.add(inner);
      else collect(inner, depth + 1);
    }
  };
  const as = (role: Role) => identities.find((i) => i.role === role)!.credentials.session;
  collect((await callJson(stack, "POST", "/api/assisted/sessions", { body: {}, session: as("operator") })).json);
  // Open requests whose response endpoints parse what is sent: a plain one, an encrypted one (a
  // JWE is opened), and an age check (which an mdoc can answer: CBOR is read).
  for (const body of [
    { credentialType: "rtw", purpose: "Fuzzing" },
    { credentialType: "rtw", purpose: "Fuzzing", responseMode: "direct_post.jwt" },
    { credentialType: "age", purpose: "Fuzzing" },
  ])
    collect((await callJson(stack, "POST", "/api/presentations/requests", { body, session: as("verifier") })).json);
  for (const endpoint of endpoints) {
    if (
      !endpoint.methods.includes("GET") ||
      endpoint.pattern.includes(":") ||
      endpoint.pattern.includes("*") ||
      endpoint.pattern.endsWith("/live")
    )
      continue;
    for (const identity of identities)
      collect((await callJson(stack, "GET", endpoint.pattern, { session: identity.credentials.session })).json);
  }
  return [...ids].sort();
}

// ---------------------------------------------------------------------------------------------
// Logs

/**
 * Lines of wrangler's output that report an error: wrangler's own (✘ [ERROR]) and what the
 * workers print with console.error. Its request lines, warnings (▲ [WARNING]) and the stack
 * lines under an error are left out.
 */
function errorLines(output: string): string[] {
  return (
    output
      .split("\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes begin with ESC
      .map((line) => line.replace(/\x1b\[[0-9;]*m/g, "").trimEnd())
      .filter(
        (line) =>
          line &&
          !line.includes("[wrangler:info]") &&
          !line.includes("[WARNING]") &&
          !/^\s+at /.test(line) &&
          /error|uncaught|unhandled|exception|✘/i.test(line),
      )
  );
}

async function serverErrorRows(db: Client, since: number): Promise<string[]> {
  const { rows } = await db.execute({
    sql: "select timestamp, category, message, request_id from system_logs where level = 'error' and timestamp >= ? order by timestamp",
    args: [since],
  });
  return rows.map(
    (r) =>
      `${new Date(Number(r.timestamp)).toISOString()} ${String(r.category)}: ${String(r.message)} (request ${String(r.request_id)})`,
  );
}

// ---------------------------------------------------------------------------------------------
// The run

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * Request shapes the local HTTP front refuses or drops before, or instead of, a worker's answer:
 * the local edge (scripts/local-edge.ts) and wrangler dev's proxy, where Cloudflare's edge stands
 * in production. Refused: a method the runtime does not implement, a WebSocket handshake on
 * anything but GET or naming anything but one `websocket`, a body framed by a Transfer-Encoding
 * other than chunked (RFC 9112 §6.1). Dropped now and then (about 1 in 50 under load): a chunked
 * body the worker answered before it had all arrived (a 413 at the cap, a 401), as "Network
 * connection lost" or the local edge's 502. Such an outcome without the workers' X-Request-Id is
 * counted as the front's, and listed; the workerd tests send these shapes to the workers directly.
 */
const RUNTIME_METHODS = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "TRACE",
  "PROPFIND",
  "get",
]);
const isUpgrade = (c: FuzzCase) => c.headers.some(([name]) => name.toLowerCase() === "upgrade");
const hasHeader = (c: FuzzCase, header: string) => c.headers.some(([name]) => name.toLowerCase() === header);
const isHandshake = (c: FuzzCase) =>
  isUpgrade(c) && c.headers.some(([name, value]) => name.toLowerCase() === "connection" && /upgrade/i.test(value));
const upgrades = (c: FuzzCase) =>
  c.headers.filter(([name]) => name.toLowerCase() === "upgrade").map(([, value]) => value);
export const refusedByLocalFront = (c: FuzzCase) =>
  !RUNTIME_METHODS.has(c.method) ||
  (isUpgrade(c) && (c.method.toUpperCase() !== "GET" || upgrades(c).join() !== "websocket")) ||
  (hasHeader(c, "transfer-encoding") && c.body !== undefined);
const droppableByLocalFront = (c: FuzzCase) => refusedByLocalFront(c) || c.chunked;

/** wrangler's report of a request its own proxy failed (the dev server's, not a worker's). */
const isProxyWorkerError = (line: string) => line.includes("Error inside ProxyWorker");

/** A connection dropped before any answer: wrangler dev reloading (a source file changed) drops what is in flight. */
const isDroppedConnection = (error: unknown) =>
  ["ECONNRESET", "EPIPE", "ECONNREFUSED"].includes((error as { code?: string }).code ?? "");

const reported = (f: Failure) => ({
  index: f.c.index,
  method: f.c.method,
  path: f.c.path.slice(0, 160),
  status: f.status,
  description: f.c.description,
  detail: f.detail,
});

const clearsSession = (setCookie: string[]) =>
  setCookie.some(
    (c) => c.startsWith(`${SESSION_COOKIE}=;`) || (c.startsWith(`${SESSION_COOKIE}=`) && /max-age=0\b/i.test(c)),
  );

async function fuzz(
  stack: Stack,
  db: Client,
  options: SecurityOptions,
): Promise<Omit<SecurityResults, "load" | "machine">> {
  const identities = await makeIdentities(stack, db);
  const endpoints = await probeEndpoints(
    await enumerateEndpoints(),
    identities.map((i) => i.role),
    async (method, path, role) => {
      const { status } = await callJson(stack, method, path, {
        body: method === "GET" ? undefined : {},
        session: identities.find((i) => i.role === role)!.credentials.session,
      });
      return status;
    },
  );
  // A probe may have signed an identity out (POST /api/auth/logout takes POST).
  for (const identity of identities) await signIn(stack, identity);
  const ids = await knownIds(stack, identities, endpoints);
  const caseOptions = { seed: options.seed, endpoints, identities: identities.map((i) => i.role), knownIds: ids };
  const indices = options.only ?? Array.from({ length: options.cases }, (_, i) => i);

  const base = new URL(stack.url);
  // A connection per case: a case that confuses the HTTP framing (Transfer-Encoding, Upgrade) must not spoil the next one's.
  const agent = new Agent({ keepAlive: false, maxSockets: options.connections });
  const byStatus: Record<string, number> = {};
  const byClass: Record<string, number> = {};
  const failures: Failure[] = [];
  /** 5xx and unanswered cases the local front dropped (droppableByLocalFront), not a worker. */
  const droppedInFront: Failure[] = [];
  const unclear: string[] = [];
  let unclearCount = 0;
  let reSignIns = 0;
  let retried = 0;
  /** Answers from the HTTP layer in front of the workers (wrangler's proxy, workerd), by status. */
  const refusedInFront: Record<string, number> = {};
  const signingIn = new Map<string, Promise<void>>();
  const reSignIn = (identity: Identity) => {
    let pending = signingIn.get(identity.role);
    if (!pending) {
      reSignIns++;
      pending = signIn(stack, identity).finally(() => signingIn.delete(identity.role));
      signingIn.set(identity.role, pending);
    }
    return pending;
  };

  // Rows written from here on belong to the run (the database's clock is this machine's).
  const since = Date.now() - 1000;
  const outputBefore = stack.output().length;
  const started = performance.now();
  let next = 0;
  let sent = 0;
  const worker = async () => {
    while (next < indices.length) {
      const c = fuzzCase(caseOptions, indices[next++]!);
      const identity = identities.find((i) => i.role === c.identity);
      await signingIn.get(c.identity);
      const headers = caseHeaders(c, identity?.credentials ?? {}, stack.url);
      try {
        let answer: Answer;
        const sendCase = () =>
          isHandshake(c)
            ? sendRaw(base, c.method, c.path, headers, c.body)
            : send(base, agent, c.method, c.path, headers, c.body, c.chunked);
        try {
          answer = await sendCase();
        } catch (error) {
          // Sent once more after a dropped connection; a second drop is a failure.
          if (!isDroppedConnection(error) || droppableByLocalFront(c)) throw error;
          retried++;
          await new Promise((r) => setTimeout(r, 1000));
          answer = await sendCase();
        }
        byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
        byClass[statusClass(answer.status)] = (byClass[statusClass(answer.status)] ?? 0) + 1;
        if (!answer.fromProduct) refusedInFront[answer.status] = (refusedInFront[answer.status] ?? 0) + 1;
        if (answer.status >= 500 && !answer.fromProduct && droppableByLocalFront(c))
          droppedInFront.push({ c, status: answer.status, detail: answer.body.slice(0, 200) });
        else if (answer.status >= 500) failures.push({ c, status: answer.status, detail: answer.body.slice(0, 200) });
        else if (
          answer.status >= 400 &&
          answer.fromProduct &&
          c.method !== "HEAD" &&
          stillAnEndpoint(c) &&
          !clearRefusal(answer)
        ) {
          unclearCount++;
          if (unclear.length < 10)
            unclear.push(
              `${answer.status} ${c.method} ${c.path.slice(0, 100)} (${answer.contentType || "no type"}): ${answer.body.slice(0, 80).replace(/\s+/g, " ")}`,
            );
        }
        // A case that signed its identity out (logout, a session ended): sign in again for the cases after it.
        if (identity && c.cookie !== "none" && clearsSession(answer.setCookie)) await reSignIn(identity);
      } catch (error) {
        const failure: Failure = { c, status: "no answer", detail: (error as Error).message };
        if (droppableByLocalFront(c)) {
          refusedInFront["connection closed"] = (refusedInFront["connection closed"] ?? 0) + 1;
          byClass["closed by the local front"] = (byClass["closed by the local front"] ?? 0) + 1;
          if (!refusedByLocalFront(c)) droppedInFront.push(failure);
        } else {
          failures.push(failure);
          byClass["no answer"] = (byClass["no answer"] ?? 0) + 1;
        }
      }
      sent++;
      if (sent % 1000 === 0) console.log(`  … ${sent} of ${indices.length} sent, ${failures.length} failing`);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();

  // Work after the answers (observability rows, records) lands within a moment.
  await new Promise((r) => setTimeout(r, 3000));
  const output = stack.output().slice(outputBefore);
  mkdirSync(".tmp/bench", { recursive: true });
  writeFileSync(WRANGLER_LOG, output);
  const lines = errorLines(output);
  const wrangler = lines.filter((line) => !isProxyWorkerError(line));
  const systemLogs = await serverErrorRows(db, since);

  const count = (worker: string) => endpoints.filter((e) => e.worker === worker).length;
  return {
    seed: options.seed,
    endpoints: {
      web: count("web"),
      status: count("status"),
      verifier: count("verifier"),
      patterns: endpoints.map((e) => `${e.worker} ${e.methods.join(",")} ${e.pattern}`),
    },
    identities: ["anonymous", ...identities.map((i) => i.role), "API key (verifier's organisation)"],
    requests: sent,
    seconds,
    byClass,
    byStatus,
    serverErrors: failures.filter((f) => f.status !== "no answer").length,
    noAnswer: failures.filter((f) => f.status === "no answer").length,
    failures: failures.sort((a, b) => a.c.index - b.c.index).map(reported),
    droppedInFront: {
      cases: droppedInFront.sort((a, b) => a.c.index - b.c.index).map(reported),
      proxyErrors: lines.filter(isProxyWorkerError).length,
    },
    unclearRefusals: { count: unclearCount, examples: unclear },
    logErrors: { wrangler, systemLogs },
    reSignIns,
    retried,
    reloads: output.split("Reloading local server").length - 1,
    refusedInFront,
  };
}

/** Runs the suite, prints its report, and throws when a target is missed (after printing). */
export async function benchSecurity(options: SecurityOptions): Promise<SecurityResults> {
  await run("npx", ["remix", "build"]);
  const dataDir = mkdtempSync(join(tmpdir(), "identity-bench-security-"));
  const loadAverage = loadavg()[0]!;
  // The workers reach the database through a switch the outage scenario pauses (./outage.ts).
  let database: DatabaseSwitch | undefined;
  const stack = await startStack({
    dataDir,
    webPort: 0,
    databaseFront: async (url) => {
      database = await databaseSwitch(url);
      return database;
    },
  });
  const db = createClient({ url: stack.libsqlUrl, authToken: stack.libsqlAuthToken });
  let results: SecurityResults;
  let outage: ReturnType<typeof outageReport> | undefined;
  try {
    // First, on fresh sign-in and registration budgets: what an outage of the database does to a running load.
    if (options.outage.outageSeconds > 0) {
      const measured = await benchOutage(stack, db, database!, options.outage);
      outage = outageReport(measured);
      for (const line of outage.lines) console.log(line);
    }
    console.log(
      `\nSecurity fuzzing (wrangler dev on loopback; seed ${options.seed}; ${options.only ? `cases ${options.only.join(", ")}` : `${options.cases} cases`}, ${options.connections} in flight)`,
    );
    results = {
      ...(await fuzz(stack, db, options)),
      machine: { cpus: cpus().length, model: cpus()[0]?.model, loadAverage },
    };
    if (outage) results.outage = outage.lines;
  } finally {
    db.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }

  const r = results;
  const verdict = (met: boolean) => (met ? "met" : "NOT MET");
  console.log(
    `  endpoints: ${r.endpoints.web} web /api routes, ${r.endpoints.status} status, ${r.endpoints.verifier} verifier (from the route manifests)`,
  );
  console.log(`  identities: ${r.identities.join(", ")}`);
  console.log(
    `  requests sent: ${r.requests} in ${r.seconds.toFixed(1)} s (${(r.requests / r.seconds).toFixed(0)}/s); ${r.reSignIns} re-sign-ins after a case signed its identity out`,
  );
  console.log(
    `  by status class: ${Object.entries(r.byClass)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  );
  console.log(
    `  by status: ${Object.entries(r.byStatus)
      .map(([k, v]) => `${k}×${v}`)
      .join(" ")}`,
  );
  const front = Object.entries(r.refusedInFront)
    .map(([k, v]) => `${k}×${v}`)
    .join(" ");
  console.log(
    `  answered by the local HTTP front, not a worker (no X-Request-Id): ${front || "none"} (malformed framing, methods the runtime lacks, handshakes on POST)`,
  );
  const dropped = r.droppedInFront;
  if (dropped.cases.length) {
    console.log(
      `  of these, dropped by the local front while a chunked body streamed in (not counted): ${dropped.cases.length} (${dropped.proxyErrors} "Error inside ProxyWorker" lines)`,
    );
    for (const f of dropped.cases.slice(0, 5))
      console.log(
        `    case ${f.index}: ${f.method} ${f.path.slice(0, 80)} → ${f.status} ${f.detail.replace(/\s+/g, " ").slice(0, 100)}`,
      );
  }
  console.log(
    `  5xx from the product: ${r.serverErrors}   (target 0) ${verdict(r.serverErrors === 0)};  no answer: ${r.noAnswer}   (target 0) ${verdict(r.noAnswer === 0)}`,
  );
  if (r.retried || r.reloads)
    console.log(
      `  (${r.retried} cases sent again after a dropped connection; wrangler dev reloaded ${r.reloads} times as source files changed)`,
    );
  for (const f of r.failures)
    console.log(
      `    case ${f.index}: ${f.method} ${f.path} → ${f.status} (${f.description}) ${f.detail.replace(/\s+/g, " ").slice(0, 160)}`,
    );
  const logErrors = r.logErrors.wrangler.length + r.logErrors.systemLogs.length;
  console.log(
    `  unhandled errors in the logs: ${r.logErrors.wrangler.length} in wrangler's output, ${r.logErrors.systemLogs.length} server-error rows in system_logs   (target 0) ${verdict(logErrors === 0)}`,
  );
  for (const line of r.logErrors.wrangler.slice(0, 30)) console.log(`    wrangler: ${line.slice(0, 240)}`);
  if (r.logErrors.wrangler.length) console.log(`    (wrangler's whole output during the run: ${WRANGLER_LOG})`);
  for (const line of r.logErrors.systemLogs.slice(0, 30)) console.log(`    system_logs: ${line.slice(0, 240)}`);
  console.log(`  4xx without a JSON message: ${r.unclearRefusals.count}`);
  for (const example of r.unclearRefusals.examples) console.log(`    ${example}`);
  if (r.failures.length)
    console.log(
      `  send a case again: BENCH_SECURITY_SEED=${r.seed} BENCH_SECURITY_ONLY=${r.failures
        .slice(0, 20)
        .map((f) => f.index)
        .join(",")} npm run bench -- security`,
    );

  if (options.measuredLoad || options.validations > 0) {
    // The verification suite's end-to-end run, as it measures it (its own stack and fixtures).
    const e =
      options.measuredLoad ??
      (await benchVerificationEndToEnd({
        validations: options.validations,
        connections: options.validationConnections,
        citizens: 20,
        warmup: 50,
        sequential: 30,
      }));
    results.load = e;
    console.log(
      `\nLoad: ${e.validations} presentation validations (POST /api/presentations/validate), ${e.connections} concurrent clients`,
    );
    console.log(
      `  ${Math.round(e.validationsPerSecond)} /s   p50 ${e.latencyP50Ms.toFixed(1)} ms   p99 ${e.latencyP99Ms.toFixed(1)} ms   errors ${e.errors}   (target 0) ${verdict(e.errors === 0)}   (${e.seconds.toFixed(1)} s)`,
    );
    for (const sample of e.errorSamples) console.log(`    error: ${sample}`);
  }

  const missed = [
    r.serverErrors > 0 && `${r.serverErrors} responses 5xx`,
    r.noAnswer > 0 && `${r.noAnswer} requests unanswered`,
    logErrors > 0 && `${logErrors} errors in the logs`,
    (results.load?.errors ?? 0) > 0 && `${results.load!.errors} validations failed`,
    ...(outage?.missed ?? []),
  ].filter(Boolean);
  if (missed.length) throw new Error(`security targets missed: ${missed.join(", ")}`);
  return results;
}

/**
 * The suite's settings: BENCH_SECURITY_CASES (10,000), BENCH_SECURITY_SEED (a fixed default, so
 * a plain run is repeatable), BENCH_SECURITY_CONNECTIONS (8), BENCH_SECURITY_ONLY (case indices),
 * BENCH_OUTAGE_SECONDS (60; 0 skips the database outage), BENCH_OUTAGE_CLIENTS (6).
 */
export function securityOptionsFromEnv(
  load: Pick<SecurityOptions, "validations" | "validationConnections" | "measuredLoad">,
): SecurityOptions {
  const only = process.env.BENCH_SECURITY_ONLY?.split(",").filter(Boolean).map(Number);
  return {
    cases: Number(process.env.BENCH_SECURITY_CASES ?? 10_000),
    seed: Number(process.env.BENCH_SECURITY_SEED ?? 1_300_013) >>> 0,
    connections: Number(process.env.BENCH_SECURITY_CONNECTIONS ?? 8),
    only: only?.length ? only : undefined,
    outage: {
      outageSeconds: Number(process.env.BENCH_OUTAGE_SECONDS ?? 60),
      beforeSeconds: 10,
      afterSeconds: 15,
      clients: Number(process.env.BENCH_OUTAGE_CLIENTS ?? 6),
    },
    ...load,
  };
}
