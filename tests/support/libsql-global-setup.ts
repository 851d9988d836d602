import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startLocalLibsqlServer } from "#db/local-server/hrana-server.ts";
import { migrateDatabase } from "#db/migrate.ts";
import { seedDemoData } from "#db/seed.ts";
import { generateIssuerKeysSecret } from "#scripts/issuer-keys.ts";

/** Starts a migrated, seeded local libSQL server on a random port for the workerd tests, and makes issuer keys. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "identity-test-db-"));
  const server = await startLocalLibsqlServer({ dbPath: join(dir, "test.db"), port: 0 });
  await migrateDatabase(server.url);
  await seedDemoData(server.url);
  project.provide("libsqlUrl" as never, server.url as never);
  // Fresh authority keys per run, shared by the web worker (issues) and the status worker (publishes).
  project.provide("issuerSigningKeys" as never, (await generateIssuerKeysSecret()) as never);
  return async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
