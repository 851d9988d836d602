import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as build from "#build/server/index.js";
import { users, verifierOrganisations } from "#db/schema/index.ts";
import { office } from "#tests/support/assisted-fixtures.ts";
import {
  type Credentials,
  probeEndpoints,
  type RemixRoute,
  remixApiEndpoints,
  sendSlice,
} from "#tests/support/fuzz/cases.ts";
import { call, ORIGIN, registerUserWithRole, uniqueName } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * A deterministic slice of `npm run bench -- security` (issue 13): the same generated hostile
 * requests (tests/support/fuzz/cases.ts), sent to every /api endpoint of the web worker as its
 * route manifest lists them, signed in as each role. No request may answer 5xx, and every
 * refusal from an API endpoint says what was wrong in JSON.
 */
const SEED = 1_300_013;
const CASES = 300;

/** One signed-in account per role, made through the registration API, the role (organisation, office) set as an administrator would. */
async function identities(): Promise<Record<string, Credentials>> {
  const citizen = await registerUserWithRole("citizen");
  const admin = await registerUserWithRole("admin");
  const verifier = await registerUserWithRole("verifier");
  const [organisation] = await db()
    .insert(verifierOrganisations)
    .values({ name: uniqueName("Fuzz Org "), allowedChecks: ["rtw", "rtr", "dbs", "age"] })
    .returning();
  await db().update(users).set({ organisationId: organisation!.id }).where(eq(users.id, verifier.user.id));
  const staff = await office();
  const key = await call("/api/verifications/api-keys", { body: { name: "Fuzzing" }, cookie: verifier.cookie });
  expect(key.status).toBe(201);
  return {
    citizen: { session: citizen.cookie },
    verifier: { session: verifier.cookie, apiKey: ((await key.json()) as { key: string }).key },
    operator: { session: staff.operator.cookie },
    supervisor: { session: staff.supervisor.cookie },
    admin: { session: admin.cookie },
  };
}

describe("generated hostile requests to every web /api endpoint", () => {
  it(`answers ${CASES} of them (seed ${SEED}) without a 5xx, each refusal with a JSON message`, {
    timeout: 120_000,
  }, async () => {
    const credentials = await identities();
    const names = Object.keys(credentials);
    const endpoints = await probeEndpoints(
      remixApiEndpoints(build.routes as unknown as Record<string, RemixRoute>),
      names,
      async (method, path, identity) => {
        const response = await call(path, {
          method,
          cookie: credentials[identity]!.session,
          ...(method === "GET" ? {} : { body: {} }),
        });
        await response.body?.cancel();
        return response.status;
      },
    );
    expect(endpoints.length).toBeGreaterThan(40);
    // A probe may have ended a session (POST /api/auth/logout): fresh accounts for the cases.
    Object.assign(credentials, await identities());

    const verdict = await sendSlice(
      { seed: SEED, endpoints, identities: names },
      CASES,
      credentials,
      ORIGIN,
      (request) => SELF.fetch(request),
    );
    expect(verdict.sent).toBeGreaterThan(CASES * 0.8);
    expect(verdict.failures).toEqual([]);
    expect(verdict.unclear).toEqual([]);
  });
});
