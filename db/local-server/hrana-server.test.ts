import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client, Config } from "@libsql/client";
import { createClient, LibsqlError } from "@libsql/client";
import { count, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { afterEach, describe, expect, it } from "vitest";
import type { LocalLibsqlServer, LocalLibsqlServerOptions } from "./hrana-server.ts";
import { startLocalLibsqlServer } from "./hrana-server.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

const TOKEN = "test-token-0123456789abcdef";

/** A fresh server on its own temp db file (token TOKEN unless given), plus a client pointed at it. */
async function setup(opts: Partial<LocalLibsqlServerOptions> = {}, clientOpts: Partial<Config> = {}) {
  const dir = mkdtempSync(join(tmpdir(), "hrana-test-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const authToken = opts.authToken ?? TOKEN;
  const server = await startLocalLibsqlServer({ dbPath: join(dir, "test.db"), ...opts, authToken });
  cleanups.push(() => server.close());
  const client = createClient({ url: server.url, authToken, ...clientOpts });
  cleanups.push(() => client.close());
  return { server, client };
}

async function pipeline(server: LocalLibsqlServer, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/v2/pipeline`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}`, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}
/** A pipeline POST to 127.0.0.1 naming `host` in its Host header; the status code. */
function postWithHost(server: LocalLibsqlServer, host: string, body: unknown): Promise<number> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: "/v2/pipeline",
        method: "POST",
        headers: {
          host,
          "content-type": "application/json",
          authorization: `Bearer ${TOKEN}`,
          "content-length": Buffer.byteLength(text),
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}
const exec = (sql: string, extra: object = {}) => ({ type: "execute", stmt: { sql, want_rows: true, ...extra } });
const countRows = async (client: Client, table = "t") =>
  Number((await client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

describe("local libsql Hrana server via @libsql/client", () => {
  it("binds positional and named args (:name, @name, $name) to real values", async () => {
    const { client } = await setup();
    await client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b INTEGER)");
    await client.execute({ sql: "INSERT INTO t (a, b) VALUES (?, ?)", args: ["pos", 1] });
    await client.execute({ sql: "INSERT INTO t (a, b) VALUES (:a, :b)", args: { a: "colon", b: 2 } });
    await client.execute({ sql: "INSERT INTO t (a, b) VALUES (@a, @b)", args: { a: "at", b: 3 } });
    await client.execute({ sql: "INSERT INTO t (a, b) VALUES ($a, $b)", args: { a: "dollar", b: 4 } });
    await client.execute({ sql: "INSERT INTO t (a, b) VALUES (:a, :b)", args: { ":a": "prefixed", ":b": 5 } });
    const rs = await client.execute("SELECT a, b FROM t ORDER BY id");
    expect(rs.rows.map((r) => [r.a, r.b])).toEqual([
      ["pos", 1],
      ["colon", 2],
      ["at", 3],
      ["dollar", 4],
      ["prefixed", 5],
    ]);
  });

  it("round-trips integers beyond 2^53 with intMode bigint", async () => {
    const { client } = await setup({}, { intMode: "bigint" });
    await client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)");
    const values = [9007199254740993n, 9223372036854775807n, -9223372036854775808n];
    for (const v of values) await client.execute({ sql: "INSERT INTO t (v) VALUES (?)", args: [v] });
    const rs = await client.execute("SELECT v, typeof(v) AS ty FROM t ORDER BY id");
    expect(rs.rows.map((r) => r.v)).toEqual(values);
    expect(rs.rows.map((r) => r.ty)).toEqual(["integer", "integer", "integer"]);
    const big = await client.execute("INSERT INTO t (id, v) VALUES (9223372036854775806, 0)");
    expect(big.lastInsertRowid).toBe(9223372036854775806n);
  });

  it("round-trips blobs, floats, text and NULL", async () => {
    const { client } = await setup();
    await client.execute("CREATE TABLE t (b BLOB, f REAL, s TEXT, n TEXT)");
    const blob = new Uint8Array([0, 1, 2, 127, 128, 255]);
    await client.execute({ sql: "INSERT INTO t VALUES (?, ?, ?, ?)", args: [blob, 1.5, "héllo ✓", null] });
    await client.execute({ sql: "INSERT INTO t VALUES (?, ?, ?, ?)", args: [new Uint8Array(0), -1e300, "", null] });
    const rs = await client.execute(
      "SELECT b, f, s, n, typeof(b) AS tb, typeof(f) AS tf, typeof(n) AS tn FROM t ORDER BY rowid",
    );
    expect(new Uint8Array(rs.rows[0].b as ArrayBuffer)).toEqual(blob);
    expect(rs.rows[0]).toMatchObject({ f: 1.5, s: "héllo ✓", n: null, tb: "blob", tf: "real", tn: "null" });
    expect(new Uint8Array(rs.rows[1].b as ArrayBuffer).length).toBe(0);
    expect(rs.rows[1]).toMatchObject({ f: -1e300, s: "", tb: "blob" });
    expect(rs.columnTypes).toEqual(["BLOB", "REAL", "TEXT", "TEXT", "", "", ""]);
  });

  it("returns RETURNING rows with rowsAffected, and 0 affected for plain reads", async () => {
    const { client } = await setup();
    await client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT)");
    const ins = await client.execute({ sql: "INSERT INTO t (a) VALUES (?), (?) RETURNING id, a", args: ["x", "y"] });
    expect(ins.rows.map((r) => [r.id, r.a])).toEqual([
      [1, "x"],
      [2, "y"],
    ]);
    expect(ins.rowsAffected).toBe(2);
    expect(ins.lastInsertRowid).toBe(2n);
    const upd = await client.execute("UPDATE t SET a = upper(a) WHERE id = 2 RETURNING a");
    expect(upd.rows.map((r) => r.a)).toEqual(["Y"]);
    expect(upd.rowsAffected).toBe(1);
    const sel = await client.execute("SELECT * FROM t");
    expect(sel.rows.length).toBe(2);
    expect(sel.rowsAffected).toBe(0);
    const del = await client.execute("DELETE FROM t");
    expect(del.rowsAffected).toBe(2);
    expect(await countRows(client)).toBe(0);
  });

  it("batch('write') is all-or-nothing", async () => {
    const { client } = await setup();
    await client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT)");
    const ok = await client.batch(
      [{ sql: "INSERT INTO t VALUES (?, ?)", args: [1, "a"] }, "SELECT count(*) AS n FROM t"],
      "write",
    );
    expect(ok[1].rows[0].n).toBe(1);
    const failing = client.batch(
      [
        { sql: "INSERT INTO t VALUES (?, ?)", args: [2, "b"] },
        { sql: "INSERT INTO t VALUES (?, ?)", args: [1, "duplicate"] },
        { sql: "INSERT INTO t VALUES (?, ?)", args: [3, "c"] },
      ],
      "write",
    );
    await expect(failing).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT" });
    expect((await client.execute("SELECT id FROM t")).rows.map((r) => r.id)).toEqual([1]);
  });

  it("interactive transactions commit and roll back", async () => {
    const { client } = await setup();
    await client.execute("CREATE TABLE t (a TEXT)");
    const tx = await client.transaction("write");
    await tx.execute({ sql: "INSERT INTO t VALUES (?)", args: ["kept"] });
    expect((await tx.execute("SELECT count(*) AS n FROM t")).rows[0].n).toBe(1);
    await tx.commit();
    const tx2 = await client.transaction("write");
    await tx2.execute({ sql: "INSERT INTO t VALUES (?)", args: ["dropped"] });
    await tx2.execute({ sql: "INSERT INTO t VALUES (?)", args: ["dropped too"] });
    await tx2.rollback();
    expect((await client.execute("SELECT a FROM t")).rows.map((r) => r.a)).toEqual(["kept"]);
  });

  it("executeMultiple runs a whole script (sequence)", async () => {
    const { client } = await setup();
    await client.executeMultiple(`
      CREATE TABLE t (a TEXT); -- comment; with a semicolon
      INSERT INTO t VALUES ('one;two');
      INSERT INTO t VALUES ('three');`);
    expect((await client.execute("SELECT a FROM t ORDER BY rowid")).rows.map((r) => r.a)).toEqual(["one;two", "three"]);
    await expect(client.executeMultiple("INSERT INTO t VALUES ('x'); SELEC nonsense;")).rejects.toMatchObject({
      code: "SQLITE_ERROR",
    });
  });

  it("works with drizzle-orm: batch and rolled-back transaction", async () => {
    const { client } = await setup();
    const users = sqliteTable("users", { id: integer("id").primaryKey(), name: text("name").notNull() });
    await client.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
    const db = drizzle(client);
    const [inserted, all] = await db.batch([
      db
        .insert(users)
        .values([{ name: "ada" }, { name: "grace" }])
        .returning(),
      db.select().from(users),
    ]);
    expect(inserted.map((u) => u.name)).toEqual(["ada", "grace"]);
    expect(all).toHaveLength(2);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values({ name: "ghost" });
        expect((await tx.select({ n: count() }).from(users))[0].n).toBe(3);
        tx.rollback();
      }),
    ).rejects.toThrow(/rollback/i);
    expect((await db.select().from(users)).map((u) => u.name)).toEqual(["ada", "grace"]);
  });

  it("maps SQL errors to LibsqlError with SQLITE_ codes", async () => {
    const { client } = await setup();
    await client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)");
    await client.execute("INSERT INTO t VALUES (1)");
    const dup = await client.execute("INSERT INTO t VALUES (1)").catch((e) => e);
    expect(dup).toBeInstanceOf(LibsqlError);
    expect(dup.code).toBe("SQLITE_CONSTRAINT");
    expect(dup.message).toMatch(/UNIQUE constraint failed/);
    const syntax = await client.execute("SELEC 1").catch((e) => e);
    expect(syntax).toBeInstanceOf(LibsqlError);
    expect(syntax.code).toMatch(/^SQLITE_/);
    // Named args with an anonymous `?` would crash the native engine: refused, server still alive.
    await expect(client.execute({ sql: "SELECT :a, ?", args: { a: 1 } })).rejects.toMatchObject({
      code: "ARGS_INVALID",
    });
    expect((await client.execute("SELECT 42 AS x")).rows[0].x).toBe(42);
  });

  it("requires its bearer token on every pipeline request", async () => {
    const { server, client } = await setup({ authToken: "s3cret-s3cret-s3cret" });
    expect((await client.execute("SELECT 1 AS x")).rows[0].x).toBe(1);
    const anon = createClient({ url: server.url });
    const wrong = createClient({ url: server.url, authToken: "nope-nope-nope-nope" });
    cleanups.push(
      () => anon.close(),
      () => wrong.close(),
    );
    await expect(anon.execute("SELECT 1")).rejects.toThrow();
    await expect(wrong.execute("SELECT 1")).rejects.toThrow();
    expect((await pipeline(server, { requests: [exec("SELECT 1")] }, { authorization: "" })).status).toBe(401);
    expect(
      (await pipeline(server, { requests: [exec("SELECT 1")] }, { authorization: "Bearer s3cret-s3cret-s3cret" }))
        .status,
    ).toBe(200);
  });

  it("cannot be started without a token of at least 16 characters", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hrana-test-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    for (const authToken of [undefined, "", "short"]) {
      await expect(
        startLocalLibsqlServer({ dbPath: join(dir, "test.db"), authToken } as LocalLibsqlServerOptions),
      ).rejects.toThrow(/auth token/);
    }
  });

  it("refuses what a web page in the developer's browser could send: text/plain bodies, any Origin, foreign Host names", async () => {
    const { server, client } = await setup();
    await client.execute("CREATE TABLE secrets (v TEXT)");
    await client.execute("INSERT INTO secrets VALUES ('hash')");
    const steal = { requests: [exec("SELECT v FROM secrets")] };
    // A cross-site "simple" POST: text/plain needs no preflight.
    expect(await pipeline(server, JSON.stringify(steal), { "content-type": "text/plain" })).toMatchObject({
      status: 415,
      json: { code: "HTTP_UNSUPPORTED_MEDIA_TYPE" },
    });
    expect((await pipeline(server, steal, { "content-type": "application/x-www-form-urlencoded" })).status).toBe(415);
    // Anything a browser sends carries Origin; no browser is a client of ours.
    expect(await pipeline(server, steal, { origin: "https://evil.example" })).toMatchObject({
      status: 403,
      json: { code: "HTTP_FORBIDDEN" },
    });
    expect((await pipeline(server, steal, { origin: server.url })).status).toBe(403);
    // DNS rebinding: the page's own host name in Host, pointing at 127.0.0.1.
    expect(await postWithHost(server, `evil.example:${server.port}`, steal)).toBe(403);
    expect(await postWithHost(server, "127.0.0.1", steal)).toBe(403);
    // Its own clients are served, by IP or by name.
    expect((await pipeline(server, steal)).json.results[0].response.result.rows).toEqual([
      [{ type: "text", value: "hash" }],
    ]);
    expect(await postWithHost(server, `localhost:${server.port}`, steal)).toBe(200);
  });

  it("isolates concurrent streams and lets a blocked writer proceed after commit", async () => {
    const { client } = await setup();
    await client.execute("CREATE TABLE t (a TEXT)");
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO t VALUES ('uncommitted')");
    expect(await countRows(client)).toBe(0); // another stream does not see it
    const blocked = client.execute("INSERT INTO t VALUES ('later')"); // waits for the write lock
    await new Promise((r) => setTimeout(r, 100));
    await tx.commit();
    await blocked;
    expect((await client.execute("SELECT a FROM t ORDER BY rowid")).rows.map((r) => r.a)).toEqual([
      "uncommitted",
      "later",
    ]);
  });

  it("reports SQLITE_BUSY after the busy timeout and stays healthy afterwards", async () => {
    const { client } = await setup({ busyTimeoutMs: 100 });
    await client.execute("CREATE TABLE t (a TEXT)");
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO t VALUES ('tx')");
    await expect(client.execute("INSERT INTO t VALUES ('too early')")).rejects.toMatchObject({ code: "SQLITE_BUSY" });
    await expect(client.batch(["INSERT INTO t VALUES ('batch too early')"])).rejects.toMatchObject({
      code: "SQLITE_BUSY",
    });
    await tx.commit();
    // No connection was left holding a lock: other writers and transactions proceed.
    await client.execute("INSERT INTO t VALUES ('after')");
    await drizzle(client).transaction(async (dtx) => {
      await dtx.run(sql`INSERT INTO t VALUES ('drizzle tx')`);
    });
    expect((await client.execute("SELECT a FROM t ORDER BY rowid")).rows.map((r) => r.a)).toEqual([
      "tx",
      "after",
      "drizzle tx",
    ]);
  });

  it("serializes two overlapping deferred write transactions instead of failing one", async () => {
    const { client } = await setup();
    await client.execute("CREATE TABLE t (a TEXT)");
    const tx1 = await client.transaction("deferred");
    await tx1.execute("INSERT INTO t VALUES ('one')");
    const second = (async () => {
      const tx2 = await client.transaction("deferred");
      await tx2.execute("INSERT INTO t VALUES ('two')");
      await tx2.commit();
    })();
    await new Promise((r) => setTimeout(r, 100));
    await tx1.commit();
    await second;
    expect((await client.execute("SELECT a FROM t ORDER BY rowid")).rows.map((r) => r.a)).toEqual(["one", "two"]);
  });

  it("closes idle streams after the timeout, rolling back their transaction", async () => {
    const { server, client } = await setup({ idleTimeoutMs: 150 });
    await client.execute("CREATE TABLE t (a TEXT)");
    const first = await pipeline(server, { requests: [exec("BEGIN"), exec("INSERT INTO t VALUES ('x')")] });
    expect(first.status).toBe(200);
    expect(first.json.results.map((r: any) => r.type)).toEqual(["ok", "ok"]);
    await new Promise((r) => setTimeout(r, 400));
    const late = await pipeline(server, { baton: first.json.baton, requests: [exec("COMMIT")] });
    expect(late.status).toBe(400);
    expect(await countRows(client)).toBe(0);
    // Through the client: the transaction fails once its stream expired.
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO t VALUES ('y')");
    await new Promise((r) => setTimeout(r, 400));
    await expect(tx.commit()).rejects.toThrow();
    expect(await countRows(client)).toBe(0);
  });
});

