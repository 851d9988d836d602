import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { offlineAudience } from "#core/verification/openid4vp.ts";
import { credentials, presentations } from "#db/schema/index.ts";
import { republishStatusList } from "#server/credentials/status-lists.ts";
import { SERVICE_UNAVAILABLE_MESSAGE } from "#server/http/errors.ts";
import type { ValidationAnswer } from "#server/verification/api-schemas.ts";
import { databaseStandIn, OUTAGE_DEADLINE_MS } from "#tests/support/database-stand-in.ts";
import { db } from "#tests/support/workerd-database.ts";
import type { VerifierEnv } from "./env.ts";
import {
  citizenWithCredential,
  holderNonce,
  json,
  ORIGIN,
  organisationWithVerifier,
  present,
  request,
  revoke,
} from "./test-support.ts";

/**
 * The verifier when the platform's own database goes away during a check (issue 20, ADR 032): a
 * credential whose status could not be read because of it was not judged, and a verifier must not
 * be told it is invalid. The check answers 503 with Retry-After, and the holder's code is not used
 * up. The worker's database is a failing stand-in of the test's own (tests/support/database-stand-in.ts)
 * that answers reads and holds every batch (the status read is one), as when the database goes
 * away between the sign-in check and the status read; or its status worker is one whose database
 * never answers (vitest.config.ts STATUS_DATABASE_DOWN).
 */
const bindings = env as unknown as VerifierEnv & { STATUS_DATABASE_DOWN: Fetcher };
const OFFLINE = offlineAudience(ORIGIN);

/** POST /api/presentations/validate as the signed-in verifier `cookie`, with bindings of the test's own. */
async function validate(cookie: string, presentationJwt: string, own: Record<string, unknown> = {}) {
  const response = await request("/api/presentations/validate", {
    ...json({ presentationJwt }),
    cookie,
    bindings: own,
  });
  return { response, text: await response.text() };
}

/** The organisation's records of checks of `credentialId`. */
const recordsOf = async (credentialId: string) =>
  db().select().from(presentations).where(eq(presentations.credentialId, credentialId));

function expectUnavailable({ response, text }: Awaited<ReturnType<typeof validate>>) {
  expect(response.status, text).toBe(503);
  expect(response.headers.get("content-type")).toContain("application/json");
  expect(JSON.parse(text)).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE, code: "SERVICE_UNAVAILABLE" });
  expect(response.headers.get("retry-after")).toBe("30");
  expect(response.headers.get("cache-control")).toBe("no-store");
}

// The outage is logged on purpose; keep the run's output for what is unexpected.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe("POST /api/presentations/validate when the database goes away during the status check", () => {
  it.each([
    ["the database's deadline", OUTAGE_DEADLINE_MS],
    // Past the status check's own 3 s: the check gives up on the database before the deadline does.
    ["the status check's time", 10_000],
  ])(
    "answers 503 with Retry-After, not valid: false, when %s ends the wait; the code is not used up",
    async (_, deadline) => {
      const { cookie } = await organisationWithVerifier(["rtw"]);
      const held = await citizenWithCredential("rtw");
      const code = await present(held, ["hasRightToWork"], OFFLINE, holderNonce());
      const standIn = await databaseStandIn("hold-batch");

      const during = await validate(cookie, code, { LIBSQL_URL: standIn.url, LIBSQL_DEADLINE_MS: String(deadline) });
      expectUnavailable(during);
      // The worker reached the database (its sign-in reads were answered) and sent the status read.
      expect((await standIn.seen()).batches.length).toBeGreaterThan(0);
      expect(await recordsOf(held.credentialId)).toEqual([]);

      // The database is back: the same code is judged, once.
      const after = await validate(cookie, code);
      expect(after.response.status, after.text).toBe(200);
      expect(JSON.parse(after.text) as ValidationAnswer).toMatchObject({ valid: true, reason: "valid" });
      expect(await recordsOf(held.credentialId)).toHaveLength(1);
    },
  );
});

describe("POST /api/presentations/validate when the status worker's database is away", () => {
  it("answers 503 with Retry-After, not valid: false, when the status worker cannot read the list", async () => {
    const { cookie } = await organisationWithVerifier(["rtw"]);
    const held = await citizenWithCredential("rtw");
    // The list published again: a version no verified copy is kept of, so its token is fetched.
    const [row] = await db()
      .select({ listId: credentials.statusListId })
      .from(credentials)
      .where(eq(credentials.id, held.credentialId));
    await republishStatusList(db(), row!.listId!);
    const code = await present(held, ["hasRightToWork"], OFFLINE, holderNonce());

    expectUnavailable(await validate(cookie, code, { STATUS: bindings.STATUS_DATABASE_DOWN }));
    expect(await recordsOf(held.credentialId)).toEqual([]);

    const after = await validate(cookie, code);
    expect(JSON.parse(after.text) as ValidationAnswer).toMatchObject({ valid: true, reason: "valid" });
  });

  it("still answers a revoked credential valid: false (a status the platform could read)", async () => {
    const { cookie } = await organisationWithVerifier(["rtw"]);
    const held = await citizenWithCredential("rtw");
    await revoke(held.credentialId);
    const { response, text } = await validate(cookie, await present(held, ["hasRightToWork"], OFFLINE, holderNonce()));
    expect(response.status, text).toBe(200);
    expect(JSON.parse(text) as ValidationAnswer).toMatchObject({ valid: false, reason: "STATUS_REVOKED" });
  });
});
