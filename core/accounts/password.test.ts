import { describe, expect, it } from "vitest";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "./password.ts";

/** Everything but the salt and the hash: algorithm, version, memory, time, parallelism. */
const shape = (phc: string) => {
  const [, alg, version, params, salt, hash] = phc.split("$");
  return { alg, version, params, saltLength: salt!.length, hashLength: hash!.length };
};

describe("password hashing", () => {
  it("stores Argon2id with OWASP's parameters in PHC format, and verifies", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("Correct horse battery staple", hash)).toBe(false);
  });

  it("the dummy hash has the same parameters and sizes as a real one, so it costs the same work", async () => {
    expect(shape(DUMMY_PASSWORD_HASH)).toEqual(shape(await hashPassword("any password at all")));
  });
});
