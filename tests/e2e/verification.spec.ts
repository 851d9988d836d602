import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { waitForHydration } from "./browser.ts";
import { offlineQrText, portalScanning, removeCameraFolders } from "./scanning.ts";
import {
  citizenWithRightToWork,
  closeBrowsers,
  createVerifier,
  expectToast,
  openTestBrowser,
  revokeAsAuthority,
  signIn,
  type TestUser,
  visit,
} from "./wallet-helpers.ts";

/**
 * Verification end to end (issue 9), each test with people of its own:
 *  - cross-device: a verifier asks from the portal, the citizen answers from the wallet in another
 *    browser, and the portal shows the result without a reload (the request's live feed); a
 *    citizen declining is covered by verification-consent.spec.ts (the wallet), the portal's
 *    declined view in verifier-portal.spec.ts and the Durable Object's own tests;
 *  - in person: the wallet shows an offline QR code, the verifier's portal scans it through a fake
 *    camera showing that very code; a second code of a credential revoked in between is refused.
 */

afterEach(async () => {
  await closeBrowsers();
  removeCameraFolders();
});

const verifierPerson = async (organisation: string): Promise<TestUser> =>
  (await createVerifier("verifier", organisation)).user;

describe("a verifier checks a citizen's credential", () => {
  it("cross-device: the portal asks, the citizen consents in their wallet, and the portal shows the result without a reload", async () => {
    const verifierUser = await verifierPerson("Canal Street Hotels");
    const verifier = await openTestBrowser(1280, 20_000);
    await signIn(verifier, verifierUser);
    const citizen = await citizenWithRightToWork();

    const portal = verifier.page;
    // The result arrives over the request's live feed (a WebSocket to its Durable Object), not a poll.
    const frames: string[] = [];
    portal.on("websocket", (socket) => {
      if (socket.url().includes("/live")) socket.on("framereceived", (frame) => frames.push(String(frame.payload)));
    });
    await visit(portal, "/verifier");
    // A marker that a reload or a navigation would wipe.
    await portal.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await portal.getByTestId("select-credential-type").selectOption("rtw");
    await portal.getByTestId("input-purpose").fill("Night porter, checked before the first shift");
    await portal.getByTestId("button-create-request").click();
    await expectToast(portal, "Request Created", "QR code generated for credential verification");
    const active = portal.getByTestId("active-request");
    await active.waitFor();
    const walletLink = (await portal.getByTestId("wallet-link").getAttribute("href"))!;
    expect(walletLink).toMatch(/\/wallet\/present\?client_id=verifier_attestation%3A/);

    await citizen.browser.page.goto(walletLink);
    await waitForHydration(citizen.browser.page);
    expect(await citizen.browser.page.locator("main").textContent()).toContain(
      "Night porter, checked before the first shift",
    );
    await citizen.browser.page.getByTestId("button-consent-share").click();
    await citizen.browser.page.getByTestId("consent-outcome").waitFor();

    const result = portal.getByTestId("verification-result");
    await expect.poll(() => result.getAttribute("data-result"), { timeout: 10_000 }).toBe("valid");
    await expectToast(portal, "Verification Successful", "Credential has been validated successfully");
    expect(await portal.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(frames.map((f) => JSON.parse(f).status)).toEqual(["pending", "completed"]);
    expect(await result.getByTestId("result-attributes").textContent()).toContain("Has the right to work in the UK");
  });

  it("cross-device in Welsh: the result the live feed brings names the issuer in Welsh", async () => {
    const verifierUser = await verifierPerson("Gwestai Stryd y Gamlas");
    const verifier = await openTestBrowser(1280, 20_000);
    await signIn(verifier, verifierUser);
    const citizen = await citizenWithRightToWork("deiliad");

    const portal = verifier.page;
    // The portal in Welsh, chosen as a person chooses it (the language switch's address).
    await visit(portal, "/language/cy?next=/verifier");
    await expect.poll(() => portal.evaluate(() => document.documentElement.lang)).toBe("cy");
    await portal.getByTestId("select-credential-type").selectOption("rtw");
    await portal.getByTestId("input-purpose").fill("Porthor nos, cyn y shifft gyntaf");
    await portal.getByTestId("button-create-request").click();
    await portal.getByTestId("active-request").waitFor();
    const walletLink = (await portal.getByTestId("wallet-link").getAttribute("href"))!;

    await citizen.browser.page.goto(walletLink);
    await waitForHydration(citizen.browser.page);
    await citizen.browser.page.getByTestId("button-consent-share").click();
    await citizen.browser.page.getByTestId("consent-outcome").waitFor();

    const result = portal.getByTestId("verification-result");
    await expect.poll(() => result.getAttribute("data-result"), { timeout: 10_000 }).toBe("valid");
    expect(await result.locator("dd").allTextContents()).toContain("y Swyddfa Gartref");
    expect(await result.textContent()).not.toContain("Home Office");
  });

  it("in person: the wallet's QR code is scanned by the portal's camera and validated; after a revocation the next code is refused; the receipt downloads", async () => {
    const verifierUser = await verifierPerson("High Street Pharmacy");
    const citizen = await citizenWithRightToWork();

    const first = await offlineQrText(citizen.browser, true);
    const scanning = await portalScanning(verifierUser, first);
    const result = scanning.page.getByTestId("verification-result");
    await expect.poll(() => result.getAttribute("data-result"), { timeout: 15_000 }).toBe("valid");
    expect(await result.getByTestId("result-attributes").textContent()).toContain("Has the right to work in the UK");

    const downloading = scanning.page.waitForEvent("download");
    await scanning.page.getByTestId("button-export-receipt").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^verification-receipt-\d{4}-\d{2}-\d{2}-[a-z0-9]{8}\.pdf$/);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    await scanning.close();

    // The authority revokes the credential; a fresh code of it is refused with the reason.
    const second = await offlineQrText(citizen.browser);
    await revokeAsAuthority(citizen.credentialId, "Permission ended");

    const again = await portalScanning(verifierUser, second);
    const refused = again.page.getByTestId("verification-result");
    await expect.poll(() => refused.getAttribute("data-result"), { timeout: 15_000 }).toBe("invalid");
    expect(await refused.getByTestId("result-reason").textContent()).toContain("The credential has been revoked.");
    await expectToast(again.page, "Verification Failed", "The credential has been revoked.");
  });
});
