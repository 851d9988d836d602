import {
  type Access,
  type Declared,
  EVERYONE,
  type HonoEndpoint,
  type HttpMethod,
  type OwnerRule,
  only,
} from "#server/security/access-table.ts";

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
  // Registering one is the web worker's (POST /api/verifier-organisations): it holds the trust anchor's key (ADR 034).
  verifier("GET", "/api/verifications/organisations", VERIFIER_ADMIN),
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
  verifier("GET", "/api/presentations/requests/:id/live", VERIFIER_PEOPLE, {
    owner: { ...OWN_ORGANISATION, strangers: ["verifier"] },
    note: "WebSocket to the request's object, after the same check, with a grant (the login session, the organisation) the object checks before every message; an API key polls GET …/:id instead",
  }),
  verifier("GET", "/api/presentations/requests/:id/object", EVERYONE, {
    note: "request_uri: whoever holds the QR code, while the request is open",
  }),
  verifier("GET", "/api/presentations/requests/:id/dc-api", EVERYONE, {
    note: "the request for the browser's Digital Credentials API (ADR 054): public as request_uri is, any origin may read it",
  }),
  verifier("POST", "/api/presentations/requests/:id/dc-api", EVERYONE, {
    writes: ["verification_requests", "presentations", "wallet_events"],
    note: "the device wallet's answer, posted by the page that asked: its Origin must be one of the request's expected_origins, the answer encrypted to the request's key; no cookie read; as response_uri otherwise",
  }),
  verifier("OPTIONS", "/api/presentations/requests/:id/dc-api", EVERYONE, {
    note: "CORS preflight for the organisation's own website",
  }),
  verifier("POST", "/api/presentations/response", EVERYONE, {
    writes: ["verification_requests", "presentations", "wallet_events"],
    note: "response_uri (direct_post): wallets post from anywhere; authenticated by the request's state alone, no cookie read; only a valid presentation ends the request, anything else is an attempt",
  }),
  verifier("OPTIONS", "/api/presentations/response", EVERYONE, { note: "CORS preflight for response_uri" }),
  verifier(
    "POST",
    "/api/presentations/decline",
    only(["citizen", "verifier", "operator", "supervisor", "admin"], 401),
    {
      writes: ["verification_requests"],
      note: "the holder's decline from the platform's wallet: the request's state, and the person signed in must hold an active credential of a type it asks for (else 403); same site only (the web worker refuses another site's POST)",
    },
  ),
  verifier("POST", "/api/presentations/validate", VERIFIERS, {
    writes: ["presentations", "offline_nonces", "verification_requests", "wallet_events"],
    note: "recorded for the caller's own organisation; an online request named must be the organisation's own",
  }),
];
