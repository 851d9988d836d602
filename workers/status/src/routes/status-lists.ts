import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { issueStatusListToken } from "#core/credentials/index.ts";
import { publicBaseUrl, statusIssuerUrl } from "#core/issuers/registry.ts";
import { loadStatusList } from "#server/credentials/status-lists.ts";
import { notFound } from "#server/worker/validation-hooks.ts";
import type { StatusApp } from "#workers/status/src/app.ts";

/**
 * Seconds a consumer may cache a status list (the token's ttl and the HTTP max-age): any verifier
 * sees a revocation within 60 s (ADR 011).
 */
const STATUS_TTL_SECONDS = 60;
/** A token's own lifetime: long enough to ride out a short outage, short enough to bound replay. */
const STATUS_TOKEN_LIFETIME_SECONDS = 600;

const ListParam = z.object({ id: z.guid() });

/**
 * GET /status/lists/{id}: the list as a signed `statuslist+jwt` (status-list draft section 5),
 * signed afresh on each request by the status-list key of the authority that owns the list
 * (never its credential key: ADR 028). It reads the
 * database every time; HTTP caching (at most 60 s) happens in front of it.
 */
export const statusLists = new Hono<StatusApp>().get(
  "/lists/:id",
  zValidator("param", ListParam, notFound),
  async (c) => {
    const list = await loadStatusList(c.var.db, c.req.valid("param").id);
    if (!list) return c.json({ message: "Not found" }, 404);
    const key = c.var.keys.get(list.issuerId);
    if (!key) throw new Error(`no status-list key for ${list.issuerId}`);
    const iat = Math.floor(Date.now() / 1000);
    const token = await issueStatusListToken({
      iss: statusIssuerUrl(publicBaseUrl(c.var.env.PUBLIC_BASE_URL, c.req.url), list.issuerId),
      sub: list.publishedUrl,
      iat,
      exp: iat + STATUS_TOKEN_LIFETIME_SECONDS,
      ttl: STATUS_TTL_SECONDS,
      bits: list.bits,
      lst: list.encodedList,
      kid: key.kid,
      privateKey: key.privateKey,
    });
    return c.body(token, 200, {
      "Content-Type": "application/statuslist+jwt",
      "Cache-Control": `public, max-age=${STATUS_TTL_SECONDS}`,
      "Last-Modified": list.lastUpdated.toUTCString(),
      "X-Status-List-Version": String(list.version),
    });
  },
);
