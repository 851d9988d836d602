/**
 * Who may call what: every endpoint of every worker, in one table (issue 13; ADR 022).
 *
 * The routes decide on the server (server/accounts/permissions.ts, each loader and action, the
 * verifier worker's actor.ts, the assisted console's staffOf and office scope). This table states
 * what they decide, so it can be read as the product's access policy and checked against it:
 *   - app/worker/access-table.workerd.test.ts enumerates the web worker's real routes (the Remix
 *     server build's manifest) and calls each one as each actor;
 *   - workers/verifier/src/access-table.workerd.test.ts and workers/status/src/access-table.workerd.test.ts
 *     do the same for the Hono workers (their apps' `routes`);
 *   - workers/durable-objects/src/access-table.workerd.test.ts enumerates every Durable Object class's
 *     public prototype methods (its RPC surface) and checks who may reach them.
 * A route with no entry, or an entry whose route is gone, fails those tests. Adding a route means
 * adding its entry here (and a probe in the worker's test saying how to call it).
 *
 * Pure data: no database, no framework.
 */

/** The callers every endpoint is decided for. */
export const ACTORS = ["anonymous", "citizen", "verifier", "operator", "supervisor", "admin", "apiKey"] as const;
/**
 * - anonymous: no session cookie, no API key.
 * - citizen, verifier, operator, admin: a signed-in account of that role (users.role; an unknown role counts as citizen).
 * - supervisor: an operator whose operator profile holds supervisor authority (operator_profiles.supervisor).
 * - apiKey: a verifier organisation's API key (`Authorization: Bearer ukid_live_…`, verifier_api_keys), no session.
 *   Only the verifier worker reads API keys; everywhere else an API key caller is anonymous.
 */
export type Actor = (typeof ACTORS)[number];

/**
 * What an actor gets from an endpoint.
 * - "allowed": past every authorisation check (any answer but 401, 403 and the entry's own refusals; never a 5xx).
 * - "to-login": a page's refusal of a signed-out visitor: 302 to /login (with ?next= where the page returns there).
 * - "to-home": /login and /register for someone already signed in: 302 to /.
 * - 401: an API's refusal of a signed-out caller. 403: signed in, but not allowed.
 * - 404: the object is not the caller's (or does not exist): indistinguishable, so ids cannot be probed.
 * - 405: the handler answers this method to nobody.
 */
export type Outcome = "allowed" | "to-login" | "to-home" | 401 | 403 | 404 | 405;

export type Access = Readonly<Record<Actor, Outcome>>;

/**
 * A rule about whose object it is, beside the role rule. Outcomes in `access` are for an object
 * owned by the actor's own side: the citizen's own credentials and shares, the verifier's (and API
 * key's) own organisation, the operator's own office. `strangers` are actors of the same kind on the
 * other side (another citizen, another organisation, another office), who get `refusal`, and
 * whose refused call changes nothing. A `list` only ever lists the caller's own: strangers
 * never see the object in it.
 */
interface OwnerRule {
  rule: string;
  strangers: readonly Actor[];
  refusal: 403 | 404 | "list";
}

interface Declared {
  access: Access;
  owner?: OwnerRule;
  /** The tables the endpoint writes (a refused call must leave their rows as they were). Audit rows (system_logs) are written on refusals too, by design. */
  writes?: readonly string[];
  /** Why, where the rule is not plain from the access. */
  note?: string;
}

type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE" | "OPTIONS";

/**
 * A Remix route handler of the web worker: a loader (GET), an action (the method it takes), or a
 * page with no loader (GET renders it). `route` is the route id in the server build's manifest,
 * `path` its URL pattern. A `variant` is one function of a handler with a rule of its own (a body type).
 */
export interface WebEndpoint extends Declared {
  worker: "web";
  route: string;
  handler: "loader" | "action" | "page";
  method: HttpMethod;
  path: string;
  variant?: string;
}

/** A route of a Hono worker (its app's `routes`): the method and Hono's path pattern. */
export interface HonoEndpoint extends Declared {
  worker: "verifier" | "status";
  method: HttpMethod;
  path: string;
}

export type Endpoint = WebEndpoint | HonoEndpoint;

/** How an entry is named in test reports and in the Durable Object entries' `via`: "web routes/wallet loader", "verifier POST /api/presentations/validate". */
export const webKey = (route: string, handler: WebEndpoint["handler"], variant?: string) =>
  `web ${route} ${handler}${variant ? ` (${variant})` : ""}`;
export const honoKey = (worker: HonoEndpoint["worker"], method: HttpMethod, path: string) =>
  `${worker} ${method} ${path}`;
export const endpointKey = (endpoint: Endpoint): string =>
  endpoint.worker === "web"
    ? webKey(endpoint.route, endpoint.handler, endpoint.variant)
    : honoKey(endpoint.worker, endpoint.method, endpoint.path);

// ---------------------------------------------------------------------------------------------
// Access patterns, named once.

const all = (outcome: Outcome): Access =>
  Object.fromEntries(ACTORS.map((actor) => [actor, outcome])) as unknown as Access;

/** `allowed` get through; signed-out callers get `signedOut`; every other signed-in caller `others`. */
function only(allowed: readonly Actor[], signedOut: Outcome, others: Outcome = 403): Access {
  const access = Object.fromEntries(
    ACTORS.map((actor) => [
      actor,
      allowed.includes(actor) ? "allowed" : actor === "anonymous" || actor === "apiKey" ? signedOut : others,
    ]),
  );
  return access as unknown as Access;
}

const SIGNED_IN: readonly Actor[] = ["citizen", "verifier", "operator", "supervisor", "admin"];
/** Operators (with or without supervisor authority) and administrators: the assisted console and Gabriel's review queue. */
const STAFF: readonly Actor[] = ["operator", "supervisor", "admin"];

