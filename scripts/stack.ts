// The whole product on one machine: local libSQL server, migrations, demo seed, and every worker in
// one `wrangler dev`. Used by `npm start` (scripts/start.ts) and by the browser tests.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { type LocalLibsqlServer, startLocalLibsqlServer } from "#db/local-server/hrana-server.ts";
import { migrateDatabase } from "#db/migrate.ts";
import { seedDemoData } from "#db/seed.ts";
import {
  demoIacaRoot,
  generateDemoIacaSecret,
  generateDocumentSignerSecret,
  generateIssuerKeysSecret,
  generateStatusListKeysSecret,
  generateTrustAnchorKeySecret,
  generateVerifierKeysSecret,
  generateX509Keys,
  issuerPublicKeysFor,
  verifierPublicKeysFor,
  withX509Roots,
} from "./issuer-keys.ts";
import { startLocalEdge } from "./local-edge.ts";
import { freePort, WRANGLER_ENV } from "./process.ts";

/** `npm start` and the browser tests run a demo deployment: demo accounts seeded, Quick Demo Login shown. */
const DEMO_MODE = "true";

export const WORKER_CONFIGS = [
  "wrangler.toml",
  "workers/status/wrangler.toml",
  "workers/verifier/wrangler.toml",
  "workers/durable-objects/wrangler.toml",
];

/**
 * Variables each auxiliary worker needs from the stack (wrangler dev's --var reaches the first
 * worker only): each worker gets only the secrets it uses (ADR 028), as in production.
 */
export const AUX_WORKER_VARS: Record<string, readonly string[]> = {
  "workers/status/wrangler.toml": [
    "LIBSQL_URL",
    "LIBSQL_AUTH_TOKEN",
    "STATUS_LIST_SIGNING_KEYS",
    "STATUS_LIST_X509_SIGNING_KEYS",
    "ISSUER_PUBLIC_KEYS",
  ],
  "workers/verifier/wrangler.toml": [
    "LIBSQL_URL",
    "LIBSQL_AUTH_TOKEN",
    "ISSUER_PUBLIC_KEYS",
    "VERIFIER_SIGNING_KEYS",
    "VERIFIER_PUBLIC_KEYS",
    "SESSION_SECRET",
  ],
  "workers/durable-objects/wrangler.toml": ["LIBSQL_URL", "LIBSQL_AUTH_TOKEN"],
};

/** The call writing each path's .dev.vars now: stacks starting together share it. */
const devVarsInFlight = new Map<string, Promise<Record<string, string>>>();

/**
 * Local secrets live in the ignored .dev.vars, generated on first start (never committed);
 * production sets the same names with `wrangler secret put`. Missing keys are added, existing
 * ones kept, so a later release can add a secret without wiping the developer's file. Callers at
 * the same time get the same secrets (on a fresh clone, stacks starting together would otherwise
 * each write a file of their own, and a stack whose libSQL token was overwritten gets 401s).
 */
export function ensureDevVars(path = ".dev.vars"): Promise<Record<string, string>> {
  const inFlight = devVarsInFlight.get(path);
  if (inFlight) return inFlight;
  const writing = writeDevVars(path).finally(() => devVarsInFlight.delete(path));
  devVarsInFlight.set(path, writing);
  return writing;
}

