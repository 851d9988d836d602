import { mkdirSync, readFileSync } from "node:fs";
import axe from "axe-core";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { hashPassword } from "#core/accounts/password.ts";
import type { KnownRole } from "#core/accounts/users.ts";
import { CREDENTIAL_TYPES, type CredentialTypeCode } from "#core/issuers/registry.ts";
import { demoAuthorityRecords } from "#db/demo-records.ts";
import { authorityRecords, users } from "#db/schema/index.ts";
import { parseDevVars } from "#scripts/stack.ts";
import { deviceCookie } from "#server/accounts/device.ts";
import { createSession } from "#server/accounts/session.ts";
import { revokeCredential } from "#server/credentials/revocation.ts";
import { trustAnchorOf } from "#server/verification/attestation.ts";
import { registerOrganisation } from "#server/verification/organisations.ts";
import { type OpenBrowser, openBrowser, waitForHydration } from "./browser.ts";
import { testDatabase } from "./database.ts";
import { stackUnderTest } from "./lane.ts";

/**
 * What the browser tests of the signed-in screens (issue 4: wallet, /credentials, /shares,
 * /profile, revocation; the shell) share: people each file registers for itself and signs in,
 * browsers closed after each test, toasts, light and dark screenshots, axe-core, and the wallet's
 * own protocol run from the page (issue a credential, share it).
 */

const SCREENS = ".tmp/screens";

/**
 * Whether this run takes screenshots: `npm run screens` (SCREENSHOTS=1) does, to look at every
 * page; `npm test` does not, as the pictures assert nothing and cost the suite about 20 s.
 */
export const TAKING_SCREENSHOTS = process.env.SCREENSHOTS === "1";

/** One screenshot of a page or an element, as `${SCREENS}/${name}.png`, when this run takes them. */
export async function photograph(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean; animations?: "disabled" } = {},
): Promise<void> {
  if (!TAKING_SCREENSHOTS) return;
  await target.screenshot({ path: `${SCREENS}/${name}.png`, ...options });
}

const opened: OpenBrowser[] = [];

/**
 * A fresh browser `width` px wide (900 high), closed by closeBrowsers; with `timeout`, the page's
 * waits fail after that many ms, well inside the test's own limit, naming the step that is stuck;
 * `args`, extra Chromium flags (a fake camera: fakeCameraArgs in ./fake-camera.ts).
 */
export async function openTestBrowser(
  width = 1280,
  timeout?: number,
  args: readonly string[] = [],
): Promise<OpenBrowser> {
  // Where screenshots go, whichever way a test takes them.
  mkdirSync(SCREENS, { recursive: true });
  const browser = await openBrowser({ viewport: { width, height: 900 }, args });
  if (timeout !== undefined) browser.page.setDefaultTimeout(timeout);
  opened.push(browser);
  return browser;
}

/** Closes every browser openTestBrowser opened (for afterEach). */
export async function closeBrowsers(): Promise<void> {
  await Promise.all(opened.splice(0).map((b) => b.close()));
}

/** Goes to `path` and waits until React has hydrated it. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/**
 * Signs in through the login page's Quick Demo Login. Only for tests whose subject is the demo
 * login itself: every other test uses people its own file registered (createUser), since the demo
 * accounts are shared by every file of a run.
 */
export async function signInAsDemo(
  browser: OpenBrowser,
  account: "Citizen" | "Admin User" | "Verifier" | "Operator" = "Citizen",
): Promise<void> {
  const { page } = browser;
  await visit(page, "/login");
  await page.getByRole("button", { name: account, exact: true }).click();
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL(new URL("/", browser.baseUrl).href);
}

