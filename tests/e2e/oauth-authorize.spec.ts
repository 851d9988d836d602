import { afterEach, describe, expect, it } from "vitest";
import { waitForHydration } from "./browser.ts";
import { axeInBothThemes, closeBrowsers, createUser, openTestBrowser, screenshots } from "./wallet-helpers.ts";

/**
 * The consent screen of the authorization code flow in a browser (issue 22, ADR 045): a wallet app
 * pushes its request (RFC 9126), the browser opens /oauth/authorize, the person signs in with the
 * login form and comes back, reads who asks for what, and approves from the keyboard alone; the
 * browser is sent to the app's redirect_uri with a code.
 */
afterEach(closeBrowsers);

const REDIRECT_URI = "https://wallet.test/cb";

describe("a wallet app's authorization request", () => {
  it("signs the person in, shows the consent screen accessibly, and sends the browser back to the app with a code", async () => {
    const person = await createUser({ prefix: "oauth", firstName: "Sarah", lastName: "Thompson", records: true });
    const browser = await openTestBrowser(1280, 8_000);
    const { page, context } = browser;

    // The wallet app pushes its request (no DPoP here: the code is then bound at the token endpoint).
    const pushed = await context.request.post("/oauth/par", {
      form: {
        response_type: "code",
        client_id: "example-wallet",
        redirect_uri: REDIRECT_URI,
        scope: "uk.gov.home-office.rtw",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
        state: "from-the-app",
      },
    });
    expect(pushed.status()).toBe(201);
    const { request_uri } = (await pushed.json()) as { request_uri: string };
    const authorize = `/oauth/authorize?${new URLSearchParams({ client_id: "example-wallet", request_uri })}`;

    // Not signed in: the login page, then back to the request.
    await page.goto(authorize);
    await page.waitForURL(/\/login\?next=/);
    await waitForHydration(page);
    await page.getByLabel("Username").fill(person.username);
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Add a credential to a wallet app" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/oauth/authorize");

    expect(await page.getByText("example-wallet", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("wallet.test", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Right to Work, from Home Office").isVisible()).toBe(true);
    expect(await page.getByRole("list", { name: "Right to Work" }).getByRole("listitem").allTextContents()).toEqual([
      "Given name",
      "Family name",
      "Date of birth",
      "Right to work",
      "Work restrictions",
      "Immigration status",
      "Permission expires",
    ]);
    expect(await axeInBothThemes(page)).toEqual({ light: [], dark: [] });
    await screenshots(page, "oauth-consent");

    // Approve from the keyboard alone: Tab to the button, Enter; the browser goes on to the app.
    const approve = page.getByRole("button", { name: "Approve" });
    for (let tab = 0; tab < 40 && !(await approve.evaluate((button) => button === document.activeElement)); tab++) {
      await page.keyboard.press("Tab");
    }
    // The app's page answers (wallet.test does not exist): the browser lands there before going on,
    // rather than on an error page whose late arrival would cut the next navigation short.
    await page.route(`${REDIRECT_URI}**`, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Wallet</title>" }),
    );
    const toTheApp = page.waitForRequest((request) => request.url().startsWith(REDIRECT_URI));
    await page.keyboard.press("Enter");
    const answer = new URL((await toTheApp).url()).searchParams;
    await page.waitForURL((url) => url.href.startsWith(REDIRECT_URI));
    expect(answer.get("code")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.get("state")).toBe("from-the-app");
    // The request is spent: opened again, it is the error page, and nothing sends the browser anywhere.
    await page.goto(authorize);
    expect(await page.getByRole("heading", { level: 1, name: "This request cannot be used" }).isVisible()).toBe(true);
    await screenshots(page, "oauth-invalid");

    // RFC 9207: the authorization server's identifier, as its metadata publishes it.
    const metadata = await context.request.get("/.well-known/oauth-authorization-server");
    expect(answer.get("iss")).toBe(((await metadata.json()) as { issuer: string }).issuer);
  });
});
