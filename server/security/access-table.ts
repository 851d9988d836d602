/**
 * Who may call what: every endpoint of every worker (issue 13; ADR 022). This module is the
 * table's vocabulary (actors, outcomes, entry types, the access patterns named once); the entries
 * are one table per worker in ./access/: web.ts, verifier.ts, status.ts, durable-objects.ts.
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
 * adding its entry to its worker's table (and a probe in the worker's test saying how to call it).
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
export interface OwnerRule {
  rule: string;
  strangers: readonly Actor[];
  refusal: 403 | 404 | "list";
}

export interface Declared {
  access: Access;
  owner?: OwnerRule;
  /** The tables the endpoint writes (a refused call must leave their rows as they were). Audit rows (system_logs) are written on refusals too, by design. */
  writes?: readonly string[];
  /** Why, where the rule is not plain from the access. */
  note?: string;
}

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE" | "OPTIONS";

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

export const all = (outcome: Outcome): Access =>
  Object.fromEntries(ACTORS.map((actor) => [actor, outcome])) as unknown as Access;

/** `allowed` get through; signed-out callers get `signedOut`; every other signed-in caller `others`. */
export function only(allowed: readonly Actor[], signedOut: Outcome, others: Outcome = 403): Access {
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
export const EVERYONE = all("allowed");
/** Answered 405 to everyone: the route takes another method. */
export const CLOSED = all(405);
/** Any signed-in account; visitors are sent to sign in. */
export const SIGNED_IN_PAGE = only(SIGNED_IN, "to-login");
export const SIGNED_IN_API = only(SIGNED_IN, 401);
export const ADMIN_PAGE = only(["admin"], "to-login");
export const ADMIN_API = only(["admin"], 401);
export const STAFF_PAGE = only(STAFF, "to-login");
export const STAFF_API = only(STAFF, 401);
/** The Verifier Portal's pages: verifiers and administrators acting for their own organisation (without one: a 403 page). */
export const VERIFIER_PAGE = only(["verifier", "admin"], "to-login");
/**
 * The object's owner only. The object is the citizen's, so every other account, administrators
 * included (a wallet is personal), finds its id not found; each reaches their own the same way.
 */
export const OWNER_API = only(["citizen"], 401, 404);
export const OWNER_PAGE = only(["citizen"], "to-login", 404);
/** /login and /register: for visitors; someone signed in is sent home. */
export const SIGNED_OUT_PAGE = only(["anonymous", "apiKey"], "allowed", "to-home");
