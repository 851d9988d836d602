/**
 * The verifier API as an OpenAPI 3.1 document (issue 9), generated from the zod schemas the
 * worker validates with (api-schemas.ts): zod 4's JSON Schema output is the 2020-12 dialect
 * OpenAPI 3.1 uses, so the schemas go in as they are.
 */
import * as z from "zod";
import * as schemas from "./api-schemas.ts";

type Schema = z.ZodType;

interface Operation {
  method: "get" | "post";
  path: string;
  summary: string;
  description?: string;
  auth: "verifier" | "public" | "admin" | "session";
  body?: Schema;
  form?: Schema;
  query?: z.ZodObject;
  params?: boolean;
  ok: { status: number; schema?: Schema; contentType?: string; description: string };
  errors?: number[];
}

const OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/api/presentations/requests",
    summary: "Create an OpenID4VP verification request",
    description:
      "Returns the openid4vp:// authorization request (client_id and request_uri only) and its QR code. A valid presentation or the holder's decline ends the request; other answers are recorded and it stays open, failing after 5 of them. It expires after 10 minutes. Refused (403 ORGANISATION_NOT_ATTESTED) while the platform's attestation of your organisation is missing or ends before the request would; an x509_hash request (clientIdPrefix) is refused (403 ORGANISATION_NOT_CERTIFIED) while your organisation has no verifier certificate from the platform's X.509 root. An unknown clientIdPrefix or responseMode is a 400.",
    auth: "verifier",
    body: schemas.CreateRequestBody,
    ok: { status: 201, schema: schemas.CreatedRequest, description: "The request" },
    errors: [400, 401, 403],
  },
  {
    method: "get",
    path: "/api/presentations/requests/{id}",
    summary: "Read a request's status and result",
    description:
      "status is pending, completed (a valid presentation), declined (by the holder, from the platform's wallet), failed (too many answers that could not be accepted: each is in the history) or expired; result is set once the request ended; attempts counts the answers not accepted. Your organisation's requests only.",
    auth: "verifier",
    params: true,
    ok: { status: 200, schema: schemas.RequestView, description: "The request" },
    errors: [401, 403, 404],
  },
  {
    method: "get",
    path: "/api/presentations/requests/{id}/live",
    summary: "Watch a request's result (WebSocket)",
    description:
      'Upgrade to a WebSocket: the current state at once, then every change as JSON {type: "state", id, status, result, expiresAt, attempts}. For people signed in to the portal (an API key polls GET /api/presentations/requests/{id}); the socket closes with 4403 once the person is signed out or no longer a verifier of the organisation. Poll GET /api/presentations/requests/{id} if it cannot open.',
    auth: "session",
    params: true,
    ok: { status: 101, description: "Switching protocols" },
    errors: [401, 403, 404],
  },
  {
    method: "get",
    path: "/api/presentations/requests/{id}/object",
    summary: "The signed request object (request_uri)",
    description:
      "A JWT of typ oauth-authz-req+jwt, ES256. A verifier_attestation request is signed by the key the platform's Verifier Attestation (jwt header) names; an x509_hash request by the key of the organisation's verifier certificate, whose chain (leaf first, the platform's root not included) is the x5c header and whose SHA-256 is the client_id. Both are the ones the platform signed when it registered (or last renewed) the organisation; 409 when a renewal has since replaced them (ask again). client_metadata.vp_formats_supported states the algorithms accepted for dc+sd-jwt and mso_mdoc. Fetchable while the request is open. Its dcql_query asks for a dc+sd-jwt credential (id: the check's code) and, for the checks an mdoc can answer (age, driving_licence, identity: GET /api/verifications/checks, mdoc), an mso_mdoc credential per document (id mdl: the mobile driving licence org.iso.18013.5.1.mDL; id pid: the EU PID eu.europa.ec.eudi.pid.1; claims by [namespace, element]), with credential_sets letting any one of them answer (OpenID4VP 1.0 section 6.2).",
    auth: "public",
    params: true,
    ok: { status: 200, contentType: "application/oauth-authz-req+jwt", description: "The request object" },
    errors: [404, 409],
  },
  {
    method: "get",
    path: "/api/presentations/requests/{id}/dc-api",
    summary: "The request for the browser's Digital Credentials API",
    description:
      "What a page passes to navigator.credentials.get({ digital: { requests: [this] } }): protocol openid4vp-v1-signed and, as data.request, the request object signed as at request_uri but with expected_origins (the platform's origin, then your organisation's registered websites), response_mode dc_api.jwt (the answer encrypted to the request's own key), and no response_uri or state (OpenID4VP 1.0 appendix A). Public, readable from any origin, while the request is open; 409 REQUEST_NOT_ENCRYPTED for a request made with responseMode direct_post.",
    auth: "public",
    params: true,
    ok: { status: 200, schema: schemas.DcApiRequestView, description: "The DC API request" },
    errors: [404, 409],
  },
  {
    method: "post",
    path: "/api/presentations/requests/{id}/dc-api",
    summary: "The device wallet's answer, posted by the page that asked (Digital Credentials API)",
    description:
      "JSON: the DigitalCredential's protocol and data as the browser gave them ({protocol, data: {response}}). The page's Origin header must be one of the request's expected_origins (else 400 DC_API_ORIGIN_NOT_EXPECTED, not counted as an attempt); the presentation must be bound to it: an SD-JWT VC's KB-JWT aud origin:<origin>, an mdoc's SessionTranscript the OpenID4VPDCAPIHandover of that origin, the request's nonce and key. Otherwise as response_uri: a valid presentation ends the request, anything else is answered 400 with its reason and the request stays open.",
    auth: "public",
    params: true,
    body: schemas.DcApiAnswerBody,
    ok: { status: 200, description: "Accepted" },
    errors: [400],
  },
  {
    method: "post",
    path: "/api/presentations/response",
    summary: "The wallet's answer (response_uri, direct_post.jwt or direct_post)",
    description:
      "Form-encoded: response, the answer encrypted to the request's own key (direct_post.jwt, the default), or vp_token and state in the clear (a request made with responseMode direct_post; an encrypted request refuses them, RESPONSE_NOT_ENCRYPTED). vp_token is a JSON object with one of the request's credential query ids: an SD-JWT VC under the check's code, or an mdoc DeviceResponse (base64url) under mdl or pid, verified against the IACA roots the platform's trust list makes active for the check and bound to this request's nonce, client_id, response_uri and (direct_post.jwt) key, or an outside issuer's SD-JWT VC (the EU PID, vct urn:eudi:pid:1) under pid_sd_jwt, signed ES256 with an x5c chain to an SD-JWT VC issuer root the trust list makes active for the check. The request object names those roots in each such query's trusted_authorities (aki), and leaves out a query whose check has none. Authenticated by state alone; reads no cookies. Only a valid presentation ends the request; anything else (an invalid presentation, an error= refusal) is recorded, answered 400 with its reason, and the request stays open.",
    auth: "public",
    form: schemas.ResponseForm,
    ok: { status: 200, description: "Accepted" },
    errors: [400],
  },
  {
    method: "post",
    path: "/api/presentations/decline",
    summary: "The holder declines a request (the platform's wallet)",
    description:
      "Ends the request as declined. For the holder signed in to the platform's wallet (same site only), holding an active credential of a type the request asks for.",
    auth: "session",
    body: schemas.DeclineBody,
    ok: { status: 200, description: "Declined" },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "post",
    path: "/api/presentations/validate",
    summary: "Validate a scanned or pasted presentation",
    description:
      "An SD-JWT VC (mdoc answers come from a wallet through response_uri). With requestId the presentation answers that request; without, it is an offline QR code: at most 15 minutes old, each holder nonce accepted once. valid says the credential is genuine; outcome says whether the check passed (a genuine credential can say the person is under 18 or has no right to work): act on both.",
    auth: "verifier",
    body: schemas.ValidateBody,
    ok: { status: 200, schema: schemas.ValidationAnswer, description: "The result, valid or not" },
    errors: [400, 401, 403, 404],
  },
  {
    method: "get",
    path: "/api/verifications/history",
    summary: "Your organisation's verification history",
    description:
      "Newest first, paged; filter by result and check type; format=csv downloads it (with outcome, outcomeReason and outcomeMessage columns beside result, and the credential's format: dc+sd-jwt or mso_mdoc, whose credentialType is its doctype and issuer the trusted root's name; an outside issuer's SD-JWT VC has its vct as credentialType and the trusted root's name as issuer).",
    auth: "verifier",
    query: schemas.HistoryQuery,
    ok: { status: 200, schema: schemas.HistoryPage, description: "A page of the history" },
    errors: [400, 401, 403],
  },
  {
    method: "post",
    path: "/api/verifications/{id}/visual-match",
    summary: "Confirm the person in front of you matches the credential",
    description:
      "Recorded once, on a valid verification of your organisation, by a signed-in verifier; the receipt then names it.",
    auth: "session",
    params: true,
    ok: { status: 200, description: "Recorded" },
    errors: [401, 403, 404, 409],
  },
  {
    method: "get",
    path: "/api/verifications/{id}/receipt",
    summary: "A verification's signed PDF receipt",
    auth: "verifier",
    params: true,
    ok: { status: 200, contentType: "application/pdf", description: "The receipt" },
    errors: [401, 403, 404],
  },
  {
    method: "get",
    path: "/api/verifications/usage",
    summary: "Verifications per day by result",
    auth: "verifier",
    query: schemas.UsageQuery,
    ok: { status: 200, schema: schemas.UsageAnswer, description: "Counts per UK day" },
    errors: [401, 403],
  },
  {
    method: "post",
    path: "/api/verifications/api-keys",
    summary: "Create an API key (shown once)",
    auth: "session",
    body: schemas.ApiKeyBody,
    ok: { status: 201, schema: schemas.CreatedApiKey, description: "The key" },
    errors: [400, 401, 403],
  },
  {
    method: "get",
    path: "/api/verifications/api-keys",
    summary: "Your organisation's API keys (by prefix)",
    auth: "session",
    ok: { status: 200, schema: schemas.ApiKeyList, description: "The keys" },
    errors: [401, 403],
  },
  {
    method: "post",
    path: "/api/verifications/api-keys/{id}/revoke",
    summary: "Revoke an API key",
    auth: "session",
    params: true,
    ok: { status: 200, schema: schemas.ApiKeySummary, description: "The revoked key" },
    errors: [401, 403, 404],
  },
  {
    method: "get",
    path: "/api/verifications/organisations",
    summary: "Registered verifier organisations",
    auth: "admin",
    ok: { status: 200, schema: schemas.OrganisationList, description: "The organisations" },
    errors: [401, 403],
  },
  {
    method: "get",
    path: "/api/verifications/checks",
    summary: "The checks, the attributes each may ask for, and what passing each means",
    description:
      "Each check's credentialTypes are the SD-JWT VC types of this platform that answer it; mdoc lists the mdoc documents that answer it too (queryId, docType, namespace, and the data element of each attribute), and outsideSdJwt the SD-JWT VCs of issuers outside the platform, trusted through the trust list (queryId, vct, and the claim path of each attribute). A document or credential is asked for only when it has an element or claim for every attribute the request names.",
    auth: "public",
    ok: { status: 200, description: "The checks" },
  },
  {
    method: "get",
    path: "/api/verifications/trust-anchor",
    summary: "The platform's trust anchor (JWKS) for verifier_attestation client ids",
    auth: "public",
    ok: { status: 200, description: "A JWK Set" },
  },
  {
    method: "get",
    path: "/api/verifications/keys",
    summary: "The platform's verifier keys (JWKS)",
    description:
      "The trust anchor that attests verifier organisations, and the key that signs request objects and receipts.",
    auth: "public",
    ok: { status: 200, description: "A JWK Set" },
  },
];