/** A person a test file registered for itself, and how they sign in. */
export interface TestUser {
  id: string;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A username no other file or earlier run has. */
export const uniqueUsername = (prefix: string) => `${prefix}-${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;

/**
 * The password of every person a test file makes (each file runs in its own module scope, so each
 * has its own): an Argon2id hash takes about 190 ms in pure JS, so it is hashed once per file, not
 * once per person. People stay distinct by their unique usernames.
 */
const FILE_PASSWORD = `Correct horse ${crypto.randomUUID()}`;
let filePasswordHash: Promise<string> | undefined;

/**
 * A person with an account, made directly in the database as the seed makes the demo accounts
 * (an Argon2id hash of a password, a citizen unless `role` says otherwise): arranging who takes
 * part is not what these tests check, and it must not spend the registration limit (20 an hour
 * per address, which every file of a run shares). Registration itself is tested through the form
 * (shell.spec.ts, wallet.spec.ts). With `records`, what every authority holds about them (the
 * demo records: named Sarah Thompson, born 12 April 1990), so the wallet can request every type.
 */
export async function createUser(person: {
  prefix: string;
  firstName: string;
  lastName: string;
  role?: KnownRole;
  records?: boolean;
}): Promise<TestUser> {
  const user = {
    username: uniqueUsername(person.prefix),
    password: FILE_PASSWORD,
    firstName: person.firstName,
    lastName: person.lastName,
  };
  filePasswordHash ??= hashPassword(FILE_PASSWORD);
  const [{ id }] = await testDatabase()
    .insert(users)
    .values({
      username: user.username,
      email: `${user.username}@example.org`,
      passwordHash: await filePasswordHash,
      firstName: user.firstName,
      lastName: user.lastName,
      role: person.role ?? "citizen",
    })
    .returning({ id: users.id });
  if (person.records) await giveAuthorityRecords(id!);
  return { id: id!, ...user };
}

/** What every authority holds about the person: the demo records, valid from now. */
async function giveAuthorityRecords(userId: string): Promise<void> {
  await testDatabase().insert(authorityRecords).values(demoAuthorityRecords(userId, new Date()));
}

/** Signs in through the login form, as a person would, and waits for the dashboard. */
export async function signInWithForm(
  browser: OpenBrowser,
  user: Pick<TestUser, "username" | "password">,
): Promise<void> {
  const { page } = browser;
  await visit(page, "/login");
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL(new URL("/", browser.baseUrl).href);
}

/**
 * Signs in through the login form's own call (POST /api/auth/login) from the browser's context, and
 * opens `path` (the dashboard unless said): for tests that rely on what a sign-in does besides
 * starting a session (the language saved or restored at sign-in, the throttle, the sign-in's
 * records). The form itself is tested with signInWithForm (the shell and session-tracking tests).
 */
export async function signInThroughApi(
  browser: OpenBrowser,
  user: Pick<TestUser, "username" | "password">,
  path = "/",
): Promise<void> {
  const answer = await browser.context.request.post("/api/auth/login", {
    data: { username: user.username, password: user.password },
  });
  if (!answer.ok()) throw new Error(`POST /api/auth/login for ${user.username} answered ${answer.status()}`);
  await visit(browser.page, path);
}

/**
 * Signs in where signing in is not what the test is about, and opens `path` (the dashboard unless
 * said): the browser gets the cookies a password sign-in leaves (a session and the device
 * cookie), made by the product's own functions (sessionCookies) without checking a password. A
 * sign-in through the API costs about a second of the machine (Argon2id at OWASP's cost, the
 * throttle), which dozens of tests paid only to reach a screen.
 */
export async function signIn(browser: OpenBrowser, user: Pick<TestUser, "id" | "username">, path = "/"): Promise<void> {
  const userAgent = await browser.page.evaluate(() => navigator.userAgent);
  const url = new URL(browser.baseUrl);
  await browser.context.addCookies(
    (await sessionCookies(user, userAgent)).map(({ name, value }) => ({
      name,
      value,
      domain: url.hostname,
      path: "/",
      httpOnly: true,
      secure: true,
      sameSite: "Lax" as const,
    })),
  );
  await visit(browser.page, path);
}

/** The stacks' SESSION_SECRET (every lane's stack runs with the one .dev.vars). */
let stackSessionSecret: string | undefined;

/**
 * The cookies (name and value) a password sign-in of `user` from a browser sending `userAgent`
 * leaves: a session started by the product's own createSession on this stack's database, and a
 * device cookie sealed by its own deviceCookie. Needs the stack's SESSION_SECRET, as the product
 * does: the database alone cannot plant a session.
 */
export async function sessionCookies(
  user: Pick<TestUser, "id" | "username">,
  userAgent: string,
): Promise<{ name: string; value: string }[]> {
  stackSessionSecret ??= parseDevVars(readFileSync(".dev.vars", "utf8")).SESSION_SECRET;
  if (!stackSessionSecret) throw new Error(".dev.vars has no SESSION_SECRET");
  const env = { SESSION_SECRET: stackSessionSecret };
  const background: Promise<unknown>[] = [];
  const { setCookie } = await createSession(
    new Request(stackUnderTest().baseUrl, { headers: { "User-Agent": userAgent } }),
    { db: testDatabase(), env, ctx: { waitUntil: (work: Promise<unknown>) => background.push(work) } as never },
    user.id,
  );
  await Promise.all(background);
  return [setCookie, await deviceCookie(env.SESSION_SECRET, user.username)].map((header) => {
    const [pair = ""] = header.split(";");
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

/**
 * Runs `arrange` in a browser of its own signed in as `user`, closed afterwards: for what a file
 * sets up once for its tests (credentials issued from a page, shares).
 */
export async function asUser<T>(user: TestUser, arrange: (page: Page) => Promise<T>): Promise<T> {
  const browser = await openBrowser();
  try {
    await signIn(browser, user);
    return await arrange(browser.page);
  } finally {
    await browser.close();
  }
}

/** The toasts' live region. */
export const toastRegion = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

/** Waits for a toast titled `title` and checks its description. */
export async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const region = toastRegion(page);
  await region.getByText(title, { exact: true }).waitFor();
  expect(await region.getByText(description, { exact: true }).isVisible()).toBe(true);
}

/** Waits for the animations that end (colour transitions); one that never ends (the Live dot's pulse) is left running. */
const settleAnimations = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

/** Switches the theme with the header's own toggle; colour transitions finish before anything is measured or photographed. */
export async function setDarkMode(page: Page, dark: boolean): Promise<void> {
  const toggle = page.getByRole("button", { name: "Dark mode" });
  if ((await toggle.getAttribute("aria-pressed")) !== String(dark)) await toggle.click();
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(dark);
  await settleAnimations(page);
}

/**
 * Screenshots in light and dark (when this run takes them: TAKING_SCREENSHOTS), as `${SCREENS}/${name}-light.png` and `-dark.png`: the full page
 * with the header's toggle (on a phone also in screen-high parts, readable at full size); or, with
 * `dialog`, while a modal dialog makes the page behind it inert, the viewport with the theme class
 * the toggle sets (the theme is that class); with `direct`, the theme class on a page without the toggle.
 */
export async function screenshots(
  page: Page,
  name: string,
  options: { dialog?: boolean; direct?: boolean } = {},
): Promise<void> {
  if (!TAKING_SCREENSHOTS) return;
  // No hover state from the last click in the picture.
  await page.mouse.move(0, 0);
  const { width, height } = page.viewportSize()!;
  for (const dark of [false, true]) {
    await showTheme(page, dark, options);
    const file = `${SCREENS}/${name}-${dark ? "dark" : "light"}`;
    await page.screenshot({ path: `${file}.png`, fullPage: !options.dialog });
    if (options.dialog || width > 600) continue;
    const total = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let part = 0; part * height < total; part++) {
      const clip = { x: 0, y: part * height, width, height: Math.min(height, total - part * height) };
      await page.screenshot({ path: `${file}-part${part + 1}.png`, fullPage: true, clip });
    }
  }
  await showTheme(page, false, options);
}

/**
 * Shows the page light or dark: with the header's toggle, or, while a modal dialog makes the page
 * behind it inert, by the theme class the toggle sets (the theme is that class).
 */
async function showTheme(page: Page, dark: boolean, options: { dialog?: boolean; direct?: boolean }): Promise<void> {
  if (!options.dialog && !options.direct) return setDarkMode(page, dark);
  await setThemeClass(page, dark);
}

/**
 * Shows the page light or dark by the theme's class alone (the theme is that class), without a
 * reload, once its colour transitions have finished: for a page that renders nothing else by theme.
 */
export async function setThemeClass(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
  await settleAnimations(page);
}

/**
 * Serious or critical axe-core findings in light and in dark (with `dialog`: a modal dialog is
 * open; with `direct`: the theme's class set directly, as on a page in another language, whose
 * toggle has another name); back to light after.
 */
export async function axeInBothThemes(
  page: Page,
  options: { dialog?: boolean; direct?: boolean } = {},
): Promise<{ light: string[]; dark: string[] }> {
  await showTheme(page, false, options);
  const light = await seriousAxeFindings(page);
  await showTheme(page, true, options);
  const dark = await seriousAxeFindings(page);
  await showTheme(page, false, options);
  return { light, dark };
}

/** Serious or critical axe-core findings (WCAG 2.2 AA tags) on the page as it is now. */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  // Injected through the DevTools protocol, which the page's CSP does not govern; once per document.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      // Only violations are read: axe then builds no details for what passed.
      resultTypes: ["violations"],
    }),
  );
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

/** A credential as GET /api/wallet/credentials and issuance answer it (the fields these tests read). */
export interface BrowserCredential {
  id: string;
  type: string;
  status: string;
  issuedAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  vcJwt: string;
  issuer: string;
  display: { longName: string; expiringSoon: boolean };
}

/** The signed-in user's wallet, fetched by the page. */
export function walletCredentials(page: Page): Promise<BrowserCredential[]> {
  return page.evaluate(async () => {
    const response = await fetch("/api/wallet/credentials", { credentials: "include" });
    return (await response.json()) as BrowserCredential[];
  });
}

/**
 * Issues a credential of `type` from this page as a wallet does: a P-256 device key made with
 * WebCrypto, the server's nonce, an openid4vci-proof+jwt over it for the type's issuer (from the
 * registry), POST /api/vc/{type}/issue.
 */
export async function issueFromBrowser(page: Page, type: CredentialTypeCode = "rtw"): Promise<BrowserCredential> {
  const issuerId = CREDENTIAL_TYPES[type].issuerId;
  return page.evaluate(
    async ({ type, issuerId }) => {
      const b64u = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, "-")
          .replace(/\//g, "_")
          .replace(/=+$/, "");
      const segment = (value: unknown) => b64u(new TextEncoder().encode(JSON.stringify(value)));
      const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
        "sign",
        "verify",
      ])) as CryptoKeyPair;
      const { kty, crv, x, y } = await crypto.subtle.exportKey("jwk", pair.publicKey);
      const nonce = await fetch("/api/vc/nonce", { method: "POST", credentials: "include" });
      const { c_nonce } = (await nonce.json()) as { c_nonce: string };
      const input = `${segment({ alg: "ES256", typ: "openid4vci-proof+jwt", jwk: { kty, crv, x, y } })}.${segment({
        nonce: c_nonce,
        aud: `https://${location.host}/issuers/${issuerId}`,
        iat: Math.floor(Date.now() / 1000),
      })}`;
      const signature = new Uint8Array(
        await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, pair.privateKey, new TextEncoder().encode(input)),
      );
      const response = await fetch(`/api/vc/${type}/issue`, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ proof: `${input}.${b64u(signature)}` }),
      });
      if (response.status !== 201) throw new Error(`issue failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as BrowserCredential;
    },
    { type, issuerId },
  );
}

