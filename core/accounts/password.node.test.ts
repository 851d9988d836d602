import { beforeEach, describe, expect, it, vi } from "vitest";

// Node only (*.node.test.ts): it counts Argon2id runs by mocking the module, which the workerd
// test pool cannot do. The rest of password.ts's tests run in both runtimes (password.test.ts).
const runs = vi.hoisted(() => ({ count: 0 }));
vi.mock("@noble/hashes/argon2.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("@noble/hashes/argon2.js")>();
  return {
    ...real,
    argon2id: (...args: Parameters<typeof real.argon2id>) => {
      runs.count += 1;
      return real.argon2id(...args);
    },
  };
});

// Evaluated afresh for this file, so the mock above is what it imports and "the first run in an
// isolate" is this file's first, even where test files share a worker (isolate: false, ADR 025).
vi.resetModules();
const { DUMMY_PASSWORD_HASH, verifyPassword } = await import("./password.ts");

describe("password hashing work", () => {
  beforeEach(() => {
    runs.count = 0;
  });

  it("an unknown user's sign-in costs exactly one Argon2id run, the first one in an isolate included", async () => {
    expect(await verifyPassword("whatever was typed", DUMMY_PASSWORD_HASH)).toBe(false);
    expect(runs.count).toBe(1);
  });
});
