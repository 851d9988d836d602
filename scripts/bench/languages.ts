// Languages (issue 21): what a page ships in English and in Welsh (its compressed JavaScript, the
// same code whatever the language, and its messages, which travel in the page's data), the
// largest catalog a page loads, and a cached pitch page's throughput in Welsh against English.

import { gzipSync } from "node:zlib";
import type { Locale } from "#core/i18n/locales.ts";
import { localePath } from "#core/i18n/pages.ts";
import { DEMO_PASSWORD } from "#db/demo-accounts.ts";
import { load, pageWeight } from "./pitch.ts";

/** Public pages (their language in the address) and the citizen's signed-in screens (a cookie). */
const PUBLIC = ["/", "/about", "/pilots", "/privacy-policy", "/login", "/register"];
const SIGNED_IN = ["/wallet", "/credentials", "/shares", "/profile"];
const LANGUAGES: readonly Locale[] = ["en", "cy", "ur", "pl"];
const DEMO_CITIZEN = "citizen";

export interface LanguageWeight {
  path: string;
  locale: Locale;
  /** The language the page was answered in (a page not translated yet is English). */
  answered: string;
  jsBytesGzip: number;
  messages: number;
  messagesBytesGzip: number;
}

/** The page's messages as its data carries them (the root loader's `i18n.messages`), compressed. */
async function messagesOf(baseUrl: string, path: string, cookie: string) {
  const url = new URL(path, baseUrl);
  url.searchParams.set("_data", "root");
  const response = await fetch(url, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`${path} root data answered ${response.status}`);
  const data = (await response.json()) as { i18n: { locale: string; messages: Record<string, unknown> } };
  const json = JSON.stringify(data.i18n.messages);
  return {
    answered: data.i18n.locale,
    messages: Object.keys(data.i18n.messages).length,
    bytes: gzipSync(json, { level: 9 }).byteLength,
  };
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(new URL("/api/auth/login", baseUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: new URL(baseUrl).origin, "Sec-Fetch-Site": "same-origin" },
    body: JSON.stringify({ username: DEMO_CITIZEN, password: DEMO_PASSWORD }),
  });
  // The session's cookie (server/accounts/session.ts names it "…identity_session").
  const session = response.headers.getSetCookie().find((c) => /^[^=]*session=/.test(c));
  if (response.status !== 200 || !session) throw new Error(`signing in the demo citizen answered ${response.status}`);
  return session.split(";")[0]!;
}

export async function benchLanguages(baseUrl: string, options: { seconds: number; connections: number }) {
  const weights: LanguageWeight[] = [];
  for (const path of PUBLIC) {
    for (const locale of LANGUAGES) {
      const address = localePath(path, locale);
      if (locale !== "en" && address === path) continue; // not offered in that language
      const cookie = `lang=${locale}`;
      const { jsBytesGzip } = await pageWeight(baseUrl, address);
      const { answered, messages, bytes } = await messagesOf(baseUrl, address, cookie);
      weights.push({ path: address, locale, answered, jsBytesGzip, messages, messagesBytesGzip: bytes });
    }
  }
  const session = await signIn(baseUrl);
  for (const path of SIGNED_IN) {
    for (const locale of LANGUAGES) {
      const cookie = `${session}; lang=${locale}`;
      const { answered, messages, bytes } = await messagesOf(baseUrl, path, cookie);
      weights.push({ path, locale, answered, jsBytesGzip: Number.NaN, messages, messagesBytesGzip: bytes });
    }
  }

  // The cached pitch page, in English and in Welsh, each warmed first.
  for (const page of ["/about", "/cy/about"]) for (let i = 0; i < 3; i++) await (await fetch(baseUrl + page)).text();
  const english = await load(baseUrl, "/about", options.seconds, options.connections);
  const welsh = await load(baseUrl, "/cy/about", options.seconds, options.connections);
  return {
    weights,
    largestCatalogBytesGzip: Math.max(...weights.map((w) => w.messagesBytesGzip)),
    english,
    welsh,
    welshVsEnglish: welsh.requestsPerSecond / english.requestsPerSecond,
  };
}