export interface BrowserShare {
  id: string;
  verifyPath: string;
  credentialName: string;
  issuerName: string;
}

/** Shares the credential from this page (POST /api/credentials/{id}/shares): 201 and the share. */
export async function shareFromBrowser(
  page: Page,
  credentialId: string,
  body: { purpose?: string; sharedWith?: string } = {},
): Promise<BrowserShare> {
  const created = await page.evaluate(
    async ({ credentialId, body }) => {
      const response = await fetch(`/api/credentials/${credentialId}/shares`, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as BrowserShare };
    },
    { credentialId, body },
  );
  expect(created.status, "share").toBe(201);
  return created.body;
}

/** A JSON call made by the page (its session cookie goes with it): the status and the parsed answer. */
export function pageJson<T>(page: Page, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: body === undefined ? "GET" : "POST",
        credentials: "include",
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { path, body },
  ) as Promise<{ status: number; body: T }>;
}

/**
 * A verifier (issue 9) and the organisation of this test's own they act for, made as an
 * administrator registers one (its attestation signed with the stack's trust anchor key, from
 * .dev.vars, as the web worker signs it: ADR 034); the organisation's name is what citizens see.
 */
export async function createVerifier(
  prefix: string,
  organisation = "Harbour Lettings",
): Promise<{ user: TestUser; organisationId: string; organisationName: string }> {
  const user = await createUser({ prefix, firstName: "Vera", lastName: "Fier", role: "verifier" });
  const name = `${organisation} ${user.username}`;
  const row = await registerOrganisation(testDatabase(), { name, allowedChecks: ["rtw", "rtr", "dbs", "age"] }, null, {
    anchor: await trustAnchorOf(parseDevVars(readFileSync(".dev.vars", "utf8"))),
    identifierBase: stackUnderTest().baseUrl,
    now: new Date(),
  });
  await testDatabase().update(users).set({ organisationId: row.id }).where(eq(users.id, user.id));
  return { user, organisationId: row.id, organisationName: name };
}

