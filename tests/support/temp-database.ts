import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import type { Logger } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "#db/client.ts";
import { migrateDatabase } from "#db/migrate.ts";
import * as schema from "#db/schema/index.ts";

export interface TempDatabase {
  db: Database;
  client: Client;
  /** Closes the client and deletes the file (returned from beforeEach, vitest runs it after the test). */
  close(): void;
}

/**
 * For the `node` tests of the services: a real libSQL database, migrated, in a file of its own
 * under the system's temp folder (named `${prefix}…`), with drizzle over it (and `logger` when given).
 */
export async function openTempDatabase(prefix: string, options: { logger?: Logger } = {}): Promise<TempDatabase> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const url = `file:${join(dir, "test.db")}`;
  await migrateDatabase(url);
  const client = createClient({ url });
  const db = drizzle(client, { schema, logger: options.logger }) as unknown as Database;
  return {
    db,
    client,
    close() {
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A credentials row of `userId`'s for arranging state (a right-to-work credential unless `extra` says otherwise). */
export const credentialRow = (
  userId: string,
  extra: Partial<typeof schema.credentials.$inferInsert> = {},
): typeof schema.credentials.$inferInsert => ({
  userId,
  type: "rtw",
  vcJwt: "jwt",
  issuer: "https://home-office.example",
  ...extra,
});
