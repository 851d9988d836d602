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
 *
 * Setup returns once every stack's addresses are fixed; the stacks go on starting (migrations, the
 * seed, wrangler) in the background while the other projects' tests run, and each browser test
 * file first waits for its lane's stack (./stack-ready.ts). Started up front, the stacks held every
 * test of the run back for as long as they took.
 */
export default async function setup(project: TestProject) {
  const lanes = Math.max(1, project.config.maxWorkers);
  const runDir = mkdtempSync(join(tmpdir(), "identity-e2e-"));
  const clientAddressDir = join(runDir, "client-addresses");
  mkdirSync(clientAddressDir);
  // Each stack's workers reach its database through a switch (the security bench's), so a test can
  // take the database away from a running product (the service-unavailable page) without a stack of its own.
  const switches: DatabaseSwitch[] = [];
  const starting = Array.from({ length: lanes }, (_, lane) => {
    type Addresses = Omit<StackUnderTest, "databaseControl">;
    let addressed: (stack: { url: string; libsqlUrl: string; libsqlAuthToken: string }) => void = () => undefined;
    const addresses = new Promise<Addresses>((resolve) => {
      addressed = ({ url, libsqlUrl, libsqlAuthToken }) => resolve({ baseUrl: url, libsqlUrl, libsqlAuthToken });
    });
    const stack = startStack({
      dataDir: join(runDir, `lane-${lane + 1}`),
      webPort: 0,
      onAddresses: addressed,
      databaseFront: async (libsqlUrl) => {
        switches[lane] = await databaseSwitch(libsqlUrl);
        return switches[lane];
      },
    });
    stack.catch(() => undefined); // told to the lane's files (/lane-N/ready), and to the teardown
    return { addresses: Promise.race([addresses, stack.then(() => addresses)]), stack };
  });
  const control = await laneControl(
    switches,
    starting.map(({ stack }) => stack),
  );
  const stopAll = async () => {
    const started = await Promise.allSettled(starting.map(({ stack }) => stack));
    // What went wrong inside a stack is in wrangler's output, which a test never sees: keep it for
    // the reader of a failed run (.tmp/e2e-lane-N.log) and print its errors.
    mkdirSync(".tmp", { recursive: true });
    started.forEach((result, lane) => {
      const output = result.status === "fulfilled" ? result.value.output() : String(result.reason);
      writeFileSync(join(".tmp", `e2e-lane-${lane + 1}.log`), output);
      const errors = output.split("\n").filter((line) => /\[ERROR\]|Uncaught|Unexpected Server Error/.test(line));
      if (errors.length)
        console.error(
          `stack of lane ${lane + 1}: ${errors.length} error lines, first:\n${errors.slice(0, 20).join("\n")}`,
        );
    });
    await Promise.all(started.map((result) => (result.status === "fulfilled" ? result.value.stop() : undefined)));
    await control.close();
    rmSync(runDir, { recursive: true, force: true });
  };
  let addresses: Omit<StackUnderTest, "databaseControl">[];
  try {
    addresses = await Promise.all(starting.map((lane) => lane.addresses));
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide(
    "stacks",
    addresses.map((lane, index) => ({ ...lane, databaseControl: `${control.url}/lane-${index + 1}` })),
  );
  project.provide("clientAddressDir", clientAddressDir);
  return stopAll;
}

/**
 * Loopback control of the lanes for the test workers (./lane.ts): GET /lane-N/ready answers 204 once
 * that lane's stack has started, or 500 with why it did not; POST /lane-N/pause or /lane-N/resume
 * works its database switch (databaseAway, databaseBack) and answers 204.
 */
async function laneControl(switches: readonly DatabaseSwitch[], stacks: readonly Promise<Stack>[]) {
  const server = createServer((request, response) => {
    const [, lane, action] = /^\/lane-(\d+)\/(pause|resume|ready)$/.exec(request.url ?? "") ?? [];
    const index = Number(lane) - 1;
    const stack = stacks[index];
    if (action === "ready" && request.method === "GET" && stack) {
      stack.then(
        () => response.writeHead(204).end(),
        (error: Error) => response.writeHead(500, { "Content-Type": "text/plain" }).end(error.message),
      );
      return;
    }
    const target = switches[index];
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
