import { describe, expect, it } from "vitest";
import { type Credentials, honoEndpoints, probeEndpoints, sendSlice } from "#tests/support/fuzz/cases.ts";
import app from "./index.ts";
import { apiKeyFor, json, ORIGIN, openRequest, organisationWithVerifier, person, request } from "./test-support.ts";

/**
 * A deterministic slice of `npm run bench -- security` (issue 13) for the verifier worker: the
 * generated hostile requests (tests/support/fuzz/cases.ts) to every route its Hono app declares,
 * as each kind of caller. No 5xx; every refusal says what was wrong in JSON.
 */
const SEED = 1_300_013;
const CASES = 200;

async function callers(): Promise<Record<string, Credentials>> {
  const verifier = await organisationWithVerifier();
  return {
    citizen: { session: (await person("citizen")).cookie },
    verifier: { session: verifier.cookie, apiKey: (await apiKeyFor(verifier.cookie)).key },
    operator: { session: (await person("operator")).cookie },
    admin: { session: (await person("admin")).cookie },
  };
}

describe("generated hostile requests to every verifier route", () => {
  it(`answers ${CASES} of them (seed ${SEED}) without a 5xx, each refusal with a JSON message`, {
    timeout: 120_000,
  }, async () => {
    const credentials = await callers();
    const names = Object.keys(credentials);
    const endpoints = await probeEndpoints(
      honoEndpoints("verifier", app.routes),
      names,
      async (method, path, identity) => {
        const response = await request(path, {
          method,
          cookie: credentials[identity]!.session,
          ...(method === "GET" ? {} : json({})),
        });
        await response.body?.cancel();
        return response.status;
      },
    );
    expect(endpoints.map((e) => e.pattern)).toContain("/api/presentations/validate");
    const knownIds = [(await openRequest({ cookie: credentials.verifier!.session! })).id];

    // Through the test support's request(), which also awaits the work after each answer (records).
    const verdict = await sendSlice(
      { seed: SEED, endpoints, identities: names, knownIds },
      CASES,
      credentials,
      ORIGIN,
      (built, c) =>
        request(c.path, {
          method: built.method,
          headers: built.headers,
          body: built.body,
          ...(c.chunked ? { duplex: "half" } : {}),
        } as RequestInit),
    );
    expect(verdict.sent).toBeGreaterThan(CASES * 0.8);
    expect(verdict.failures).toEqual([]);
    expect(verdict.unclear).toEqual([]);
  });
});
