import { beforeAll, describe, expect, it } from "vitest";
import { assistedOffices, operatorProfiles } from "#db/schema/index.ts";
import { VERIFIER_ENDPOINTS } from "#server/security/access/verifier.ts";
import { ACTORS, endpointKey, type HonoEndpoint, honoKey } from "#server/security/access-table.ts";
import {
  type Caller,
  type Cast,
  checkEndpoint,
  markedRows,
  type Probe,
  type Send,
} from "#tests/support/access-check.ts";
import { db } from "#tests/support/workerd-database.ts";
import app from "#workers/verifier/src/index.ts";
import {
  apiKeyFor,
  openRequest,
  organisationWithVerifier,
  person,
  recordCheck,
  request,
} from "#workers/verifier/src/test-support.ts";

/**
 * The verifier worker against the authorisation table (server/security/access/verifier.ts, ADR 022):
 * every route of its Hono app has an entry, and each answers every actor as declared, the
 * organisation's records out of reach of another organisation's people and keys.
 */

/** Every route the app serves, as "METHOD path" (middleware, registered for every method, left out). */
const served = [
  ...new Set(
    app.routes
      .filter((route) => route.method !== "ALL")
      .map((route) => honoKey("verifier", route.method as HonoEndpoint["method"], route.path)),
  ),
];

describe("the verifier worker's routes against the access table", () => {
  it("has an entry for every route its app serves, and no entry for a route that is gone", () => {
    const declared = VERIFIER_ENDPOINTS.map(endpointKey);
    expect(
      served.filter((key) => !declared.includes(key)),
      "routes with no entry in server/security/access/verifier.ts",
    ).toEqual([]);
    expect(
      declared.filter((key) => !served.includes(key)),
      "entries whose route is gone",
    ).toEqual([]);
  });
});

/** Carried by every body this file sends; `remember` each person's and object's id as it is made. */
const { marker: MARKER, remember, rows } = markedRows();

let cast: Cast;
const objects = { recordId: "", requestId: "", apiKeyId: "" };

async function organisation() {
  const { organisation: org, user, cookie } = await organisationWithVerifier(["rtw", "age"]);
  remember(org.id);
  remember(user.id);
  const admin = await person("admin", org.id);
  remember(admin.user.id);
  const { key } = await apiKeyFor(cookie, `Key ${MARKER}`);
  return {
    id: org.id,
    verifier: { cookie } as Caller,
    admin: { cookie: admin.cookie } as Caller,
    apiKey: { apiKey: key } as Caller,
  };
}

/** An operator, with supervisor authority in an office of its own when asked: the verifier worker refuses both alike. */
async function operator(supervisor: boolean): Promise<Caller> {
  const { user, cookie } = await person("operator");
  remember(user.id);
  if (supervisor) {
    const [office] = await db()
      .insert(assistedOffices)
      .values({ name: `Office ${MARKER}`, address: "1 Probe Street" })
      .returning();
    await db()
      .insert(operatorProfiles)
      .values({ userId: user.id, officeId: office!.id, title: "Supervisor", authorisationLevel: 3, supervisor: true });
  }
  return { cookie };
}

beforeAll(async () => {
  const [a, b, citizen, op, supervisor] = await Promise.all([
    organisation(),
    organisation(),
    person("citizen"),
    operator(false),
    operator(true),
  ]);
  remember(citizen.user.id);
  cast = {
    actors: {
      anonymous: {},
      citizen: { cookie: citizen.cookie },
      verifier: a.verifier,
      operator: op,
      supervisor,
      admin: a.admin,
      apiKey: a.apiKey,
    },
    strangers: { verifier: b.verifier, admin: b.admin, apiKey: b.apiKey },
  };
  objects.recordId = remember((await recordCheck(a.id)).id);
  objects.requestId = remember(
    (await openRequest(a.verifier as { cookie: string }, { credentialType: "rtw", purpose: `Hiring ${MARKER}` })).id,
  );
  objects.apiKeyId = remember((await apiKeyFor(a.verifier.cookie!, `Spare ${MARKER}`)).id);
}, 30_000);

