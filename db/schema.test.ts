import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "#core/accounts/password.ts";
import { migrateDatabase } from "./migrate.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "./seed.ts";

// Spec 000 §3: every table, with its required fields, defaults, uniqueness and the sessions.expire index.
const SPEC_TABLES = [
  "users",
  "sessions",
  "credential_schemas",
  "credentials",
  "presentations",
  "status_lists",
  "webauthn_credentials",
  "gabriel_agents",
  "gabriel_tasks",
  "gabriel_audit_log",
  "assisted_sessions",
  "verification_requests",
  "analytics_events",
  "system_logs",
  "performance_metrics",
  "error_logs",
  "user_sessions",
];

let dir: string;
let url: string;
let client: Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "identity-schema-"));
  url = `file:${join(dir, "schema.db")}`;
  await migrateDatabase(url);
  client = createClient({ url });
});
afterAll(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

async function columns(table: string) {
  const result = await client.execute(`pragma table_info(${table})`);
  return new Map(result.rows.map((r) => [String(r.name), { notNull: Number(r.notnull) === 1, dflt: r.dflt_value }]));
}

describe("database schema (committed migrations)", () => {
  it("creates every table of the specification", async () => {
    const result = await client.execute("select name from sqlite_master where type = 'table'");
    const names = result.rows.map((r) => String(r.name));
    for (const table of SPEC_TABLES) expect(names).toContain(table);
  });

  it("is idempotent: migrating twice changes nothing", async () => {
    await expect(migrateDatabase(url)).resolves.toBeUndefined();
  });

  it("uses snake_case columns with the spec's required fields and defaults", async () => {
    const users = await columns("users");
    expect(users.get("password_hash")?.notNull).toBe(true);
    expect(users.get("role")?.dflt).toBe("'citizen'");
    expect(users.has("profile_image_url")).toBe(true);
    const assisted = await columns("assisted_sessions");
    expect(assisted.get("total_steps")?.dflt).toBe("5");
    expect(assisted.get("current_step")?.dflt).toBe("1");
    expect(assisted.get("requires_dual_control")?.dflt).toBe("false");
    expect((await columns("credential_schemas")).get("version")?.dflt).toBe("'1.0'");
    expect((await columns("error_logs")).get("severity")?.dflt).toBe("'medium'");
    expect((await columns("gabriel_tasks")).get("priority")?.dflt).toBe("'medium'");
    expect((await columns("verification_requests")).get("nonce")?.notNull).toBe(true);
  });

  it("indexes sessions by expiry and keeps usernames and emails unique", async () => {
    const indexes = await client.execute("select name, tbl_name from sqlite_master where type = 'index'");
    expect(indexes.rows.map((r) => String(r.name))).toContain("sessions_expire_idx");
    await client.execute({
      sql: "insert into users (id, username, email, password_hash) values ('a', 'dup', 'd@x.uk', 'h')",
      args: [],
    });
    await expect(
      client.execute("insert into users (id, username, password_hash) values ('b', 'dup', 'h')"),
    ).rejects.toThrow(/UNIQUE/);
    await expect(
      client.execute("insert into users (id, username, password_hash) values ('b', 'DUP', 'h')"),
    ).rejects.toThrow(/UNIQUE constraint failed: index 'users_username_lower_idx'/);
    await expect(
      client.execute("insert into users (id, username, email, password_hash) values ('c', 'other', 'd@x.uk', 'h')"),
    ).rejects.toThrow(/UNIQUE/);
    // Email is optional: many users may have none.
    await client.execute("insert into users (id, username, password_hash) values ('d', 'n1', 'h')");
    await client.execute("insert into users (id, username, password_hash) values ('e', 'n2', 'h')");
  });

  it('never seeds demo accounts on a deployment that is not a demo (DEMO_MODE unset or not "true")', async () => {
    for (const demoMode of [undefined, "false", "TRUE", "1"]) {
      await expect(seedDemoData(url, undefined, { demoMode }), String(demoMode)).rejects.toThrow(
        /only on a demo deployment/,
      );
    }
    const rows = await client.execute("select count(*) as n from users where username in ('admin','citizen')");
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });

  it("seeds the four demo accounts once, with working Argon2id passwords", async () => {
    const first = await seedDemoData(url, undefined, { demoMode: "true" });
    expect(first.created.sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.username).sort());
    const second = await seedDemoData(url, undefined, { demoMode: "true" });
    expect(second.created).toEqual([]);
    const rows = await client.execute(
      "select username, role, password_hash from users where username in ('admin','citizen','verifier','operator') order by username",
    );
    expect(rows.rows.map((r) => [r.username, r.role])).toEqual([
      ["admin", "admin"],
      ["citizen", "citizen"],
      ["operator", "operator"],
      ["verifier", "verifier"],
    ]);
    const hash = String(rows.rows[0]!.password_hash);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(DEMO_PASSWORD, hash)).toBe(true);
    expect(await verifyPassword("wrong-password", hash)).toBe(false);
    // Seven Argon2id runs at OWASP's cost (ADR 004): work, not waiting, so a budget for a busy machine.
  }, 60_000);
  it("keeps the trust list's four eyes in the data: whoever proposed an entry cannot approve it, and an entry a person proposed is active only once approved (issue 23)", async () => {
    const insert = (id: string, state: string, proposedBy: string | null, approvedBy: string | null) =>
      client.execute({
        sql: "insert into trust_list_entries (id, kind, certificate, name, checks, state, proposed_by, approved_by) values (?, 'mdoc_iaca_root', 'MIIB', 'Test', '[\"age\"]', ?, ?, ?)",
        args: [id, state, proposedBy, approvedBy],
      });
    await client.execute("insert into users (id, username, password_hash) values ('maker', 'maker', 'h')");
    await client.execute("insert into users (id, username, password_hash) values ('checker', 'checker', 'h')");
    await expect(insert("t1", "active", "maker", "maker")).rejects.toThrow(/CHECK constraint failed/);
    await expect(insert("t2", "active", "maker", null)).rejects.toThrow(/CHECK constraint failed/);
    await insert("t3", "proposed", "maker", null);
    await insert("t4", "active", "maker", "checker");
    // Made by the platform (the demo seed, tests): no person proposed it.
    await insert("t5", "active", null, null);
  });

  it("seeds the demo's mdoc IACA root once, active for the checks an mDL or a PID answers, with its audit event", async () => {
    await seedDemoData(url, undefined, { demoMode: "true", mdocIacaRoot: "MIIDemoRoot" });
    await seedDemoData(url, undefined, { demoMode: "true", mdocIacaRoot: "MIIDemoRoot" });
    const entries = await client.execute(
      "select id, kind, state, checks, name from trust_list_entries where certificate = 'MIIDemoRoot'",
    );
    expect(entries.rows.map((row) => [row.kind, row.state, JSON.parse(String(row.checks)), row.name])).toEqual([
      ["mdoc_iaca_root", "active", ["age", "driving_licence", "identity"], "DVLA Demo IACA"],
    ]);
    const events = await client.execute({
      sql: "select action from trust_list_events where entry_id = ?",
      args: [entries.rows[0]!.id],
    });
    expect(events.rows.map((row) => row.action)).toEqual(["approved"]);
  }, 60_000);
});