async function writeDevVars(path: string): Promise<Record<string, string>> {
  let existing = existsSync(path) ? readFileSync(path, "utf8") : "";
  const split = splitTrustAnchor(existing);
  if (split) existing = split;
  const has = (name: string) => new RegExp(`^${name}=`, "m").test(existing);
  const additions: string[] = [];
  const random = (bytes: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("base64url");
  if (!has("SESSION_SECRET")) additions.push(`SESSION_SECRET=${random(32)}`);
  // The local libSQL server runs any SQL its token holder sends: this machine's workers only.
  if (!has("LIBSQL_AUTH_TOKEN")) additions.push(`LIBSQL_AUTH_TOKEN=${random(32)}`);
  // Single-quoted: the value is JSON (dotenv would otherwise read its quotes).
  const issuerKeys = has("ISSUER_SIGNING_KEYS") ? undefined : await generateIssuerKeysSecret();
  if (issuerKeys) additions.push(`ISSUER_SIGNING_KEYS='${issuerKeys}'`);
  const statusListKeys = has("STATUS_LIST_SIGNING_KEYS") ? undefined : await generateStatusListKeysSecret();
  if (statusListKeys) additions.push(`STATUS_LIST_SIGNING_KEYS='${statusListKeys}'`);
  // HAIP's certified keys (ADR 047), both made together under a fresh root whose private key is
  // dropped: the certificates name the authorities at the local origins npm start serves.
  // The same root certifies the trust anchor as the verifiers' CA (ADR 051): a file whose anchor
  // has no certificate yet gets a fresh root, as the root's key is never kept here.
  const anchorBefore = has("TRUST_ANCHOR_SIGNING_KEY") ? parseDevVars(existing).TRUST_ANCHOR_SIGNING_KEY! : undefined;
  const anchorCertified = anchorBefore !== undefined && "x5c" in (JSON.parse(anchorBefore) as object);
  const x509 =
    has("ISSUER_X509_SIGNING_KEYS") && has("STATUS_LIST_X509_SIGNING_KEYS") && anchorCertified
      ? undefined
      : await generateX509Keys(localBases(), new Date(), anchorBefore ?? (await generateTrustAnchorKeySecret()));
  if (x509) {
    existing = withoutLines(existing, [
      "ISSUER_X509_SIGNING_KEYS",
      "STATUS_LIST_X509_SIGNING_KEYS",
      "TRUST_ANCHOR_SIGNING_KEY",
    ]);
    additions.push(`ISSUER_X509_SIGNING_KEYS='${x509.issuerX509SigningKeys}'`);
    additions.push(`STATUS_LIST_X509_SIGNING_KEYS='${x509.statusListX509SigningKeys}'`);
    additions.push(`TRUST_ANCHOR_SIGNING_KEY='${x509.trustAnchorSigningKey!}'`);
  }
  // The public halves are derived from the two secrets as they end up in the file; the root joins them.
  if (!has("ISSUER_PUBLIC_KEYS")) {
    const kept = parseDevVars(existing);
    const publicKeys = issuerPublicKeysFor(
      issuerKeys ?? kept.ISSUER_SIGNING_KEYS!,
      statusListKeys ?? kept.STATUS_LIST_SIGNING_KEYS!,
    );
    additions.push(`ISSUER_PUBLIC_KEYS='${x509 ? withX509Roots(publicKeys, [x509.x509Root]) : publicKeys}'`);
  } else if (x509) {
    const kept = parseDevVars(existing).ISSUER_PUBLIC_KEYS!;
    existing = withoutLines(existing, ["ISSUER_PUBLIC_KEYS"]);
    additions.push(`ISSUER_PUBLIC_KEYS='${withX509Roots(kept, [x509.x509Root])}'`);
  }
  // The demo's mdoc IACA (ADR 050): its root is seeded onto the trust list, its key kept here.
  const iaca = has("MDOC_IACA_SIGNING_KEY") ? undefined : await generateDemoIacaSecret();
  if (iaca) additions.push(`MDOC_IACA_SIGNING_KEY='${iaca}'`);
  // The DVLA's mdoc document signer (ADR 053), certified by that IACA: made again with a new IACA.
  if (iaca || !has("MDOC_DOCUMENT_SIGNER_KEY")) {
    existing = withoutLines(existing, ["MDOC_DOCUMENT_SIGNER_KEY"]);
    const signer = await generateDocumentSignerSecret(iaca ?? parseDevVars(existing).MDOC_IACA_SIGNING_KEY!);
    additions.push(`MDOC_DOCUMENT_SIGNER_KEY='${signer}'`);
  }
  // The trust anchor's key is the web worker's, the verifier's own key the verifier's (ADR 034).
  // Made (or certified) with the root above; kept from the file otherwise.
  const trustAnchorKey = x509?.trustAnchorSigningKey;
  const verifierKeys = has("VERIFIER_SIGNING_KEYS") ? undefined : await generateVerifierKeysSecret();
  if (verifierKeys) additions.push(`VERIFIER_SIGNING_KEYS='${verifierKeys}'`);
  if (!has("VERIFIER_PUBLIC_KEYS")) {
    const kept = parseDevVars(existing);
    const publicKeys = verifierPublicKeysFor(
      trustAnchorKey ?? kept.TRUST_ANCHOR_SIGNING_KEY!,
      verifierKeys ?? kept.VERIFIER_SIGNING_KEYS!,
    );
    additions.push(`VERIFIER_PUBLIC_KEYS='${publicKeys}'`);
  }
  const separator = existing && !existing.endsWith("\n") ? "\n" : "";
  const text = additions.length ? `${existing}${separator}${additions.join("\n")}\n` : existing;
  if (additions.length || split) writeFileSync(path, text);
  return parseDevVars(text);
}

/** The origins a local stack answers at (npm start: localhost or 127.0.0.1, on PORT): what local certificates name. */
function localBases(): string[] {
  const port = process.env.PORT ?? "8787";
  return [`https://localhost:${port}`, `https://127.0.0.1:${port}`];
}

/** The file's text without the lines setting `names`. */
function withoutLines(text: string, names: readonly string[]): string {
  return text
    .split("\n")
    .filter((line) => !names.some((name) => line.trim().startsWith(`${name}=`)))
    .join("\n");
}

/**
 * A file from before ADR 034 keeps both verifier keys in VERIFIER_SIGNING_KEYS, which the verifier
 * now refuses: the trust anchor's key moves to TRUST_ANCHOR_SIGNING_KEY (kept, so attestations
 * signed with it stay good) and the verifier keeps "verifier-service" alone. The file's text
 * after the move, or undefined when there is nothing to move.
 */
function splitTrustAnchor(text: string): string | undefined {
  const vars = parseDevVars(text);
  if (!vars.VERIFIER_SIGNING_KEYS) return undefined;
  let keys: Record<string, JsonWebKey>;
  try {
    keys = JSON.parse(vars.VERIFIER_SIGNING_KEYS) as Record<string, JsonWebKey>;
  } catch {
    return undefined;
  }
  const { "trust-anchor": anchor, ...own } = keys;
  if (!anchor) return undefined;
  const lines = text
    .split("\n")
    .filter((line) => !/^(VERIFIER_SIGNING_KEYS|VERIFIER_PUBLIC_KEYS)=/.test(line.trim()))
    .join("\n")
    .replace(/\n*$/, "\n");
  const moved = [`VERIFIER_SIGNING_KEYS='${JSON.stringify(own)}'`];
  if (!vars.TRUST_ANCHOR_SIGNING_KEY) moved.push(`TRUST_ANCHOR_SIGNING_KEY='${JSON.stringify(anchor)}'`);
  return `${lines.trim() ? lines : ""}${moved.join("\n")}\n`;
}

/** KEY=value lines; values may be wrapped in single or double quotes. */
export function parseDevVars(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (!match) continue;
    let value = match[2]!;
    if (value.length >= 2 && (value[0] === "'" || value[0] === '"') && value.endsWith(value[0]!))
      value = value.slice(1, -1);
    vars[match[1]!] = value;
  }
  return vars;
}

