import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { authorityRecords } from "#db/schema/index.ts";
import { testDatabase } from "./database.ts";
import { stackUnderTest } from "./lane.ts";
import { issueToNodeHolder, type NodeHeldCredential, offlinePresentation } from "./node-holder.ts";
import {
  axeInBothThemes,
  closeBrowsers,
  createUser,
  createVerifier,
  expectToast,
  openTestBrowser,
  screenshots,
  signIn,
  type TestUser,
  toastRegion,
  visit,
} from "./wallet-helpers.ts";

/**
 * The check's outcome in the Verifier Portal (issue 20, ADR 033): a genuine Right to Work
 * credential that says the person may not work is shown as what it is, valid and a failed check,
 * with the reason in words, never as a green success: the toast, the result panel, Recent
 * Verifications and the history. Every screen axe-clean in light and dark.
 */
afterEach(closeBrowsers);

const NO_FINDINGS = { light: [], dark: [] };
const NO_RIGHT = "No right to work in the UK";
const _baseUrl = () => stackUnderTest().baseUrl;

let verifier: TestUser;
let credential: NodeHeldCredential;

/**
 * A Right to Work credential the Home Office issues to a device key this test holds, through the
 * product's own issuing API (the server's nonce, a proof of possession, POST /api/vc/rtw/issue),
 * after the Home Office's record of the citizen says they have no right to work.
 */
async function credentialSayingNoRightToWork(): Promise<NodeHeldCredential> {
  const citizen = await createUser({ prefix: "outcome-citizen", firstName: "Tom", lastName: "Reyes", records: true });
  const [record] = await testDatabase()
    .select()
    .from(authorityRecords)
    .where(and(eq(authorityRecords.userId, citizen.id), eq(authorityRecords.type, "rtw")));
  await testDatabase()
    .update(authorityRecords)
    .set({ attributes: { ...record!.attributes, hasRightToWork: false, workRestrictions: "Not permitted to work" } })
    .where(eq(authorityRecords.id, record!.id));

  return issueToNodeHolder(citizen);
}

async function dismissToasts(page: Page): Promise<void> {
  const close = toastRegion(page).getByRole("button", { name: "Close notification" });
  while (await close.count()) await close.first().click();
}

beforeAll(async () => {
  ({ user: verifier } = await createVerifier("outcome"));
  credential = await credentialSayingNoRightToWork();
});

describe("a genuine credential that fails its check", () => {
  it("is shown valid with the check failed and why: the Verification Failed toast, a red result panel, Recent Verifications and the history", async () => {
    const browser = await openTestBrowser(1280, 20_000);
    const { page } = browser;
    await signIn(browser, verifier, "/verifier");
    await page.getByTestId("result-empty").waitFor();

    const presentation = await offlinePresentation(credential, [
      "hasRightToWork",
      "workRestrictions",
      "given_name",
      "family_name",
    ]);
    page.once("dialog", (dialog) => void dialog.accept(presentation));
    await page.getByRole("button", { name: "Manual Entry" }).click();
    // The toast follows the outcome (ADR 033): the spec's failure toast, with the reason in words.
    await expectToast(page, "Verification Failed", NO_RIGHT);
    expect(await toastRegion(page).getByText("Verification Successful", { exact: true }).count()).toBe(0);

    const result = page.getByTestId("verification-result");
    expect(await result.getAttribute("data-result")).toBe("valid");
    expect(await result.getAttribute("data-outcome")).toBe("failed");
    // Beside the spec's badge (the credential is genuine), the check's own.
    expect(await result.getByTestId("result-badge").textContent()).toBe("Valid");
    expect(await result.getByTestId("outcome-badge").textContent()).toBe("Check failed");
    expect(await result.getByTestId("result-outcome").innerText()).toBe(`Check failed: ${NO_RIGHT}`);
    expect(await result.getByTestId("result-attributes").innerText()).toMatch(/Has the right to work in the UK\s+No/);
    // A red panel, as for a result that is not valid: never a green success.
    expect(await result.evaluate((panel) => getComputedStyle(panel).borderLeftColor)).toBe("rgb(212, 53, 28)");
    const recordId = (await result.innerText()).match(/Record\s+([0-9a-f-]{36})/)![1]!;

    const recent = page.locator(`[data-testid="recent-item"][data-record-id="${recordId}"]`);
    await recent.waitFor();
    expect(await recent.getByTestId("check-outcome").innerText()).toBe(`Check failed: ${NO_RIGHT}`);

    await dismissToasts(page);
    expect(await axeInBothThemes(page)).toEqual(NO_FINDINGS);
    await screenshots(page, "verifier-portal-outcome-failed");

    await visit(page, "/verifier/history");
    const row = page.locator(`[data-testid="history-row"][data-record-id="${recordId}"]`);
    await row.waitFor();
    expect(await row.getByTestId("history-outcome").innerText()).toBe(`Check failed: ${NO_RIGHT}`);
    expect(await axeInBothThemes(page)).toEqual(NO_FINDINGS);
    await screenshots(page, "verifier-history-outcome");
  });
});
