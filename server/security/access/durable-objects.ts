import { type HttpMethod, honoKey, webKey } from "#server/security/access-table.ts";

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

/** The verifier worker calling while it handles one of its endpoints, having checked `checks`. */
const fromVerifier = (method: HttpMethod, path: string, checks: string): ObjectCaller => ({
  worker: "verifier",
  via: [honoKey("verifier", method, path)],
  checks,
});

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
const SIGN_IN_ROUTES = [webKey("routes/($lang).login", "action"), webKey("routes/api.auth.login", "action")];
const REGISTRATION_ROUTES = [
  webKey("routes/($lang).register", "action"),
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
    fromVerifier(
      "POST",
      "/api/presentations/requests",
      "verify:credentials by session, or an API key, for an organisation registered for the check",
    ),
  ]),
  rpc("PresentationRequest", "openState", [
    fromVerifier(
      "GET",
      "/api/presentations/requests/:id/object",
      "nothing: request_uri is public while the request is open (the object answers null once it is not)",
    ),
  ]),
  rpc("PresentationRequest", "responseKey", [
    fromVerifier(
      "GET",
      "/api/presentations/requests/:id/object",
      "nothing: its public half goes into the request object (the object answers null once the request is not open)",
    ),
    fromVerifier(
      "POST",
      "/api/presentations/response",
      "a JWE whose kid names the request (decrypted with this key only), or the request's state (a plain answer to a request that asked for direct_post.jwt is refused)",
    ),
  ]),
  rpc("PresentationRequest", "answer", [
    fromVerifier("POST", "/api/presentations/response", "the request's state (its hash found the row), no cookie"),
    fromVerifier("POST", "/api/presentations/validate", "the caller's own organisation's request (ownRequest)"),
    fromVerifier(
      "POST",
      "/api/presentations/decline",
      "the request's state, and a person signed in holding an active credential of a type it asks for (the only decline)",
    ),
  ]),
  rpc("PresentationRequest", "snapshot", [
    fromVerifier(
      "GET",
      "/api/presentations/requests/:id",
      "the request is the caller's organisation's (administrators: any)",
    ),
  ]),
  handshake("PresentationRequest", [
    fromVerifier(
      "GET",
      "/api/presentations/requests/:id/live",
      `a person signed in whose organisation's request it is (administrators: any); ${GRANT}`,
    ),
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