/**
 * wrangler dev gives `--var` to the first worker only and reads each other worker's .dev.vars
 * beside its config. So each auxiliary worker that needs the stack's values runs from a copy of
 * its config under the data directory (main pointing back at the source), with its own .dev.vars.
 */
function auxiliaryConfigs(dataDir: string, vars: Record<string, string>): string[] {
  return WORKER_CONFIGS.map((config) => {
    const names = AUX_WORKER_VARS[config];
    if (!names) return config;
    const source = readFileSync(config, "utf8");
    const main = /^main\s*=\s*"([^"]+)"/m.exec(source)?.[1];
    if (!main) throw new Error(`${config} has no main`);
    const dir = resolve(dataDir, "workers", dirname(config).replace(/[\\/]/g, "-"));
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "wrangler.toml"),
      source.replace(/^main\s*=.*$/m, `main = ${JSON.stringify(resolve(dirname(config), main))}`),
    );
    const lines = names.map((name) => {
      if (vars[name] === undefined) throw new Error(`${name} is not set for ${config}`);
      return `${name}='${vars[name]}'`;
    });
    writeFileSync(join(dir, ".dev.vars"), `${lines.join("\n")}\n`);
    return join(dir, "wrangler.toml");
  });
}

export interface StackOptions {
  dataDir: string;
  /** Where the local edge listens (0: any free port, which `url` then names). */
  webPort: number;
  libsqlPort?: number;
  /** Print wrangler's own output (npm start) or keep it for errors only (tests). */
  inheritOutput?: boolean;
  /** Ctrl-C during start-up: stop what has started and reject. */
  signal?: AbortSignal;
  /**
   * Something the workers reach the database through (the security bench's outage switch): given
   * the database's URL, it answers the URL the workers get. Migrations and the seed go direct.
   */
  databaseFront?: (libsqlUrl: string) => Promise<{ url: string; close(): Promise<void> }>;
  /**
   * Called as soon as the stack's addresses are fixed (its edge and database are listening), before
   * the database is migrated and seeded and wrangler starts: the browser tests hand them out while
   * the rest starts in the background (tests/e2e/stack-global-setup.ts).
   */
  onAddresses?: (addresses: { url: string; libsqlUrl: string; libsqlAuthToken: string }) => void;
}

