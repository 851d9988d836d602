import { describe, expect, it } from "vitest";
import {
  caseHeaders,
  type Endpoint,
  fuzzCase,
  fuzzCases,
  honoEndpoints,
  probeEndpoints,
  type RemixRoute,
  remixApiEndpoints,
} from "./cases.ts";

const ENDPOINTS: Endpoint[] = [
  { worker: "web", pattern: "/api/shares/:id/revoke", methods: ["POST"] },
  { worker: "web", pattern: "/api/*", methods: ["GET", "POST"] },
  { worker: "verifier", pattern: "/api/presentations/validate", methods: ["POST"] },
];
const options = { seed: 42, endpoints: ENDPOINTS, identities: ["citizen", "admin"], knownIds: ["known-id"] };

describe("the security fuzzing cases (issue 13)", () => {
  it("are the same bytes for the same seed and index, whatever else was generated, and differ for another seed", () => {
    const again = fuzzCase(options, 7);
    expect([...fuzzCases(options, 10)][7]).toEqual(again);
    expect(fuzzCase(options, 7)).toEqual(again);
    const other = [...fuzzCases({ ...options, seed: 43 }, 20)].map((c) => c.description);
    expect(other).not.toEqual([...fuzzCases(options, 20)].map((c) => c.description));
  });

  it("take every endpoint in turn, with its parameters filled in, and send bodies of every kind the issue names", () => {
    const cases = [...fuzzCases(options, 3_000)];
    expect(new Set(cases.slice(0, 3).map((c) => c.pattern))).toEqual(new Set(ENDPOINTS.map((e) => e.pattern)));
    expect(cases.filter((c) => c.pattern === "/api/shares/:id/revoke").every((c) => !c.path.includes(":id"))).toBe(
      true,
    );
    const descriptions = cases.map((c) => c.description).join("\n");
    for (const kind of [
      "fields of the wrong types",
      "1 MB",
      "levels of nested",
      "duplicate member names",
      "invalid UTF-8",
      "truncated",
      "BOM",
      "no Content-Type",
      "origin: other",
      "cookie: garbage",
      "chunked",
    ]) {
      expect(descriptions, kind).toContain(kind);
    }
    expect(cases.some((c) => c.body?.byteLength === 1024 * 1024 || (c.body?.byteLength ?? 0) > 1024 * 1024)).toBe(true);
    expect(new Set(cases.map((c) => c.method))).toEqual(
      new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "PROPFIND", "TRACE", "get", "FOO"]),
    );
    // Paths and header values a client can put on the wire: ASCII paths, no line breaks in headers.
    for (const c of cases) {
      expect(c.path).toMatch(/^[\x21-\x7e]+$/);
      for (const [, value] of caseHeaders(c, { session: "s", apiKey: "k" }, "https://identity.example"))
        expect(value).not.toMatch(/[\r\n]/);
    }
  });

  it("find the endpoints in the route tables: Remix's resource routes under /api, Hono's routes without middleware", () => {
    const routes: Record<string, RemixRoute> = {
      root: { id: "root", path: "", module: { default: () => null } },
      "routes/api.shares.$id.revoke": {
        id: "routes/api.shares.$id.revoke",
        parentId: "root",
        path: "api/shares/:id/revoke",
        module: { action: () => null, loader: () => null },
      },
      "routes/api.gabriel.agents._index": {
        id: "routes/api.gabriel.agents._index",
        parentId: "root",
        path: "api/gabriel/agents",
        module: { loader: () => null },
      },
      "routes/wallet": {
        id: "routes/wallet",
        parentId: "root",
        path: "wallet",
        module: { loader: () => null, default: () => null },
      },
      "routes/credentials_.$certificate": {
        id: "routes/credentials_.$certificate",
        parentId: "root",
        path: "credentials/:certificate",
        module: { loader: () => null },
      },
    };
    expect(remixApiEndpoints(routes)).toEqual([
      { worker: "web", pattern: "/api/gabriel/agents", methods: ["GET"] },
      { worker: "web", pattern: "/api/shares/:id/revoke", methods: ["GET", "POST", "PUT", "PATCH", "DELETE"] },
    ]);
    const hono = [
      { method: "ALL", path: "/*" },
      { method: "POST", path: "/api/presentations/validate" },
      { method: "POST", path: "/api/presentations/validate" },
      { method: "GET", path: "/api/presentations/requests/:id" },
    ];
    expect(honoEndpoints("verifier", hono)).toEqual([
      { worker: "verifier", pattern: "/api/presentations/requests/:id", methods: ["GET"] },
      { worker: "verifier", pattern: "/api/presentations/validate", methods: ["POST"] },
    ]);
  });

  it("learn by asking which methods a web route takes and whom it lets in", async () => {
    const asked: string[] = [];
    const probed = await probeEndpoints(
      [{ worker: "web", pattern: "/api/shares/:id/revoke", methods: ["GET", "POST", "PUT"] }],
      ["citizen", "admin"],
      async (method, path, identity) => {
        asked.push(`${identity} ${method} ${path}`);
        if (method !== "POST") return 405;
        return identity === "admin" ? 404 : 403;
      },
    );
    expect(probed).toEqual([
      { worker: "web", pattern: "/api/shares/:id/revoke", methods: ["POST"], callers: ["admin"] },
    ]);
    expect(asked).toContain("admin POST /api/shares/00000000-0000-4000-8000-000000000000/revoke");
  });
});
