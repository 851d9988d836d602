import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startLocalLibsqlServer } from "#db/local-server/hrana-server.ts";
import { migrateDatabase } from "#db/migrate.ts";
import { seedDemoData } from "#db/seed.ts";
import { generateDemoIacaSecret, generateDocumentSignerSecret, generateKeySet } from "#scripts/issuer-keys.ts";
import { startStandIn, startStandInBroker } from "./database-stand-in-server.ts";

/**
 * Starts a migrated, seeded local libSQL server (with its own token) on a random port for the
 * workerd tests, makes issuer keys, and starts the broker of failing databases for outage tests
 * and one database that never answers for the whole run.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "identity-test-db-"));
  // A token of this run's own, as npm start keeps one in .dev.vars: the server refuses requests without it.
  const authToken = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  const server = await startLocalLibsqlServer({ dbPath: join(dir, "test.db"), port: 0, authToken });
  await migrateDatabase(server.url, authToken);
  // The tests run a demo deployment, as npm start does: the demo accounts exist.
  await seedDemoData(server.url, authToken, { demoMode: "true" });
  const standIns = await startStandInBroker(server.url);
  project.provide("databaseStandIns", standIns.url);
  // A database that never answers, for the whole run: the web project's Durable Objects "with the database down" use it (vitest.config.ts).
  const down = await startStandIn("hang", server.url);
  project.provide("databaseDown" as never, down.url as never);
  project.provide("libsqlUrl" as never, server.url as never);
  project.provide("libsqlAuthToken" as never, authToken as never);
  // Fresh keys per run (ADR 028, ADR 034): the web worker issues with the credential keys and signs
  // organisations' attestations with the trust anchor's, the status worker signs lists with the
  // status-list keys, the verifier requests with its own key; every worker trusts the public halves.
  // The certificates (ADR 047) name the authorities at the origin the workerd tests call (tests/support/web-client.ts).
  const keys = await generateKeySet(["https://identity.example"]);
  for (const [name, value] of Object.entries(keys)) project.provide(name as never, value as never);
  // The DVLA's mdoc document signer (ADR 053), under an IACA of this run's own: tests that present
  // what it issues put the root (the secret's `iaca`) on the trust list themselves.
  const iaca = await generateDemoIacaSecret();
  project.provide("mdocDocumentSignerKey" as never, (await generateDocumentSignerSecret(iaca)) as never);
  return async () => {
    await standIns.close();
    await down.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
