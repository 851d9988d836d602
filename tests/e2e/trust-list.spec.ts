import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { createRootCertificate } from "#core/credentials/certificates.ts";
import { trustListEntries } from "#db/schema/index.ts";
import { testDatabase } from "./database.ts";
import { axeInBothThemes, closeBrowsers, createUser, openTestBrowser, screenshots, signIn } from "./wallet-helpers.ts";

/**
 * /verifier/trust-list (issue 23, ADR 050) in Chromium: one administrator proposes a root and
 * another approves it, each from the keyboard alone; the proposer is not offered Approve; the
 * page and its confirmation dialog pass axe in light and dark.
 */

afterEach(closeBrowsers);

/** A P-256 root certificate of the test's own, as PEM. */
async function rootPem(commonName: string): Promise<string> {
  const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const base64 = await createRootCertificate({
    commonName,
    keys,
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 365 * 86_400_000),
  });
  return `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----`;
}

/** Presses Tab until `target` has the focus (as a keyboard user reaches it), and checks the focus is visible. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 80; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe("none");
      return;
    }
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the element");
}

describe("the trust list, maker-checker", () => {
  it("one administrator proposes a root from the keyboard, another approves it after confirming; axe finds nothing serious", async () => {
    const [maker, checker] = await Promise.all([
      createUser({ prefix: "trust-maker", firstName: "Mira", lastName: "Maker", role: "admin" }),
      createUser({ prefix: "trust-checker", firstName: "Chidi", lastName: "Checker", role: "admin" }),
    ]);
    const name = `E2E IACA ${crypto.randomUUID().slice(0, 8)}`;
    const pem = await rootPem(name);

    const proposer = await openTestBrowser(1280, 20_000);
    await signIn(proposer, maker, "/verifier/trust-list");
    const page = proposer.page;
    await tabTo(page, page.getByRole("textbox", { name: "Name" }));
    await page.keyboard.type(name);
    await tabTo(page, page.getByRole("textbox", { name: "Certificate" }));
    await page.keyboard.insertText(pem);
    await tabTo(page, page.getByRole("checkbox", { name: "Age Verification" }));
    await page.keyboard.press("Space");
    await tabTo(page, page.getByRole("textbox", { name: "Why it should be trusted" }));
    await page.keyboard.type("Sent by the DVLA's PKI team; fingerprint read back by phone");
    await tabTo(page, page.getByRole("button", { name: "Propose" }));
    await page.keyboard.press("Enter");
    await page.getByRole("status").getByText(`${name} proposed: another administrator must approve it`).waitFor();

    const waiting = page.getByTestId("trust-waiting").getByTestId("trust-entry").filter({ hasText: name });
    expect(
      await waiting.getByText("You proposed this entry, so another administrator must approve it.").isVisible(),
    ).toBe(true);
    expect(await waiting.getByRole("link", { name: `Approve ${name}` }).count()).toBe(0);
    expect(await axeInBothThemes(page)).toEqual({ light: [], dark: [] });

    const approver = await openTestBrowser(1280, 20_000);
    await signIn(approver, checker, "/verifier/trust-list");
    const other = approver.page;
    await tabTo(other, other.getByRole("link", { name: `Approve ${name}` }));
    await other.keyboard.press("Enter");
    const dialog = other.getByRole("dialog", { name: `Approve ${name}?` });
    await dialog.waitFor();
    // What the approver compares with the owner's: the stored certificate's, shown in the dialog too.
    const listed = other.getByTestId("trust-waiting").getByTestId("trust-entry").filter({ hasText: name });
    expect(await dialog.getByTestId("confirm-fingerprint").innerText()).toBe(
      await listed.getByTestId("trust-fingerprint").innerText(),
    );
    expect(await axeInBothThemes(other, { dialog: true })).toEqual({ light: [], dark: [] });
    await screenshots(other, "trust-list-confirm", { dialog: true });
    await tabTo(other, dialog.getByRole("button", { name: "Approve", exact: true }));
    await other.keyboard.press("Enter");
    await other.getByRole("status").getByText(`${name} approved: the verifier trusts it`).waitFor();
    // The Approve link has gone with the entry: the focus is on what was done, not lost to the page's top.
    await expect.poll(() => other.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("status");
    expect(await other.getByTestId("trust-active").getByRole("heading", { name }).isVisible()).toBe(true);

    const [row] = await testDatabase().select().from(trustListEntries).where(eq(trustListEntries.name, name));
    expect(row).toMatchObject({ state: "active", proposedBy: maker.id, approvedBy: checker.id, checks: ["age"] });
    expect(await axeInBothThemes(other)).toEqual({ light: [], dark: [] });
    await screenshots(other, "trust-list");
  });
});
