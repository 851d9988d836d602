/**
 * Local stand-in for hosted libSQL (sqld/Turso): speaks Hrana over HTTP v2 (`POST /v2/pipeline`, JSON)
 * on top of the embedded `libsql` engine, so `@libsql/client` (including its workerd web build, which only
 * speaks HTTP) can talk to a database file on disk. One engine connection per Hrana stream.
 *
 * It runs any SQL it is sent, so it answers only its own clients (ADR 002): a bearer token is required
 * on every pipeline request; the Host header must name this server on loopback (a page in the
 * developer's browser reaching it through DNS rebinding names another host); any request carrying an
 * Origin header comes from a browser and is refused; and a pipeline body must be declared JSON (a
 * cross-site `text/plain` POST, which browsers send without asking, never runs).
 */

import { randomUUID, timingSafeEqual } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:http";
import { dirname } from "node:path";
import Database from "libsql";
import * as z from "zod";

export type LocalLibsqlServerOptions = {
  dbPath: string;
  host?: string; // default 127.0.0.1
  port?: number; // 0 = random free port
  authToken: string; // POST /v2/pipeline needs `Authorization: Bearer <token>` (at least 16 characters)
  idleTimeoutMs?: number; // idle streams are closed (open transaction rolled back); default 10 s like sqld
  busyTimeoutMs?: number; // how long a statement keeps retrying SQLITE_BUSY; default 5 s
};
export type LocalLibsqlServer = { url: string; port: number; close(): Promise<void> };

type Conn = Database.Database;
type Stream = {
  db: Conn;
  meta: Database.Statement;
  sqls: Map<number, string>;
  timer?: NodeJS.Timeout;
  closed: boolean;
};
type ProtoError = { message: string; code: string };
const MAX_BODY_BYTES = 32 * 1024 * 1024;

// ---- Request schema (anything that fails it is a malformed request → HTTP 400) ----
const I64_MIN = -(2n ** 63n),
  I64_MAX = 2n ** 63n - 1n;
const Value = z.discriminatedUnion("type", [
  z.object({ type: z.literal("null") }),
  z.object({
    type: z.literal("integer"),
    value: z
      .string()
      .regex(/^-?\d{1,19}$/)
      .refine((v) => BigInt(v) >= I64_MIN && BigInt(v) <= I64_MAX, "integer out of 64-bit range"),
  }),
  z.object({ type: z.literal("float"), value: z.number() }),
  z.object({ type: z.literal("text"), value: z.string() }),
  z.object({ type: z.literal("blob"), base64: z.string() }),
]);
type ValueT = z.infer<typeof Value>;
const SqlRef = { sql: z.string().nullish(), sql_id: z.number().int().nullish() };
const Stmt = z.object({
  ...SqlRef,
  args: z.array(Value).nullish(),
  named_args: z.array(z.object({ name: z.string(), value: Value })).nullish(),
  want_rows: z.boolean().nullish(),
});
type StmtT = z.infer<typeof Stmt>;
type Cond =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: Cond }
  | { type: "and" | "or"; conds: Cond[] }
  | { type: "is_autocommit" };
const Cond: z.ZodType<Cond> = z.lazy(() =>
  z.union([
    z.object({ type: z.enum(["ok", "error"]), step: z.number().int().nonnegative() }),
    z.object({ type: z.literal("not"), cond: Cond }),
    z.object({ type: z.enum(["and", "or"]), conds: z.array(Cond) }),
    z.object({ type: z.literal("is_autocommit") }),
  ]),
);
const Request = z.discriminatedUnion("type", [
  z.object({ type: z.literal("close") }),
  z.object({ type: z.literal("execute"), stmt: Stmt }),
  z.object({
    type: z.literal("batch"),
    batch: z.object({ steps: z.array(z.object({ condition: Cond.nullish(), stmt: Stmt })) }),
  }),
  z.object({ type: z.literal("sequence"), ...SqlRef }),
  z.object({ type: z.literal("describe"), ...SqlRef }),
  z.object({ type: z.literal("store_sql"), sql_id: z.number().int(), sql: z.string() }),
  z.object({ type: z.literal("close_sql"), sql_id: z.number().int() }),
  z.object({ type: z.literal("get_autocommit") }),
]);
type RequestT = z.infer<typeof Request>;
const PipelineBody = z.object({ baton: z.string().nullish(), requests: z.array(Request) });