export interface Stack {
  url: string;
  /**
   * The workers behind no edge: a caller that plays many clients (the issuance bench) names each
   * one's address in CF-Connecting-IP here, which the edge at `url` would overwrite.
   */
  workersUrl: string;
  libsqlUrl: string;
  libsqlAuthToken: string;
  /** Resolves with wrangler's exit code when it ends on its own (a crash after start-up). */
  exited: Promise<number | null>;
  /** What wrangler dev and the workers have printed so far (empty when inheritOutput). */
  output(): string;
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  mkdirSync(options.dataDir, { recursive: true });
  const devVars = await ensureDevVars();
  const authToken = devVars.LIBSQL_AUTH_TOKEN!;
  // The edge listens first (on webPort, or any free port for 0) and holds its port from then on:
  // a port chosen now and bound later can be taken in between (another lane's stack starting).
  const edge = await startLocalEdge(options.webPort);
  const webPort = Number(new URL(edge.url).port);
  let libsql: LocalLibsqlServer | undefined;
  let front: { url: string; close(): Promise<void> } | undefined;
  const closeDatabase = async () => {
    await front?.close();
    await libsql?.close();
  };
  try {
    libsql = await startLocalLibsqlServer({
      dbPath: join(options.dataDir, "local.db"),
      port: options.libsqlPort ?? 0,
      authToken,
    });
    options.onAddresses?.({ url: edge.url, libsqlUrl: libsql.url, libsqlAuthToken: authToken });
    await migrateDatabase(libsql.url, authToken);
    // The local edge answers at http://127.0.0.1:<webPort>: the demo organisation's identifier hangs from it.
    await seedDemoData(libsql.url, authToken, {
      demoMode: DEMO_MODE,
      identifierBase: edge.url,
      mdocIacaRoot: demoIacaRoot(devVars.MDOC_IACA_SIGNING_KEY!),
    });
    front = options.databaseFront ? await options.databaseFront(libsql.url) : undefined;
  } catch (error) {
    await closeDatabase();
    await edge.close();
    throw error;
  }
  const database = { url: libsql.url, workersUrl: front?.url ?? libsql.url };
  // wrangler listens on a port of its own behind the local edge (scripts/local-edge.ts), which
  // sets CF-Connecting-IP from the socket as Cloudflare's edge does in production. That port is
  // chosen free and bound by wrangler moments later; if something took it in between, wrangler
  // starts again on another.
  for (let attempt = 1; ; attempt++) {
    const started = await startWrangler(options, devVars, database.workersUrl, webPort);
    if ("wrangler" in started) {
      edge.forwardTo(started.workersUrl);
      const stop = async () => {
        await edge.close();
        await killGroup(started.wrangler);
        await closeDatabase();
      };
      const { wrangler, workersUrl, output } = started;
      const exited = new Promise<number | null>((resolve) => wrangler.once("exit", (code) => resolve(code)));
      return { url: edge.url, workersUrl, libsqlUrl: database.url, libsqlAuthToken: authToken, exited, output, stop };
    }
    if (!started.portTaken || attempt === 3) {
      await edge.close();
      await closeDatabase();
      throw started.error;
    }
  }
}