/** Anyone, signed in or not. */
const EVERYONE = all("allowed");
/** Answered 405 to everyone: the route takes another method. */
const CLOSED = all(405);
/** Any signed-in account; visitors are sent to sign in. */
const SIGNED_IN_PAGE = only(SIGNED_IN, "to-login");
const SIGNED_IN_API = only(SIGNED_IN, 401);
const ADMIN_PAGE = only(["admin"], "to-login");
const ADMIN_API = only(["admin"], 401);
const STAFF_PAGE = only(STAFF, "to-login");
const STAFF_API = only(STAFF, 401);
/** The Verifier Portal's pages: verifiers and administrators acting for their own organisation (without one: a 403 page). */
const VERIFIER_PAGE = only(["verifier", "admin"], "to-login");
/**
 * The object's owner only. The object is the citizen's, so every other account, administrators
 * included (a wallet is personal), finds its id not found; each reaches their own the same way.
 */
const OWNER_API = only(["citizen"], 401, 404);
const OWNER_PAGE = only(["citizen"], "to-login", 404);
/** /login and /register: for visitors; someone signed in is sent home. */
const SIGNED_OUT_PAGE = only(["anonymous", "apiKey"], "allowed", "to-home");

const OWN_CREDENTIAL: OwnerRule = {
  rule: "the caller's own credential: another's reads as not found",
  strangers: ["citizen"],
  refusal: 404,
};
const OWN_SHARE: OwnerRule = {
  rule: "the caller's own share: another's reads as not found",
  strangers: ["citizen"],
  refusal: 404,
};
const OWN_PASSKEY: OwnerRule = {
  rule: "one of the caller's own passkeys: another's reads as not found, and stays",
  strangers: ["citizen"],
  refusal: 404,
};
const OWN_PASSKEYS: OwnerRule = {
  rule: "lists the caller's own passkeys only",
  strangers: ["citizen"],
  refusal: "list",
};
const OWN_WALLET: OwnerRule = {
  rule: "lists the caller's own credentials and shares only",
  strangers: ["citizen"],
  refusal: "list",
};
const OWN_OFFICE: OwnerRule = {
  rule: "a session or queue entry of the operator's own office (administrators: any office); another office's reads as not found",
  strangers: ["operator", "supervisor"],
  refusal: 404,
};
const OWN_OFFICE_LIST: OwnerRule = {
  rule: "the operator's own office only (administrators: the office they name)",
  strangers: ["operator", "supervisor"],
  refusal: "list",
};

// ---------------------------------------------------------------------------------------------
// The web worker (Remix). Paths other workers own are forwarded before Remix sees them
// (app/worker/routes.ts): their entries are the status and verifier workers' below.

type Handlers = Partial<
  Record<
    "loader" | "action" | "page",
    Omit<WebEndpoint, "worker" | "route" | "handler" | "path" | "method"> & { method?: HttpMethod }
  >
>;

function web(
  route: string,
  path: string,
  handlers: Handlers,
  variants: readonly Omit<WebEndpoint, "worker" | "route" | "path">[] = [],
): WebEndpoint[] {
  const entries = (Object.entries(handlers) as [WebEndpoint["handler"], NonNullable<Handlers["loader"]>][]).map(
    ([handler, declared]): WebEndpoint => ({
      worker: "web",
      route,
      handler,
      path,
      ...declared,
      method: declared.method ?? (handler === "action" ? "POST" : "GET"),
    }),
  );
  return [...entries, ...variants.map((variant): WebEndpoint => ({ worker: "web", route, path, ...variant }))];
}

/** A public page with no loader: anyone may read it. */
const pitchPage = (route: string, path: string) => web(route, path, { page: { access: EVERYONE } });

/** An API resource that answers GET to `access` and every other method 405. */
const readApi = (route: string, path: string, access: Access, more: Omit<Declared, "access"> = {}) =>
  web(route, path, { loader: { access, ...more }, action: { access: CLOSED, note: "GET only" } });

/** An API command that answers `method` to `access` and GET 405. */
const commandApi = (
  route: string,
  path: string,
  method: HttpMethod,
  access: Access,
  more: Omit<Declared, "access"> = {},
) => web(route, path, { action: { method, access, ...more }, loader: { access: CLOSED, note: `${method} only` } });

const ASSISTED_WRITES = ["assisted_sessions", "assisted_queue"] as const;

