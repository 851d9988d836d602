/**
 * Edge caching of the public pitch pages (docs/decisions/008-edge-caching-pitch-pages.md).
 *
 * A pitch page requested by an anonymous visitor is the same for every anonymous visitor, so it is
 * rendered once and then served from the Workers Cache API without rendering, with public HTTP
 * caching for CDNs. Anything that may depend on the visitor is never cached: a request carrying a
 * session cookie bypasses the cache entirely, and a rendered response that sets a cookie, is not a
 * 200, or is not HTML is not stored.
 *
 * Cached HTML is shared, so it cannot carry a per-response CSP nonce: its CSP allows exactly the
 * inline scripts it contains, by their SHA-256 hashes (CSP Level 3 hash sources).
 */

import { THEME_COOKIE } from "#app/client/theme.ts";
import { splitLocalePrefix } from "#core/i18n/pages.ts";
import { SESSION_COOKIE } from "#server/accounts/session.ts";
import { contentSecurityPolicy } from "#server/http/security.ts";
import { PITCH_PATHS } from "./pitch-paths.ts";

/** Query parameters that change a pitch page (the business-model tab); all others are ignored. */
const VARYING_PARAMS = ["sector"];

/** CDN: 5 minutes fresh, then served stale for a day while revalidating. Browsers always revalidate. */
const PITCH_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";

function cookieNames(request: Request): string[] {
  return (request.headers.get("Cookie") ?? "").split(";").map((part) => part.split("=")[0]!.trim());
}

/** Whether this request may be answered from, and stored in, the shared pitch-page cache. */
export function isCacheablePitchRequest(request: Request): boolean {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  // A page in another language has its own address ("/cy/about"), so its own entry (ADR 035).
  if (!PITCH_PATHS.has(splitLocalePrefix(url.pathname).path)) return false;
  // Remix data requests for client navigations carry ?_data=: not pages, not cached here.
  if (url.searchParams.has("_data")) return false;
  // A pseudo-locale (local runs and tests: ADR 035) is never the shared page.
  const names = cookieNames(request);
  return !names.includes(SESSION_COOKIE) && !names.includes("pseudo");
}

/**
 * The cache key: the page, the parameters that change it, the visitor's theme (the server renders
 * the dark class) and the build version, so a deploy never serves HTML pointing at old assets.
 */
export function pitchCacheKey(request: Request, buildVersion: string): Request {
  const url = new URL(request.url);
  const key = new URL(url.origin + url.pathname);
  for (const name of VARYING_PARAMS) {
    const value = url.searchParams.get(name);
    if (value !== null) key.searchParams.set(name, value.slice(0, 40));
  }
  const theme = (request.headers.get("Cookie") ?? "").match(new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=dark(?:;|$)`))
    ? "dark"
    : "light";
  key.searchParams.set("__theme", theme);
  key.searchParams.set("__build", buildVersion);
  return new Request(key.toString(), { method: "GET" });
}

/** Inline <script> bodies (no src attribute) exactly as the browser will hash them. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (const match of html.matchAll(pattern)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes)) continue;
    if (/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    scripts.push(match[2] ?? "");
  }
  return scripts;
}

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

/** The CSP for shared HTML: the per-response nonce replaced by the hashes of its inline scripts. */
export async function hashedContentSecurityPolicy(html: string, mediaSources: readonly string[] = []): Promise<string> {
  const hashes = await Promise.all(inlineScripts(html).map(sha256Base64));
  const sources = [...new Set(hashes)].map((h) => `'sha256-${h}'`).join(" ");
  return contentSecurityPolicy("", mediaSources).replace("'nonce-'", sources || "'none'");
}

/**
 * A rendered response made ready for the shared cache, or null when it must not be shared.
 * Reads the whole body (pitch pages are small) to compute the script hashes.
 */
export async function toCacheablePitchResponse(
  response: Response,
  mediaSources: readonly string[] = [],
): Promise<Response | null> {
  if (response.status !== 200) return null;
  if (response.headers.has("Set-Cookie")) return null;
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return null;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", PITCH_CACHE_CONTROL);
  headers.set("Content-Security-Policy", await hashedContentSecurityPolicy(html, mediaSources));
  // The theme cookie selects the variant; a CDN must not hand one theme's page to the other.
  headers.set("Vary", "Cookie");
  return new Response(html, { status: 200, headers });
}

/**
 * A small per-isolate copy in front of the Cache API: a hot pitch page is answered from memory
 * without even a cache lookup. Entries live at most a minute (well within s-maxage) and the map is
 * bounded, so memory stays small (16 pages × 2 themes × ~60 KB at most in practice).
 */
const MEMORY_TTL_MS = 60_000;
const MEMORY_MAX_ENTRIES = 64;

interface MemoryEntry {
  html: string;
  headers: [string, string][];
  expires: number;
}

const memory = new Map<string, MemoryEntry>();

function fromMemory(key: Request, now = Date.now()): Response | null {
  const entry = memory.get(key.url);
  if (!entry) return null;
  if (entry.expires <= now) {
    memory.delete(key.url);
    return null;
  }
  return new Response(entry.html, { status: 200, headers: entry.headers });
}

async function toMemory(key: Request, response: Response, now = Date.now()): Promise<void> {
  if (memory.size >= MEMORY_MAX_ENTRIES) memory.delete(memory.keys().next().value!);
  memory.set(key.url, { html: await response.text(), headers: [...response.headers], expires: now + MEMORY_TTL_MS });
}

const CACHE_NAME = "pitch-pages";

/** The stored page for this key: this isolate's memory first, then the Cache API (refilling memory). */
export async function lookupPitchPage(key: Request, ctx: ExecutionContext): Promise<Response | null> {
  const remembered = fromMemory(key);
  if (remembered) return remembered;
  const stored = await (await caches.open(CACHE_NAME)).match(key);
  if (!stored) return null;
  ctx.waitUntil(toMemory(key, stored.clone()));
  return stored;
}

/** Keeps a shareable page (from toCacheablePitchResponse) in the Cache API and in memory, after the response. */
export function storePitchPage(key: Request, page: Response, ctx: ExecutionContext): void {
  // Copies taken now, before the caller sends `page` and its body is consumed.
  const forCache = page.clone();
  const forMemory = page.clone();
  ctx.waitUntil(
    Promise.all([caches.open(CACHE_NAME).then((cache) => cache.put(key, forCache)), toMemory(key, forMemory)]),
  );
}
