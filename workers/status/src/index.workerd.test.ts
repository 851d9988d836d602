import { afterEach, describe, expect, it, vi } from "vitest";
import { request } from "./test-support.ts";

afterEach(() => vi.restoreAllMocks());

describe("status worker", () => {
  it("answers its health check with JSON and a request id", async () => {
    const response = await request("/status/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, service: "status" });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lets a verifier's own page on another origin read what it publishes (Access-Control-Allow-Origin: *)", async () => {
    for (const path of ["/status/health", "/vct/right-to-work", "/.well-known/jwt-vc-issuer/issuers/home-office"]) {
      const response = await request(path, {}, { headers: { Origin: "https://employer.example" } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("access-control-allow-origin"), path).toBe("*");
    }
  });

  it("gives every request its own id", async () => {
    const [a, b] = await Promise.all([request("/status/health"), request("/status/health")]);
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
  });

  it.each(["/status/nope", "/", "/status/lists", "/.well-known/jwt-vc-issuer/other/home-office"])(
    "answers %s with a JSON 404, not an HTML error",
    async (path) => {
      const response = await request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toEqual({ message: "Not found" });
    },
  );

  it("answers methods it does not serve with a JSON 404", async () => {
    const response = await request("/status/health", {}, { method: "POST" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Not found" });
  });
});

describe("status worker configuration", () => {
  it("refuses to serve with missing bindings: a logged 500 naming the request, not a crash", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await request("/status/health", { LIBSQL_URL: undefined, STATUS_LIST_SIGNING_KEYS: undefined });
    expect(response.status).toBe(500);
    const body = (await response.json()) as { message: string; requestId: string };
    expect(body.message).toBe("Internal error");
    expect(response.headers.get("x-request-id")).toBe(body.requestId);
    expect(String(logged.mock.calls[0]?.[1])).toMatch(
      /status worker configuration is invalid: LIBSQL_URL .*; STATUS_LIST_SIGNING_KEYS/,
    );
  });

  it("refuses a database that is not on this machine without its token", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const remote = await request("/status/health", {
      LIBSQL_URL: "https://identity-prod.turso.io",
      LIBSQL_AUTH_TOKEN: undefined,
    });
    expect(remote.status).toBe(500);
    expect(String(logged.mock.calls[0]?.[1])).toContain(
      "LIBSQL_AUTH_TOKEN is required when LIBSQL_URL is not a loopback address",
    );
    // With its token the configuration is valid (the health check reads no data).
    expect(
      (await request("/status/health", { LIBSQL_URL: "https://identity-prod.turso.io", LIBSQL_AUTH_TOKEN: "token" }))
        .status,
    ).toBe(200);
  });

  it("refuses a PUBLIC_BASE_URL that is not https", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await request("/status/health", { PUBLIC_BASE_URL: "http://identity.example" })).status).toBe(500);
    expect(String(logged.mock.calls[0]?.[1])).toContain("PUBLIC_BASE_URL must be https");
  });
});
