import { inject } from "vitest";

/** One running product (`npm start`'s stack) the browser tests drive: stack-global-setup.ts starts one per lane. */
export interface StackUnderTest {
  baseUrl: string;
  libsqlUrl: string;
  libsqlAuthToken: string;
  /**
   * Where this lane is controlled (stack-global-setup.ts): whether its stack has started
   * (stackReady), and its database switch, through which the stack's workers reach the database, so
   * that a test that needs the database away can pause it (databaseAway).
   */
  databaseControl: string;
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

/**
 * Waits until this lane's stack has started (stack-global-setup.ts starts the stacks in the
 * background while other projects' tests run), or fails with why it did not.
 */
export async function stackReady(): Promise<void> {
  const answer = await fetch(`${stackUnderTest().databaseControl}/ready`);
  if (answer.status !== 204) throw new Error(`this lane's stack did not start:\n${await answer.text()}`);
}

/**
 * Takes this lane's database away from its stack's workers: every database request is held
 * unanswered, as by a paused or partitioned server, and meets its deadline. Only the stack's
 * workers are cut off; the test's own connection (testDatabase) is not. A lane runs one file at a
 * time, so nothing else is running on this stack.
 */
export async function databaseAway(): Promise<void> {
  await workSwitch("pause");
}

/** Brings this lane's database back (held requests still awaited go through). */
export async function databaseBack(): Promise<void> {
  await workSwitch("resume");
}

async function workSwitch(action: "pause" | "resume"): Promise<void> {
  const answer = await fetch(`${stackUnderTest().databaseControl}/${action}`, { method: "POST" });
  if (answer.status !== 204) throw new Error(`the database switch answered ${action} with ${answer.status}`);
}
