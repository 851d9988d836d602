import type { ServerBuild } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { FORWARDED_ROUTES } from "#app/worker/routes.ts";
import * as build from "#build/server/index.js";
import type { AssistedSession } from "#core/assisted/session.ts";
import { base64urlEncode } from "#core/credentials/encoding.ts";
import {
  assistedOffices,
  credentialIssuances,
  credentials,
  errorGroups,
  operatorProfiles,
  sessions,
  webauthnCredentials,
} from "#db/schema/index.ts";
import { certificatePath } from "#server/certificates/certificates.ts";
import { listAgents } from "#server/gabriel/api.ts";
import { STATUS_ENDPOINTS } from "#server/security/access/status.ts";
import { VERIFIER_ENDPOINTS } from "#server/security/access/verifier.ts";
import { WEB_ENDPOINTS } from "#server/security/access/web.ts";
import { ACTORS, type Actor, endpointKey, type WebEndpoint, webKey } from "#server/security/access-table.ts";
import { createShare } from "#server/shares/shares.ts";
import { createApiKey } from "#server/verification/organisations.ts";
import {
  type Caller,
  type Cast,
  checkEndpoint,
  markedRows,
  type Probe,
  type Send,
} from "#tests/support/access-check.ts";
import { organisationWithVerifier, type PersonRole, person } from "#tests/support/verification-fixtures.ts";
import { citizenWithCredential, issueCredential } from "#tests/support/wallet-fixtures.ts";
import { call, SESSION_SECRET } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * The web worker against the authorisation table (server/security/access/web.ts, ADR 022): every
 * route of the real Remix server build has an entry, and every entry answers each actor as it
 * declares, refused calls leaving the rows they would write as they were.
 */

const manifest = (build as unknown as ServerBuild).routes;

/** A route's URL pattern from the manifest: its parents' paths joined ("" for root, "/" for the index). */
function pathOf(id: string): string {
  const route = manifest[id]!;
  const parent = route.parentId ? pathOf(route.parentId) : "";
  const own = route.path ? `${parent}/${route.path}` : parent;
  return own || (id === "root" ? "" : "/");
}

/** Every handler the build serves: a loader, an action, or a page with no loader (GET renders it). */
const builtHandlers = Object.entries(manifest).flatMap(([id, route]) => {
  const handlers: WebEndpoint["handler"][] = [];
  if (route.module.loader) handlers.push("loader");
  if (route.module.action) handlers.push("action");
  if (route.module.default && !route.module.loader) handlers.push("page");
  return handlers.map((handler) => ({ key: webKey(id, handler), path: pathOf(id) }));
});

