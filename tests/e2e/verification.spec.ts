import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { waitForHydration, type OpenBrowser } from "./browser.ts";
import { fakeCameraArgs, writeQrVideo } from "./fake-camera.ts";
import { citizenWithRightToWork, closeBrowsers, createUser, createVerifier, expectToast, openTestBrowser, screenshots, signIn, visit, type TestUser } from "./wallet-helpers.ts";

/**
 * Verification end to end (issue 9), each test with people of its own:
 *  - cross-device: a verifier asks from the portal, the citizen answers from the wallet in another
 *    browser, and the portal shows the result without a reload (the request's live feed);
 *  - in person: the wallet shows an offline QR code, the verifier's portal scans it through a fake
 *    camera showing that very code; a second code of a credential revoked in between is refused.
 */
afterEach(closeBrowsers);

const verifierPerson = async (organisation: string): Promise<TestUser> => (await createVerifier("verifier", organisation)).user;

/** The offline QR code the wallet shows for the Right to Work credential: its text. */
async function offlineQrText(citizen: OpenBrowser): Promise<string> {
  const page = citizen.page;
  await visit(page, "/wallet?action=share");
  await page.getByRole("dialog", { name: "Share via QR Code" }).getByRole("button", { name: /^Right to Work/ }).click();
  const dialog = page.getByTestId("offline-qr-dialog");
  // The check's default is ticked; the citizen may add or remove what the code shows.
  expect(await dialog.getByRole("checkbox", { name: "Right to work", exact: true }).isChecked()).toBe(true);
  await dialog.getByRole("button", { name: "Show QR code" }).click();
  await dialog.getByTestId("qr-code").waitFor();
  expect(await dialog.getByTestId("offline-qr-countdown").textContent()).toMatch(/^Valid for 1[45]:\d\d$/);
  const text = (await dialog.getByTestId("qr-code").getAttribute("data-qr-value"))!;
  expect(text).toMatch(/^UKID1:\d+$/);
  await screenshots(page, "wallet-offline-qr", { dialog: true });
  await dialog.getByRole("button", { name: "Done" }).click();
  return text;
}

/** A verifier's portal in a browser whose camera shows `qrText`, the camera started. */
async function portalScanning(verifier: TestUser, qrText: string): Promise<OpenBrowser> {
  const video = join(mkdtempSync(join(tmpdir(), "identity-camera-")), "qr.y4m");
  await writeQrVideo(qrText, video);
  const browser = await openTestBrowser(1280, 20_000, fakeCameraArgs(video));
  await signIn(browser, verifier);
  await visit(browser.page, "/verifier");
  await browser.page.getByTestId("button-start-camera").click();
  return browser;
}

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
    expect(await citizen.browser.page.locator("main").textContent()).toContain("Night porter, checked before the first shift");
    await citizen.browser.page.getByTestId("button-consent-share").click();
    await citizen.browser.page.getByTestId("consent-outcome").waitFor();

    const result = portal.getByTestId("verification-result");
    await expect.poll(() => result.getAttribute("data-result"), { timeout: 10_000 }).toBe("valid");
    await expectToast(portal, "Verification Successful", "Credential has been validated successfully");
    expect(await portal.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(frames.map((f) => JSON.parse(f).status)).toEqual(["pending", "completed"]);
    expect(await result.getByTestId("result-attributes").textContent()).toContain("Has the right to work in the UK");
  });

  it("cross-device: a citizen who declines is reported to the portal", async () => {
    const verifierUser = await verifierPerson("Dockside Lettings");
    const verifier = await openTestBrowser(1280, 20_000);
    await signIn(verifier, verifierUser);
    const citizen = await citizenWithRightToWork();
    const portal = verifier.page;
    await visit(portal, "/verifier");
    await portal.getByTestId("input-purpose").fill("Tenancy application");
    await portal.getByTestId("button-create-request").click();
    await portal.getByTestId("active-request").waitFor();
    await citizen.browser.page.goto((await portal.getByTestId("wallet-link").getAttribute("href"))!);
    await waitForHydration(citizen.browser.page);
    await citizen.browser.page.getByTestId("button-consent-decline").click();
    await citizen.browser.page.getByTestId("consent-outcome").waitFor();
    await expect.poll(() => portal.getByTestId("active-request").getAttribute("data-status"), { timeout: 10_000 }).toBe("declined");
    expect(await portal.getByTestId("request-outcome").textContent()).toContain("The citizen declined");
  });

  it("in person: the wallet's QR code is scanned by the portal's camera and validated; after a revocation the next code is refused; the receipt downloads", async () => {
    const verifierUser = await verifierPerson("High Street Pharmacy");
    const citizen = await citizenWithRightToWork();

    const first = await offlineQrText(citizen.browser);
    const scanning = await portalScanning(verifierUser, first);
    const result = scanning.page.getByTestId("verification-result");
    await expect.poll(() => result.getAttribute("data-result"), { timeout: 15_000 }).toBe("valid");
    expect(await result.getByTestId("result-attributes").textContent()).toContain("Has the right to work in the UK");

    const downloading = scanning.page.waitForEvent("download");
    await scanning.page.getByTestId("button-export-receipt").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^verification-receipt-\d{4}-\d{2}-\d{2}-[a-z0-9]{8}\.pdf$/);
    expect(readFileSync((await download.path())!).subarray(0, 5).toString()).toBe("%PDF-");
    await scanning.close();

    // The authority revokes the credential; a fresh code of it is refused with the reason.
    const second = await offlineQrText(citizen.browser);
    const admin = await openTestBrowser(1280, 15_000);
    await signIn(admin, await createUser({ prefix: "admin", firstName: "Al", lastName: "Min", role: "admin" }));
    const revoked = await admin.page.evaluate(async (id) => (await fetch(`/api/credentials/${id}/revoke`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ reason: "Permission ended" }) })).status, citizen.credentialId);
    expect(revoked).toBe(200);

    const again = await portalScanning(verifierUser, second);
    const refused = again.page.getByTestId("verification-result");
    await expect.poll(() => refused.getAttribute("data-result"), { timeout: 15_000 }).toBe("invalid");
    expect(await refused.getByTestId("result-reason").textContent()).toContain("The credential has been revoked.");
    await expectToast(again.page, "Verification Failed", "The credential has been revoked.");
  });
});
