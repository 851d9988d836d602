import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import * as z from "zod";
import { issueStatusListToken } from "#core/credentials/index.ts";
import type { SigningProfile } from "#core/issuance/endpoints.ts";
import { certifiedStatusListUri, publicBaseUrl, statusIssuerUrl } from "#core/issuers/registry.ts";
import { isDatabaseUnavailable } from "#db/errors.ts";
import { loadCertifiedKeys } from "#server/credentials/certified-keys.ts";
import { loadStatusList } from "#server/credentials/status-lists.ts";
import { notFound } from "#server/worker/validation-hooks.ts";
import type { StatusApp } from "#workers/status/src/app.ts";
import { type HeldList, heldStatusLists } from "#workers/status/src/held-lists.ts";

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
 * (never its credential key: ADR 028). It reads the database every time; HTTP caching (at most
 * 60 s) happens in front of it. While the database is unavailable it serves the copy it signed
 * last, within that copy's ttl (./held-lists.ts).
 */
export const statusLists = new Hono<StatusApp>()
  .get("/lists/:id", zValidator("param", ListParam, notFound), (c) => serveList(c, c.req.valid("param").id, "eddsa"))
  /**
   * GET /status/lists/{id}/x509: the same list, signed ES256 by the authority's certified status-list
   * key with its chain in `x5c` (HAIP 1.0 section 6.1; ADR 047): where the credentials of HAIP's
   * configurations point. 404 where the deployment holds no certified keys.
   */
  .get("/lists/:id/x509", zValidator("param", ListParam, notFound), (c) =>
    serveList(c, c.req.valid("param").id, "haip"),
  );

async function serveList(c: Context<StatusApp>, id: string, profile: SigningProfile): Promise<Response> {
  // Which list, as the requester names it: the held copy must be one signed for the same base and profile.
  const heldAs = `${publicBaseUrl(c.var.env.PUBLIC_BASE_URL, c.req.url)} ${id} ${profile}`;
  const certified =
    profile === "haip"
      ? await loadCertifiedKeys("STATUS_LIST_X509_SIGNING_KEYS", c.var.env.STATUS_LIST_X509_SIGNING_KEYS, c.var.trust)
      : undefined;
  if (profile === "haip" && !certified) return c.json({ message: "Not found" }, 404);
  let list: Awaited<ReturnType<typeof loadStatusList>>;
  try {
    list = await loadStatusList(c.var.db, id);
  } catch (error) {
    // The database is unavailable: the copy signed last, within its ttl (ADR 032); else 503.
    const held = isDatabaseUnavailable(error) ? heldStatusLists.withinTtl(heldAs) : undefined;
    if (!held) throw error;
    console.error(
      `[${c.var.requestId}] status list ${id}: database unavailable, serving the copy signed ${held.ageSeconds} s ago`,
    );
    return c.body(held.list.token, 200, {
      ...listHeaders(held.list),
      // The held copy's age: a cache in front keeps it only for what is left of its ttl (RFC 9111 §4.2.3).
      Age: String(held.ageSeconds),
    });
  }
  if (!list) return c.json({ message: "Not found" }, 404);
  const key = certified ? certified.get(list.issuerId) : c.var.keys.get(list.issuerId);
  if (!key) throw new Error(`no status-list key for ${list.issuerId}`);
  const iat = Math.floor(Date.now() / 1000);
  const token = await issueStatusListToken({
    iss: statusIssuerUrl(publicBaseUrl(c.var.env.PUBLIC_BASE_URL, c.req.url), list.issuerId),
    // The token's sub is the uri the credentials name (status-list draft section 5.1).
    sub: certified ? certifiedStatusListUri(list.publishedUrl) : list.publishedUrl,
    iat,
    exp: iat + STATUS_TOKEN_LIFETIME_SECONDS,
    ttl: STATUS_TTL_SECONDS,
    bits: list.bits,
    lst: list.encodedList,
    kid: key.kid,
    privateKey: key.privateKey,
    ...("x5c" in key ? { x5c: key.x5c } : {}),
  });
  const signed: HeldList = {
    token,
    signedAt: iat,
    ttl: STATUS_TTL_SECONDS,
    lastModified: list.lastUpdated.toUTCString(),
    version: list.version,
  };
  heldStatusLists.hold(heldAs, signed);
  return c.body(token, 200, listHeaders(signed));
}

function listHeaders(list: HeldList): Record<string, string> {
  return {
    "Content-Type": "application/statuslist+jwt",
    "Cache-Control": `public, max-age=${list.ttl}`,
    "Last-Modified": list.lastModified,
    "X-Status-List-Version": String(list.version),
  };
}
