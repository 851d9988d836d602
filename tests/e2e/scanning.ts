import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import type { OpenBrowser } from "./browser.ts";
import { fakeCameraArgs, writeQrVideo } from "./fake-camera.ts";
import { openTestBrowser, screenshots, signIn, type TestUser, visit } from "./wallet-helpers.ts";

/**
 * In-person checks in the browser tests: a wallet's offline QR code read from its dialog, and a
 * verifier's portal whose (fake) camera shows a given code. Shared by the verification and the
 * assisted-digital specs.
 */

/** The fake cameras' folders (each holds one video), removed once the browsers playing them are closed. */
const cameraFolders: string[] = [];

/** For afterEach, after the browsers are closed. */
export function removeCameraFolders(): void {
  for (const folder of cameraFolders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

/** The offline QR code the wallet shows for the Right to Work credential: its text (with `photograph`, the dialog's screenshots too). */
export async function offlineQrText(citizen: OpenBrowser, photograph = false): Promise<string> {
  const page = citizen.page;
  await visit(page, "/wallet?action=share");
  await page
    .getByRole("dialog", { name: "Share via QR Code" })
    .getByRole("button", { name: /^Right to Work/ })
    .click();
  const dialog = page.getByTestId("offline-qr-dialog");
  // The check's default is ticked; the citizen may add or remove what the code shows.
  expect(await dialog.getByRole("checkbox", { name: "Right to work", exact: true }).isChecked()).toBe(true);
  await dialog.getByRole("button", { name: "Show QR code" }).click();
  await dialog.getByTestId("qr-code").waitFor();
  expect(await dialog.getByTestId("offline-qr-countdown").textContent()).toMatch(/^Valid for 1[45]:\d\d$/);
  const text = (await dialog.getByTestId("qr-code").getAttribute("data-qr-value"))!;
  expect(text).toMatch(/^UKID1:\d+$/);
  if (photograph) await screenshots(page, "wallet-offline-qr", { dialog: true });
  await dialog.getByRole("button", { name: "Done" }).click();
  return text;
}

/** A verifier's portal in a browser whose camera shows `qrText`, the camera started. */
export async function portalScanning(verifier: TestUser, qrText: string): Promise<OpenBrowser> {
  const folder = mkdtempSync(join(tmpdir(), "identity-camera-"));
  cameraFolders.push(folder);
  const video = join(folder, "qr.y4m");
  await writeQrVideo(qrText, video);
  const browser = await openTestBrowser(1280, 20_000, fakeCameraArgs(video));
  await signIn(browser, verifier, "/verifier");
  await browser.page.getByTestId("button-start-camera").click();
  return browser;
}