/** wrangler dev with every worker, answering on a free port of its own; or why it did not start. */
async function startWrangler(
  options: StackOptions,
  devVars: Record<string, string>,
  databaseUrl: string,
  webPort: number,
): Promise<
  { wrangler: ChildProcess; workersUrl: string; output: () => string } | { error: Error; portTaken: boolean }
> {
  const configs = auxiliaryConfigs(options.dataDir, { ...devVars, LIBSQL_URL: databaseUrl });
  const workersPort = await freePort();
  const workersUrl = `http://127.0.0.1:${workersPort}`;
  const args = ["wrangler", "dev", ...configs.flatMap((c) => ["-c", c])];
  args.push("--ip", "127.0.0.1", "--port", String(workersPort), "--inspector-port", "0");
  args.push(
    "--persist-to",
    join(options.dataDir, "wrangler"),
    "--var",
    `LIBSQL_URL:${databaseUrl}`,
    "--show-interactive-dev-session=false",
  );
  // Passkeys refuse IP addresses as RP IDs: locally they belong to http://localhost:PORT (ADR 021).
  args.push("--var", `WEBAUTHN_ORIGIN:http://localhost:${webPort}`);
  // The local stack is a demo: Quick Demo Login with the seeded accounts (ADR 028).
  args.push("--var", `DEMO_MODE:${DEMO_MODE}`);
  // And it serves the pseudo-locales, for finding words that bypass the catalogs (ADR 035).
  args.push("--var", "PSEUDO_LOCALES:true");
  const wrangler = spawn("npx", args, {
    env: { ...process.env, ...WRANGLER_ENV },
    stdio: options.inheritOutput ? "inherit" : "pipe",
    detached: true, // its own process group, so stop() ends workerd too
  });
  let output = "";
  wrangler.stdout?.on("data", (d) => (output += d));
  wrangler.stderr?.on("data", (d) => (output += d));
  try {
    // Straight to wrangler: the edge forwards here only once it has started.
    await waitForHttp(`${workersUrl}/status/health`, wrangler, 60_000, options.signal);
    await waitForHttp(`${workersUrl}/api/verifications/health`, wrangler, 30_000, options.signal);
    await runDailyRenewal(workersUrl);
    return { wrangler, workersUrl, output: () => output };
  } catch (error) {
    await killGroup(wrangler);
    return {
      error: new Error(`${(error as Error).message}\n${output}`),
      portTaken: /EADDRINUSE|address already in use/i.test(output),
    };
  }
}

/**
 * The web worker's daily run (its cron trigger), once now through wrangler dev's trigger endpoint:
 * it signs every attestation due, the seeded demo organisation's first (ADR 034), with the trust
 * anchor key that only the web worker holds. Cron triggers do not fire by themselves locally.
 */
async function runDailyRenewal(workersUrl: string): Promise<void> {
  const response = await fetch(`${workersUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("17 3 * * *")}`);
  if (!response.ok)
    throw new Error(`the web worker's scheduled run answered ${response.status}: ${await response.text()}`);
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
