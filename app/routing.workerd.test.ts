import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { performanceMetrics } from "#db/schema/index.ts";
import { call, registerUser } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

// The web worker as the front door for every path (ADR 001): forwarding to the status worker over its service
// binding, sign-in-only pages, and the not-found page for any other path.
describe("web worker routing", () => {
  it("forwards /status/* to the status worker through the service binding", async () => {
    const response = await call("/status/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, service: "status" });
    // The web worker's security headers wrap the forwarded answer too.
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("forwards every path the status worker owns, its own 404s included (app/worker/routes.ts)", async () => {
    const type = await call("/vct/right-to-work");
    expect(type.status).toBe(200);
    expect(((await type.json()) as { name: string }).name).toBe("Right to Work");
    const issuer = await call("/.well-known/jwt-vc-issuer/issuers/dbs");
    expect(issuer.status).toBe(200);
    expect(((await issuer.json()) as { issuer: string }).issuer).toBe("https://identity.example/issuers/dbs");
    // The status worker's JSON 404, not the web app's not-found page.
    for (const path of ["/vct/passport", "/status/lists/not-a-list", "/.well-known/jwt-vc-issuer/issuers/nobody"]) {
      const missing = await call(path);
      expect(missing.status, path).toBe(404);
      expect(await missing.json(), path).toEqual({ message: "Not found" });
    }
  });

  it("forwards the OpenID4VCI issuer and authorization server metadata, where a wallet looks for them, to the status worker", async () => {
    const issuer = await call("/.well-known/openid-credential-issuer/issuers/dvla");
    expect(issuer.status).toBe(200);
    expect(((await issuer.json()) as { credential_issuer: string }).credential_issuer).toBe(
      "https://identity.example/issuers/dvla",
    );
    const server = await call("/.well-known/oauth-authorization-server");
    expect(server.status).toBe(200);
    expect(((await server.json()) as { issuer: string }).issuer).toBe("https://identity.example");
    const missing = await call("/.well-known/openid-credential-issuer/issuers/nobody");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Not found" });
  });

  it.each(["/wallet", "/verifier", "/assisted", "/gabriel"])(
    "sends an anonymous visitor from %s to /login",
    async (path) => {
      const response = await call(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/login");
    },
  );

  it.each(["/wallet"])("shows %s to a signed-in user", async (path) => {
    const { cookie } = await registerUser();
    const response = await call(path, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
  });

  it("answers an unknown path with 404 and the not-found page", async () => {
    const response = await call("/no/such/page");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("404 Page Not Found");
  });

  it("answers an unknown API path with 404 JSON, not a page", async () => {
    const response = await call("/api/no-such-endpoint");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Not found" });
    const posted = await call("/api/no-such-endpoint", { body: {} });
    expect(posted.status).toBe(404);
  });

  it("names coming-soon features by the spec's titles, title-casing the rest", async () => {
    const known = await call("/coming-soon/api-docs");
    expect(known.status).toBe(200);
    const knownHtml = await known.text();
    expect(knownHtml).toContain("API Documentation");
    expect(knownHtml).toContain("Q2 2025");
    expect(await (await call("/coming-soon/user-management")).text()).toContain("User Management");
  });

  it("records each API request's response time, tagged with the request id it answers with", async () => {
    const response = await call("/api/auth/user");
    expect(response.status).toBe(401);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await metricsFor(requestId!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      metricType: "response_time",
      unit: "ms",
      endpoint: "GET /api/auth/user",
      component: "web",
    });
    expect(rows[0]!.metadata).toMatchObject({ status: 401 });
  });

  it("does not record page views as API response times", async () => {
    const page = await call("/coming-soon/community");
    const pageRequestId = page.headers.get("x-request-id")!;
    // An API request made afterwards is recorded; once its row is there, the page's would be too.
    const api = await call("/api/auth/user");
    expect(await metricsFor(api.headers.get("x-request-id")!)).toHaveLength(1);
    expect(await metricsFor(pageRequestId, 0)).toEqual([]);
  });
});

/** The response-time rows of one request; written after the response (waitUntil), so poll for them. */
async function metricsFor(requestId: string, attempts = 50) {
  const read = () =>
    db()
      .select()
      .from(performanceMetrics)
      .where(eq(sql`json_extract(${performanceMetrics.metadata}, '$.requestId')`, requestId));
  let rows = await read();
  for (let attempt = 0; attempt < attempts && rows.length === 0; attempt++) {
    await new Promise((r) => setTimeout(r, 50));
    rows = await read();
  }
  return rows;
}