export const WEB_ENDPOINTS: readonly WebEndpoint[] = [
  // Every page: the root loader reads who is signed in (for the header), nothing more.
  ...web("root", "", { loader: { access: EVERYONE, note: "runs on every page request: the signed-in user or null" } }),
  ...web("routes/$", "/*", { loader: { access: all(404), note: "the not-found page" } }),
  ...web("routes/api.$", "/api/*", {
    loader: { access: all(404) },
    action: { access: all(404), note: "any /api path no endpoint matches: JSON 404" },
  }),

  // The public pitch site (spec 001) and the public pages.
  ...web("routes/_index", "/", {
    loader: { access: EVERYONE, note: "the pitch home for visitors; the signed-in user's own dashboard" },
  }),
  ...pitchPage("routes/about", "/about"),
  ...pitchPage("routes/business-model", "/business-model"),
  ...pitchPage("routes/challenge", "/challenge"),
  ...pitchPage("routes/costs-benefits", "/costs-benefits"),
  ...pitchPage("routes/governance", "/governance"),
  ...pitchPage("routes/government", "/government"),
  ...pitchPage("routes/investor-funding", "/investor-funding"),
  ...pitchPage("routes/marketing", "/marketing"),
  ...pitchPage("routes/ministers", "/ministers"),
  ...pitchPage("routes/pilots", "/pilots"),
  ...pitchPage("routes/privacy-policy", "/privacy-policy"),
  ...pitchPage("routes/roadmap", "/roadmap"),
  ...pitchPage("routes/solution", "/solution"),
  ...pitchPage("routes/terms-of-service", "/terms-of-service"),
  ...web("routes/podcasts", "/podcasts", { loader: { access: EVERYONE } }),
  ...web("routes/coming-soon.$feature", "/coming-soon/:feature", { loader: { access: EVERYONE } }),
  ...web("routes/gabriel-ai", "/gabriel-ai", {
    loader: { access: EVERYONE, note: "agents' declarations and aggregate figures only" },
  }),
  ...web("routes/verify.$shareId", "/verify/:shareId", {
    loader: {
      access: EVERYONE,
      writes: ["shares", "wallet_events", "presentations"],
      note: "whoever holds a share link: valid or not, type and issuer, nothing personal; counts the view",
    },
  }),
  ...web("routes/verify-malformed", "/verify/*", {
    loader: { access: EVERYONE, note: "a malformed share link: the verify page's own 404" },
  }),
  ...web("routes/api.placeholder-avatar", "/api/placeholder-avatar", {
    loader: { access: EVERYONE, note: "the caller's own initials, or a silhouette" },
  }),
  ...web("routes/api.login", "/api/login", {
    loader: { access: all("to-login"), note: "spec 000 §7: a redirect to the sign-in page" },
    action: { access: CLOSED },
  }),

  // Signing in and out (ADR 003). Anyone may try; the throttle, not the table, limits attempts.
  ...web("routes/login", "/login", {
    loader: { access: SIGNED_OUT_PAGE },
    action: { access: EVERYONE, writes: ["sessions"], note: "a new session for whoever proves a password" },
  }),
  ...web("routes/register", "/register", {
    loader: { access: SIGNED_OUT_PAGE },
    action: { access: EVERYONE, writes: ["users", "sessions"] },
  }),
  ...commandApi("routes/api.auth.login", "/api/auth/login", "POST", EVERYONE, { writes: ["sessions"] }),
  ...commandApi("routes/api.auth.register", "/api/auth/register", "POST", EVERYONE, { writes: ["users", "sessions"] }),
  ...commandApi("routes/api.auth.logout", "/api/auth/logout", "POST", EVERYONE, {
    writes: ["sessions"],
    note: "ends the caller's own session only (signed out: nothing to end)",
  }),
  ...readApi("routes/api.auth.user", "/api/auth/user", SIGNED_IN_API, { note: "the caller's own account" }),

  // Passkeys (ADR 021): anyone may sign in with one; only the signed-in person adds, lists and removes their own.
  ...commandApi("routes/api.auth.passkey.login.options", "/api/auth/passkey/login/options", "POST", EVERYONE, {
    writes: ["webauthn_challenges"],
  }),
  ...commandApi("routes/api.auth.passkey.login.verify", "/api/auth/passkey/login/verify", "POST", EVERYONE, {
    writes: ["sessions", "webauthn_credentials", "webauthn_challenges"],
    note: "a new session for whoever proves a registered passkey over a challenge the server issued, once",
  }),
  ...commandApi(
    "routes/api.auth.passkey.register.options",
    "/api/auth/passkey/register/options",
    "POST",
    SIGNED_IN_API,
    { writes: ["webauthn_challenges"] },
  ),
  ...commandApi("routes/api.auth.passkey.register.verify", "/api/auth/passkey/register/verify", "POST", SIGNED_IN_API, {
    writes: ["webauthn_credentials", "webauthn_challenges"],
    note: "added to the caller's own account, over a ceremony the caller started (another's is refused 400)",
  }),
  ...readApi("routes/api.auth.passkeys._index", "/api/auth/passkeys", SIGNED_IN_API, { owner: OWN_PASSKEYS }),
  ...commandApi("routes/api.auth.passkeys.$id", "/api/auth/passkeys/:id", "DELETE", OWNER_API, {
    owner: OWN_PASSKEY,
    writes: ["webauthn_credentials"],
  }),

  // Visit tracking (ADR 020): anyone may send an event; visits are the signed-in person's own.
  ...commandApi("routes/api.analytics.track", "/api/analytics/track", "POST", EVERYONE, {
    writes: ["analytics_events", "error_logs", "error_groups"],
    note: "rate-limited per client; a signed-out error report is kept apart and never reopens a resolved error",
  }),
  ...commandApi("routes/api.session.start", "/api/session/start", "POST", SIGNED_IN_API, {
    writes: ["user_sessions"],
    note: "the caller's own visit, keyed by their session",
  }),
  ...commandApi("routes/api.session.sync", "/api/session/sync", "POST", SIGNED_IN_API, { writes: ["user_sessions"] }),
  ...commandApi("routes/api.session.end", "/api/session/end", "POST", SIGNED_IN_API, { writes: ["user_sessions"] }),
  ...commandApi("routes/api.session.emergency-end", "/api/session/emergency-end", "POST", SIGNED_IN_API, {
    writes: ["user_sessions"],
  }),

  // The citizen's own: wallet, credentials, shares, profile (permissions.ts hold:credentials: any role, owner only).
  ...web("routes/api.dashboard.stats", "/api/dashboard/stats", {
    loader: { access: SIGNED_IN_API, note: "the caller's own dashboard figures" },
  }),
  ...web("routes/wallet", "/wallet", { loader: { access: SIGNED_IN_PAGE, owner: OWN_WALLET } }),
  ...web("routes/citizen-wallet", "/citizen-wallet", {
    loader: { access: SIGNED_IN_PAGE, owner: OWN_WALLET, note: "the same module as /wallet" },
  }),
  ...web("routes/wallet_.present", "/wallet/present", {
    loader: {
      access: SIGNED_IN_PAGE,
      note: "answers a verifier's request with the caller's own credentials; visitors sign in and come back",
    },
  }),
  ...web("routes/credentials", "/credentials", { loader: { access: SIGNED_IN_PAGE, owner: OWN_WALLET } }),
  ...web("routes/credentials_.$certificate", "/credentials/:certificate", {
    loader: {
      access: OWNER_PAGE,
      owner: OWN_CREDENTIAL,
      writes: ["shares", "wallet_events"],
      note: "a certificate of the caller's own credential (its verify link made on first download)",
    },
  }),
  ...web("routes/shares", "/shares", {
    loader: { access: SIGNED_IN_PAGE, owner: OWN_WALLET },
    action: {
      access: OWNER_PAGE,
      owner: OWN_SHARE,
      writes: ["shares", "wallet_events"],
      note: "Revoke Share (intent=revoke)",
    },
  }),
  ...web("routes/profile", "/profile", {
    loader: { access: SIGNED_IN_PAGE, note: "the caller's own profile" },
    action: {
      access: SIGNED_IN_PAGE,
      writes: ["users", "user_profiles", "wallet_events"],
      note: "saves the caller's own profile only: no user is named in the form",
    },
  }),
  ...readApi("routes/api.wallet.credentials", "/api/wallet/credentials", SIGNED_IN_API, { owner: OWN_WALLET }),
  ...commandApi("routes/api.vc.nonce", "/api/vc/nonce", "POST", SIGNED_IN_API, { writes: ["issuance_nonces"] }),
  ...commandApi("routes/api.vc.$type.issue", "/api/vc/:type/issue", "POST", SIGNED_IN_API, {
    writes: ["credentials", "issuance_nonces", "status_lists", "wallet_events"],
    note: "issued to the caller only (never a holder named in the request), over the caller's own nonce",
  }),
  ...commandApi("routes/api.credentials.$id.shares", "/api/credentials/:id/shares", "POST", OWNER_API, {
    owner: OWN_CREDENTIAL,
    writes: ["shares", "wallet_events"],
  }),
  ...readApi("routes/api.shares._index", "/api/shares", SIGNED_IN_API, { owner: OWN_WALLET }),
  ...commandApi("routes/api.shares.$id.revoke", "/api/shares/:id/revoke", "POST", OWNER_API, {
    owner: OWN_SHARE,
    writes: ["shares", "wallet_events"],
  }),
  ...readApi("routes/api.shares.download.$id", "/api/shares/download/:id", OWNER_API, { owner: OWN_SHARE }),
  ...commandApi("routes/api.credentials.$id.revoke", "/api/credentials/:id/revoke", "POST", ADMIN_API, {
    writes: ["credentials", "status_lists", "wallet_events"],
    note: "revoke:credentials: the authority's act, on this platform an administrator's",
  }),

  // The Verifier Portal's pages; its API is the verifier worker's (below).
  ...web("routes/verifier", "/verifier", {
    loader: { access: VERIFIER_PAGE, note: "the caller's own organisation's record, keys and usage" },
  }),
  ...web("routes/verifier-portal", "/verifier-portal", {
    loader: { access: VERIFIER_PAGE, note: "the same module as /verifier" },
  }),
  ...web("routes/verifier_.history", "/verifier/history", {
    loader: { access: VERIFIER_PAGE, note: "the caller's own organisation's checks" },
  }),
  ...web("routes/verifier_.api-docs", "/verifier/api-docs", { loader: { access: VERIFIER_PAGE } }),
  ...web("routes/verifier_.organisations", "/verifier/organisations", {
    loader: { access: ADMIN_PAGE, note: "manage:users: every organisation" },
  }),

  // The assisted-digital console (issue 10): staffOf (operators with an office, administrators) and the office scope.
  ...web("routes/assisted", "/assisted", {
    loader: {
      access: STAFF_PAGE,
      owner: OWN_OFFICE_LIST,
      note: "an operator not assigned to an office gets the 403 page too",
    },
  }),
  ...web("routes/assisted-digital", "/assisted-digital", {
    loader: { access: STAFF_PAGE, owner: OWN_OFFICE_LIST, note: "the same module as /assisted" },
  }),
  ...web("routes/assisted_.sessions.$id.paper", "/assisted/sessions/:id/paper", {
    loader: { access: STAFF_PAGE, owner: OWN_OFFICE },
  }),
  ...web("routes/api.assisted.sessions._index", "/api/assisted/sessions", {
    loader: { access: STAFF_API, owner: OWN_OFFICE_LIST },
    action: {
      access: STAFF_API,
      writes: ASSISTED_WRITES,
      note: "New Assisted Session, in the operator's own office (administrators name one)",
    },
  }),
  ...web("routes/api.assisted.sessions.$id", "/api/assisted/sessions/:id", {
    loader: { access: STAFF_API, owner: OWN_OFFICE },
    action: { method: "PATCH", access: STAFF_API, owner: OWN_OFFICE, writes: ASSISTED_WRITES },
  }),
  ...web(
    "routes/api.assisted.sessions.$id.actions",
    "/api/assisted/sessions/:id/actions",
    {
      action: {
        access: STAFF_API,
        owner: OWN_OFFICE,
        writes: [...ASSISTED_WRITES, "users", "authority_records", "credentials"],
        note: "a step's work; the session object enforces the steps' order",
      },
      loader: { access: CLOSED },
    },
    [
      {
        handler: "action",
        method: "POST",
        variant: "decide-approval",
        access: only(["supervisor", "admin"], 401),
        owner: { ...OWN_OFFICE, strangers: ["supervisor"] },
        writes: ASSISTED_WRITES,
        note: "dual control: supervisors and administrators only, and never the person who asked (the session object refuses a self-approval)",
      },
    ],
  ),
  ...web("routes/api.assisted.sessions.$id.records", "/api/assisted/sessions/:id/records", {
    loader: { access: STAFF_API, owner: OWN_OFFICE },
  }),
  ...web("routes/api.assisted.sessions.$id.live", "/api/assisted/sessions/:id/live", {
    loader: {
      access: STAFF_API,
      owner: OWN_OFFICE,
      note: "WebSocket: the web worker checks the caller, then passes the office scope and role to the object, never the cookie",
    },
  }),
  ...web("routes/api.assisted.office.live", "/api/assisted/office/live", {
    loader: { access: STAFF_API, note: "WebSocket to the caller's own office's board (administrators name one)" },
  }),
  ...web("routes/api.assisted.queue._index", "/api/assisted/queue", {
    loader: { access: STAFF_API, owner: OWN_OFFICE_LIST },
    action: {
      access: STAFF_API,
      writes: ["assisted_queue"],
      note: "adds to the operator's own office's queue (administrators name one)",
    },
  }),
  ...commandApi("routes/api.assisted.queue.$id", "/api/assisted/queue/:id", "PATCH", STAFF_API, {
    owner: OWN_OFFICE,
    writes: ["assisted_queue"],
  }),
  ...commandApi("routes/api.assisted.queue.$id.start", "/api/assisted/queue/:id/start", "POST", STAFF_API, {
    owner: OWN_OFFICE,
    writes: ASSISTED_WRITES,
  }),
  ...commandApi("routes/api.assisted.call-supervisor", "/api/assisted/call-supervisor", "POST", STAFF_API, {
    owner: OWN_OFFICE,
    note: "tells the supervisors' consoles of the session's office (or the caller's own); writes only its audit row",
  }),

  // Gabriel (issue 11): review:hitl for administrators and operators, control:agents for administrators.
  ...web("routes/gabriel", "/gabriel", {
    loader: {
      access: STAFF_PAGE,
      writes: ["gabriel_agents"],
      note: "review:hitl; the controls are shown to administrators only",
    },
  }),
  ...web("routes/api.gabriel.agents._index", "/api/gabriel/agents", {
    loader: {
      access: STAFF_API,
      writes: ["gabriel_agents"],
      note: "review:hitl (the first read makes the four agents' rows)",
    },
  }),
  ...commandApi("routes/api.gabriel.agents.$id", "/api/gabriel/agents/:id", "PATCH", ADMIN_API, {
    writes: ["gabriel_agents", "gabriel_audit_log"],
    note: "control:agents (Configure Policies)",
  }),
  ...web("routes/api.gabriel.hitl._index", "/api/gabriel/hitl", { loader: { access: STAFF_API, note: "review:hitl" } }),
  ...commandApi("routes/api.gabriel.hitl.$taskId.assign", "/api/gabriel/hitl/:taskId/assign", "POST", STAFF_API, {
    writes: ["gabriel_tasks", "gabriel_audit_log"],
    note: "review:hitl; one assignee at a time (administrators may take an item over); nobody reviews a case about themselves",
  }),
  ...commandApi("routes/api.gabriel.hitl.$taskId.decision", "/api/gabriel/hitl/:taskId/decision", "POST", STAFF_API, {
    writes: ["gabriel_tasks", "gabriel_audit_log"],
    note: "review:hitl; only the assignee decides an assigned item, once",
  }),
  ...commandApi("routes/api.gabriel.controls", "/api/gabriel/controls", "POST", ADMIN_API, {
    writes: ["gabriel_agents", "gabriel_audit_log"],
    note: "control:agents",
  }),
  ...commandApi("routes/api.gabriel.run", "/api/gabriel/run", "POST", ADMIN_API, {
    writes: ["gabriel_agents", "gabriel_tasks", "gabriel_audit_log"],
    note: "control:agents",
  }),
  ...web("routes/api.gabriel.live", "/api/gabriel/live", {
    loader: { access: STAFF_API, note: "WebSocket: review:hitl checked before the handshake reaches the object" },
  }),

  // Analytics (issue 12): view:analytics and resolve:errors, administrators only (logs hold usernames and addresses).
  ...web("routes/analytics", "/analytics", { loader: { access: ADMIN_PAGE } }),
  ...readApi("routes/api.analytics.dashboard", "/api/analytics/dashboard", ADMIN_API),
  ...readApi("routes/api.analytics.events", "/api/analytics/events", ADMIN_API),
  ...readApi("routes/api.analytics.logs", "/api/analytics/logs", ADMIN_API),
  ...readApi("routes/api.analytics.performance", "/api/analytics/performance", ADMIN_API),
  ...readApi("routes/api.analytics.errors._index", "/api/analytics/errors", ADMIN_API),
  ...readApi("routes/api.analytics.audit", "/api/analytics/audit", ADMIN_API, {
    note: "the security audit log: sign-ins, refusals, role changes, with usernames and addresses",
  }),
  ...readApi("routes/api.analytics.errors.$id", "/api/analytics/errors/:id", ADMIN_API),
  ...commandApi("routes/api.analytics.errors.$id.resolve", "/api/analytics/errors/:id/resolve", "POST", ADMIN_API, {
    writes: ["error_groups"],
    note: "resolve:errors (Mark Resolved)",
  }),
];

