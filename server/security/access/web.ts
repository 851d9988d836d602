import {
  type Access,
  ADMIN_API,
  ADMIN_PAGE,
  all,
  CLOSED,
  type Declared,
  EVERYONE,
  type HttpMethod,
  OWNER_API,
  OWNER_PAGE,
  type OwnerRule,
  only,
  SIGNED_IN_API,
  SIGNED_IN_PAGE,
  SIGNED_OUT_PAGE,
  STAFF_API,
  STAFF_PAGE,
  VERIFIER_PAGE,
  type WebEndpoint,
} from "#server/security/access-table.ts";

// The web worker (Remix). Paths other workers own are forwarded before Remix sees them
// (app/worker/routes.ts): their entries are the status and verifier workers' tables.

/**
 * Signed in, own rows only: one row of the caller's, named in the path; another person's reads as
 * not found (404), and one they ask to delete `stays`.
 */
const ownRow = (which: string, { stays = false } = {}): OwnerRule => ({
  rule: `${which}: another's reads as not found${stays ? ", and stays" : ""}`,
  strangers: ["citizen"],
  refusal: 404,
});
/** Signed in, own rows only: a list that holds the caller's own `what` and nobody else's. */
const ownList = (what: string): OwnerRule => ({
  rule: `lists the caller's own ${what} only`,
  strangers: ["citizen"],
  refusal: "list",
});

