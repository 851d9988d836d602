/**
 * The verifier API's request and response shapes (issue 9), in zod 4: the verifier worker
 * validates with these, and the OpenAPI 3.1 document (openapi.ts) is generated from the same
 * schemas, so the documentation cannot drift from what the worker accepts.
 */
import * as z from "zod";
import { ISSUER_IDS } from "#core/issuers/registry.ts";
import {
  CHECK_TYPES,
  CHECKS,
  type CheckOutcome as CoreCheckOutcome,
  OUTCOME_REASON_CODES,
  OUTCOME_STATUSES,
} from "#core/verification/checks.ts";
import { CLIENT_ID_PREFIXES, DEFAULT_CLIENT_ID_PREFIX } from "#core/verification/openid4vp.ts";
import { BINDINGS, MAX_REQUEST_ATTEMPTS } from "#core/verification/reasons.ts";
import { DEFAULT_RESPONSE_MODE, RESPONSE_MODES } from "#core/verification/response-encryption.ts";

export const CreateRequestBody = z
  .object({
    credentialType: z
      .enum(CHECK_TYPES)
      .describe(`The check: ${CHECK_TYPES.map((code) => `${code} (${CHECKS[code].name})`).join(", ")}.`),
    requestedAttributes: z
      .array(z.string().min(1).max(64))
      .max(16)
      .optional()
      .describe(
        "Attributes of the check to ask for (see GET /api/verifications/checks); default: the check's default, e.g. hasRightToWork.",
      ),
    purpose: z
      .string()
      .max(500)
      .describe("Why the check is made; shown to the citizen. Must not be empty after trimming."),
    responseMode: z
      .enum(RESPONSE_MODES)
      .optional()
      // The service applies the default: a field with zod's .default() would read as required in the document.
      .meta({ default: DEFAULT_RESPONSE_MODE })
      .describe(
        'How the wallet answers (OpenID4VP 1.0 section 8): "direct_post.jwt" (the default): the answer encrypted (ECDH-ES, A128GCM or A256GCM) to a P-256 key made for this request alone, as HAIP 1.0 requires, so the attributes never cross the network in the clear; or "direct_post": the answer in the clear, for a wallet that cannot encrypt. The platform\'s web wallet answers both.',
      ),
    clientIdPrefix: z
      .enum(CLIENT_ID_PREFIXES)
      .optional()
      .meta({ default: DEFAULT_CLIENT_ID_PREFIX })
      .describe(
        "How the request names the verifier to the wallet (OpenID4VP 1.0 section 5.9.3): \"verifier_attestation\" (the default): client_id verifier_attestation:{base}/verifiers/{organisationId}, the request object carrying the platform's Verifier Attestation in its jwt header, which the platform's web wallet reads; or \"x509_hash\" (HAIP 1.0 wallets, the EU's): client_id x509_hash: and the base64url SHA-256 of the organisation's verifier certificate, the request object carrying that certificate's chain to the platform's X.509 root in its x5c header (403 ORGANISATION_NOT_CERTIFIED when the organisation has none). Either way the wallet's key-binding audience is that client_id, and the answer is judged the same.",
      ),
  })
  .meta({ id: "CreateRequest" });

export const CreatedRequest = z
  .object({
    id: z.uuid(),
    clientId: z
      .string()
      .describe(
        "The OpenID4VP client_id, with its prefix (verifier_attestation: or x509_hash:, as clientIdPrefix asked).",
      ),
    nonce: z.string(),
    expiresAt: z.iso.datetime(),
    requestUri: z.url().describe("Where a wallet fetches the signed request object (oauth-authz-req+jwt)."),
    authorizationRequest: z.string().describe("openid4vp://?client_id=...&request_uri=... (OID4VP 1.0 section 5.10)."),
    qrCode: z.string().describe("An SVG QR code of authorizationRequest."),
    walletLink: z.url().describe("The same request as a link to the platform's web wallet."),
    credentialType: z.enum(CHECK_TYPES),
    requestedAttributes: z.array(z.string()),
    purpose: z.string(),
  })
  .meta({ id: "CreatedRequest" });
export type CreatedRequest = z.infer<typeof CreatedRequest>;