class HranaError extends Error {
  code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

// ---- Values ----
function decodeValue(v: ValueT): null | bigint | number | string | Buffer {
  switch (v.type) {
    case "null":
      return null;
    case "integer":
      return BigInt(v.value);
    case "blob":
      return Buffer.from(v.base64, "base64");
    default:
      return v.value;
  }
}
function encodeValue(v: unknown): object {
  if (v === null || v === undefined) return { type: "null" };
  if (typeof v === "bigint") return { type: "integer", value: v.toString() };
  if (typeof v === "number") return { type: "float", value: v };
  if (typeof v === "string") return { type: "text", value: v };
  if (v instanceof Uint8Array)
    return { type: "blob", base64: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64") };
  throw new HranaError(`Unsupported value type ${typeof v}`, "INTERNAL");
}

// Parameter tokens ("?", "?3", ":a", "@a", "$a") in order, skipping literals, quoted identifiers and comments.
const CLOSERS: Record<string, string> = { "'": "'", '"': '"', "`": "`", "[": "]", "--": "\n", "/*": "*/" };
function scanParams(sql: string): string[] {
  const out: string[] = [];
  const param = /\?\d*|[:@$][\p{L}\p{N}_]+/uy;
  for (let i = 0; i < sql.length; i++) {
    const open = CLOSERS[sql.slice(i, i + 2)] ? sql.slice(i, i + 2) : CLOSERS[sql[i]] ? sql[i] : undefined;
    if (open) {
      const end = sql.indexOf(CLOSERS[open], i + open.length);
      if (end < 0) break;
      i = end + CLOSERS[open].length - 1;
      continue;
    }
    param.lastIndex = i;
    const m = param.exec(sql);
    if (m) {
      out.push(m[0]);
      i += m[0].length - 1;
    }
  }
  return out;
}

// The statement's first words, upper-cased, after leading whitespace and comments.
function leadingWords(sql: string): string {
  return sql
    .replace(/^(\s|--[^\n]*(\n|$)|\/\*[\s\S]*?(\*\/|$))*/, "")
    .slice(0, 80)
    .toUpperCase();
}

// libsql binds either one array (positional) or one object (named). Named keys must not carry the
// `:`/`@`/`$` prefix (with it the engine silently binds NULL), and an object bound to a statement with a
// bare `?` makes the native engine panic and abort the whole process, so that case is refused up front.
function bindArgs(sql: string, st: StmtT): unknown[] | Record<string, unknown> {
  const positional = (st.args ?? []).map(decodeValue);
  if (!st.named_args?.length) return positional;
  if (scanParams(sql).includes("?"))
    throw new HranaError("Named arguments cannot be used with anonymous '?' parameters", "ARGS_INVALID");
  const named: Record<string, unknown> = {};
  // `?NNN` parameters are looked up by number
  for (const [i, v] of positional.entries()) named[String(i + 1)] = v;
  for (const { name, value } of st.named_args) named[/^[:@$]/.test(name) ? name.slice(1) : name] = decodeValue(value);
  return named;
}

function toProtoError(e: unknown): ProtoError {
  if (e instanceof HranaError) return { message: e.message, code: e.code };
  const { message, code } = (e ?? {}) as { message?: unknown; code?: unknown };
  if (message === "not an error")
    return { message: "SQL string does not contain any statement", code: "SQL_NO_STATEMENT" };
  // sqld reports the primary result code (SQLITE_CONSTRAINT, not SQLITE_CONSTRAINT_PRIMARYKEY): match it.
  if (typeof code === "string" && code.startsWith("SQLITE_"))
    return { message: `SQLite error: ${message}`, code: code.split("_").slice(0, 2).join("_") };
  return { message: String(message ?? e), code: "UNKNOWN" };
}

export async function startLocalLibsqlServer(opts: LocalLibsqlServerOptions): Promise<LocalLibsqlServer> {
  const { dbPath, host = "127.0.0.1", port = 0, authToken, idleTimeoutMs = 10_000, busyTimeoutMs = 5_000 } = opts;
  if (typeof authToken !== "string" || authToken.length < 16)
    throw new Error("The local libSQL server needs an auth token of at least 16 characters");
  // Host headers a client of ours sends, filled in once the port is known.
  const allowedHosts = new Set<string>();
  const streams = new Map<string, Stream>(); // baton → idle stream
  const open = new Set<Stream>();
  let closing = false;

  // WAL lets readers proceed while another stream holds a write transaction; it is persistent in the file.
  mkdirSync(dirname(dbPath), { recursive: true });
  const boot = new Database(dbPath);
  boot.exec("PRAGMA journal_mode = WAL");
  boot.close();

  function openStream(): Stream {
    const db = new Database(dbPath);
    // Short native busy wait only (it blocks the event loop, so the lock holder, often another stream in this
    // process, could never release it); longer waits are async retries in withBusyRetry.
    db.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 20");
    const meta = db.prepare("SELECT changes(), last_insert_rowid(), total_changes()").safeIntegers(true).raw(true);
    const s: Stream = { db, meta, sqls: new Map(), closed: false };
    open.add(s);
    return s;
  }
  function closeStream(s: Stream) {
    if (s.closed) return;
    s.closed = true;
    clearTimeout(s.timer);
    open.delete(s);
    try {
      if (s.db.inTransaction) s.db.exec("ROLLBACK");
    } catch {
      /* closing anyway */
    }
    try {
      s.db.close();
    } catch {
      /* already gone */
    }
  }

  async function withBusyRetry<T>(fn: () => T): Promise<T> {
    const deadline = Date.now() + busyTimeoutMs;
    for (;;) {
      try {
        return fn();
      } catch (e) {
        if ((e as { code?: unknown }).code !== "SQLITE_BUSY" || Date.now() >= deadline) throw e;
        await new Promise((r) => setTimeout(r, 15));
      }
    }
  }

  function resolveSql(s: Stream, ref: { sql?: string | null; sql_id?: number | null }): string {
    if (ref.sql != null) return ref.sql;
    const sql = ref.sql_id != null ? s.sqls.get(ref.sql_id) : undefined;
    if (sql === undefined)
      throw new HranaError(
        ref.sql_id == null ? "Statement has neither sql nor sql_id" : `Unknown sql_id ${ref.sql_id}`,
        "SQL_NOT_FOUND",
      );
    return sql;
  }

  // Why the write lock is taken up front: when a prepared libsql statement fails with SQLITE_BUSY it is left
  // mid-execution (never reset), so its connection keeps holding locks until the JS object is garbage
  // collected and every other stream stalls. `exec()` cleans up after itself, so locks are acquired with
  // `exec("BEGIN IMMEDIATE")` (retried asynchronously) before any statement that writes: deferred BEGINs
  // are upgraded to IMMEDIATE and autocommit writes are wrapped in their own IMMEDIATE transaction.
  async function execStmt(s: Stream, st: StmtT) {
    const sql = resolveSql(s, st);
    const args = bindArgs(sql, st);
    const head = leadingWords(sql);
    const isBegin =
      /^BEGIN\b/.test(head) && !/^BEGIN\s+(IMMEDIATE|EXCLUSIVE)\b/.test(head) && !head.includes("READONLY");
    const wrap =
      !isBegin &&
      !s.db.inTransaction &&
      (/^(INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER)\b/.test(head) ||
        (/^WITH\b/.test(head) && /\b(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(sql)));
    if (isBegin || wrap) await withBusyRetry(() => s.db.exec("BEGIN IMMEDIATE"));
    const before = (s.meta.get() as bigint[])[2];
    let cols: { name: string; decltype: string | null }[] = [],
      rows: unknown[][] = [];
    if (!isBegin) {
      try {
        const stmt = s.db.prepare(sql).safeIntegers(true);
        // Retry the same statement object: a successful re-run also resets it (see above).
        // Readers (SELECT, RETURNING, some PRAGMAs) must be stepped to completion; run() would skip their rows.
        rows = await withBusyRetry((): unknown[][] => {
          if (stmt.reader) return stmt.raw(true).all(args) as unknown[][];
          stmt.run(args);
          return [];
        });
        if (stmt.reader) cols = stmt.columns().map((c) => ({ name: c.name, decltype: c.type }));
        if (wrap) s.db.exec("COMMIT");
      } catch (e) {
        if (wrap && s.db.inTransaction)
          try {
            s.db.exec("ROLLBACK");
          } catch {
            /* keep the original error */
          }
        throw e;
      }
    }
    // changes() is sticky (a SELECT after an INSERT still reports it): trust it only if something changed.
    const [changes, rowid, after] = s.meta.get() as bigint[];
    return {
      cols,
      rows: st.want_rows === false ? [] : rows.map((r) => r.map(encodeValue)),
      affected_row_count: after === before ? 0 : Number(changes),
      last_insert_rowid: String(rowid),
    };
  }

  function evalCond(c: Cond, s: Stream, results: unknown[], errors: unknown[]): boolean {
    switch (c.type) {
      case "ok":
        return results[c.step] != null; // steps not run (or later steps) count as neither ok nor error
      case "error":
        return errors[c.step] != null;
      case "not":
        return !evalCond(c.cond, s, results, errors);
      case "and":
        return c.conds.every((x) => evalCond(x, s, results, errors));
      case "or":
        return c.conds.some((x) => evalCond(x, s, results, errors));
      case "is_autocommit":
        return !s.db.inTransaction;
    }
  }

  async function handleRequest(s: Stream, req: RequestT): Promise<object> {
    switch (req.type) {
      case "close":
        closeStream(s);
        return { type: "close" };
      case "execute":
        return { type: "execute", result: await execStmt(s, req.stmt) };
      case "batch": {
        const step_results: unknown[] = [],
          step_errors: unknown[] = [];
        for (const step of req.batch.steps) {
          let result = null,
            error = null;
          if (!step.condition || evalCond(step.condition, s, step_results, step_errors)) {
            try {
              result = await execStmt(s, step.stmt);
            } catch (e) {
              error = toProtoError(e);
            }
          }
          step_results.push(result);
          step_errors.push(error);
        }
        return { type: "batch", result: { step_results, step_errors } };
      }
      // Not retried on SQLITE_BUSY: the script may have partly run. exec() leaves no statement behind.
      case "sequence":
        s.db.exec(resolveSql(s, req));
        return { type: "sequence" };
      case "describe": {
        const sql = resolveSql(s, req);
        const stmt = s.db.prepare(sql);
        const seen = new Set<string>();
        const params = scanParams(sql)
          .filter((p) => p === "?" || (!seen.has(p) && seen.add(p)))
          .map((p) => ({ name: p === "?" ? null : p }));
        const cols = stmt.reader ? stmt.columns().map((c) => ({ name: c.name, decltype: c.type })) : [];
        const head = leadingWords(sql); // a heuristic: the engine does not expose sqlite3_stmt_readonly
        return {
          type: "describe",
          result: {
            params,
            cols,
            is_explain: /^EXPLAIN\b/.test(head),
            is_readonly: /^(SELECT|VALUES|EXPLAIN)\b/.test(head),
          },
        };
      }
      case "store_sql":
        if (s.sqls.has(req.sql_id)) throw new HranaError(`sql_id ${req.sql_id} is already in use`, "SQL_ID_IN_USE");
        s.sqls.set(req.sql_id, req.sql);
        return { type: "store_sql" };
      case "close_sql":
        s.sqls.delete(req.sql_id);
        return { type: "close_sql" };
      case "get_autocommit":
        return { type: "get_autocommit", is_autocommit: !s.db.inTransaction };
    }
  }

  async function pipeline(raw: string): Promise<[number, object]> {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return [400, httpError("Request body is not valid JSON", "HTTP_BAD_REQUEST")];
    }
    const parsed = PipelineBody.safeParse(json);
    if (!parsed.success)
      return [
        400,
        httpError(
          `Malformed pipeline request: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
          "HTTP_BAD_REQUEST",
        ),
      ];
    const { baton, requests } = parsed.data;
    let s: Stream;
    if (baton != null) {
      const found = streams.get(baton);
      if (!found) return [400, httpError("Unknown or expired baton (the stream was closed)", "STREAM_EXPIRED")];
      // Batons are single-use: taking the stream out of the map also rejects concurrent reuse of a baton.
      streams.delete(baton);
      clearTimeout(found.timer);
      s = found;
    } else {
      s = openStream();
    }
    const results: object[] = [];
    for (const req of requests) {
      if (s.closed) {
        results.push({ type: "error", error: { message: "Stream is closed", code: "STREAM_CLOSED" } });
        continue;
      }
      try {
        results.push({ type: "ok", response: await handleRequest(s, req) });
      } catch (e) {
        results.push({ type: "error", error: toProtoError(e) });
      }
    }
    let next: string | null = null;
    if (closing) closeStream(s);
    if (!s.closed) {
      next = randomUUID();
      streams.set(next, s);
      const key = next;
      s.timer = setTimeout(() => {
        streams.delete(key);
        closeStream(s);
      }, idleTimeoutMs).unref();
    }
    return [200, { baton: next, base_url: null, results }];
  }

  function httpError(message: string, code: string) {
    return { error: message, message, code };
  } // `message` lets @libsql/client surface the code
  function send(res: ServerResponse, status: number, body: object) {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  }
  function authorized(req: IncomingMessage): boolean {
    const got = Buffer.from(req.headers.authorization ?? ""),
      want = Buffer.from(`Bearer ${authToken}`);
    return got.length === want.length && timingSafeEqual(got, want);
  }
  async function readBody(req: IncomingMessage): Promise<string | null> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk); // keep draining an oversized body so the reply gets through
    }
    return size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString("utf8");
  }
  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (!allowedHosts.has((req.headers.host ?? "").toLowerCase()))
      return send(res, 403, httpError("Unexpected Host header", "HTTP_FORBIDDEN"));
    if (req.headers.origin !== undefined)
      return send(res, 403, httpError("Requests from web pages are refused", "HTTP_FORBIDDEN"));
    const path = new URL(req.url ?? "/", "http://local").pathname;
    if (req.method === "GET" && (path === "/v2" || path === "/health")) return send(res, 200, { ok: true, version: 2 });
    if (req.method !== "POST" || path !== "/v2/pipeline")
      return send(res, 404, httpError(`No route for ${req.method} ${path}`, "HTTP_NOT_FOUND"));
    if (!authorized(req)) return send(res, 401, httpError("Missing or invalid bearer token", "UNAUTHORIZED"));
    if ((req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase() !== "application/json") {
      return send(
        res,
        415,
        httpError("Pipeline requests must be sent as application/json", "HTTP_UNSUPPORTED_MEDIA_TYPE"),
      );
    }
    const body = await readBody(req);
    if (body === null) return send(res, 413, httpError("Request body too large", "HTTP_PAYLOAD_TOO_LARGE"));
    const [status, out] = await pipeline(body);
    send(res, status, out);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e) => {
      if (res.headersSent) res.destroy();
      else send(res, 500, httpError(`Internal error: ${(e as Error)?.message ?? e}`, "INTERNAL"));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const actualPort = (server.address() as { port: number }).port;
  for (const name of ["127.0.0.1", "localhost", "[::1]", host.includes(":") ? `[${host}]` : host])
    allowedHosts.add(`${name}:${actualPort}`.toLowerCase());
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}`,
    port: actualPort,
    close: () => {
      closing = true;
      for (const s of [...open]) closeStream(s);
      streams.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