// ---------------------------------------------------------------------------------------------
// The verifier worker (Hono; issue 9). Reached through the web worker, which forwards
// /api/presentations/* and /api/verifications/* untouched. server/verification/actor.ts decides
// who is calling: a verifier or administrator by session (verify:credentials; citizens and
// operators 403), or an organisation's API key.

/** verify:credentials by session, or an API key: each acts for their own organisation (administrators read every organisation's records). */
const VERIFIERS = only(["verifier", "admin", "apiKey"], 401);
/** People of the organisation, signed in: an API key cannot mint or revoke keys. */
const VERIFIER_PEOPLE = { ...only(["verifier", "admin"], 401), apiKey: 403 } as const satisfies Access;
const VERIFIER_ADMIN = { ...only(["admin"], 401), apiKey: 403 } as const satisfies Access;

const OWN_ORGANISATION: OwnerRule = {
  rule: "the caller's own organisation's (administrators: any organisation's); another's reads as not found",
  strangers: ["verifier", "apiKey"],
  refusal: 404,
};
const OWN_ORGANISATION_LIST: OwnerRule = {
  rule: "the caller's own organisation's checks only (administrators: every organisation's, or the one named)",
  strangers: ["verifier", "apiKey"],
  refusal: "list",
};

const verifier = (
  method: HttpMethod,
  path: string,
  access: Access,
  more: Omit<Declared, "access"> = {},
): HonoEndpoint => ({ worker: "verifier", method, path, access, ...more });

