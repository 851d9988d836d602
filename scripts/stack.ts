// The whole product on one machine: local libSQL server, migrations, demo seed, and every worker in
// one `wrangler dev`. Used by `npm start` (scripts/start.ts) and by the browser tests.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startLocalLibsqlServer } from "../db/local-server/hrana-server.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { seedDemoData } from "../db/seed.ts";
import { WRANGLER_ENV } from "./process.ts";

export const WORKER_CONFIGS = ["wrangler.toml", "workers/status/wrangler.toml", "workers/durable-objects/wrangler.toml"];

/**
 * Local secrets live in the ignored .dev.vars, generated on first start (never committed);
 * production sets the same names with `wrangler secret put`. Missing keys are added, existing
 * ones kept, so a later release can add a secret without wiping the developer's file.
 */
export function ensureDevVars(path = ".dev.vars"): void {
  const existing = existsSync(path) ? readFileSync(path, "utf8") : "";
  const has = (name: string) => new RegExp(`^${name}=`, "m").test(existing);
  const additions: string[] = [];
  const random = (bytes: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("base64url");
  if (!has("SESSION_SECRET")) additions.push(`SESSION_SECRET=${random(32)}`);
  if (additions.length) writeFileSync(path, existing + (existing && !existing.endsWith("\n") ? "\n" : "") + additions.join("\n") + "\n");
}

export interface StackOptions {
  dataDir: string;
  webPort: number;
  libsqlPort?: number;
  /** Print wrangler's own output (npm start) or keep it for errors only (tests). */
  inheritOutput?: boolean;
  /** Ctrl-C during start-up: stop what has started and reject. */
  signal?: AbortSignal;
}

export interface Stack {
  url: string;
  libsqlUrl: string;
  /** Resolves with wrangler's exit code when it ends on its own (a crash after start-up). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  mkdirSync(options.dataDir, { recursive: true });
  ensureDevVars();
  const libsql = await startLocalLibsqlServer({ dbPath: join(options.dataDir, "local.db"), port: options.libsqlPort ?? 0 });
  await migrateDatabase(libsql.url);
  await seedDemoData(libsql.url);

  const args = ["wrangler", "dev", ...WORKER_CONFIGS.flatMap((c) => ["-c", c])];
  args.push("--ip", "127.0.0.1", "--port", String(options.webPort), "--inspector-port", "0");
  args.push("--persist-to", join(options.dataDir, "wrangler"), "--var", `LIBSQL_URL:${libsql.url}`, "--show-interactive-dev-session=false");
  const wrangler = spawn("npx", args, {
    env: { ...process.env, ...WRANGLER_ENV },
    stdio: options.inheritOutput ? "inherit" : "pipe",
    detached: true, // its own process group, so stop() ends workerd too
  });
  let output = "";
  wrangler.stdout?.on("data", (d) => (output += d));
  wrangler.stderr?.on("data", (d) => (output += d));

  const url = `http://127.0.0.1:${options.webPort}`;
  const stop = async () => {
    await killGroup(wrangler);
    await libsql.close();
  };
  try {
    await waitForHttp(`${url}/status/health`, wrangler, 60_000, options.signal);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  const exited = new Promise<number | null>((resolve) => wrangler.once("exit", (code) => resolve(code)));
  return { url, libsqlUrl: libsql.url, exited, stop };
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (signal?.aborted) throw new Error("start-up interrupted");
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`wrangler dev did not answer ${url} within ${timeoutMs} ms`);
}

function killGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      resolve();
    }
    setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, 5000).unref();
  });
}