/**
 * How to read a result (issue 20, ADR 033), in the document's own description so an integrator
 * who reads nothing else reads it: `valid` is not the answer to the check.
 */
const RESULT_READING =
  'Every result carries valid and outcome. valid: true says only that the credential is genuine (signed by its issuer, in date, not revoked, presented by its holder); it does not say the check passed. outcome says that: passed, or failed with a reason code and the reason in words (e.g. UNDER_18, "Under 18"; NO_RIGHT_TO_WORK, "No right to work in the UK"), judged by the platform by the check\'s rule (GET /api/verifications/checks, passes). outcome is null when valid is false: a credential that is not accepted is not judged. Accept a check only when valid is true and outcome.status is passed.';

const ERROR_TEXT: Record<number, string> = {
  400: "Bad request",
  401: "Not signed in, or no valid API key",
  403: "Not allowed",
  404: "Not found",
  409: "Not allowed in this state",
};

export function openApiDocument(serverUrl: string): Record<string, unknown> {
  const { schemas: components } = z.toJSONSchema(z.globalRegistry, {
    target: "draft-2020-12",
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Record<string, unknown>> };
  for (const schema of Object.values(components)) delete schema.$schema;
  const ref = (schema: Schema) => {
    const id = z.globalRegistry.get(schema)?.id;
    return id
      ? { $ref: `#/components/schemas/${id}` }
      : (z.toJSONSchema(schema, { target: "draft-2020-12" }) as Record<string, unknown>);
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const parameters: unknown[] = [];
    if (op.params)
      parameters.push({ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } });
    if (op.query) {
      for (const [name, field] of Object.entries(op.query.shape)) {
        const schema = z.toJSONSchema(field as Schema, { target: "draft-2020-12", io: "input" }) as Record<
          string,
          unknown
        >;
        delete schema.$schema;
        parameters.push({ name, in: "query", required: false, schema });
      }
    }
    const responses: Record<string, unknown> = {
      [op.ok.status]: {
        description: op.ok.description,
        ...(op.ok.schema
          ? { content: { "application/json": { schema: ref(op.ok.schema) } } }
          : op.ok.contentType
            ? { content: { [op.ok.contentType]: {} } }
            : {}),
      },
    };
    for (const status of op.errors ?? []) {
      responses[status] = {
        description: ERROR_TEXT[status],
        content: { "application/json": { schema: ref(op.form ? schemas.OAuthError : schemas.ErrorAnswer) } },
      };
    }
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(op.body
        ? { requestBody: { required: true, content: { "application/json": { schema: ref(op.body) } } } }
        : {}),
      ...(op.form
        ? {
            requestBody: { required: true, content: { "application/x-www-form-urlencoded": { schema: ref(op.form) } } },
          }
        : {}),
      security:
        op.auth === "public"
          ? []
          : op.auth === "session" || op.auth === "admin"
            ? [{ session: [] }]
            : [{ apiKey: [] }, { session: [] }],
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "UK Digital Identity: Verifier API",
      version: "1.0.0",
      description: `Check a person's right to work, right to rent, DBS check or age with OpenID4VP 1.0 requests or offline QR codes, and keep the record. ${RESULT_READING}`,
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: "An API key of your organisation (Verifier Portal, API Integration).",
        },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "__Host-identity_session",
          description: "A signed-in verifier's session (the portal).",
        },
      },
    },
  };
}

export const OPENAPI_OPERATIONS = OPERATIONS.map(({ method, path, summary, description, auth }) => ({
  method,
  path,
  summary,
  description,
  auth,
}));
