import { describe, expect, it } from "vitest";
import { honoEndpoints, sendSlice } from "#tests/support/fuzz/cases.ts";
import app from "./index.ts";
import { bindings, ORIGIN } from "./test-support.ts";

/**
 * A deterministic slice of `npm run bench -- security` (issue 13) for the status worker: the
 * generated hostile requests (tests/support/fuzz/cases.ts) to every route its Hono app declares.
 * Everything here is public: no 5xx, and every refusal says what was wrong in JSON.
 */
const SEED = 1_300_013;
const CASES = 100;

describe("generated hostile requests to every status route", () => {
  it(`answers ${CASES} of them (seed ${SEED}) without a 5xx, each refusal with a JSON message`, async () => {
    const endpoints = honoEndpoints("status", app.routes);
    expect(endpoints.map((e) => e.pattern)).toContain("/status/lists/:id");
    const verdict = await sendSlice({ seed: SEED, endpoints, identities: [] }, CASES, {}, ORIGIN, async (built) =>
      app.request(built, undefined, bindings),
    );
    expect(verdict.sent).toBeGreaterThan(CASES * 0.8);
    expect(verdict.failures).toEqual([]);
    expect(verdict.unclear).toEqual([]);
  });
});
