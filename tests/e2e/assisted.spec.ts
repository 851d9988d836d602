import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { assistedOffices, operatorProfiles } from "#db/schema/index.ts";
import { passportHolder } from "#tests/support/passport-fixtures.ts";
import { testDatabase } from "./database.ts";
import { offlineQrText, portalScanning, removeCameraFolders } from "./scanning.ts";
import {
  axeInBothThemes,
  closeBrowsers,
  createUser,
  createVerifier,
  expectToast,
  openTestBrowser,
  screenshots,
  signIn,
  signInThroughApi,
  type TestUser,
  uniqueUsername,
  visit,
} from "./wallet-helpers.ts";

/**
 * The assisted-digital console end to end (issue 10), each test with an office, staff and a walk-in
 * of its own: an operator runs a whole session for a new client while a supervisor approves the
 * document from a second browser, both consoles updating live; the client's credential then
 * verifies at a verifier's scanner; and a paper QR printed at the counter is accepted by it too.
 */

afterEach(async () => {
  await closeBrowsers();
  removeCameraFolders();
});

/**
 * An office with an operator and a supervisor operator, and a walk-in the Home Office knows by
 * passport only. With `operatorSupervises`, the operator holds supervisor authority too (and so
 * is refused only as the maker of what they ask to have approved).
 */
async function officeWithWalkIn({ operatorSupervises = false } = {}) {
  const db = testDatabase();
  const [office] = await db
    .insert(assistedOffices)
    .values({ name: `Office ${crypto.randomUUID()}`, address: "3 Browser Street" })
    .returning();
  const staff = async (prefix: string, firstName: string, supervisor: boolean): Promise<TestUser> => {
    const user = await createUser({ prefix, firstName, lastName: "Staff", role: "operator" });
    await db.insert(operatorProfiles).values({
      userId: user.id,
      officeId: office!.id,
      title: prefix === "operator" ? "Senior Support Operator" : "Customer Service Supervisor",
      authorisationLevel: supervisor ? 3 : 2,
      supervisor,
    });
    return user;
  };
  const { number: passport } = await passportHolder(db, { given: "Margaret", family: "Ellis" });
  return {
    operator: await staff("operator", "Olu", operatorSupervises),
    supervisor: await staff("supervisor", "Sam", true),
    passport,
  };
}

const panel = (page: Page) => page.getByTestId("active-session");

/** Continue, and wait for the step it leads to. */
async function continueTo(page: Page, step: number) {
  await page.getByTestId("button-continue").click();
  await expect.poll(() => panel(page).getByTestId("session-progress").textContent()).toContain(`Step ${step} of 5`);
}

/** Steps 1 and 2 at the operator's console: a new account for the walk-in, their passport recorded. */
async function newClientWithPassport(page: Page, passport: string, username: string, password: string) {
  await page.getByTestId("button-new-session").click();
  await expectToast(page, "Session Created", "New assisted session has been started");
  await panel(page).getByRole("heading", { name: "New Client" }).waitFor();
  await panel(page).getByRole("button", { name: "Create an account" }).click();
  await panel(page).getByLabel("First name").fill("Margaret");
  await panel(page).getByLabel("Last name").fill("Ellis");
  await panel(page).getByLabel("Username").fill(username);
  await panel(page).getByLabel("Password").fill(password);
  await panel(page).getByRole("button", { name: "Create account" }).click();
  await panel(page).getByRole("heading", { name: "Margaret Ellis" }).waitFor();
  await continueTo(page, 2);
  await panel(page).getByLabel("Document number").fill(passport);
  await panel(page).getByLabel("Expiry date").fill("2031-05-31");
  await panel(page).getByRole("button", { name: "Record document" }).click();
  await panel(page).getByText("The authorities hold 1 record naming this document.").waitFor();
}

