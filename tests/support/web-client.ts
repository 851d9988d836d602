import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { DEVICE_COOKIE } from "#server/accounts/device.ts";
import { SESSION_COOKIE, sessionIdFor } from "#server/accounts/session.ts";
import type { ThrottleBindings } from "#server/accounts/throttle.ts";
import { db } from "./workerd-database.ts";

/**
 * Helpers for the `web` workerd tests: requests through the real web worker (SELF.fetch) as a
 * same-origin browser would send them, and direct database access for arranging state.
 */
export const ORIGIN = "https://identity.example";

/** The sign-in throttles (LoginThrottle objects) the web worker binds. */
export const throttles = (env as unknown as ThrottleBindings).LOGIN_THROTTLE;

/** A JSON answer's body, typed as the test expects it. */
export const json = async <T>(response: Response) => (await response.json()) as T;

/** The web worker's SESSION_SECRET (vitest.config.ts). */
export const SESSION_SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;
/** The sessions row id of a cookie token, keyed as the web worker keys it. */
export const sessionRowId = (token: string) => sessionIdFor(SESSION_SECRET, token);

/** A username no other test uses (3–50 characters). */
export const uniqueName = (prefix = "t") => `${prefix}${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;

/**
 * A client address of its own, so throttle counts don't mix between tests: a documentation-range
 * IPv6 address in a /64 of its own (a client is its /64 to the track limiter).
 */
export const uniqueAddress = () =>
  `2001:db8:${[...crypto.getRandomValues(new Uint16Array(3))].map((n) => n.toString(16)).join(":")}::1`;

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Raw body text, sent as is (for malformed JSON). */
  rawBody?: string;
  cookie?: string | null;
  ip?: string;
  headers?: Record<string, string>;
}

export function call(path: string, options: CallOptions = {}): Promise<Response> {
  const method = options.method ?? (options.body !== undefined || options.rawBody !== undefined ? "POST" : "GET");
  // Host as a browser always sends it (Remix compares it with Origin before any form action runs).
  const headers: Record<string, string> = {
    Host: new URL(ORIGIN).host,
    "CF-Connecting-IP": options.ip ?? uniqueAddress(),
    ...options.headers,
  };
  if (method !== "GET" && method !== "HEAD") {
    headers.Origin ??= ORIGIN;
    headers["Sec-Fetch-Site"] ??= "same-origin";
  }
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.cookie) headers.Cookie = `${SESSION_COOKIE}=${options.cookie}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return SELF.fetch(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" });
}

/** The session token a response sets, or null; asserts nothing about the attributes. */
export function sessionTokenFrom(response: Response): string | null {
  const header = response.headers.get("Set-Cookie");
  if (!header) return null;
  const match = new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(header);
  return match?.[1] ? match[1] : null;
}

/** A registration that passes every rule, for a username of its own (starting with `prefix`). */
export function validRegistration(prefix = "t") {
  const username = uniqueName(prefix);
  return {
    username,
    email: `${username}@example.org`,
    password: "a long passphrase 42",
    firstName: "Ada",
    lastName: "Lovelace",
  };
}

export async function registerUser(overrides: Record<string, unknown> = {}) {
  const username = uniqueName();
  const password = `Correct horse ${crypto.randomUUID()}`;
  const response = await call("/api/auth/register", {
    body: { username, email: `${username}@example.org`, password, firstName: "Test", lastName: "User", ...overrides },
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const user = (await response.json()) as { id: string; username: string };
  return { user, username, password, cookie: sessionTokenFrom(response)! };
}

/** A new account with `role` (an administrator's act: written to users.role, read on every request), signed in. */
export async function registerUserWithRole(role: string) {
  const account = await registerUser();
  await db().update(users).set({ role }).where(eq(users.id, account.user.id));
  return account;
}

/**
 * POST /api/auth/login from `ip` (a fresh address unless given), from a browser carrying the device
 * cookie `device` when given: the response, the session token and the device cookie it sets.
 */
export async function login(username: string, password: string, ip?: string, device?: string) {
  const response = await call("/api/auth/login", {
    body: { username, password },
    ip,
    headers: device ? { Cookie: `${DEVICE_COOKIE}=${device}` } : {},
  });
  const deviceSet = response.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  return {
    response,
    cookie: sessionTokenFrom(response),
    device: deviceSet ? deviceSet.slice(DEVICE_COOKIE.length + 1).split(";")[0]! : null,
  };
}

/** A no-JS form post, as a browser sends it: urlencoded, or multipart when asked; signed in with `cookie`. */
export async function postForm(
  path: string,
  fields: Record<string, string>,
  options: { ip?: string; multipart?: boolean; cookie?: string | null } = {},
) {
  if (!options.multipart) {
    const rawBody = new URLSearchParams(fields).toString();
    return call(path, {
      rawBody,
      ip: options.ip,
      cookie: options.cookie,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const encoded = new Request(`${ORIGIN}${path}`, { method: "POST", body: form });
  return call(path, {
    rawBody: await encoded.text(),
    ip: options.ip,
    cookie: options.cookie,
    headers: { "Content-Type": encoded.headers.get("Content-Type")! },
  });
}