/** What `valid` says, and what it does not (ADR 033): every answer that carries both states it. */
const VALID_MEANS =
  "Whether the credential is genuine: signed by its issuer, in date, not revoked and presented by its holder. It does not say whether the check passed: read outcome.";

/**
 * The check's outcome beside `valid` (issue 20, ADR 033): a genuine credential can still fail the
 * check (an age check answered "under 18", a Right to Work credential that says no right to work).
 * The wire form of core's CheckOutcome (the rules that make it live beside the checks).
 */
const CheckOutcome = z
  .object({
    status: z.enum(OUTCOME_STATUSES).describe("passed, or failed: whether the person meets what the check asks."),
    reason: z
      .enum(OUTCOME_REASON_CODES)
      .nullable()
      .describe("Why the check failed, as a stable code (e.g. UNDER_18, NO_RIGHT_TO_WORK); null when it passed."),
    message: z
      .string()
      .nullable()
      .describe('Why the check failed, in words (e.g. "Under 18", "No right to work in the UK"); null when it passed.'),
  })
  .meta({
    id: "CheckOutcome",
    description:
      "Whether the check passed, judged by the platform on the attributes the verifier saw, by the check's rule (GET /api/verifications/checks: passes). Only a valid credential is judged: outcome is null when valid is false (not evaluated).",
  }) satisfies z.ZodType<CoreCheckOutcome>;

const OUTCOME_MEANS =
  "Whether the check passed (passed or failed, with the reason), for a valid credential; null when not evaluated (valid is false). Act on valid and outcome together: a genuine credential can fail the check.";

const CredentialFormat = z
  .enum(["dc+sd-jwt", "mso_mdoc"])
  .describe("dc+sd-jwt: an SD-JWT VC; mso_mdoc: an ISO/IEC 18013-5 mdoc (a mobile driving licence, an EU PID).")
  .meta({ id: "CredentialFormat" });

export const VerificationResult = z
  .object({
    valid: z.boolean().describe(VALID_MEANS),
    reason: z.string().max(64).describe('"valid", or the reason code the presentation failed on.'),
    presentedAttributes: z.record(z.string(), z.unknown()),
    timestamp: z.iso.datetime(),
    // Optional where it is kept (a decline, or a result stored before outcomes were, has none);
    // GET /api/presentations/requests/{id} always answers it, null when not evaluated.
    outcome: CheckOutcome.nullable().optional().describe(OUTCOME_MEANS),
    recordId: z
      .uuid()
      .optional()
      .describe("The verification record: its receipt and the visual-match confirmation name it."),
    issuer: z
      .string()
      .max(200)
      .optional()
      .describe(
        "The credential's issuing authority, when the issuer's signature verified; for an mdoc or an SD-JWT VC of an issuer outside the platform, the name of the trust list entry (the root) its signing certificate chains to.",
      ),
    issuerCertificate: z
      .string()
      .max(500)
      .optional()
      .describe(
        "For a credential trusted through the trust list (an mdoc, an SD-JWT VC of an issuer outside the platform): the subject of the certificate that signed it, as the certificate names it.",
      ),
    format: CredentialFormat.optional().describe(
      "The credential's format, when the issuer's signature verified: which credential query of the request answered.",
    ),
    issuerId: z
      .enum(ISSUER_IDS)
      .optional()
      .describe(
        "The issuing authority as a stable code (home-office, dbs, dvla, professional-body), beside its name in issuer: a program compares the code, a screen words the name in its reader's language.",
      ),
  })
  .meta({ id: "VerificationResult" });
export type VerificationResult = z.infer<typeof VerificationResult>;

export const RequestView = z
  .object({
    id: z.uuid(),
    status: z
      .enum(["pending", "completed", "declined", "expired", "failed"])
      .describe(
        "pending until a valid presentation (completed) or the holder's decline from the platform's wallet (declined) ends it; failed after too many answers that could not be accepted; expired.",
      ),
    result: VerificationResult.nullable(),
    attempts: z
      .number()
      .int()
      .describe(
        `Answers that could not be accepted (each recorded, the request staying open); the request fails at ${MAX_REQUEST_ATTEMPTS}.`,
      ),
    expiresAt: z.iso.datetime(),
    credentialType: z.string(),
    requestedAttributes: z.array(z.string()),
    purpose: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "RequestView" });