describe("the assisted-digital console", () => {
  it("an operator runs a whole session for a new client; a supervisor approves in a second browser; both consoles update live; the client's credential then verifies", async () => {
    const { operator, supervisor, passport } = await officeWithWalkIn({ operatorSupervises: true });
    const username = uniqueUsername("margaret");
    const password = `Counter pass ${crypto.randomUUID()}`;

    const counter = await openTestBrowser(1280, 15_000);
    const desk = await openTestBrowser(1280, 15_000);
    await signIn(counter, operator);
    await signIn(desk, supervisor);
    await visit(counter.page, "/assisted");
    await visit(desk.page, "/assisted-digital");
    expect(await counter.page.getByTestId("operator-card").textContent()).toContain("Senior Support Operator");
    expect(await desk.page.getByTestId("operator-card").textContent()).toContain("Yes: can approve dual-control steps");
    // The operator here holds supervisor authority too: only maker-checker keeps them from approving their own session.
    expect(await counter.page.getByTestId("operator-card").textContent()).toContain(
      "Yes: can approve dual-control steps",
    );
    // A marker a reload would wipe: the supervisor's console changes live, never by reloading.
    await desk.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await newClientWithPassport(counter.page, passport, username, password);
    await screenshots(counter.page, "assisted-document-step");

    // The supervisor's list shows the new session live; they open it.
    const listed = desk.page.getByTestId("office-session").filter({ hasText: "Margaret Ellis" });
    await listed.getByRole("button", { name: /Open/ }).click();
    await panel(desk.page).getByRole("heading", { name: "Margaret Ellis" }).waitFor();

    await counter.page.getByTestId("button-request-approval").click();
    await expect.poll(() => desk.page.getByTestId("approval-state").textContent()).toBe("Pending");
    await expect.poll(() => counter.page.getByTestId("approval-state").textContent()).toBe("Pending");
    // The operator who asked (a supervisor, but the maker) is offered no decision and told why; the other supervisor is.
    expect(await counter.page.getByTestId("button-approve").count()).toBe(0);
    expect(await counter.page.getByTestId("maker-notice").textContent()).toContain(
      "you cannot approve your own request",
    );
    await screenshots(desk.page, "assisted-supervisor-approval");
    expect(await axeInBothThemes(desk.page)).toEqual({ light: [], dark: [] });
    await desk.page.getByLabel("Reason for your decision").fill("Passport checked under UV: genuine");
    await desk.page.getByTestId("button-approve").click();
    await expect.poll(() => counter.page.getByTestId("approval-state").textContent()).toBe("Approved");
    expect(await counter.page.getByTestId("dual-control").textContent()).toContain(
      "Passport checked under UV: genuine",
    );

    await continueTo(counter.page, 3);
    await expect.poll(() => panel(desk.page).getByTestId("session-progress").textContent()).toContain("Step 3 of 5");
    await panel(counter.page).getByRole("button", { name: "Record visual match" }).click();
    await panel(counter.page).getByTestId("step-done").waitFor();
    await continueTo(counter.page, 4);
    const record = panel(counter.page).getByTestId("authority-record");
    expect(await record.textContent()).toContain("Margaret Ellis");
    await panel(counter.page).getByTestId("confirm-record").check();
    // To the client's own wallet app (issue 22), from the keyboard alone: the delivery, Issue, the offer, Done.
    await panel(counter.page)
      .getByLabel(/In their wallet/)
      .focus();
    await counter.page.keyboard.press("ArrowDown");
    await counter.page.keyboard.press("ArrowDown");
    expect(
      await panel(counter.page)
        .getByLabel(/In their own wallet app/)
        .isChecked(),
    ).toBe(true);
    await counter.page.keyboard.press("Tab");
    await counter.page.keyboard.press("Enter");
    const offers = counter.page.getByTestId("counter-offer-dialog");
    expect(await offers.getByTestId("qr-code").getAttribute("data-qr-value")).toMatch(/^openid-credential-offer:\/\//);
    expect(await offers.getByTestId("counter-offer-tx-code").getAttribute("data-code")).toMatch(/^\d{6}$/);
    expect(await offers.getByTestId("counter-offer-status").textContent()).toContain("Offer 1 of 1: Right to Work");
    await screenshots(counter.page, "assisted-wallet-app-offer", { dialog: true });
    expect(await axeInBothThemes(counter.page, { dialog: true })).toEqual({ light: [], dark: [] });
    await counter.page.keyboard.press("Tab");
    expect(await counter.page.evaluate(() => document.activeElement?.textContent)).toBe("Done");
    await counter.page.keyboard.press("Enter");
    await panel(counter.page).getByText("Offered 1 credential to the client's wallet app.").waitFor();
    expect(await counter.page.evaluate(() => document.activeElement?.textContent)).toBe("Issue credentials");
    await continueTo(counter.page, 5);
    expect(await counter.page.getByTestId("activity-log").textContent()).toContain("Approval given");
    await screenshots(counter.page, "assisted-handover");
    expect(await axeInBothThemes(counter.page)).toEqual({ light: [], dark: [] });
    await counter.page.getByTestId("button-end").click();
    await expectToast(counter.page, "Session Updated", "Session has been updated successfully");
    await counter.page.getByRole("heading", { name: "No session selected" }).waitFor();
    await expect.poll(() => panel(desk.page).getByTestId("session-status").textContent()).toBe("Completed");
    expect(await desk.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // The client, at home: their wallet adds the Right to Work the session confirmed, and it verifies.
    const client = await openTestBrowser(1280, 15_000);
    await signInThroughApi(client, { username, password }, "/wallet");
    await client.page.getByTestId("button-add-first-credential").click();
    await client.page.getByTestId("credential-card").filter({ hasText: "Right to Work" }).waitFor();
    const code = await offlineQrText(client);
    const verifier = (await createVerifier("assisted-verifier", "Ellis Lettings")).user;
    const scanning = await portalScanning(verifier, code);
    const result = scanning.page.getByTestId("verification-result");
    await expect.poll(() => result.getAttribute("data-result"), { timeout: 15_000 }).toBe("valid");
    expect(await result.getByTestId("result-attributes").textContent()).toContain("Has the right to work in the UK");
    // The whole journey in four browsers (the operator's counter, the supervisor's desk, the client,
    // the verifier's camera): a budget for that much work on a busy 2-core machine, not a wait.
  }, 120_000);

  it("Generate Paper QR prints the client's paper credential, and the verifier's scanner accepts it and says to check photo ID", async () => {
    const { operator, supervisor, passport } = await officeWithWalkIn();
    const counter = await openTestBrowser(1280, 15_000);
    await signIn(counter, operator, "/assisted");
    await newClientWithPassport(counter.page, passport, uniqueUsername("paper"), `Counter pass ${crypto.randomUUID()}`);
    await counter.page.getByTestId("button-request-approval").click();
    await counter.page.getByTestId("approval-state").filter({ hasText: "Pending" }).waitFor();

    // The supervisor decides from their console (here without watching live, to keep to one browser per role).
    const desk = await openTestBrowser(1280, 15_000);
    await signIn(desk, supervisor);
    const sessionId = new URL(counter.page.url()).searchParams.get("session")!;
    await visit(desk.page, `/assisted?session=${sessionId}`);
    await desk.page.getByLabel("Reason for your decision").fill("Genuine");
    await desk.page.getByTestId("button-approve").click();
    await expect.poll(() => counter.page.getByTestId("approval-state").textContent()).toBe("Approved");

    await continueTo(counter.page, 3);
    await panel(counter.page).getByRole("button", { name: "Record visual match" }).click();
    await panel(counter.page).getByTestId("step-done").waitFor();
    await continueTo(counter.page, 4);
    await panel(counter.page).getByTestId("confirm-record").check();
    await panel(counter.page)
      .getByLabel(/On paper/)
      .check();
    await panel(counter.page).getByTestId("button-issue").click();
    await panel(counter.page).getByText("Issued 1 credential on paper.").waitFor();

    const opening = counter.page.context().waitForEvent("page");
    await counter.page.getByTestId("button-paper-qr").click();
    const paper = await opening;
    await paper.waitForLoadState();
    const sheet = paper.getByTestId("paper-credential");
    expect(await sheet.textContent()).toContain("Margaret Ellis");
    expect(await paper.getByTestId("paper-expiry").textContent()).toMatch(/^Valid until \d{1,2} \w+ \d{4}$/);
    const code = (await sheet.getByTestId("qr-code").getAttribute("data-qr-value"))!;
    expect(code).toMatch(/^UKID1:\d+$/);
    await screenshots(paper, "assisted-paper-qr");
    expect(await axeInBothThemes(paper)).toEqual({ light: [], dark: [] });

    const verifier = (await createVerifier("paper-verifier", "Ellis Employment")).user;
    const scanning = await portalScanning(verifier, code);
    const result = scanning.page.getByTestId("verification-result");
    await expect.poll(() => result.getAttribute("data-result"), { timeout: 15_000 }).toBe("valid");
    expect(await result.textContent()).toContain("check the holder's photo ID against the name");
    // Two browsers, two themes checked with axe and a verifier scanning: a budget for a busy machine.
  }, 60_000);

  it("works from the keyboard alone: a new session, and a client found by username", async () => {
    const { operator } = await officeWithWalkIn();
    const client = await createUser({ prefix: "keyboard", firstName: "Kay", lastName: "Board" });
    const counter = await openTestBrowser(1280, 15_000);
    await signIn(counter, operator, "/assisted");
    const page = counter.page;
    /** Tabs until the focused element has `name`, as a keyboard user would. */
    const tabTo = async (name: string) => {
      for (let presses = 0; presses < 80; presses++) {
        await page.keyboard.press("Tab");
        const focused = await page.evaluate(
          () =>
            document.activeElement?.textContent?.trim() ||
            (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim() ||
            "",
        );
        if (focused === name) return;
      }
      throw new Error(`never reached ${name} with Tab`);
    };
    await tabTo("New Assisted Session");
    await page.keyboard.press("Enter");
    await expectToast(page, "Session Created", "New assisted session has been started");
    await tabTo("The client's username or email");
    await page.keyboard.type(client.username);
    await page.keyboard.press("Enter");
    await panel(page).getByRole("heading", { name: "Kay Board" }).waitFor();
    await tabTo("Continue");
    await page.keyboard.press("Enter");
    await expect.poll(() => panel(page).getByTestId("session-progress").textContent()).toContain("Step 2 of 5");
  });

  it("the queue: a walk-in added at one console appears at another at once, and a session started from it takes them off the queue", async () => {
    const { operator, supervisor } = await officeWithWalkIn();
    const counter = await openTestBrowser(1280, 15_000);
    const desk = await openTestBrowser(1280, 15_000);
    await signIn(counter, operator);
    await signIn(desk, supervisor);
    await visit(counter.page, "/assisted");
    await visit(desk.page, "/assisted");
    await counter.page.getByLabel("Client name").fill("Walter Walkin");
    await counter.page.getByRole("button", { name: "Add to queue" }).click();
    const entry = desk.page.getByTestId("queue-entry").filter({ hasText: "Walter Walkin" });
    await entry.waitFor();
    expect(await entry.textContent()).toContain("Waiting");
    await entry.getByRole("button", { name: /Start session/ }).click();
    await expectToast(desk.page, "Session Created", "New assisted session has been started");
    await panel(desk.page).getByRole("heading", { name: "Walter Walkin" }).waitFor();
    await expect.poll(() => counter.page.getByTestId("queue-entry").count()).toBe(0);
    await counter.page.getByTestId("office-session").filter({ hasText: "Walter Walkin" }).waitFor();
  });

  it("tells a citizen they have no access", async () => {
    const citizen = await createUser({ prefix: "citizen", firstName: "Cit", lastName: "Izen" });
    const browser = await openTestBrowser(1280, 15_000);
    await signIn(browser, citizen, "/assisted");
    expect(await browser.page.getByTestId("console-refused").textContent()).toContain(
      "Only operators and administrators can use the Operator Dashboard",
    );
    expect(await axeInBothThemes(browser.page)).toEqual({ light: [], dark: [] });
  });
});
