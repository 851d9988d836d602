import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import { startClientProxy } from "#tests/support/client-address.ts";
import { stackUnderTest } from "./lane.ts";

/** Debian's Chromium (apt-get install chromium), never a downloaded browser. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  // The machine has no internet: without these Chromium keeps dialling Google's hosts.
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface OpenBrowser {
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * How every browser test launches Chromium (options for playwright-core's launch calls): Debian's
 * Chromium with the flags above, and `args` after them (e.g. a fake camera: ./fake-camera.ts).
 */
function chromiumLaunchOptions(args: readonly string[] = []): { executablePath: string; args: string[] } {
  return { executablePath: CHROMIUM, args: [...ARGS, ...args] };
}

/**
 * A fresh browser profile (own cookies and storage, its own client address: tests/support/client-address.ts)
 * pointed at the product under test; `args` as
 * chromiumLaunchOptions; `baseUrl` another address of the same stack (passkeys: http://localhost:PORT).
 */
export async function openBrowser(
  options: { viewport?: { width: number; height: number }; args?: readonly string[]; baseUrl?: string } = {},
): Promise<OpenBrowser> {
  const profile = mkdtempSync(join(tmpdir(), "identity-chromium-"));
  const baseUrl = options.baseUrl ?? stackUnderTest().baseUrl;
  const proxy = await startClientProxy(baseUrl, inject("clientAddressDir"));
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions([...proxy.args, ...(options.args ?? [])]),
    baseURL: baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    locale: "en-GB",
    timezoneId: "Europe/London",
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    baseUrl,
    async close() {
      await context.close();
      await proxy.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until React has hydrated the page (event handlers work only from then on): hydrated DOM
 * nodes carry React's fibre property. Not "networkidle": a page that tracks visits or polls is
 * never idle for long.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.getElementById("main-content");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

/**
 * Holds every request of `page` matching `pattern` until the returned function is called, so a
 * pending state can be looked at for as long as the test needs (no timing guesses).
 */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
