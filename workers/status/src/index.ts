import { Hono } from "hono";

export interface StatusBindings {
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
}

/**
 * The status worker. Issue 4 adds the token status lists and issuer metadata; for now it answers
 * its health check so the web worker's service binding and the deploy bundle are exercised.
 */
const app = new Hono<{ Bindings: StatusBindings }>();

app.get("/status/health", (c) => c.json({ ok: true, service: "status" }));

app.notFound((c) => c.json({ message: "Not found" }, 404));
app.onError((err, c) => {
  console.error("status worker error", err);
  return c.json({ message: "Internal error" }, 500);
});

export default app;
