import { inject } from "vitest";

/** One running product (`npm start`'s stack) the browser tests drive: stack-global-setup.ts starts one per lane. */
export interface StackUnderTest {
  baseUrl: string;
  libsqlUrl: string;
  libsqlAuthToken: string;
}

/**
 * The stack this test file drives. Browser test files run in lanes, one worker process each, and
 * each lane has a stack of its own, so two files never load the same wrangler dev. A file's lane is
 * its worker's pool id (1…maxWorkers). Files that happened to share a stack would still pass: every
 * file makes its own people and data, and every browser is a client of its own (tests/support/client-address.ts).
 */
export function stackUnderTest(): StackUnderTest {
  const stacks = inject("stacks");
  const pool = Number(process.env.VITEST_POOL_ID ?? "1");
  const stack = stacks[(Math.max(pool, 1) - 1) % stacks.length];
  if (!stack) throw new Error("stack-global-setup.ts started no stack");
  return stack;
}
