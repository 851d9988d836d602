import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openTempDatabase, type TempDatabase } from "#tests/support/temp-database.ts";
import { isUniqueViolation, uniqueViolation } from "./errors.ts";
import { users } from "./schema/index.ts";

let temp: TempDatabase | undefined;
afterEach(() => temp?.close());

/** What a real insert against our schema throws, through drizzle as the services use it. */
async function refusal(run: (db: TempDatabase["db"]) => Promise<unknown>): Promise<unknown> {
  return run(temp!.db).then(
    () => undefined,
    (error: unknown) => error,
  );
}

const account = (username: string, email: string | null) => ({ username, email, passwordHash: "x" });

describe("unique-constraint refusals", () => {
  it("names the column a plain unique constraint protects", async () => {
    temp = await openTempDatabase("errors-");
    await temp.db.insert(users).values(account("ana", "ana@example.org"));
    const error = await refusal((db) => db.insert(users).values(account("bea", "ana@example.org")));
    expect(uniqueViolation(error)).toBe("users.email");
    expect(isUniqueViolation(error, "users.email")).toBe(true);
    expect(isUniqueViolation(error, "users.username", "users_username_lower_idx")).toBe(false);
  });

  it("names an index on an expression by its name (usernames differing only in case)", async () => {
    temp = await openTempDatabase("errors-");
    await temp.db.insert(users).values(account("Ana", null));
    const error = await refusal((db) => db.insert(users).values(account("ana", null)));
    expect(uniqueViolation(error)).toBe("index 'users_username_lower_idx'");
    expect(isUniqueViolation(error, "users.username", "users_username_lower_idx")).toBe(true);
  });

  it("finds the refusal inside a batch, which fails as one transaction", async () => {
    temp = await openTempDatabase("errors-");
    const db = temp.db;
    const error = await refusal(() =>
      db.batch([
        db.insert(users).values(account("cy", "cy@example.org")),
        db.insert(users).values(account("CY", null)),
      ]),
    );
    expect(isUniqueViolation(error, "users_username_lower_idx")).toBe(true);
    // Nothing of the batch was written.
    expect(await db.select({ n: sql<number>`count(*)` }).from(users)).toEqual([{ n: 0 }]);
  });

  it("is undefined for any other error", async () => {
    temp = await openTempDatabase("errors-");
    expect(uniqueViolation(await refusal((db) => db.run(sql`select * from no_such_table`)))).toBeUndefined();
    expect(uniqueViolation(new Error("network down"))).toBeUndefined();
    expect(uniqueViolation(undefined)).toBeUndefined();
  });
});
