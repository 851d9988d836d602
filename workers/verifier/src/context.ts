import type { MiddlewareHandler } from "hono";
import { publicOrigin } from "#core/issuers/registry.ts";
import { clientAddress } from "#server/accounts/authentication.ts";
import { checkingContext } from "#server/credentials/context.ts";
import { authenticateActor } from "#server/verification/actor.ts";
import { loadVerifierPublicKeys, loadVerifierServiceKey } from "#server/verification/keys.ts";
import type { RequestCaller, VerificationContext } from "#server/verification/requests.ts";
import type { VerifierApp } from "./app.ts";

/** Builds the verification context once per request: keys come from per-isolate caches. */
export const verificationContext: MiddlewareHandler<VerifierApp> = async (c, next) => {
  const env = c.var.env;
  const credentials = await checkingContext({ env, db: c.var.db }, c.req.url);
  const verifierPublicKeys = await loadVerifierPublicKeys(env.VERIFIER_PUBLIC_KEYS);
  const verification: VerificationContext = {
    ...credentials,
    serviceKey: await loadVerifierServiceKey(env.VERIFIER_SIGNING_KEYS, verifierPublicKeys),
    verifierPublicKeys,
    origin: publicOrigin(env.PUBLIC_BASE_URL, c.req.url),
    requestObject: (id) => env.PRESENTATION_REQUESTS.get(env.PRESENTATION_REQUESTS.idFromName(id)) as never,
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  };
  c.set("verification", verification);
  await next();
};

/** The caller must be a verifier or administrator (session) or an organisation's API key. */
export const requireActor: MiddlewareHandler<VerifierApp> = async (c, next) => {
  c.set(
    "actor",
    await authenticateActor(c.req.raw, {
      db: c.var.db,
      ctx: c.executionCtx as ExecutionContext,
      requestId: c.var.requestId,
      env: c.var.env,
    }),
  );
  await next();
};

export const callerOf = (request: Request): RequestCaller => ({
  ipAddress: clientAddress(request),
  userAgent: request.headers.get("User-Agent"),
});