export const VERIFIER_ENDPOINTS: readonly HonoEndpoint[] = [
  // Public: what anybody needs to trust the platform's requests and receipts.
  verifier("GET", "/api/verifications/health", EVERYONE),
  verifier("GET", "/api/verifications/keys", EVERYONE, { note: "the platform's verifier keys" }),
  verifier("GET", "/api/verifications/trust-anchor", EVERYONE),
  verifier("GET", "/api/verifications/checks", EVERYONE),
  verifier("GET", "/api/verifications/openapi.json", EVERYONE),
  // The organisation's keys and the registry of organisations.
  verifier("GET", "/api/verifications/api-keys", VERIFIER_PEOPLE, {
    note: "the caller's own organisation's keys (an account with none: 403)",
  }),
  verifier("POST", "/api/verifications/api-keys", VERIFIER_PEOPLE, {
    writes: ["verifier_api_keys"],
    note: "for the caller's own organisation",
  }),
  verifier("POST", "/api/verifications/api-keys/:id/revoke", VERIFIER_PEOPLE, {
    owner: {
      rule: "a key of the caller's own organisation (administrators too: their own organisation's); another's reads as not found",
      strangers: ["verifier", "admin"],
      refusal: 404,
    },
    writes: ["verifier_api_keys"],
  }),
  verifier("GET", "/api/verifications/organisations", VERIFIER_ADMIN),
  verifier("POST", "/api/verifications/organisations", VERIFIER_ADMIN, {
    writes: ["verifier_organisations", "users"],
    note: "registers an organisation (and may add a verifier account to it)",
  }),
  // The record of checks.
  verifier("GET", "/api/verifications/history", VERIFIERS, { owner: OWN_ORGANISATION_LIST }),
  verifier("GET", "/api/verifications/usage", VERIFIERS, {
    note: "the caller's own organisation's counts (administrators: every organisation's)",
  }),
  verifier("POST", "/api/verifications/:id/visual-match", VERIFIER_PEOPLE, {
    owner: {
      rule: "a check of the caller's own organisation, administrators included: only someone of the organisation saw the holder",
      strangers: ["verifier", "admin"],
      refusal: 404,
    },
    writes: ["presentations"],
  }),
  verifier("GET", "/api/verifications/:id/receipt", VERIFIERS, { owner: OWN_ORGANISATION }),
  // OpenID4VP (ADR 015, 016) and offline validation (ADR 014).
  verifier("POST", "/api/presentations/requests", VERIFIERS, {
    writes: ["verification_requests"],
    note: "for the caller's own organisation, within the checks it is registered for",
  }),
  verifier("GET", "/api/presentations/requests/:id", VERIFIERS, { owner: OWN_ORGANISATION }),
  verifier("GET", "/api/presentations/requests/:id/live", VERIFIERS, {
    owner: OWN_ORGANISATION,
    note: "WebSocket to the request's object, after the same check",
  }),
  verifier("GET", "/api/presentations/requests/:id/object", EVERYONE, {
    note: "request_uri: whoever holds the QR code, while the request is open",
  }),
  verifier("POST", "/api/presentations/response", EVERYONE, {
    writes: ["verification_requests", "presentations", "wallet_events"],
    note: "response_uri (direct_post): wallets post from anywhere; authenticated by the request's state alone, no cookie read",
  }),
  verifier("OPTIONS", "/api/presentations/response", EVERYONE, { note: "CORS preflight for response_uri" }),
  verifier("POST", "/api/presentations/validate", VERIFIERS, {
    writes: ["presentations", "offline_nonces", "verification_requests", "wallet_events"],
    note: "recorded for the caller's own organisation; an online request named must be the organisation's own",
  }),
];