const PROBES: Record<string, () => Probe> = {
  [honoKey("verifier", "POST", "/api/verifications/api-keys")]: () => ({
    path: "/api/verifications/api-keys",
    json: { name: `New ${MARKER}` },
  }),
  [honoKey("verifier", "POST", "/api/verifications/api-keys/:id/revoke")]: () => ({
    path: `/api/verifications/api-keys/${objects.apiKeyId}/revoke`,
  }),
  [honoKey("verifier", "GET", "/api/verifications/history")]: () => ({
    path: "/api/verifications/history?pageSize=100",
    listed: objects.recordId,
  }),
  [honoKey("verifier", "POST", "/api/verifications/:id/visual-match")]: () => ({
    path: `/api/verifications/${objects.recordId}/visual-match`,
  }),
  [honoKey("verifier", "GET", "/api/verifications/:id/receipt")]: () => ({
    path: `/api/verifications/${objects.recordId}/receipt`,
  }),
  [honoKey("verifier", "POST", "/api/presentations/requests")]: () => ({
    path: "/api/presentations/requests",
    json: { credentialType: "rtw", purpose: `Probe ${MARKER}` },
  }),
  [honoKey("verifier", "GET", "/api/presentations/requests/:id")]: () => ({
    path: `/api/presentations/requests/${objects.requestId}`,
  }),
  [honoKey("verifier", "GET", "/api/presentations/requests/:id/live")]: () => ({
    path: `/api/presentations/requests/${objects.requestId}/live`,
    upgrade: true,
  }),
  [honoKey("verifier", "GET", "/api/presentations/requests/:id/object")]: () => ({
    path: `/api/presentations/requests/${objects.requestId}/object`,
  }),
  [honoKey("verifier", "GET", "/api/presentations/requests/:id/dc-api")]: () => ({
    path: `/api/presentations/requests/${objects.requestId}/dc-api`,
  }),
  [honoKey("verifier", "POST", "/api/presentations/requests/:id/dc-api")]: () => ({
    path: `/api/presentations/requests/${objects.requestId}/dc-api`,
    json: { protocol: "openid4vp-v1-signed", data: { response: MARKER } },
  }),
  [honoKey("verifier", "OPTIONS", "/api/presentations/requests/:id/dc-api")]: () => ({
    path: `/api/presentations/requests/${objects.requestId}/dc-api`,
  }),
  [honoKey("verifier", "POST", "/api/presentations/response")]: () => ({
    path: "/api/presentations/response",
    form: { state: MARKER, vp_token: "{}" },
  }),
  [honoKey("verifier", "POST", "/api/presentations/decline")]: () => ({
    path: "/api/presentations/decline",
    json: { state: MARKER },
  }),
  [honoKey("verifier", "POST", "/api/presentations/validate")]: () => ({
    path: "/api/presentations/validate",
    json: { presentationJwt: "UKID1:0", requestId: objects.requestId, purpose: MARKER },
  }),
};

const send: Send = (probe, caller) => {
  const headers: Record<string, string> = {};
  if (probe.upgrade) headers.Upgrade = "websocket";
  let body: string | undefined;
  if (probe.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(probe.form).toString();
  } else if (probe.json !== undefined) body = JSON.stringify(probe.json);
  return request(probe.path, { method: probe.method, headers, body, cookie: caller.cookie, apiKey: caller.apiKey });
};

describe("every verifier endpoint answers each actor as the access table declares", () => {
  it.each(VERIFIER_ENDPOINTS.map((endpoint) => [endpointKey(endpoint), endpoint] as const))(
    "%s",
    async (_, endpoint) => {
      const explicit = PROBES[endpointKey(endpoint)];
      expect(
        explicit || (!endpoint.owner && !endpoint.path.includes(":")),
        "this entry needs a probe naming an object (PROBES)",
      ).toBeTruthy();
      const probe = explicit ? explicit() : { path: endpoint.path };
      const failures = await checkEndpoint(endpoint, probe, cast, send, (tables) => rows(db(), tables));
      expect(failures).toEqual([]);
    },
  );

  it("casts every actor", () => {
    expect(Object.keys(cast.actors).sort()).toEqual([...ACTORS].sort());
  });
});