describe("local libsql Hrana server: raw protocol", () => {
  it("answers probes and 404s unknown routes", async () => {
    const { server } = await setup();
    expect((await fetch(`${server.url}/v2`)).status).toBe(200);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    const missing = await fetch(`${server.url}/v3-protobuf`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toHaveProperty("error");
  });

  it("rejects unknown batons, malformed JSON and malformed requests with 400", async () => {
    const { server } = await setup();
    const unknown = await pipeline(server, { baton: "not-a-baton", requests: [] });
    expect(unknown.status).toBe(400);
    expect(typeof unknown.json.error).toBe("string");
    const badJson = await pipeline(server, "{ nope");
    expect(badJson.status).toBe(400);
    expect(typeof badJson.json.error).toBe("string");
    for (const body of [
      {},
      { requests: [{ type: "bogus" }] },
      { requests: [exec("SELECT ?", { args: [{ type: "integer", value: 5 }] })] },
      { requests: [exec("SELECT ?", { args: [{ type: "integer", value: "99999999999999999999" }] })] },
      [1, 2],
      null,
    ]) {
      const res = await pipeline(server, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const alive = await pipeline(server, { requests: [exec("SELECT 7")] });
    expect(alive.json.results[0].response.result.rows).toEqual([[{ type: "integer", value: "7" }]]);
  });

  it("executes statements with Hrana values, batons and close", async () => {
    const { server } = await setup();
    const r = await pipeline(server, {
      requests: [
        exec("SELECT ? AS i, ? AS f, ? AS t, ? AS b, ? AS n", {
          args: [
            { type: "integer", value: "-12345678901234567" },
            { type: "float", value: 2 },
            { type: "text", value: "hi" },
            { type: "blob", base64: Buffer.from("abc").toString("base64") },
            { type: "null" },
          ],
        }),
        exec("SELECT :x || @y AS s", {
          named_args: [
            { name: ":x", value: { type: "text", value: "a" } },
            { name: "y", value: { type: "text", value: "b" } },
          ],
        }),
        { type: "get_autocommit" },
      ],
    });
    expect(r.status).toBe(200);
    expect(typeof r.json.baton).toBe("string");
    expect(r.json.base_url).toBeNull();
    const [sel, named, auto] = r.json.results.map((x: any) => x.response);
    expect(sel.result.cols.map((c: any) => c.name)).toEqual(["i", "f", "t", "b", "n"]);
    expect(sel.result.rows[0]).toEqual([
      { type: "integer", value: "-12345678901234567" },
      { type: "float", value: 2 },
      { type: "text", value: "hi" },
      { type: "blob", base64: Buffer.from("abc").toString("base64") },
      { type: "null" },
    ]);
    expect(named.result.rows[0]).toEqual([{ type: "text", value: "ab" }]);
    expect(auto).toEqual({ type: "get_autocommit", is_autocommit: true });

    // The returned baton continues the same stream (and connection): BEGIN shows up in autocommit state.
    const r2 = await pipeline(server, {
      baton: r.json.baton,
      requests: [exec("BEGIN"), { type: "get_autocommit" }, { type: "close" }, exec("SELECT 1")],
    });
    expect(r2.json.results[1].response.is_autocommit).toBe(false);
    expect(r2.json.results[2]).toEqual({ type: "ok", response: { type: "close" } });
    expect(r2.json.results[3].type).toBe("error");
    expect(r2.json.baton).toBeNull();
    // A baton is single-use.
    expect((await pipeline(server, { baton: r.json.baton, requests: [] })).status).toBe(400);
  });

  it("keeps a stream usable after one of its writes timed out on SQLITE_BUSY", async () => {
    const { server, client } = await setup({ busyTimeoutMs: 100 });
    await client.execute("CREATE TABLE t (a TEXT)");
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO t VALUES ('tx')");
    const first = await pipeline(server, { requests: [exec("INSERT INTO t VALUES ('busy')")] });
    expect(first.json.results[0]).toMatchObject({ type: "error", error: { code: "SQLITE_BUSY" } });
    await tx.commit();
    const second = await pipeline(server, {
      baton: first.json.baton,
      requests: [exec("INSERT INTO t VALUES ('retried')")],
    });
    expect(second.json.results[0].type).toBe("ok");
    // The retried write is committed (visible elsewhere) and its stream holds no lock.
    expect((await client.execute("SELECT a FROM t ORDER BY rowid")).rows.map((r) => r.a)).toEqual(["tx", "retried"]);
    await client.execute("INSERT INTO t VALUES ('other')");
    expect(await countRows(client)).toBe(3);
    await pipeline(server, { baton: second.json.baton, requests: [{ type: "close" }] });
  });

  it("evaluates batch conditions and reports step errors", async () => {
    const { server } = await setup();
    const step = (sql: string, condition?: object) => ({
      stmt: { sql, want_rows: true },
      ...(condition ? { condition } : {}),
    });
    const r = await pipeline(server, {
      requests: [
        {
          type: "batch",
          batch: {
            steps: [
              step("CREATE TABLE t (id INTEGER PRIMARY KEY)"),
              step("INSERT INTO t VALUES (1)", { type: "ok", step: 0 }),
              step("INSERT INTO t VALUES (1)", { type: "ok", step: 1 }), // fails: duplicate
              step("SELECT 'skipped'", { type: "ok", step: 2 }),
              step("SELECT 'ran on error'", { type: "error", step: 2 }),
              step("SELECT 'not'", { type: "not", cond: { type: "ok", step: 3 } }),
              step("SELECT 'and'", {
                type: "and",
                conds: [
                  { type: "ok", step: 1 },
                  { type: "error", step: 2 },
                ],
              }),
              step("SELECT 'or'", {
                type: "or",
                conds: [
                  { type: "ok", step: 3 },
                  { type: "ok", step: 99 },
                ],
              }),
              step("SELECT count(*) FROM t", { type: "is_autocommit" }),
            ],
          },
        },
      ],
    });
    const { step_results, step_errors } = r.json.results[0].response.result;
    expect(step_results.map((x: any) => x !== null)).toEqual([true, true, false, false, true, true, true, false, true]);
    expect(step_errors[2].code).toBe("SQLITE_CONSTRAINT");
    expect(step_errors.filter((e: any) => e !== null)).toHaveLength(1);
    expect(step_results[1].affected_row_count).toBe(1);
    expect(step_results[8].rows).toEqual([[{ type: "integer", value: "1" }]]);
  });

  it("supports store_sql/close_sql, sequence and describe", async () => {
    const { server } = await setup();
    const r = await pipeline(server, {
      requests: [
        { type: "sequence", sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT); INSERT INTO t (a) VALUES ('seq');" },
        { type: "store_sql", sql_id: 1, sql: "SELECT a FROM t WHERE id = ?" },
        { type: "execute", stmt: { sql_id: 1, args: [{ type: "integer", value: "1" }], want_rows: true } },
        { type: "describe", sql: "SELECT id, a FROM t WHERE id = :id AND a = ?" },
        { type: "close_sql", sql_id: 1 },
        { type: "execute", stmt: { sql_id: 1, want_rows: true } },
        { type: "sequence", sql: "SELEC broken" },
      ],
    });
    const res = r.json.results;
    expect(res[0].response).toEqual({ type: "sequence" });
    expect(res[2].response.result.rows).toEqual([[{ type: "text", value: "seq" }]]);
    expect(res[3].response.result).toEqual({
      params: [{ name: ":id" }, { name: null }],
      cols: [
        { name: "id", decltype: "INTEGER" },
        { name: "a", decltype: "TEXT" },
      ],
      is_explain: false,
      is_readonly: true,
    });
    expect(res[5].type).toBe("error");
    expect(res[6]).toMatchObject({ type: "error", error: { code: "SQLITE_ERROR" } });
  });
});