describe("the web worker's routes against the access table", () => {
  it("has an entry for every loader, action and page of the server build, and no entry for a route that is gone", () => {
    const declared = new Map(WEB_ENDPOINTS.filter((e) => !e.variant).map((e) => [webKey(e.route, e.handler), e]));
    const built = new Map(builtHandlers.map((h) => [h.key, h]));
    expect(
      [...built.keys()].filter((key) => !declared.has(key)),
      "routes with no entry in server/security/access/web.ts",
    ).toEqual([]);
    expect(
      [...declared.keys()].filter((key) => !built.has(key)),
      "entries whose route is gone",
    ).toEqual([]);
    expect(
      [...built.values()].filter((h) => declared.get(h.key)!.path !== h.path).map((h) => `${h.key}: ${h.path}`),
      "entries whose path is not the route's",
    ).toEqual([]);
    // A variant is one function of a handler that has an entry of its own.
    expect(WEB_ENDPOINTS.filter((e) => e.variant && !built.has(webKey(e.route, e.handler))).map(endpointKey)).toEqual(
      [],
    );
  });

  it("leaves every path it forwards to a worker whose endpoints the table declares", () => {
    const hono = [...STATUS_ENDPOINTS, ...VERIFIER_ENDPOINTS];
    for (const { service, prefixes } of FORWARDED_ROUTES) {
      const worker = service.startsWith("Status") ? "status" : "verifier";
      for (const prefix of prefixes)
        expect(
          hono.some((e) => e.worker === worker && e.path.startsWith(prefix)),
          `${service}: ${prefix}`,
        ).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The cast: each actor on the side that owns the probes' objects (the citizen's credential and
// shares, organisation A, office A), and the same kinds on the other side. Made once for the file.

/** Carried by every body and name this file writes; `remember` each person's and object's id as it is made. */
const { marker: MARKER, remember, rows } = markedRows();
const store = () => ({ db: db(), sessionSecret: SESSION_SECRET });

interface World {
  cast: Cast;
  citizen: {
    username: string;
    userId: string;
    credentialId: string;
    revocableCredentialId: string;
    shareId: string;
    passkeyId: string;
  };
  operatorCookie: string;
  sessionId: string;
  queueId: string;
  agentId: string;
  errorGroupId: string;
  /** Organisation A: its attestation is what an administrator may renew. */
  organisationId: string;
}

let world: World;

const json = async <T>(response: Response, status = 200): Promise<T> => {
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};

async function signedIn(role: PersonRole, organisationId: string | null = null): Promise<Caller & { userId: string }> {
  const { user, cookie } = await person(store(), role, organisationId);
  remember(user.id);
  // Signing out ends the session it is made with: that call gets a new account of the same kind.
  return {
    cookie,
    userId: user.id,
    fresh: async () => ({ cookie: (await person(store(), role, organisationId)).cookie }),
  };
}

async function office(): Promise<{ id: string; operator: Caller; supervisor: Caller }> {
  const [row] = await db()
    .insert(assistedOffices)
    .values({ name: `Office ${MARKER} ${crypto.randomUUID()}`, address: "1 Probe Street" })
    .returning();
  remember(row!.id);
  const staff = async (supervisor: boolean) => {
    const caller = await signedIn("operator");
    await db()
      .insert(operatorProfiles)
      .values({
        userId: caller.userId,
        officeId: row!.id,
        title: supervisor ? "Supervisor" : "Support Operator",
        authorisationLevel: supervisor ? 3 : 2,
        supervisor,
      });
    return caller;
  };
  return { id: row!.id, operator: await staff(false), supervisor: await staff(true) };
}

async function organisation(): Promise<{ id: string; verifier: Caller; admin: Caller; apiKey: Caller }> {
  const { organisation: org, user, cookie } = await organisationWithVerifier(store());
  remember(org.id);
  remember(user.id);
  const { key, apiKey } = await createApiKey(db(), org.id, `Key ${MARKER}`, user.id);
  remember(apiKey.id);
  return {
    id: org.id,
    verifier: { cookie, fresh: async () => ({ cookie: (await person(store(), "verifier", org.id)).cookie }) },
    admin: await signedIn("admin", org.id),
    apiKey: { apiKey: key },
  };
}

/** A new assisted session in office A, made by its operator. */
async function newSession(): Promise<string> {
  const session = await json<AssistedSession>(
    await call("/api/assisted/sessions", { cookie: world.operatorCookie, body: { clientName: `Client ${MARKER}` } }),
    201,
  );
  return remember(session.id);
}

/** A new walk-in on office A's queue. */
async function newQueueEntry(): Promise<string> {
  const entry = await json<{ id: string }>(
    await call("/api/assisted/queue", { cookie: world.operatorCookie, body: { clientName: `Walk-in ${MARKER}` } }),
    201,
  );
  return remember(entry.id);
}

/** A new share of the citizen's credential. */
async function newShare(): Promise<string> {
  return remember((await createShare(db(), world.citizen.userId, world.citizen.credentialId, { purpose: MARKER })).id);
}

/** An issuance of the citizen's to another wallet app (as the credential endpoint records one). */
async function newAppIssuance(): Promise<string> {
  const id = remember(crypto.randomUUID());
  await db()
    .insert(credentialIssuances)
    .values({ id, userId: world.citizen.userId, type: "rtw", wallet: "app", copies: 1 });
  return id;
}

/** The issuance the citizen's web-wallet credential came from (listed as theirs). */
async function credentialIssuance(): Promise<string> {
  const [row] = await db()
    .select({ issuanceId: credentials.issuanceId })
    .from(credentials)
    .where(eq(credentials.id, world.citizen.credentialId));
  return row!.issuanceId!;
}

/** A passkey on the citizen's account (as registration stores one; never used to sign in here). */
async function newPasskey(): Promise<string> {
  const id = base64urlEncode(crypto.getRandomValues(new Uint8Array(16)));
  await db()
    .insert(webauthnCredentials)
    .values({ id, userId: world.citizen.userId, name: MARKER, publicKey: "pQECAyYgASFYIA" });
  return remember(id);
}

/**
 * Another signed-in session of the citizen (as a sign-in elsewhere stores one), named by the
 * reference the citizen's own list gives it.
 */
async function newCitizenSession(): Promise<string> {
  const at = Date.now() - 1000 - Math.floor(Math.random() * 60_000);
  const sid = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)));
  await db()
    .insert(sessions)
    .values({
      sid,
      sess: { userId: world.citizen.userId, createdAt: at, lastSeenAt: at, confirmedAt: at },
      expire: new Date(at + 30 * 60_000),
    });
  const listed = await json<{ id: string; current: boolean; signedInAt: string }[]>(
    await call("/api/auth/sessions", { cookie: world.cast.actors.citizen.cookie! }),
  );
  const found = listed.find((s) => !s.current && s.signedInAt === new Date(at).toISOString());
  if (!found) throw new Error("the citizen's new session is not in their list");
  return found.id;
}

/** A session of office A at step 2 with its document recorded and a supervisor's approval asked for by the operator. */
async function pendingApproval(): Promise<{ sessionId: string; approvalId: string }> {
  const sessionId = await newSession();
  const cookie = world.operatorCookie;
  const step = (body: unknown, method = "POST") =>
    call(`/api/assisted/sessions/${sessionId}${method === "PATCH" ? "" : "/actions"}`, { method, cookie, body });
  await json(await step({ type: "find-client", account: world.citizen.username }));
  await json(await step({ currentStep: 2 }, "PATCH"));
  await json(
    await step({ type: "document", document: { type: "passport", number: "533401234", expiryDate: "2031-01-01" } }),
  );
  const asked = await json<AssistedSession>(await step({ type: "request-approval" }));
  return { sessionId, approvalId: asked.approval!.id };
}

beforeAll(async () => {
  const holder = await citizenWithCredential("rtw");
  const revocable = await issueCredential(holder.cookie, "dbs");
  const [a, b, officeA, officeB, citizen2] = await Promise.all([
    organisation(),
    organisation(),
    office(),
    office(),
    signedIn("citizen"),
  ]);
  const [agent] = await listAgents(db());
  const [group] = await db()
    .insert(errorGroups)
    .values({
      fingerprint: MARKER,
      errorType: "ProbeError",
      component: "access-table",
      message: MARKER,
      firstSeen: new Date(),
      lastSeen: new Date(),
      occurrences: 1,
    })
    .returning();
  const citizen = { cookie: holder.cookie, fresh: async () => ({ cookie: (await person(store(), "citizen")).cookie }) };
  world = {
    cast: {
      actors: {
        anonymous: {},
        citizen,
        verifier: a.verifier,
        operator: officeA.operator,
        supervisor: officeA.supervisor,
        admin: a.admin,
        apiKey: a.apiKey,
      },
      strangers: {
        citizen: citizen2,
        verifier: b.verifier,
        operator: officeB.operator,
        supervisor: officeB.supervisor,
        admin: b.admin,
        apiKey: b.apiKey,
      },
    },
    citizen: {
      username: holder.username,
      userId: remember(holder.user.id),
      credentialId: remember(holder.credential.id),
      revocableCredentialId: remember(revocable.id),
      shareId: "",
      passkeyId: "",
    },
    operatorCookie: officeA.operator.cookie!,
    sessionId: "",
    queueId: "",
    agentId: agent!.id,
    errorGroupId: remember(group!.id),
    organisationId: a.id,
  };
  world.citizen.shareId = await newShare();
  world.citizen.passkeyId = await newPasskey();
  world.sessionId = await newSession();
  world.queueId = await newQueueEntry();
}, 60_000);

// ---------------------------------------------------------------------------------------------
// How each endpoint is called. Entries without a probe here are called at their path (a parameter
// as a random UUID) with no body: enough for routes that name no object.

const UPGRADE = { upgrade: true } as const;

/** A wallet app's authorization request (RFC 9126), as pushed without DPoP; the PKCE challenge any 43 characters. */
const PUSHED_REQUEST = {
  response_type: "code",
  client_id: "probe-wallet",
  redirect_uri: "https://wallet.test/cb",
  scope: "uk.gov.home-office.rtw",
  code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
  code_challenge_method: "S256",
};

/** A freshly pushed request: the client and request_uri the consent screen is opened and decided with. */
async function pushedRequest(): Promise<{ client_id: string; request_uri: string }> {
  const response = await call("/oauth/par", {
    rawBody: new URLSearchParams(PUSHED_REQUEST).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(response.status).toBe(201);
  const { request_uri } = (await response.json()) as { request_uri: string };
  return { client_id: PUSHED_REQUEST.client_id, request_uri };
}

const PROBES: Record<string, () => Probe | Promise<Probe>> = {
  [webKey("root", "loader")]: () => ({ path: "/privacy-policy" }),
  [webKey("routes/language.$locale", "loader")]: () => ({ path: "/language/cy?next=%2F" }),
  [webKey("routes/($lang).coming-soon.$feature", "loader")]: () => ({ path: "/coming-soon/api-docs" }),
  [webKey("routes/($lang).verify.$shareId", "loader")]: () => ({ path: `/verify/${world.citizen.shareId}` }),
  [webKey("routes/verify-malformed", "loader")]: () => ({ path: "/verify/not/a-share" }),

  [webKey("routes/($lang).login", "action")]: () => ({ path: "/login", form: { username: "", password: "" } }),
  [webKey("routes/($lang).register", "action")]: () => ({ path: "/register", form: {} }),
  [webKey("routes/api.auth.login", "action")]: () => ({ path: "/api/auth/login", json: {} }),
  [webKey("routes/api.auth.register", "action")]: () => ({ path: "/api/auth/register", json: {} }),
  [webKey("routes/api.auth.logout", "action")]: () => ({ path: "/api/auth/logout", freshSession: true }),
  ...Object.fromEntries(
    ["login.options", "login.verify", "register.options", "register.verify"].map((step) => [
      webKey(`routes/api.auth.passkey.${step}`, "action"),
      () => ({ path: `/api/auth/passkey/${step.replace(".", "/")}`, json: {} }),
    ]),
  ),
  [webKey("routes/api.auth.sessions._index", "loader")]: async () => ({
    path: "/api/auth/sessions",
    listed: await newCitizenSession(),
  }),
  [webKey("routes/api.auth.sessions.$id", "action")]: async () => ({
    path: `/api/auth/sessions/${await newCitizenSession()}`,
  }),
  [webKey("routes/api.auth.passkeys._index", "loader")]: () => ({
    path: "/api/auth/passkeys",
    listed: world.citizen.passkeyId,
  }),
  [webKey("routes/api.auth.passkeys.$id", "action")]: async () => ({
    path: `/api/auth/passkeys/${await newPasskey()}`,
  }),
  [webKey("routes/api.analytics.track", "action")]: () => ({ path: "/api/analytics/track", json: {} }),
  ...Object.fromEntries(
    ["start", "sync", "end", "emergency-end"].map((what) => [
      webKey(`routes/api.session.${what}`, "action"),
      () => ({ path: `/api/session/${what}`, json: {} }),
    ]),
  ),

  // The citizen's own things: the objects are theirs; everyone else is refused them, or never sees them listed.
  ...Object.fromEntries(
    ["routes/wallet", "routes/citizen-wallet", "routes/credentials", "routes/api.wallet.credentials"].map((route) => [
      webKey(route, "loader"),
      () => ({ path: WEB_ENDPOINTS.find((e) => e.route === route)!.path, listed: world.citizen.credentialId }),
    ]),
  ),
  [webKey("routes/shares", "loader")]: () => ({ path: "/shares", listed: world.citizen.shareId }),
  [webKey("routes/api.shares._index", "loader")]: () => ({ path: "/api/shares", listed: world.citizen.shareId }),
  [webKey("routes/shares", "action")]: async () => ({
    path: "/shares",
    form: { intent: "revoke", shareId: await newShare() },
  }),
  [webKey("routes/api.shares.$id.revoke", "action")]: async () => ({ path: `/api/shares/${await newShare()}/revoke` }),
  [webKey("routes/api.wallet.issuances._index", "loader")]: async () => ({
    path: "/api/wallet/issuances",
    listed: await credentialIssuance(),
  }),
  [webKey("routes/api.wallet.issuances.$id.revoke", "action")]: async () => ({
    path: `/api/wallet/issuances/${await newAppIssuance()}/revoke`,
  }),
  [webKey("routes/wallet_.apps", "loader")]: async () => ({ path: "/wallet/apps", listed: await newAppIssuance() }),
  [webKey("routes/wallet_.apps", "action")]: async () => ({
    path: "/wallet/apps",
    form: { intent: "revoke", issuanceId: await newAppIssuance() },
  }),
  [webKey("routes/api.shares.download.$id", "loader")]: () => ({
    path: `/api/shares/download/${world.citizen.shareId}`,
  }),
  [webKey("routes/credentials_.$certificate", "loader")]: () => ({
    path: certificatePath("rtw", world.citizen.credentialId),
  }),
  [webKey("routes/credentials_.$certificate", "action")]: () => ({
    path: certificatePath("rtw", world.citizen.credentialId),
    form: {},
  }),
  [webKey("routes/api.credentials.$id.shares", "action")]: () => ({
    path: `/api/credentials/${world.citizen.credentialId}/shares`,
    json: { purpose: MARKER },
  }),
  [webKey("routes/api.credentials.$id.revoke", "action")]: () => ({
    path: `/api/credentials/${world.citizen.revocableCredentialId}/revoke`,
    json: { reason: MARKER },
  }),
  [webKey("routes/profile", "action")]: () => ({ path: "/profile", form: { section: "not-a-section" } }),
  [webKey("routes/api.vc.$type.issue", "action")]: () => ({
    path: "/api/vc/rtw/issue",
    json: { proof: "not-a-proof" },
  }),

  // Office A's sessions and queue.
  [webKey("routes/assisted", "loader")]: () => ({ path: "/assisted", listed: world.sessionId }),
  [webKey("routes/assisted-digital", "loader")]: () => ({ path: "/assisted-digital", listed: world.sessionId }),
  [webKey("routes/assisted_.sessions.$id.paper", "loader")]: () => ({
    path: `/assisted/sessions/${world.sessionId}/paper`,
  }),
  // The authorization code flow: a real pushed request; whoever signs in sees its consent screen and
  // may decide it (a visitor is sent to sign in, and the request stays as it was).
  [webKey("routes/oauth.par", "action")]: () => ({ path: "/oauth/par", form: PUSHED_REQUEST }),
  [webKey("routes/oauth.authorize", "loader")]: async () => ({
    path: `/oauth/authorize?${new URLSearchParams(await pushedRequest())}`,
  }),
  [webKey("routes/oauth.authorize", "action")]: async () => {
    const pushed = await pushedRequest();
    return { path: `/oauth/authorize?${new URLSearchParams(pushed)}`, form: { ...pushed, decision: "decline" } };
  },
  // A real authority's endpoints: with no access token, whoever is signed in, they answer 401.
  [webKey("routes/issuers.$id.credential", "action")]: () => ({
    path: "/issuers/home-office/credential",
    json: { credential_configuration_id: "rtw" },
  }),
  [webKey("routes/issuers.$id.deferred-credential", "action")]: () => ({
    path: "/issuers/dbs/deferred-credential",
    json: { transaction_id: MARKER },
  }),
  [webKey("routes/issuers.$id.notification", "action")]: () => ({
    path: "/issuers/home-office/notification",
    json: { notification_id: MARKER, event: "credential_accepted" },
  }),
  [webKey("routes/api.assisted.sessions._index", "loader")]: () => ({
    path: "/api/assisted/sessions",
    listed: world.sessionId,
  }),
  [webKey("routes/api.assisted.sessions._index", "action")]: () => ({
    path: "/api/assisted/sessions",
    json: { clientName: `Client ${MARKER}` },
  }),
  [webKey("routes/api.assisted.sessions.$id", "loader")]: () => ({ path: `/api/assisted/sessions/${world.sessionId}` }),
  [webKey("routes/api.assisted.sessions.$id", "action")]: async () => ({
    path: `/api/assisted/sessions/${await newSession()}`,
    json: { status: "paused" },
  }),
  [webKey("routes/api.assisted.sessions.$id.actions", "action")]: async () => ({
    path: `/api/assisted/sessions/${await newSession()}/actions`,
    json: { type: "find-client", account: world.citizen.username },
  }),
  [webKey("routes/api.assisted.sessions.$id.actions", "action", "decide-approval")]: async () => {
    const { sessionId, approvalId } = await pendingApproval();
    return {
      path: `/api/assisted/sessions/${sessionId}/actions`,
      json: { type: "decide-approval", approvalId, decision: "approved", reason: MARKER },
    };
  },
  [webKey("routes/api.assisted.sessions.$id.records", "loader")]: () => ({
    path: `/api/assisted/sessions/${world.sessionId}/records`,
  }),
  [webKey("routes/api.assisted.sessions.$id.live", "loader")]: () => ({
    path: `/api/assisted/sessions/${world.sessionId}/live`,
    ...UPGRADE,
  }),
  [webKey("routes/api.assisted.office.live", "loader")]: () => ({ path: "/api/assisted/office/live", ...UPGRADE }),
  [webKey("routes/api.assisted.queue._index", "loader")]: () => ({
    path: "/api/assisted/queue",
    listed: world.queueId,
  }),
  [webKey("routes/api.assisted.queue._index", "action")]: () => ({
    path: "/api/assisted/queue",
    json: { clientName: `Walk-in ${MARKER}` },
  }),
  [webKey("routes/api.assisted.queue.$id", "action")]: async () => ({
    path: `/api/assisted/queue/${await newQueueEntry()}`,
    json: { status: "removed" },
  }),
  [webKey("routes/api.assisted.queue.$id.start", "action")]: async () => ({
    path: `/api/assisted/queue/${await newQueueEntry()}/start`,
  }),
  [webKey("routes/api.assisted.call-supervisor", "action")]: () => ({
    path: "/api/assisted/call-supervisor",
    json: { sessionId: world.sessionId },
  }),

  // Gabriel: a refused caller asks for what would change every agent; an allowed one is answered 400, so nothing other files rely on moves.
  [webKey("routes/api.gabriel.agents.$id", "action")]: () => ({
    path: `/api/gabriel/agents/${world.agentId}`,
    json: { config: {} },
  }),
  [webKey("routes/api.gabriel.hitl.$taskId.assign", "action")]: () => ({
    path: `/api/gabriel/hitl/${crypto.randomUUID()}/assign`,
    json: {},
  }),
  [webKey("routes/api.gabriel.hitl.$taskId.decision", "action")]: () => ({
    path: `/api/gabriel/hitl/${crypto.randomUUID()}/decision`,
    json: { decision: "approved", notes: MARKER },
  }),
  [webKey("routes/api.gabriel.controls", "action")]: () => ({
    path: "/api/gabriel/controls",
    json: { action: "pause", reason: MARKER },
    whenAllowed: { path: "/api/gabriel/controls", json: { action: "sleep" } },
  }),
  [webKey("routes/api.gabriel.live", "loader")]: () => ({ path: "/api/gabriel/live", ...UPGRADE }),

  [webKey("routes/api.verifier-organisations._index", "action")]: () => ({
    path: "/api/verifier-organisations",
    json: { name: `Org ${MARKER}`, allowedChecks: ["rtw"] },
  }),
  [webKey("routes/api.verifier-organisations.$id.attestation", "action")]: () => ({
    path: `/api/verifier-organisations/${world.organisationId}/attestation`,
  }),

  [webKey("routes/api.analytics.errors.$id", "loader")]: () => ({
    path: `/api/analytics/errors/${world.errorGroupId}`,
  }),
  [webKey("routes/api.analytics.errors.$id.resolve", "action")]: () => ({
    path: `/api/analytics/errors/${world.errorGroupId}/resolve`,
  }),
};

/** Tables a probe writes beyond its entry's: signing out gives each caller a new account and session. */
const PROBE_WRITES: Record<string, readonly string[]> = {
  [webKey("routes/api.auth.logout", "action")]: ["users", "sessions"],
  [webKey("routes/api.auth.sessions._index", "loader")]: ["sessions"],
};

/** The entry's own path, each parameter a random UUID and a splat a path nothing serves. */
const defaultProbe = (endpoint: WebEndpoint): Probe => ({
  // An optional segment (a public page's language, ADR 035) is left out: the page in English.
  path:
    endpoint.path
      .replace(/\/:[A-Za-z]+\?/g, "")
      .replace(/:[A-Za-z]+/g, () => crypto.randomUUID())
      .replace("*", "nothing-here") || "/",
});

const send: Send = (probe, caller) => {
  const headers: Record<string, string> = {};
  if (caller.apiKey) headers.Authorization = `Bearer ${caller.apiKey}`;
  if (probe.upgrade) headers.Upgrade = "websocket";
  if (probe.form) headers["Content-Type"] = "application/x-www-form-urlencoded";
  const rawBody = probe.form ? new URLSearchParams(probe.form).toString() : undefined;
  return call(probe.path, { method: probe.method, body: probe.json, rawBody, cookie: caller.cookie, headers });
};

/**
 * Runs `work` once every entry started before it that writes any of `tables` has finished: the rows
 * a refused call must leave alone are then moved by nobody else meanwhile. Entries that write
 * nothing, or other tables, run alongside.
 */
const tails = new Map<string, Promise<unknown>>();
function exclusively<T>(tables: readonly string[], work: () => Promise<T>): Promise<T> {
  const turn = Promise.all(tables.map((table) => tails.get(table))).then(work);
  const done = turn.catch(() => undefined);
  for (const table of tables) tails.set(table, done);
  return turn;
}

async function check(endpoint: WebEndpoint) {
  const explicit = PROBES[endpointKey(endpoint)];
  // An object someone owns must be named by a probe: a random id would prove nothing about who may reach it.
  expect(
    explicit || (!endpoint.owner && !endpoint.variant),
    "this entry needs a probe naming an object (PROBES)",
  ).toBeTruthy();
  // A probe's own objects are made in the tables the entry writes, so they are made in its turn.
  const failures = await exclusively(
    [...(endpoint.writes ?? []), ...(PROBE_WRITES[endpointKey(endpoint)] ?? [])],
    async () => {
      const probe = explicit ? await explicit() : defaultProbe(endpoint);
      return checkEndpoint(endpoint, probe, world.cast, send, (tables) => rows(db(), tables));
    },
  );
  expect(failures).toEqual([]);
}

describe("every web endpoint answers each actor as the access table declares", () => {
  it.concurrent.each(WEB_ENDPOINTS.map((endpoint) => [endpointKey(endpoint), endpoint] as const))("%s", (_, endpoint) =>
    check(endpoint),
  );

  it("names a probe only for entries that exist", () => {
    const keys = new Set(WEB_ENDPOINTS.map(endpointKey));
    expect(Object.keys(PROBES).filter((key) => !keys.has(key))).toEqual([]);
  });

  it("casts every actor, and a stranger for every kind an owner rule names", () => {
    expect(Object.keys(world.cast.actors).sort()).toEqual([...ACTORS].sort());
    const named = new Set(WEB_ENDPOINTS.flatMap((e) => e.owner?.strangers ?? []));
    expect([...named].filter((actor: Actor) => !world.cast.strangers[actor])).toEqual([]);
  });
});
