import { createDb, type Database } from "#db/client.ts";
import { stackUnderTest } from "./lane.ts";

let database: Database | undefined;

/**
 * The database of this file's stack (./lane.ts), for what a browser cannot do or
 * see: giving a person authority records or a role, revoking behind the product's back, reading
 * stored analytics. The only way the browser tests reach it, so the token the local server asks
 * for is passed in one place. One client per test file (each file runs in its own module scope);
 * it speaks HTTP, so there is no connection to close.
 */
export function testDatabase(): Database {
  const { libsqlUrl, libsqlAuthToken } = stackUnderTest();
  database ??= createDb({ LIBSQL_URL: libsqlUrl, LIBSQL_AUTH_TOKEN: libsqlAuthToken });
  return database;
}