const OWN_CREDENTIAL = ownRow("the caller's own credential");
const OWN_SHARE = ownRow("the caller's own share");
const OWN_PASSKEY = ownRow("one of the caller's own passkeys", { stays: true });
const OWN_PASSKEYS = ownList("passkeys");
const OWN_SESSION = ownRow("one of the caller's own signed-in sessions, by the reference their list gave", {
  stays: true,
});
const OWN_SESSIONS = ownList("signed-in sessions");
const OWN_WALLET = ownList("credentials and shares");
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
  ...web("routes/($lang)._index", "/:lang?", {
    loader: { access: EVERYONE, note: "the pitch home for visitors; the signed-in user's own dashboard" },
  }),
  ...pitchPage("routes/($lang).about", "/:lang?/about"),
  ...pitchPage("routes/($lang).business-model", "/:lang?/business-model"),
  ...pitchPage("routes/($lang).challenge", "/:lang?/challenge"),
  ...pitchPage("routes/($lang).costs-benefits", "/:lang?/costs-benefits"),
  ...pitchPage("routes/($lang).governance", "/:lang?/governance"),
  ...pitchPage("routes/($lang).government", "/:lang?/government"),
  ...pitchPage("routes/($lang).investor-funding", "/:lang?/investor-funding"),
  ...pitchPage("routes/($lang).marketing", "/:lang?/marketing"),
  ...pitchPage("routes/($lang).ministers", "/:lang?/ministers"),
  ...pitchPage("routes/($lang).pilots", "/:lang?/pilots"),
  ...web("routes/($lang).privacy-policy", "/:lang?/privacy-policy", {
    loader: { access: EVERYONE, note: "the page's title and words in the address's language; no session read" },
  }),
  ...pitchPage("routes/($lang).roadmap", "/:lang?/roadmap"),
  ...pitchPage("routes/($lang).solution", "/:lang?/solution"),
  ...web("routes/($lang).terms-of-service", "/:lang?/terms-of-service", {
    loader: { access: EVERYONE, note: "the page's title and words in the address's language; no session read" },
  }),
  ...web("routes/($lang).podcasts", "/:lang?/podcasts", { loader: { access: EVERYONE } }),
  ...web("routes/($lang).coming-soon.$feature", "/:lang?/coming-soon/:feature", { loader: { access: EVERYONE } }),
  ...web("routes/($lang).gabriel-ai", "/:lang?/gabriel-ai", {
    loader: { access: EVERYONE, note: "agents' declarations and aggregate figures only" },
  }),
  ...web("routes/($lang).verify.$shareId", "/:lang?/verify/:shareId", {
    loader: {
      access: EVERYONE,
      writes: ["shares", "wallet_events", "presentations"],
      note: "whoever holds a share link: valid or not, type and issuer, nothing personal; counts the view",
    },
  }),
  ...web("routes/verify-malformed", "/:lang?/verify/*", {
    loader: { access: EVERYONE, note: "a malformed share link: the verify page's own 404" },
  }),
  ...web("routes/language.$locale", "/language/:locale", {
    loader: {
      access: EVERYONE,
      writes: ["users"],
      note: "the language switch: a cookie for anyone; the signed-in person's own saved language, same-origin only",
    },
  }),
  ...web("routes/api.placeholder-avatar", "/api/placeholder-avatar", {
    loader: { access: EVERYONE, note: "the caller's own initials, or a silhouette" },
  }),
  ...web("routes/api.login", "/api/login", {
    loader: { access: all("to-login"), note: "spec 000 §7: a redirect to the sign-in page" },
    action: { access: CLOSED },
  }),

  // Signing in and out (ADR 003). Anyone may try; the throttle, not the table, limits attempts.
  ...web("routes/($lang).login", "/:lang?/login", {
    loader: { access: SIGNED_OUT_PAGE },
    action: { access: EVERYONE, writes: ["sessions"], note: "a new session for whoever proves a password" },
  }),
  ...web("routes/($lang).register", "/:lang?/register", {
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
    writes: ["webauthn_credentials", "webauthn_challenges", "wallet_events"],
    note: "added to the caller's own account, over a ceremony the caller started (another's is refused 400)",
  }),
  ...readApi("routes/api.auth.passkeys._index", "/api/auth/passkeys", SIGNED_IN_API, { owner: OWN_PASSKEYS }),
  ...commandApi("routes/api.auth.passkeys.$id", "/api/auth/passkeys/:id", "DELETE", OWNER_API, {
    owner: OWN_PASSKEY,
    writes: ["webauthn_credentials", "wallet_events"],
    note: "also 403 reauth_required without a confirmation in the last five minutes (ADR 030)",
  }),

  // Confirm it's you, the password, and where one is signed in (ADR 030): the signed-in person's own only.
  ...commandApi("routes/api.auth.reauth._index", "/api/auth/reauth", "POST", SIGNED_IN_API, {
    writes: ["sessions"],
    note: "confirms the caller's own session with their own password (throttled per person)",
  }),
  ...commandApi("routes/api.auth.reauth.passkey.options", "/api/auth/reauth/passkey/options", "POST", SIGNED_IN_API, {
    writes: ["webauthn_challenges"],
    note: "a ceremony allowing the caller's own passkeys only",
  }),
  ...commandApi("routes/api.auth.reauth.passkey.verify", "/api/auth/reauth/passkey/verify", "POST", SIGNED_IN_API, {
    writes: ["sessions", "webauthn_credentials", "webauthn_challenges"],
    note: "confirms the caller's own session by a passkey of theirs, over a ceremony they started",
  }),
  ...commandApi("routes/api.auth.password", "/api/auth/password", "POST", SIGNED_IN_API, {
    writes: ["users", "sessions", "wallet_events"],
    note: "the caller's own password, with their current one; ends their own other sessions",
  }),
  ...web("routes/api.auth.sessions._index", "/api/auth/sessions", {
    loader: { access: SIGNED_IN_API, owner: OWN_SESSIONS },
    action: {
      method: "DELETE",
      access: SIGNED_IN_API,
      writes: ["sessions"],
      note: "ends the caller's own other sessions (the one in use stays)",
    },
  }),
  ...commandApi("routes/api.auth.sessions.$id", "/api/auth/sessions/:id", "DELETE", OWNER_API, {
    owner: OWN_SESSION,
    writes: ["sessions"],
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
      access: EVERYONE,
      note: "a verifier's request: the signed-in caller answers with their own credentials; a visitor sees who asks and chooses to sign in or to answer with a wallet app on the device (ADR 054)",
    },
  }),
  ...web("routes/wallet_.apps", "/wallet/apps", {
    loader: { access: SIGNED_IN_PAGE, owner: ownList("issuances to wallet apps (where their credentials went)") },
    action: {
      access: OWNER_PAGE,
      owner: ownRow("one of the caller's own issuances to a wallet app", { stays: true }),
      writes: ["credentials", "status_lists", "wallet_events"],
      note: "Revoke the copies (intent=revoke), as POST /api/wallet/issuances/{id}/revoke",
    },
  }),
  ...web("routes/credentials", "/credentials", { loader: { access: SIGNED_IN_PAGE, owner: OWN_WALLET } }),
  ...web("routes/credentials_.$certificate", "/credentials/:certificate", {
    loader: {
      access: OWNER_PAGE,
      owner: OWN_CREDENTIAL,
      writes: ["wallet_events"],
      note: "a certificate of the caller's own credential; prints its open certificate link, never makes one (issue 20)",
    },
    action: {
      access: OWNER_PAGE,
      owner: OWN_CREDENTIAL,
      writes: ["shares", "wallet_events"],
      note: "Download Certificate: makes (or reuses) the 24-hour link its QR code opens, listed on /shares",
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
      writes: ["users", "user_profiles", "wallet_events", "sessions"],
      note: "saves the caller's own profile only: no user is named in the form; a new email needs a recent confirmation (403) and is rate limited (429). Security Settings without JavaScript: confirms, changes the password of, and signs out the caller's own sessions only, as the API does",
    },
  }),
  ...readApi("routes/api.wallet.credentials", "/api/wallet/credentials", SIGNED_IN_API, { owner: OWN_WALLET }),
  ...commandApi("routes/api.vc.nonce", "/api/vc/nonce", "POST", SIGNED_IN_API, {
    note: "a nonce made under the worker secret for the caller: nothing written",
  }),
  ...commandApi("routes/api.vc.$type.issue", "/api/vc/:type/issue", "POST", SIGNED_IN_API, {
    writes: ["credentials", "credential_issuances", "spent_values", "status_lists", "wallet_events"],
    note: "issued to the caller only (never a holder named in the request), over the caller's own nonce",
  }),
  ...commandApi("routes/api.wallet.offers", "/api/wallet/offers", "POST", SIGNED_IN_API, {
    writes: ["credential_offers"],
    note: "an offer of the caller's own record only: no holder is named in the request",
  }),
  ...readApi("routes/api.wallet.issuances._index", "/api/wallet/issuances", SIGNED_IN_API, {
    owner: ownList("issuances (where their credentials went)"),
  }),
  ...commandApi("routes/api.wallet.issuances.$id.revoke", "/api/wallet/issuances/:id/revoke", "POST", OWNER_API, {
    owner: ownRow("one of the caller's own issuances to a wallet app", { stays: true }),
    writes: ["credentials", "status_lists", "wallet_events"],
  }),
  // OpenID4VCI issuance to any wallet (ADR 045): wallets authenticate with a DPoP-bound access
  // token, never a session, so what a session holds changes nothing here.
  ...commandApi("routes/oauth.token", "/oauth/token", "POST", EVERYONE, {
    writes: ["credential_offers", "oauth_access_tokens", "oauth_authorizations", "spent_values"],
    note: "redeems a pre-authorized code (with its transaction code) for the person the offer is about, or an authorization code (with its PKCE verifier, by the DPoP key it was pushed with) for the person who approved it; no session is read",
  }),
  ...commandApi("routes/oauth.par", "/oauth/par", "POST", EVERYONE, {
    writes: ["oauth_authorizations", "spent_values"],
    note: "keeps a wallet app's authorization request for 60 s; it authorises nothing until a signed-in person approves it at /oauth/authorize; no session is read",
  }),
  ...web("routes/oauth.authorize", "/oauth/authorize", {
    loader: {
      access: SIGNED_IN_PAGE,
      note: "the consent screen of a pushed request, for whoever signs in (an unknown, expired or used request is an error page, never a redirect)",
    },
    action: {
      access: SIGNED_IN_PAGE,
      writes: ["oauth_authorizations"],
      note: "Approve gives a code only to a person who holds a current record of the type (and whose offer an issuer_state names); Decline closes the request",
    },
  }),
  ...web("routes/oauth.offers.$id", "/oauth/offers/:id", {
    loader: { access: EVERYONE, note: "an offer by its unguessable id; 404 once used, void or expired" },
    action: { access: CLOSED, note: "GET only" },
  }),
  ...commandApi("routes/issuers.$id.nonce", "/issuers/:id/nonce", "POST", EVERYONE, {
    note: "a c_nonce made under the worker secret: nothing is written",
  }),
  ...commandApi("routes/issuers.$id.credential", "/issuers/:id/credential", "POST", all(401), {
    writes: [
      "credentials",
      "credential_issuances",
      "oauth_access_tokens",
      "spent_values",
      "status_lists",
      "wallet_events",
    ],
    note: "only a DPoP-bound access token from /oauth/token opens it (401 without one, whoever is signed in); it issues to the person the token is about",
  }),
  ...commandApi("routes/issuers.$id.deferred-credential", "/issuers/:id/deferred-credential", "POST", all(401), {
    writes: ["credential_transactions", "credentials", "credential_issuances", "status_lists", "wallet_events"],
    note: "only the DPoP-bound access token that asked may collect (401 without one, whoever is signed in)",
  }),
  ...commandApi("routes/issuers.$id.notification", "/issuers/:id/notification", "POST", all(401), {
    writes: ["credential_issuances", "credentials", "status_lists", "wallet_events"],
    note: "only the DPoP-bound access token that issued the copies may report on them (401 without one, whoever is signed in)",
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
  // Registering an organisation signs its attestation with the trust anchor's key, this worker's alone (ADR 034).
  ...commandApi("routes/api.verifier-organisations._index", "/api/verifier-organisations", "POST", ADMIN_API, {
    writes: ["verifier_organisations", "users"],
    note: "manage:users: registers an organisation, its attestation signed and stored (and may add a verifier account to it)",
  }),
  ...commandApi(
    "routes/api.verifier-organisations.$id.attestation",
    "/api/verifier-organisations/:id/attestation",
    "POST",
    ADMIN_API,
    { writes: ["verifier_organisations"], note: "manage:users: signs the organisation's attestation again" },
  ),
  ...commandApi(
    "routes/api.verifier-organisations.$id.web-origins",
    "/api/verifier-organisations/:id/web-origins",
    "POST",
    ADMIN_API,
    {
      writes: ["verifier_organisations"],
      note: "manage:users: the websites it asks from through the DC API (ADR 054)",
    },
  ),

  // The trust list (ADR 050): administrators propose; another administrator approves.
  ...web("routes/verifier_.trust-list", "/verifier/trust-list", {
    loader: { access: ADMIN_PAGE, note: "manage:trust-list: every entry" },
    action: {
      access: ADMIN_PAGE,
      writes: ["trust_list_entries", "trust_list_events"],
      note: "manage:trust-list: the page's forms: propose, approve (never the proposer), reject, retire",
    },
  }),
  ...web("routes/api.trust-list._index", "/api/trust-list", {
    loader: { access: ADMIN_API, note: "manage:trust-list: every entry, its proposer and approver" },
    action: {
      access: ADMIN_API,
      writes: ["trust_list_entries", "trust_list_events"],
      note: "manage:trust-list: proposes an entry (not trusted until another administrator approves it)",
    },
  }),
  ...commandApi("routes/api.trust-list.$id.$decision", "/api/trust-list/:id/:decision", "POST", ADMIN_API, {
    writes: ["trust_list_entries", "trust_list_events"],
    note: "manage:trust-list: approve (never the proposer), reject or retire, each with its event",
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
