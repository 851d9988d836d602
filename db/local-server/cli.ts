/**
 * Runs the local libSQL (Hrana over HTTP) server:
 *   npx node db/local-server/cli.ts --auth-token TOKEN [--db .data/local.db] [--port 8080] [--host 127.0.0.1]
 * Env fallbacks: LIBSQL_DB, LIBSQL_PORT. Prints exactly one line once listening. The token is
 * required (any SQL is accepted from whoever holds it); `npm start` keeps its own in .dev.vars.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { startLocalLibsqlServer } from "./hrana-server.ts";

const { values } = parseArgs({
  options: {
    db: { type: "string" },
    port: { type: "string" },
    host: { type: "string" },
    // Deliberately not read from LIBSQL_AUTH_TOKEN: that variable may hold a hosted-database token.
    "auth-token": { type: "string" },
  },
});

const dbPath = resolve(values.db ?? process.env.LIBSQL_DB ?? ".data/local.db");
const portText = values.port ?? process.env.LIBSQL_PORT ?? "8080";
const port = Number(portText);
if (!/^\d+$/.test(portText) || port > 65535) {
  console.error(`Invalid port: ${portText}`);
  process.exit(2);
}

const authToken = values["auth-token"] ?? "";
if (authToken.length < 16) {
  console.error("--auth-token is required: at least 16 characters (npm start uses LIBSQL_AUTH_TOKEN from .dev.vars)");
  process.exit(2);
}

mkdirSync(dirname(dbPath), { recursive: true });
const server = await startLocalLibsqlServer({ dbPath, port, host: values.host, authToken });
console.log(`libsql listening on ${server.url}`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // close() rolls back open transactions and closes every connection before we exit.
    server.close().then(
      () => process.exit(0),
      (e) => {
        console.error(e);
        process.exit(1);
      },
    );
  });
}
