import { Hono, type MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type * as z from "zod";
import { createDb, type Database, type DatabaseConfig } from "#db/client.ts";
import { isDatabaseUnavailable } from "#db/errors.ts";
import { bodyRefusal, readBodyBytes } from "#server/http/body.ts";
import { ServiceError, serviceUnavailableResponse } from "#server/http/errors.ts";
import { withoutBodyOnGet } from "#server/http/front-door.ts";
import { MAX_JSON_BODY_BYTES } from "#server/http/json.ts";
import { newRequestId } from "./context.ts";
import { parseEnv } from "./env.ts";

/**
 * How every Hono worker is built (the status worker first, the verifier worker next): a validated
 * env, a request context on `c.var` (env, db, requestId, plus what the worker adds), one sub-app
 * per resource mounted with `app.route()`, and one JSON answer for unknown paths and for errors.
 * Tests drive the app through `app.request(path, init, env)`.
 */
interface WorkerVariables<Env> {
  env: Env;
  db: Database;
  requestId: string;
}

/** The Hono env type of a worker whose validated bindings are `Env`, with `Extra` context variables. */
export interface WorkerHonoEnv<Env, Extra extends object = object> {
  Bindings: Record<string, unknown>;
  Variables: WorkerVariables<Env> & Extra;
}

/** What a Hono worker's env must hold: every one of them reads and writes the database. */
type WorkerEnvSchema = z.ZodType<DatabaseConfig, unknown>;

export interface WorkerAppOptions<S extends WorkerEnvSchema> {
  /** The worker's name, in configuration errors and logs. */
  name: string;
  /** The worker's bindings schema (server/worker/env.ts workerEnv). */
  env: S;
  /** Request bodies beyond this are refused (413) before any handler reads them (default 16 KiB). */
  maxBodyBytes?: number;
  /** A refusal's message as the caller reads it (its language); the error's own (English) message by default. */
  errorMessage?: (error: ServiceError, request: Request) => string;
}

/**
 * A worker app with the shared request context and JSON errors. Every response carries the
 * request id, so a caller can quote it and we can find the log line.
 */
export function createWorkerApp<S extends WorkerEnvSchema, Extra extends object = object>(
  options: WorkerAppOptions<S>,
) {
  const app = new Hono<WorkerHonoEnv<z.infer<S>, Extra>>();

  app.use(requestContext(options) as MiddlewareHandler);
  app.use(bodyCap(options.maxBodyBytes ?? MAX_JSON_BODY_BYTES) as MiddlewareHandler);

  app.notFound((c) => c.json({ message: "Not found" }, 404, { "Cache-Control": "no-store" }));

  app.onError((error, c) => {
    const requestId = c.get("requestId");
    if (error instanceof ServiceError) {
      const message = options.errorMessage ? options.errorMessage(error, c.req.raw) : error.message;
      return c.json({ message, code: error.code }, error.status as 400);
    }
    if (error instanceof HTTPException && error.status < 500)
      return c.json({ message: error.message || "Bad request" }, error.status);
    if (isDatabaseUnavailable(error)) {
      console.error(`[${requestId}] ${options.name} worker: database unavailable`, error);
      return serviceUnavailableResponse();
    }
    console.error(`[${requestId}] ${options.name} worker error`, error);
    return c.json({ message: "Internal error", requestId }, 500, requestId ? { "X-Request-Id": requestId } : undefined);
  });

  return app;
}

/** Puts the validated env, a database client and a fresh request id on the context. */
function requestContext<S extends WorkerEnvSchema>(
  options: WorkerAppOptions<S>,
): MiddlewareHandler<WorkerHonoEnv<z.infer<S>>> {
  return async (c, next) => {
    const requestId = newRequestId();
    c.set("requestId", requestId);
    // A misconfigured worker answers every request with a logged 500 rather than half-working.
    const env = parseEnv(options.env, c.env, options.name);
    c.set("env", env);
    c.set("db", createDb(env));
    await next();
    c.header("X-Request-Id", requestId);
  };
}

/**
 * Request bodies beyond `maxBytes` are refused (413) before any handler reads them; the rest are
 * read once, with the cap (server/http/body.ts, which cancels what it will not read), and handed
 * on as bytes. A GET or HEAD loses a body it should not have had: Hono's bodyLimit rebuilt such a
 * request (sent chunked) with its body, which throws ("Request with a GET or HEAD method cannot
 * have a body"), a 500 (issue 13).
 */
function bodyCap(maxBytes: number): MiddlewareHandler {
  return async (c, next) => {
    if (!c.req.raw.body) return next();
    if (c.req.raw.method === "GET" || c.req.raw.method === "HEAD") {
      await c.req.raw.body.cancel().catch(() => undefined);
      c.req.raw = withoutBodyOnGet(c.req.raw);
      return next();
    }
    const read = await readBodyBytes(c.req.raw, maxBytes);
    if (!read.ok) return bodyRefusal(read.reason);
    c.req.raw = new Request(c.req.raw, { body: read.bytes });
    await next();
  };
}
