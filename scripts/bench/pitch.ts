// Pitch-site benchmarks (issue 3): a cached pitch page against a static asset from the same worker,
// and the compressed JavaScript and CSS each pitch page ships.

import { brotliCompressSync, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { PITCH_PATHS } from "#app/worker/pitch-paths.ts";

export interface LoadResult {
  path: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
}

export async function load(baseUrl: string, path: string, seconds: number, connections: number): Promise<LoadResult> {
  const result = await autocannon({
    url: baseUrl + path,
    duration: seconds,
    connections,
    headers: { accept: "text/html" },
  });
  return {
    path,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

export interface PageWeight {
  path: string;
  jsBytesGzip: number;
  jsBytesBrotli: number;
  cssBytesGzip: number;
  assets: number;
}

/** The scripts and stylesheets a page makes the browser fetch, compressed as a CDN would send them. */
export async function pageWeight(baseUrl: string, path: string): Promise<PageWeight> {
  const response = await fetch(baseUrl + path);
  const html = await response.text();
  // A weight measured on an error or an empty page would be meaningless: refuse it.
  if (response.status !== 200 || !html.includes("</html>"))
    throw new Error(`${path} answered ${response.status} without a whole page`);
  const js = new Set<string>();
  const css = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) js.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) js.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) css.add(m[1]!);
  // Inline module scripts import the entry and route modules by path.
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/build\/[^"']+\.js)["']/g)) js.add(m[1]!);
  const size = async (url: string) => Buffer.from(await (await fetch(new URL(url, baseUrl))).arrayBuffer());
  let jsGzip = 0;
  let jsBrotli = 0;
  let cssGzip = 0;
  for (const url of js) {
    const body = await size(url);
    jsGzip += gzipSync(body, { level: 9 }).byteLength;
    jsBrotli += brotliCompressSync(body).byteLength;
  }
  for (const url of css) cssGzip += gzipSync(await size(url), { level: 9 }).byteLength;
  return { path, jsBytesGzip: jsGzip, jsBytesBrotli: jsBrotli, cssBytesGzip: cssGzip, assets: js.size + css.size };
}

export async function benchPitch(baseUrl: string, options: { seconds: number; connections: number }) {
  // Warm the edge cache, and check that it is warm before measuring.
  const page = "/about";
  for (let i = 0; i < 3; i++) await (await fetch(baseUrl + page)).text();
  const cacheState = (await fetch(baseUrl + page)).headers.get("x-cache");
  if (cacheState !== "HIT") throw new Error(`${page} is not served from the edge cache (X-Cache: ${cacheState})`);

  const staticAsset = await load(baseUrl, "/robots.txt", options.seconds, options.connections);
  const cachedPage = await load(baseUrl, page, options.seconds, options.connections);
  const weights = [];
  for (const path of PITCH_PATHS) weights.push(await pageWeight(baseUrl, path));
  return {
    staticAsset,
    cachedPage,
    cachedVsStatic: cachedPage.requestsPerSecond / staticAsset.requestsPerSecond,
    weights,
    maxJsGzip: Math.max(...weights.map((w) => w.jsBytesGzip)),
  };
}
