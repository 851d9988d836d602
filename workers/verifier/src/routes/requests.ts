import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { requireWebSocketUpgrade } from "#server/http/security.ts";
import { CreateRequestBody, DeclineBody, IdParam, ResponseForm } from "#server/verification/api-schemas.ts";
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
  // response_uri (direct_post): authenticated by state alone, no cookies read; wallets post from anywhere.
  .post(
    "/response",
    zValidator("form", ResponseForm, (result, c) =>
      result.success
        ? undefined
        : c.json(
            { error: "invalid_request", error_description: "The response is not a valid authorization response" },
            400,
            CORS,
          ),
    ),
    async (c) => {
      try {
        const outcome = await respond(c.var.verification, c.req.valid("form"), callerOf(c.req.raw));
        return c.json({ status: outcome.status, ...(outcome.judgement ? { valid: true, reason: "valid" } : {}) }, 200, {
          ...CORS,
          "Cache-Control": "no-store",
        });
      } catch (error) {
        if (!(error instanceof ResponseError)) throw error;
        return c.json({ error: error.error, error_description: error.description, reason: error.reason }, 400, {
          ...CORS,
          "Cache-Control": "no-store",
        });
      }
    },
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
  .options("/response", (c) =>
    c.body(null, 204, {
      ...CORS,
      "Access-Control-Allow-Methods": "POST",
      "Access-Control-Allow-Headers": "Content-Type",
      "Access-Control-Max-Age": "86400",
    }),
  );

const CORS = { "Access-Control-Allow-Origin": "*" };
