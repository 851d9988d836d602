import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { type DatabaseSwitch, databaseSwitch } from "#scripts/bench/outage.ts";
import { type Stack, startStack } from "#scripts/stack.ts";
import type { StackUnderTest } from "./lane.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** One stack per lane (./lane.ts). */
    stacks: StackUnderTest[];
    /** Where browsers claim their client addresses (tests/support/client-address.ts). */
    clientAddressDir: string;
  }
}

/**
 * The whole product, as `npm start` runs it, once per lane, on free ports with throwaway databases.
 * A lane is one of the e2e project's workers (its `maxWorkers` in vitest.config.ts; ADR 025).
 */
export default async function setup(project: TestProject) {
  const lanes = Math.max(1, project.config.maxWorkers);
  const runDir = mkdtempSync(join(tmpdir(), "identity-e2e-"));
  const clientAddressDir = join(runDir, "client-addresses");
  mkdirSync(clientAddressDir);
  // Each stack's workers reach its database through a switch (the security bench's), so a test can
  // take the database away from a running product (the service-unavailable page) without a stack of its own.
  const switches: DatabaseSwitch[] = [];
  const started = await Promise.allSettled(
    Array.from({ length: lanes }, async (_, lane) =>
      startStack({
        dataDir: join(runDir, `lane-${lane + 1}`),
        webPort: 0,
        databaseFront: async (libsqlUrl) => {
          switches[lane] = await databaseSwitch(libsqlUrl);
          return switches[lane];
        },
      }),
    ),
  );
  const control = await switchControl(switches);
  const stacks = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stopAll = async () => {
    // What went wrong inside a stack is in wrangler's output, which a test never sees: keep it for
    // the reader of a failed run (.tmp/e2e-lane-N.log) and print its errors.
    mkdirSync(".tmp", { recursive: true });
    stacks.forEach((stack, lane) => {
      const output = stack.output();
      writeFileSync(join(".tmp", `e2e-lane-${lane + 1}.log`), output);
      const errors = output.split("\n").filter((line) => /\[ERROR\]|Uncaught|Unexpected Server Error/.test(line));
      if (errors.length)
        console.error(
          `stack of lane ${lane + 1}: ${errors.length} error lines, first:\n${errors.slice(0, 20).join("\n")}`,
        );
    });
    await Promise.all(stacks.map((stack: Stack) => stack.stop()));
    await control.close();
    rmSync(runDir, { recursive: true, force: true });
  };
  const failure = started.find((result) => result.status === "rejected");
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  project.provide(
    "stacks",
    stacks.map(({ url, libsqlUrl, libsqlAuthToken }, lane) => ({
      baseUrl: url,
      libsqlUrl,
      libsqlAuthToken,
      databaseControl: `${control.url}/lane-${lane + 1}`,
    })),
  );
  project.provide("clientAddressDir", clientAddressDir);
  return stopAll;
}

/**
 * Loopback control of the lanes' database switches for the test workers (./lane.ts databaseAway,
 * databaseBack): POST /lane-N/pause or /lane-N/resume answers 204.
 */
async function switchControl(switches: readonly DatabaseSwitch[]) {
  const server = createServer((request, response) => {
    const [, lane, action] = /^\/lane-(\d+)\/(pause|resume)$/.exec(request.url ?? "") ?? [];
    const target = switches[Number(lane) - 1];
    if (request.method !== "POST" || !target || !action) return void response.writeHead(404).end();
    if (action === "pause") target.pause();
    else target.resume();
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
