import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { ValidateBody } from "#server/verification/api-schemas.ts";
import { validatePresentation } from "#server/verification/validate.ts";
import { invalidBody } from "#server/worker/validation-hooks.ts";
import type { VerifierApp } from "#workers/verifier/src/app.ts";
import { callerOf, requireActor } from "#workers/verifier/src/context.ts";

/** POST /api/presentations/validate: a scanned or pasted presentation, judged and recorded. */
export const validate = new Hono<VerifierApp>().post(
  "/validate",
  requireActor,
  zValidator("json", ValidateBody, invalidBody),
  async (c) => {
    const answer = await validatePresentation(
      c.var.verification,
      c.var.actor,
      c.req.valid("json"),
      callerOf(c.req.raw),
    );
    return c.json(answer, 200, { "Cache-Control": "no-store" });
  },
);