// ---------------------------------------------------------------------------------------------
// The status worker (Hono; ADR 011): public verification material. It reads no session and no key.

const status = (path: string, note?: string): HonoEndpoint => ({
  worker: "status",
  method: "GET",
  path,
  access: EVERYONE,
  ...(note ? { note } : {}),
});

export const STATUS_ENDPOINTS: readonly HonoEndpoint[] = [
  status("/status/health"),
  status("/status/lists/:id", "a signed statuslist+jwt: revoked or not, by index, for any verifier"),
  status("/.well-known/jwt-vc-issuer/issuers/:id", "issuer metadata with its public keys"),
  status("/vct/:slug", "credential type metadata"),
];

export const ENDPOINTS: readonly Endpoint[] = [...WEB_ENDPOINTS, ...VERIFIER_ENDPOINTS, ...STATUS_ENDPOINTS];

// ---------------------------------------------------------------------------------------------
// Durable Object entry points (workers/durable-objects). Nothing on the Internet reaches an
// object: the worker's own fetch answers 404, and only workers with a binding to a class
// (wrangler.toml [[durable_objects.bindings]]) get a stub. Each entry says which worker calls it,
// through which of its endpoints, and what that worker has checked first.

/** A worker holding a binding: the web worker, the verifier worker, or the objects' own worker (one object calling another). */
export type BindingWorker = "web" | "verifier" | "durable-objects";

