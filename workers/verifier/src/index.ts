import { serviceErrorMessage } from "#server/http/worded-error.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { createWorkerApp } from "#server/worker/hono.ts";
import type { VerifierContext } from "./app.ts";
import { verificationContext } from "./context.ts";
import { VerifierEnvSchema } from "./env.ts";
import { admin } from "./routes/admin.ts";
import { publicRoutes } from "./routes/public.ts";
import { records } from "./routes/records.ts";
import { presentations } from "./routes/requests.ts";
import { validate } from "./routes/validate.ts";

/**
 * The verifier worker (issue 9; docs/decisions/015, 016). The web worker forwards
 * /api/presentations/* and /api/verifications/* to it over a service binding.
 *   POST /api/presentations/requests              create an OpenID4VP request (verifier)
 *   GET  /api/presentations/requests/{id}         its status and result (its verifier)
 *   GET  /api/presentations/requests/{id}/live    the same, pushed over a WebSocket
 *   GET  /api/presentations/requests/{id}/object  the signed request object (request_uri)
 *   POST /api/presentations/response              the wallet's answer (response_uri, direct_post.jwt or direct_post)
 *   POST /api/presentations/validate              a scanned or pasted presentation
 *   GET  /api/verifications/history|usage         the organisation's record
 *   GET  /api/verifications/{id}/receipt          a signed PDF receipt
 *   POST /api/verifications/{id}/visual-match     the verifier saw the holder
 *   /api/verifications/api-keys|organisations     keys (verifiers) and organisations (administrators)
 *   GET  /api/verifications/health|keys|checks|openapi.json   public
 */
// Presentations are the largest bodies: a vp_token or a pasted presentation (api-schemas.ts caps them at 256 KiB).
const app = createWorkerApp<typeof VerifierEnvSchema, VerifierContext>({
  name: "verifier",
  env: VerifierEnvSchema,
  maxBodyBytes: 320 * 1024,
  // Refusals a person reads (the portal's, the holder's decline) in their language; an API caller
  // gets English unless its Accept-Language asks otherwise (issue 21). Codes never change.
  errorMessage: (error, request) => serviceErrorMessage(error, requestLocale(request)),
});

app.use(verificationContext);
app.route("/api/verifications", publicRoutes);
app.route("/api/verifications", admin);
app.route("/api/verifications", records);
app.route("/api/presentations", validate);
app.route("/api/presentations", presentations);

export default app;