export type RequestView = z.infer<typeof RequestView>;

export const IdParam = z.object({ id: z.uuid() });

export const ResponseForm = z
  .object({
    state: z.string().max(256).optional(),
    vp_token: z
      .string()
      // An mdoc DeviceResponse may be 256 KiB of base64url (core/mdoc/verify.ts), plus the JSON around it.
      .max(264 * 1024)
      .optional()
      .describe(
        "JSON object with one of the request's DCQL credential query ids; its value an array with one presentation: an SD-JWT VC (dc+sd-jwt) or an mdoc DeviceResponse in base64url (mso_mdoc).",
      ),
    error: z.string().max(64).optional(),
    error_description: z.string().max(1000).optional(),
    response: z
      .string()
      .max(512 * 1024)
      .optional()
      .describe(
        "direct_post.jwt: the authorization response (state, vp_token) as a compact JWE encrypted to the key in the request's client_metadata.jwks.",
      ),
  })
  .meta({ id: "AuthorizationResponse" });

/** What a page posts after navigator.credentials.get: the DigitalCredential's protocol and data (ADR 054). */
export const DcApiAnswerBody = z
  .object({
    protocol: z.string().max(64).describe('The protocol the wallet answered with: "openid4vp-v1-signed".'),
    data: z
      .object({
        response: z
          .string()
          .max(512 * 1024)
          .optional()
          .describe(
            "dc_api.jwt: the authorization response (vp_token) as a compact JWE encrypted to the request's key.",
          ),
        error: z.string().max(64).optional(),
      })
      .describe("The DigitalCredential's data, as the browser gave it."),
  })
  .meta({ id: "DigitalCredentialAnswer" });

export const DcApiRequestView = z
  .object({
    protocol: z.literal("openid4vp-v1-signed"),
    data: z.object({
      request: z.string().describe("The signed request object, with expected_origins and response_mode dc_api.jwt."),
    }),
  })
  .meta({ id: "DigitalCredentialRequest" });

export const DeclineBody = z
  .object({ state: z.string().min(1).max(256).describe("The request's state, as its request object carries it.") })
  .meta({ id: "DeclineRequest" });

const Binding = z
  .enum(BINDINGS)
  .nullable()
  .describe(
    'What ties a valid credential to the person showing it: "device", the holder\'s device key signed the presentation; "paper", nothing (a paper credential printed at an assisted-digital counter): check the holder\'s photo ID against the name. Null when not valid.',
  );

export const ValidateBody = z
  .object({
    presentationJwt: z
      .string()
      .min(1)
      .max(128 * 1024)
      .describe("An SD-JWT VC presentation, or the text of an offline QR code (UKID1:...)."),
    requestId: z
      .uuid()
      .optional()
      .describe("Bind the presentation to this open request of yours; omit for an offline QR code."),
    purpose: z.string().max(500).optional(),
  })
  .meta({ id: "ValidatePresentation" });

export const ValidationAnswer = z
  .object({
    valid: z.boolean().describe(VALID_MEANS),
    outcome: CheckOutcome.nullable().describe(OUTCOME_MEANS),
    reason: z.string(),
    message: z.string(),
    result: z.enum(["valid", "invalid", "expired"]),
    presentedAttributes: z.record(z.string(), z.unknown()),
    timestamp: z.iso.datetime(),
    id: z.uuid().describe("The verification record; its receipt is /api/verifications/{id}/receipt."),
    checkType: z.enum(CHECK_TYPES).nullable(),
    credentialType: z.string().nullable(),
    issuer: z.string().nullable(),
    binding: Binding,
  })
  .meta({ id: "ValidationResult" });
export type ValidationAnswer = z.infer<typeof ValidationAnswer>;

export const HistoryQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    result: z.enum(["valid", "invalid", "expired"]).optional(),
    type: z.enum(CHECK_TYPES).optional(),
    format: z.enum(["json", "csv"]).default("json"),
    organisation: z
      .uuid()
      .optional()
      .describe("Administrators: one organisation's records only (others always see their own)."),
  })
  .meta({ id: "HistoryQuery" });

