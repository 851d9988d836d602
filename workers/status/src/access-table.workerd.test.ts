import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { base64urlEncode } from "#core/credentials/encoding.ts";
import { SESSION_COOKIE } from "#server/accounts/session.ts";
import { STATUS_ENDPOINTS } from "#server/security/access/status.ts";
import { endpointKey, type HonoEndpoint, honoKey } from "#server/security/access-table.ts";
import { type Caller, type Cast, checkEndpoint, type Probe, type Send } from "#tests/support/access-check.ts";
import { db } from "#tests/support/workerd-database.ts";
import app from "#workers/status/src/index.ts";
import { request } from "#workers/status/src/test-support.ts";

/**
 * The status worker against the authorisation table (server/security/access/status.ts, ADR 022):
 * public verification material, the same for every caller. It reads no session and no API key, so
 * each actor is a caller presenting one (made up: nothing here could tell a real one from it).
 */

const served = [
  ...new Set(
    app.routes
      .filter((route) => route.method !== "ALL")
      .map((route) => honoKey("status", route.method as HonoEndpoint["method"], route.path)),
  ),
];

const token = () => base64urlEncode(crypto.getRandomValues(new Uint8Array(32)));
const session = (): Caller => ({ cookie: token() });
const cast: Cast = {
  actors: {
    anonymous: {},
    citizen: session(),
    verifier: session(),
    operator: session(),
    supervisor: session(),
    admin: session(),
    apiKey: { apiKey: `ukid_live_${token()}` },
  },
  strangers: {},
};

const send: Send = async (probe, caller) => {
  const headers: Record<string, string> = {};
  if (caller.cookie) headers.Cookie = `${SESSION_COOKIE}=${caller.cookie}`;
  if (caller.apiKey) headers.Authorization = `Bearer ${caller.apiKey}`;
  return request(probe.path, {}, { method: probe.method, headers });
};

/** A status list the database holds (the seed publishes one per authority), or a path that answers 404 to everyone alike. */
async function someList(): Promise<string> {
  const [row] = await db().all<{ id: string }>(sql`select id from status_lists limit 1`);
  return row?.id ?? crypto.randomUUID();
}

const PROBES: Record<string, () => Promise<Probe> | Probe> = {
  [honoKey("status", "GET", "/status/lists/:id")]: async () => ({ path: `/status/lists/${await someList()}` }),
  [honoKey("status", "GET", "/status/lists/:id/x509")]: async () => ({
    path: `/status/lists/${await someList()}/x509`,
  }),
  [honoKey("status", "GET", "/.well-known/jwt-vc-issuer/issuers/:id")]: () => ({
    path: "/.well-known/jwt-vc-issuer/issuers/home-office",
  }),
  [honoKey("status", "GET", "/.well-known/jwt-vc-issuer/status/issuers/:id")]: () => ({
    path: "/.well-known/jwt-vc-issuer/status/issuers/home-office",
  }),
  [honoKey("status", "GET", "/vct/:slug")]: () => ({ path: "/vct/right-to-work" }),
  [honoKey("status", "GET", "/.well-known/openid-credential-issuer/issuers/:id")]: () => ({
    path: "/.well-known/openid-credential-issuer/issuers/dvla",
  }),
};

describe("the status worker against the access table", () => {
  it("has an entry for every route its app serves, and no entry for a route that is gone", () => {
    const declared = STATUS_ENDPOINTS.map(endpointKey);
    expect(
      served.filter((key) => !declared.includes(key)),
      "routes with no entry in server/security/access/status.ts",
    ).toEqual([]);
    expect(
      declared.filter((key) => !served.includes(key)),
      "entries whose route is gone",
    ).toEqual([]);
  });

  it.each(STATUS_ENDPOINTS.map((endpoint) => [endpointKey(endpoint), endpoint] as const))(
    "%s answers every actor",
    async (_, endpoint) => {
      const explicit = PROBES[endpointKey(endpoint)];
      const probe = explicit ? await explicit() : { path: endpoint.path };
      expect(await checkEndpoint(endpoint, probe, cast, send, async () => [])).toEqual([]);
    },
  );
});