interface ObjectCaller {
  worker: BindingWorker;
  /** The endpoints (endpointKey) whose handling makes the call, or `entry` for the worker's own entry point. */
  via: readonly string[];
  /** What the caller has established before it calls. */
  checks: string;
}

/**
 * - rpc: a public method called on a stub.
 * - fetch: the WebSocket handshake, passed on by a worker after its own checks.
 * - runtime: called by the runtime only (alarm, WebSocket events); workerd refuses them over RPC.
 * Only these are listed: they are the classes' public prototype methods, all RPC can reach. A
 * class's helpers are ECMAScript-private (`#name`), which RPC cannot reach (TypeScript's `private`
 * is no runtime boundary: workerd would answer it to a worker holding the binding; ADR 022).
 */
interface ObjectEntryPoint {
  className: string;
  method: string;
  kind: "rpc" | "fetch" | "runtime";
  callers: readonly ObjectCaller[];
  note?: string;
}

const verifierEntry = (method: HttpMethod, path: string) => honoKey("verifier", method, path);

const ASSISTED_STAFF =
  "a signed-in operator with an office, or an administrator (staffOf); the caller's office scope goes with every call and the object answers nothing outside it";
/** A console's WebSocket is let in once; its grant stays with the socket and is checked again before every message (server/accounts/live-access.ts). */
const GRANT =
  "the upgrade carries a grant (the login session's row id and what it needs), checked again before every message, so a sign-out or a role change closes the socket";
/** The session's state read through its object (readSession): the session's own endpoints, the console, the paper page, Call Supervisor. */
const ASSISTED_SESSION_READS = [
  webKey("routes/api.assisted.sessions.$id", "loader"),
  webKey("routes/api.assisted.sessions.$id.actions", "action"),
  webKey("routes/api.assisted.sessions.$id.records", "loader"),
  webKey("routes/assisted_.sessions.$id.paper", "loader"),
  webKey("routes/assisted", "loader"),
  webKey("routes/assisted-digital", "loader"),
  webKey("routes/api.assisted.call-supervisor", "action"),
];
/** Commands through the session's single writer. */
const ASSISTED_SESSION_COMMANDS = [
  webKey("routes/api.assisted.sessions.$id", "action"),
  webKey("routes/api.assisted.sessions.$id.actions", "action"),
  webKey("routes/api.assisted.sessions.$id.actions", "action", "decide-approval"),
];
const SIGN_IN_ROUTES = [webKey("routes/login", "action"), webKey("routes/api.auth.login", "action")];
const REGISTRATION_ROUTES = [
  webKey("routes/register", "action"),
  webKey("routes/api.auth.register", "action"),
  webKey("routes/api.assisted.sessions.$id.actions", "action"),
];
const REVIEWER =
  "review:hitl (administrators, operators), the reviewer named by the server from the session, never by the body";

const rpc = (className: string, method: string, callers: readonly ObjectCaller[], note?: string): ObjectEntryPoint => ({
  className,
  method,
  kind: "rpc",
  callers,
  ...(note ? { note } : {}),
});
const handshake = (className: string, callers: readonly ObjectCaller[], note?: string): ObjectEntryPoint => ({
  className,
  method: "fetch",
  kind: "fetch",
  callers,
  ...(note ? { note } : {}),
});
const runtime = (className: string, method: string, note: string): ObjectEntryPoint => ({
  className,
  method,
  kind: "runtime",
  callers: [],
  note,
});