export const HistoryEntry = z
  .object({
    id: z.uuid(),
    requestId: z.uuid().nullable(),
    checkType: z.string().nullable(),
    checkName: z.string(),
    purpose: z.string(),
    mode: z.string().nullable(),
    valid: z.boolean().describe(VALID_MEANS),
    outcome: CheckOutcome.nullable().describe(
      `${OUTCOME_MEANS} Also null for a record kept before outcomes were evaluated (issue 20).`,
    ),
    result: z.enum(["valid", "invalid", "expired"]),
    reason: z.string(),
    presentedAttributes: z.record(z.string(), z.unknown()),
    issuer: z
      .string()
      .nullable()
      .describe(
        "Who issued the credential: an SD-JWT VC's issuer URL, or for an mdoc or an outside issuer's SD-JWT VC the name of the trust list entry its signing certificate chains to; null when the issuer's signature did not verify.",
      ),
    credentialType: z
      .string()
      .nullable()
      .describe(
        "The credential's type code when it is one of this platform's; an mdoc's doctype; an outside issuer's vct.",
      ),
    format: CredentialFormat.nullable().describe(
      "The credential's format; null when the issuer's signature did not verify.",
    ),
    binding: Binding,
    organisation: z.string().nullable(),
    verifiedAt: z.iso.datetime(),
    visualMatchAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "HistoryEntry" });
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const HistoryPage = z
  .object({
    entries: z.array(HistoryEntry),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: "HistoryPage" });
export type HistoryPage = z.infer<typeof HistoryPage>;

export const UsageQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(14) });
export const UsageAnswer = z
  .object({ days: z.array(z.object({ date: z.string(), valid: z.number().int(), invalid: z.number().int() })) })
  .meta({ id: "Usage" });

export const ApiKeyBody = z.object({ name: z.string().trim().min(1).max(80) }).meta({ id: "CreateApiKey" });
export const ApiKeySummary = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
    revokedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "ApiKey" });
export type ApiKeySummary = z.infer<typeof ApiKeySummary>;
export const ApiKeyList = z.object({ keys: z.array(ApiKeySummary) }).meta({ id: "ApiKeyList" });
export const CreatedApiKey = z
  .object({ key: z.string().describe("The key itself: shown once, never again."), apiKey: ApiKeySummary })
  .meta({ id: "CreatedApiKey" });

export const OrganisationBody = z
  .object({
    name: z.string().trim().min(2).max(120),
    allowedChecks: z
      .array(z.enum(CHECK_TYPES))
      .min(1)
      .describe("The checks the organisation may make; a presentation that answers none of them is refused."),
    memberUsername: z.string().min(3).max(50).optional().describe("A verifier account to put in the organisation."),
    webOrigins: z
      .lazy(() => WebOrigins)
      .optional()
      .describe("The websites that ask through the browser's Digital Credentials API (their expected_origins)."),
  })
  .meta({ id: "RegisterOrganisation" });

/**
 * A website's origin as a browser sends it (scheme, host, port; no path): https, or http on a
 * loopback host for a local stack. Compared exactly with a DC API answer's Origin header.
 */
const WebOrigin = z
  .string()
  .max(200)
  .refine((value) => {
    try {
      const url = new URL(value);
      const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
      return url.origin === value && (url.protocol === "https:" || (url.protocol === "http:" && loopback));
    } catch {
      return false;
    }
  }, "an origin such as https://www.example.co.uk (https, no path, no trailing slash)");
const WebOrigins = z.array(WebOrigin).max(10).meta({ id: "WebOrigins" });
export const WebOriginsBody = z.object({ webOrigins: WebOrigins }).meta({ id: "SetWebOrigins" });
export const Organisation = z
  .object({ id: z.uuid(), name: z.string(), allowedChecks: z.array(z.enum(CHECK_TYPES)) })
  .meta({ id: "Organisation" });
export type Organisation = z.infer<typeof Organisation>;

export const ErrorAnswer = z.object({ message: z.string(), code: z.string().optional() }).meta({ id: "Error" });
export const OAuthError = z
  .object({ error: z.string(), error_description: z.string(), reason: z.string().optional() })
  .meta({ id: "OAuthError" });
export const OrganisationList = z.object({ organisations: z.array(Organisation) }).meta({ id: "OrganisationList" });
