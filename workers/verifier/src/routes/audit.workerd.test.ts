import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { systemLogs } from "#db/schema/index.ts";
import type { ApiKeySummary } from "#server/verification/api-schemas.ts";
import { db } from "#tests/support/workerd-database.ts";
import { json, organisationWithVerifier, request } from "#workers/verifier/src/test-support.ts";

/**
 * The verifier worker's security acts in the one audit log (issue 13 "Audit"): API keys created
 * and revoked, each row with who (never the caller's address) and this worker's request id (the
 * X-Request-Id it answered with). Organisations are registered by the web worker, which audits
 * that (app/routes/api.verifier-organisations.workerd.test.ts). The request helper waits for the
 * work after the answer, so the rows are there when it returns.
 */

const ADDRESS = "2001:db8:a0d1::7";

/** The audit rows of the request that answered `response`. */
async function auditOf(response: Response) {
  const requestId = response.headers.get("X-Request-Id");
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  return db().select().from(systemLogs).where(eq(systemLogs.requestId, requestId!));
}

describe("verifier acts in the security audit log", () => {
  it("audits an API key created and revoked (once), naming the key by id and prefix, never the key itself", async () => {
    const { cookie, user, organisation } = await organisationWithVerifier();
    const created = await request("/api/verifications/api-keys", {
      ...json({ name: "Payroll system" }),
      cookie,
      headers: { "CF-Connecting-IP": ADDRESS },
    });
    expect(created.status).toBe(201);
    const { key, apiKey } = (await created.clone().json()) as { key: string; apiKey: ApiKeySummary };
    const [createdRow, ...others] = await auditOf(created);
    expect(others).toEqual([]);
    expect(createdRow).toMatchObject({
      category: "security",
      component: "verifier",
      level: "info",
      userId: user.id,
      message: `API key created user="${user.username}"`,
      metadata: expect.objectContaining({
        event: "API key created",
        keyId: apiKey.id,
        prefix: apiKey.prefix,
        name: "Payroll system",
        organisationId: organisation.id,
        username: user.username,
        // This worker cannot reach the day's salt (no Housekeeper binding): it keeps no address (ADR 031).
        ip: null,
      }),
    });
    expect(createdRow!.metadata?.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(JSON.stringify(createdRow)).not.toContain(key.slice(apiKey.prefix.length));

    const revoked = await request(`/api/verifications/api-keys/${apiKey.id}/revoke`, { method: "POST", cookie });
    expect(revoked.status).toBe(200);
    expect(await auditOf(revoked)).toEqual([
      expect.objectContaining({
        category: "security",
        userId: user.id,
        metadata: expect.objectContaining({ event: "API key revoked", keyId: apiKey.id, prefix: apiKey.prefix }),
      }),
    ]);
    // Revoking it again changes nothing, and audits nothing.
    const again = await request(`/api/verifications/api-keys/${apiKey.id}/revoke`, { method: "POST", cookie });
    expect(again.status).toBe(200);
    expect(await auditOf(again)).toEqual([]);
  });
});
