import { beforeEach, describe, expect, it, vi } from "vitest";

// Count Argon2id runs, the work a sign-in costs, while still computing the real thing.
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

const { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } = await import("./password.ts");

/** Everything but the salt and the hash: algorithm, version, memory, time, parallelism. */
const shape = (phc: string) => {
  const [, alg, version, params, salt, hash] = phc.split("$");
  return { alg, version, params, saltLength: salt!.length, hashLength: hash!.length };
};

describe("password hashing", () => {
  beforeEach(() => {
    runs.count = 0;
  });

  it("stores Argon2id with OWASP's parameters in PHC format, and verifies", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("Correct horse battery staple", hash)).toBe(false);
  });

  it("an unknown user's sign-in costs exactly one Argon2id run, the first one in an isolate included", async () => {
    expect(await verifyPassword("whatever was typed", DUMMY_PASSWORD_HASH)).toBe(false);
    expect(runs.count).toBe(1);
  });

  it("the dummy hash has the same parameters and sizes as a real one, so it costs the same work", async () => {
    expect(shape(DUMMY_PASSWORD_HASH)).toEqual(shape(await hashPassword("any password at all")));
  });
});
