import { describe, expect, it } from "vitest";
import * as z from "zod";
import {
  databaseBindings,
  isLoopbackUrl,
  parseEnv,
  serviceBinding,
  WorkerConfigurationError,
  workerEnv,
} from "./env.ts";

const Schema = workerEnv({ ...databaseBindings, STATUS: serviceBinding(), NAME: z.string().min(3) });
const fetcher = { fetch: async () => new Response() };

describe("isLoopbackUrl", () => {
  it.each([
    "http://127.0.0.1:8080",
    "http://127.8.9.10",
    "http://localhost:8080",
    "http://[::1]:8080",
    "HTTP://LOCALHOST",
  ])("treats %s as this machine", (url) => {
    expect(isLoopbackUrl(url)).toBe(true);
  });

  it.each([
    "https://db.turso.io",
    "http://127.0.0.1.evil.example",
    "http://localhost.evil.example",
    "http://10.0.0.5",
    "http://0.0.0.0:8080",
    "not a url",
  ])("treats %s as elsewhere", (url) => {
    expect(isLoopbackUrl(url)).toBe(false);
  });
});

describe("worker env validation", () => {
  it("accepts a local database without a token, and a remote one with its token", () => {
    expect(Schema.safeParse({ LIBSQL_URL: "http://127.0.0.1:8080", STATUS: fetcher, NAME: "web" }).success).toBe(true);
    expect(
      Schema.safeParse({ LIBSQL_URL: "https://db.turso.io", LIBSQL_AUTH_TOKEN: "t", STATUS: fetcher, NAME: "web" })
        .success,
    ).toBe(true);
  });

  it("refuses a remote database without its token, an empty token included", () => {
    for (const token of [undefined, ""]) {
      const result = Schema.safeParse({
        LIBSQL_URL: "https://db.turso.io",
        LIBSQL_AUTH_TOKEN: token,
        STATUS: fetcher,
        NAME: "web",
      });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        ["LIBSQL_AUTH_TOKEN", "is required when LIBSQL_URL is not a loopback address"],
      ]);
    }
  });

  it("names every problem at once, bindings included", () => {
    expect(() => parseEnv(Schema, { LIBSQL_URL: "nope", STATUS: {}, NAME: "x" }, "test")).toThrowError(
      new WorkerConfigurationError(
        "test worker configuration is invalid: LIBSQL_URL Invalid url; STATUS is not a service binding; NAME String must contain at least 3 character(s)",
      ),
    );
  });

  it("takes a database deadline in whole milliseconds between 50 and 60000, and refuses anything else at start", () => {
    const base = { LIBSQL_URL: "http://127.0.0.1:8080", STATUS: fetcher, NAME: "web" };
    for (const ok of [undefined, "50", "5000", "60000"])
      expect(Schema.safeParse({ ...base, LIBSQL_DEADLINE_MS: ok }).success, String(ok)).toBe(true);
    expect(() => parseEnv(Schema, { ...base, LIBSQL_DEADLINE_MS: "5s" }, "test")).toThrowError(
      "test worker configuration is invalid: LIBSQL_DEADLINE_MS must be a whole number of milliseconds",
    );
    for (const outside of ["0", "49", "60001", "99999"])
      expect(() => parseEnv(Schema, { ...base, LIBSQL_DEADLINE_MS: outside }, "test")).toThrowError(
        "test worker configuration is invalid: LIBSQL_DEADLINE_MS must be between 50 and 60000",
      );
    expect(() => parseEnv(Schema, { ...base, LIBSQL_DEADLINE_MS: "" }, "test")).toThrow(/LIBSQL_DEADLINE_MS/);
  });

  it("hands back the bindings object itself (service bindings are not copied), checked once per isolate", () => {
    const bindings: Record<string, unknown> = { LIBSQL_URL: "http://127.0.0.1:1", STATUS: fetcher, NAME: "web" };
    expect(parseEnv(Schema, bindings, "test")).toBe(bindings);
    // The runtime never changes an isolate's bindings, so they are not validated again: a change
    // that would now fail the schema goes unnoticed for this object …
    bindings.NAME = "x";
    expect(parseEnv(Schema, bindings, "test")).toBe(bindings);
    // … while a new bindings object, or another schema, is checked afresh.
    expect(() => parseEnv(Schema, { ...bindings }, "test")).toThrow(WorkerConfigurationError);
    expect(() => parseEnv(workerEnv({ NAME: z.string().min(3) }), bindings, "test")).toThrow(
      /NAME String must contain at least 3/,
    );
  });
});