/** A citizen with authority records who added a Right to Work credential in this browser's wallet, as a person would. */
export async function citizenWithRightToWork(
  prefix = "holder",
): Promise<{ browser: OpenBrowser; person: TestUser; credentialId: string }> {
  const person = await createUser({ prefix, firstName: "Hana", lastName: "Older", records: true });
  const browser = await openTestBrowser(1280, 15_000);
  await signIn(browser, person, "/wallet");
  await browser.page.getByTestId("button-add-first-credential").click();
  await browser.page.getByTestId("credential-card").filter({ hasText: "Right to Work" }).waitFor();
  const [credential] = await walletCredentials(browser.page);
  return { browser, person, credentialId: credential!.id };
}

/**
 * The authority revokes a credential behind the product's back: an administrator of the test's
 * own, through the server layer on the stack's database (as the administrator's revoke route
 * does, status list republished). For tests whose subject is what others see of a revocation, not
 * the administrator's screens (revocation.spec.ts goes through those).
 */
export async function revokeAsAuthority(credentialId: string, reason: string): Promise<void> {
  const admin = await createUser({ prefix: "admin", firstName: "Ada", lastName: "Min", role: "admin" });
  const revoked = await revokeCredential({ db: testDatabase(), credentialId, actorId: admin.id, reason });
  expect(revoked.status, "revoked").toBe("revoked");
}
