import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startStack } from "#scripts/stack.ts";

declare module "vitest" {
  interface ProvidedContext {
    baseUrl: string;
    libsqlUrl: string;
  }
}

/** The whole product, as `npm start` runs it, on free ports with a throwaway database. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), "identity-e2e-"));
  const stack = await startStack({ dataDir, webPort: await freePort() });
  project.provide("baseUrl", stack.url);
  project.provide("libsqlUrl", stack.libsqlUrl);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
