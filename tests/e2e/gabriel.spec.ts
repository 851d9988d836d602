import { afterEach, describe, expect, it } from "vitest";
import { offlineQrText, portalScanning, removeCameraFolders } from "./scanning.ts";
import {
  axeInBothThemes,
  citizenWithRightToWork,
  closeBrowsers,
  createUser,
  createVerifier,
  expectToast,
  openTestBrowser,
  revokeAsAuthority,
  screenshots,
  signIn,
} from "./wallet-helpers.ts";

/**
 * Gabriel end to end (issue 11), with people of its own: a revoked credential is presented at a
 * verifier's scanner, the risk agent raises it for a person, an administrator reviews the case,
 * and the decision shows in the audit trail of recent agent actions.
 */

afterEach(async () => {
  await closeBrowsers();
  removeCameraFolders();
});

describe("the Gabriel console", () => {
  it("a risky verification raises a case; an administrator reviews it; the decision is in the audit trail", async () => {
    const citizen = await citizenWithRightToWork("gabriel-holder");
    const code = await offlineQrText(citizen.browser);
    await revokeAsAuthority(citizen.credentialId, "Permission ended");
    const verifier = (await createVerifier("gabriel-verifier", "Quayside Stores")).user;
    const scanning = await portalScanning(verifier, code);
    await expect
      .poll(() => scanning.page.getByTestId("verification-result").getAttribute("data-result"), { timeout: 15_000 })
      .toBe("invalid");
    await expectToast(scanning.page, "Verification Failed", "The credential has been revoked.");
    await scanning.close();

    const admin = await createUser({ prefix: "gabriel-admin", firstName: "Ada", lastName: "Min", role: "admin" });
    const desk = await openTestBrowser(1280, 30_000);
    await signIn(desk, admin, "/gabriel");
    const page = desk.page;
    await page.getByTestId("button-run-now").click();
    await expectToast(page, "Agents Ran", "The agents have looked at the platform's latest events.");
    const item = page.getByTestId("hitl-item").filter({ hasText: citizen.credentialId });
    await item.waitFor();
    expect(await item.textContent()).toContain("A revoked credential was presented");
    expect(Number(await page.getByTestId("tile-hitl-required").textContent())).toBeGreaterThanOrEqual(1);
    await screenshots(page, "gabriel-console");
    expect(await axeInBothThemes(page)).toEqual({ light: [], dark: [] });

    await page.getByTestId("button-emergency-stop").click();
    await page.getByTestId("stop-dialog").getByLabel("Why are you stopping every agent?").waitFor();
    expect(await axeInBothThemes(page, { dialog: true })).toEqual({ light: [], dark: [] });
    await page.getByTestId("stop-dialog").getByRole("button", { name: "Close" }).click();

    await item.getByTestId("button-review-case").click();
    await expectToast(page, "Decision Recorded", "HITL decision has been processed successfully");
    await expect.poll(() => page.getByTestId("hitl-item").filter({ hasText: citizen.credentialId }).count()).toBe(0);
    await expect
      .poll(() => page.getByTestId("agent-actions").textContent())
      .toContain("Human review completed by Ada Min");
    // Three browsers, one with a fake camera of its own: a budget for that much work on a busy
    // 2-core machine (24 s of the default 30 s on an ordinary run), not a wait.
  }, 60_000);

  it("tells a citizen they have no access", async () => {
    const citizen = await createUser({ prefix: "gabriel-citizen", firstName: "Cit", lastName: "Izen" });
    const browser = await openTestBrowser(1280, 15_000);
    await signIn(browser, citizen, "/gabriel");
    expect(await browser.page.getByTestId("gabriel-refused").textContent()).toContain(
      "Only administrators and operators can use the Gabriel console",
    );
    expect(await axeInBothThemes(browser.page)).toEqual({ light: [], dark: [] });
  });
});