export const OBJECT_ENTRY_POINTS: readonly ObjectEntryPoint[] = [
  // The base every object extends.
  runtime("ClockedObject", "webSocketClose", "a watcher's socket closing"),

  rpc("LoginThrottle", "attempt", [
    {
      worker: "web",
      via: [...SIGN_IN_ROUTES, ...REGISTRATION_ROUTES],
      checks:
        "nothing: anyone may try to sign in or register; the object is keyed by the account, the address or the registering operator",
    },
  ]),
  rpc("LoginThrottle", "undo", [
    {
      worker: "web",
      via: SIGN_IN_ROUTES,
      checks: "the attempt was counted by this request (a lockout elsewhere, or a proven password)",
    },
  ]),
  rpc("LoginThrottle", "clear", [{ worker: "web", via: SIGN_IN_ROUTES, checks: "the password was proven" }]),
  runtime("LoginThrottle", "alarm", "forgets an expired window"),

  rpc("PresentationRequest", "open", [
    {
      worker: "verifier",
      via: [verifierEntry("POST", "/api/presentations/requests")],
      checks: "verify:credentials by session, or an API key, for an organisation registered for the check",
    },
  ]),
  rpc("PresentationRequest", "openState", [
    {
      worker: "verifier",
      via: [verifierEntry("GET", "/api/presentations/requests/:id/object")],
      checks: "nothing: request_uri is public while the request is open (the object answers null once it is not)",
    },
  ]),
  rpc("PresentationRequest", "answer", [
    {
      worker: "verifier",
      via: [verifierEntry("POST", "/api/presentations/response")],
      checks: "the request's state (its hash found the row), no cookie",
    },
    {
      worker: "verifier",
      via: [verifierEntry("POST", "/api/presentations/validate")],
      checks: "the caller's own organisation's request (ownRequest)",
    },
  ]),
  rpc("PresentationRequest", "snapshot", [
    {
      worker: "verifier",
      via: [verifierEntry("GET", "/api/presentations/requests/:id")],
      checks: "the request is the caller's organisation's (administrators: any)",
    },
  ]),
  handshake("PresentationRequest", [
    {
      worker: "verifier",
      via: [verifierEntry("GET", "/api/presentations/requests/:id/live")],
      checks: "the request is the caller's organisation's (visibleRequest)",
    },
  ]),
  runtime("PresentationRequest", "webSocketMessage", "a portal's socket asking for the state again"),
  runtime("PresentationRequest", "alarm", "expires the request, or retries its write-through"),

  rpc("AssistedSessionObject", "create", [
    {
      worker: "web",
      via: [
        webKey("routes/api.assisted.sessions._index", "action"),
        webKey("routes/api.assisted.queue.$id.start", "action"),
      ],
      checks: ASSISTED_STAFF,
    },
  ]),
  rpc("AssistedSessionObject", "view", [{ worker: "web", via: ASSISTED_SESSION_READS, checks: ASSISTED_STAFF }]),
  rpc("AssistedSessionObject", "apply", [
    {
      worker: "web",
      via: ASSISTED_SESSION_COMMANDS,
      checks: `${ASSISTED_STAFF}; approvals decided by supervisors and administrators only`,
    },
  ]),
  handshake("AssistedSessionObject", [
    {
      worker: "web",
      via: [webKey("routes/api.assisted.sessions.$id.live", "loader")],
      checks: `${ASSISTED_STAFF}; the role tag is the server's reading of supervisor authority; ${GRANT}`,
    },
  ]),
  runtime("AssistedSessionObject", "webSocketMessage", "a console's socket asking for the state again"),
  runtime("AssistedSessionObject", "alarm", "deletes raw document data when due, retries the write-through"),

  rpc("AssistedOffice", "changed", [
    {
      worker: "web",
      via: [
        webKey("routes/api.assisted.queue._index", "action"),
        webKey("routes/api.assisted.queue.$id", "action"),
        webKey("routes/api.assisted.queue.$id.start", "action"),
      ],
      checks: `${ASSISTED_STAFF}; the office is the queue entry's`,
    },
    {
      worker: "durable-objects",
      via: ["AssistedSessionObject.create", "AssistedSessionObject.apply"],
      checks: "a session of that office changed",
    },
  ]),
  rpc("AssistedOffice", "callSupervisor", [
    {
      worker: "web",
      via: [webKey("routes/api.assisted.call-supervisor", "action")],
      checks: `${ASSISTED_STAFF}; the caller named by the server`,
    },
  ]),
  handshake("AssistedOffice", [
    {
      worker: "web",
      via: [webKey("routes/api.assisted.office.live", "loader")],
      checks: `${ASSISTED_STAFF}; the caller's own office (administrators name one); ${GRANT}`,
    },
  ]),

  rpc("GabrielOrchestrator", "ensureScheduled", [
    { worker: "web", via: ["entry"], checks: "nothing: once per isolate, arms the schedule; it takes no input" },
  ]),
  rpc("GabrielOrchestrator", "overview", [
    {
      worker: "web",
      via: [webKey("routes/api.gabriel.hitl._index", "loader"), webKey("routes/gabriel", "loader")],
      checks: REVIEWER,
    },
  ]),
  rpc("GabrielOrchestrator", "assign", [
    {
      worker: "web",
      via: [webKey("routes/api.gabriel.hitl.$taskId.assign", "action")],
      checks: `${REVIEWER}; the assignee an administrator or operator; override for administrators only`,
    },
  ]),
  rpc("GabrielOrchestrator", "decide", [
    { worker: "web", via: [webKey("routes/api.gabriel.hitl.$taskId.decision", "action")], checks: REVIEWER },
  ]),
  rpc("GabrielOrchestrator", "control", [
    {
      worker: "web",
      via: [webKey("routes/api.gabriel.controls", "action")],
      checks: "control:agents (administrators)",
    },
  ]),
  rpc("GabrielOrchestrator", "runNow", [
    { worker: "web", via: [webKey("routes/api.gabriel.run", "action")], checks: "control:agents (administrators)" },
  ]),
  handshake("GabrielOrchestrator", [
    { worker: "web", via: [webKey("routes/api.gabriel.live", "loader")], checks: `${REVIEWER}; ${GRANT}` },
  ]),
  runtime("GabrielOrchestrator", "alarm", "runs the agents every minute while running; flushes owed writes"),

  rpc("Housekeeper", "ensureScheduled", [
    { worker: "web", via: ["entry"], checks: "nothing: once per isolate, arms the schedule; it takes no input" },
  ]),
  rpc("Housekeeper", "dailySalt", [
    {
      worker: "web",
      via: [
        webKey("routes/api.analytics.track", "action"),
        webKey("routes/api.session.start", "action"),
        webKey("routes/api.session.sync", "action"),
        webKey("routes/api.session.end", "action"),
        webKey("routes/api.session.emergency-end", "action"),
      ],
      checks:
        "nothing (anyone may send an analytics event): the salt never leaves the server, only addresses hashed with it are stored",
    },
  ]),
  rpc("Housekeeper", "runNow", [], "no worker calls it (the alarm does the same work); kept for tests and operations"),
  rpc("Housekeeper", "lastRun", [], "no worker calls it; read by tests"),
  runtime("Housekeeper", "alarm", "rolls up and prunes analytics every 15 minutes"),
];
