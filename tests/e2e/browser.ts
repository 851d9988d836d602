import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  chromium,
  type Page,
  request,
} from "playwright-core";
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
 * How every browser test launches Chromium (options for playwright-core's launch): Debian's
 * Chromium with the flags above, and `args` after them (e.g. a fake camera: ./fake-camera.ts).
 */
function launchChromium(args: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...ARGS, ...args] });
}

/**
 * One Chromium per test worker (a lane's files run one after another in one process: ADR 025),
 * launched when a test first needs it, and again if it went away. A test's browser is a context
 * of it, as isolated as a browser of its own (own cookies, storage and cache; own client address),
 * for about a third of the cost of launching one.
 */
let shared: Promise<Browser> | undefined;
function sharedChromium(): Promise<Browser> {
  if (!shared) {
    const launching = launchChromium();
    const forget = () => {
      if (shared === launching) shared = undefined;
    };
    shared = launching;
    launching.then((browser) => browser.on("disconnected", forget), forget);
  }
  return shared;
}

/**
 * A fresh browser (own cookies and storage, its own client address: tests/support/client-address.ts)
 * pointed at the product under test; `args`, Chromium flags that need a browser of its own (a fake
 * camera); `baseUrl` another address of the same stack (passkeys: http://localhost:PORT);
 * `javaScriptEnabled: false`, a browser without JavaScript.
 */
export async function openBrowser(
  options: {
    viewport?: { width: number; height: number };
    args?: readonly string[];
    baseUrl?: string;
    /** False: a browser that runs no script of the page's, for the paths that must work without JavaScript. */
    javaScriptEnabled?: boolean;
  } = {},
): Promise<OpenBrowser> {
  const baseUrl = options.baseUrl ?? stackUnderTest().baseUrl;
  const proxy = await startClientProxy(baseUrl, inject("clientAddressDir"));
  const own = options.args?.length ? await launchChromium(options.args) : undefined;
  const context = await (own ?? (await sharedChromium())).newContext({
    proxy: { server: proxy.server },
    baseURL: baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    locale: "en-GB",
    timezoneId: "Europe/London",
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    // No test asserts an animation, and one that runs (the live dashboard's pulse) repaints the page
    // for as long as it is open: the product honours reduced motion, so the browsers ask for it.
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  return {
    context,
    page,
    baseUrl,
    async close() {
      await context.close();
      await own?.close();
      await proxy.close();
    },
  };
}

/**
 * A client of the product under test that is no browser: calls alone, with its own cookies and its
 * own client address (as every test browser has), sending `userAgent`. For another device of a
 * person's, where only its session matters: far cheaper than a browser.
 */
export async function openApiClient(userAgent: string): Promise<{ api: APIRequestContext; close(): Promise<void> }> {
  const baseUrl = stackUnderTest().baseUrl;
  const proxy = await startClientProxy(baseUrl, inject("clientAddressDir"));
  const api = await request.newContext({
    baseURL: baseUrl,
    proxy: { server: proxy.server },
    userAgent,
  });
  return {
    api,
    async close() {
      await api.dispose();
      await proxy.close();
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
