import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "#scripts/process.ts";
import { startStack } from "#scripts/stack.ts";

declare module "vitest" {
  interface ProvidedContext {
    baseUrl: string;
    libsqlUrl: string;
    libsqlAuthToken: string;
  }
}

/** The whole product, as `npm start` runs it, on free ports with a throwaway database. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), "identity-e2e-"));
  const stack = await startStack({ dataDir, webPort: await freePort() });
  project.provide("baseUrl", stack.url);
  project.provide("libsqlUrl", stack.libsqlUrl);
  project.provide("libsqlAuthToken", stack.libsqlAuthToken);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
