import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { ValidateBody } from "#server/verification/api-schemas.ts";
import { answerIn, validatePresentation } from "#server/verification/validate.ts";
import type { VerifierApp } from "#workers/verifier/src/app.ts";
import { callerOf, requireActor } from "#workers/verifier/src/context.ts";
import { refusedInput } from "#workers/verifier/src/refused-input.ts";

/** POST /api/presentations/validate: a scanned or pasted presentation, judged and recorded. */
export const validate = new Hono<VerifierApp>().post(
  "/validate",
  requireActor,
  zValidator("json", ValidateBody, refusedInput(ValidateBody)),
  async (c) => {
    const answer = await validatePresentation(
      c.var.verification,
      c.var.actor,
      c.req.valid("json"),
      callerOf(c.req.raw),
    );
    // Worded for the person reading it: the portal's language, or an API caller's Accept-Language (English by default).
    return c.json(answerIn(answer, requestLocale(c.req.raw)), 200, { "Cache-Control": "no-store" });
  },
);
