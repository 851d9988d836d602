import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { requireWebSocketUpgrade } from "#server/http/security.ts";
import {
  CreateRequestBody,
  DcApiAnswerBody,
  DeclineBody,
  IdParam,
  ResponseForm,
} from "#server/verification/api-schemas.ts";
import { dcApiRequest, respondDcApi } from "#server/verification/dc-api.ts";
import { declineRequest } from "#server/verification/decline.ts";
import {
  createRequest,
  liveFeed,
  ResponseError,
  requestObject,
  requestStatus,
  respond,
} from "#server/verification/requests.ts";
import { notFound } from "#server/worker/validation-hooks.ts";
import type { VerifierApp } from "#workers/verifier/src/app.ts";
import { callerOf, requireActor } from "#workers/verifier/src/context.ts";
import { refusedInput } from "#workers/verifier/src/refused-input.ts";

/**
 * Wallets and websites call the public endpoints from anywhere, without cookies (none is read):
 * every origin may read their answers.
 */
const CORS = { "Access-Control-Allow-Origin": "*" };
const NO_STORE_CORS = { ...CORS, "Cache-Control": "no-store" };
const PREFLIGHT = {
  ...CORS,
  "Access-Control-Allow-Methods": "GET, POST",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "86400",
};

/** A wallet's answer the schema refuses: an OAuth error answer (OID4VP 1.0 section 8.2). */
const invalidAnswer =
  (description: string) =>
  (result: { success: boolean }, c: Context): Response | undefined =>
    result.success ? undefined : c.json({ error: "invalid_request", error_description: description }, 400, CORS);

/** A judged answer: 200 when it ended the request, else the OAuth error answer with our reason. */
async function answered(judge: () => Promise<{ status: "completed" }>): Promise<Response> {
  try {
    const outcome = await judge();
    return Response.json({ status: outcome.status, valid: true, reason: "valid" }, { headers: NO_STORE_CORS });
  } catch (error) {
    if (!(error instanceof ResponseError)) throw error;
    return Response.json(
      { error: error.error, error_description: error.description, reason: error.reason },
      { status: 400, headers: NO_STORE_CORS },
    );
  }
}

/**
 * /api/presentations/*: OpenID4VP requests (docs/decisions/015), their live state (016), the
 * wallet-facing request_uri and response_uri, and validation of scanned presentations.
 */
export const presentations = new Hono<VerifierApp>()
  .post(
    "/requests",
    requireActor,
    zValidator("json", CreateRequestBody, refusedInput(CreateRequestBody)),
    async (c) => {
      const created = await createRequest(c.var.verification, c.var.actor, c.req.valid("json"));
      return c.json(created, 201, { "Cache-Control": "no-store" });
    },
  )
  .get("/requests/:id", zValidator("param", IdParam, notFound), requireActor, async (c) => {
    const view = await requestStatus(c.var.verification, c.var.actor, c.req.valid("param").id);
    return c.json(view, 200, { "Cache-Control": "no-store" });
  })
  // The live feed: a WebSocket to the request's Durable Object, which sends each change at once
  // to a portal whose grant still holds (liveFeed).
  .get("/requests/:id/live", zValidator("param", IdParam, notFound), requireActor, async (c) => {
    const notUpgrade = requireWebSocketUpgrade(c.req.raw);
    if (notUpgrade) return notUpgrade;
    return liveFeed(c.var.verification, c.var.actor, c.req.valid("param").id);
  })
  // request_uri: public (whoever holds the QR code), fetchable while the request is open.
  .get("/requests/:id/object", zValidator("param", IdParam, notFound), async (c) => {
    const jwt = await requestObject(c.var.verification, c.req.valid("param").id);
    return c.body(jwt, 200, {
      "Content-Type": "application/oauth-authz-req+jwt",
      "Cache-Control": "no-store",
      "Access-Control-Allow-Origin": "*",
    });
  })
  // The same request for the browser's Digital Credentials API (ADR 054): public as request_uri is,
  // and readable by the organisation's own website (the embeddable button).
  .get("/requests/:id/dc-api", zValidator("param", IdParam, notFound), async (c) => {
    const request = await dcApiRequest(c.var.verification, c.req.valid("param").id);
    return c.json(request, 200, { ...CORS, "Cache-Control": "no-store" });
  })
  // The wallet's answer, posted by the page that asked; its Origin header must be one the request expects.
  .post(
    "/requests/:id/dc-api",
    zValidator("param", IdParam, notFound),
    zValidator("json", DcApiAnswerBody, invalidAnswer("The body is not a Digital Credential's protocol and data")),
    (c) =>
      answered(() =>
        respondDcApi(
          c.var.verification,
          c.req.valid("param").id,
          c.req.valid("json"),
          c.req.header("Origin") ?? null,
          callerOf(c.req.raw),
        ),
      ),
  )
  .options("/requests/:id/dc-api", (c) => c.body(null, 204, PREFLIGHT))
  // response_uri (direct_post): authenticated by state alone, no cookies read; wallets post from anywhere.
  .post(
    "/response",
    zValidator("form", ResponseForm, invalidAnswer("The response is not a valid authorization response")),
    (c) => answered(() => respond(c.var.verification, c.req.valid("form"), callerOf(c.req.raw))),
  )
  // The holder's own decline, from the platform's wallet: signed in, holding a credential the request asks for.
  .post("/decline", zValidator("json", DeclineBody, refusedInput(DeclineBody)), async (c) => {
    const answer = await declineRequest(
      c.var.verification,
      { db: c.var.db, ctx: c.executionCtx as ExecutionContext, env: c.var.env },
      c.req.raw,
      c.req.valid("json").state,
    );
    return c.json(answer, 200, { "Cache-Control": "no-store" });
  })
  .options("/response", (c) => c.body(null, 204, PREFLIGHT));
