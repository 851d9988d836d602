import { eq, inArray } from "drizzle-orm";
import { decodeProtectedHeader } from "jose";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { TRANSLATIONS } from "#core/i18n/translations/index.ts";
import { credentials, presentations } from "#db/schema/index.ts";
import type { CreatedRequest, RequestView } from "#server/verification/api-schemas.ts";
import { type OpenBrowser, waitForHydration } from "./browser.ts";
import { testDatabase } from "./database.ts";
import {
  axeInBothThemes,
  citizenWithRightToWork,
  closeBrowsers,
  createUser,
  createVerifier,
  openTestBrowser,
  pageJson,
  revokeAsAuthority,
  screenshots,
  signIn,
  visit,
} from "./wallet-helpers.ts";

/**
 * The citizen's side of a verifier's OpenID4VP request (issue 9), in two browsers: a verifier of
 * a registered organisation asks (through the verifier API, as the portal does), the citizen opens
 * the request link signed in, sees who asks, what, why and which credential answers, and shares
 * or declines; the verifier reads the outcome. The portal's own screens are in verifier-portal.spec.ts.
 */
afterEach(closeBrowsers);

/** A verifier of an organisation of this test's own ("{organisation} {username}"), signed in. */
async function verifierOf(organisation: string): Promise<OpenBrowser> {
  const { user } = await createVerifier("verifier", organisation);
  const browser = await openTestBrowser(1280, 15_000);
  await signIn(browser, user);
  return browser;
}

async function ask(verifier: OpenBrowser, body: Record<string, unknown>): Promise<CreatedRequest> {
  const created = await pageJson<CreatedRequest>(verifier.page, "/api/presentations/requests", body);
  expect(created.status).toBe(201);
  return created.body;
}

const requestState = (verifier: OpenBrowser, id: string) =>
  pageJson<RequestView>(verifier.page, `/api/presentations/requests/${id}`);

/** The form fields of each answer the page posts to response_uri, as they leave the browser. */
function answersSent(page: Page): URLSearchParams[] {
  const sent: URLSearchParams[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/presentations/response")
      sent.push(new URLSearchParams(request.postData() ?? ""));
  });
  return sent;
}

describe("answering a verifier's request from the wallet", () => {
  it("shows who asks, what, why and which credential; sharing sends only what was asked, and both sides see the outcome", async () => {
    const verifier = await verifierOf("Harbour Logistics");
    const citizen = await citizenWithRightToWork();
    const created = await ask(verifier, {
      credentialType: "rtw",
      requestedAttributes: ["hasRightToWork", "expiryDate"],
      purpose: "Warehouse operative, starting Monday",
    });

    const page = citizen.browser.page;
    const answers = answersSent(page);
    await page.goto(created.walletLink);
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Share your credential?");
    const body = await page.locator("main").textContent();
    expect(body).toContain("Harbour Logistics");
    expect(body).toContain("Registered with the UK Digital Identity platform");
    expect(body).toContain("Warehouse operative, starting Monday");
    expect(await page.getByTestId("consent-attributes").locator("li").allTextContents()).toEqual([
      "Has the right to work in the UK",
      "When the permission expires",
    ]);
    expect(await page.getByRole("radio", { name: /Right to Work/ }).isChecked()).toBe(true);
    const axe = await axeInBothThemes(page);
    expect(axe).toEqual({ light: [], dark: [] });
    await screenshots(page, "consent-1280");

    await page.getByTestId("button-consent-share").click();
    const outcome = page.getByTestId("consent-outcome");
    await outcome.waitFor();
    expect(await outcome.textContent()).toContain("Your credential was checked");
    // The request asked for an encrypted answer (direct_post.jwt, the default): the page sent one
    // JWE to the request's own key, and nothing in the clear.
    expect(answers).toHaveLength(1);
    expect([...answers[0]!.keys()]).toEqual(["response"]);
    expect(decodeProtectedHeader(answers[0]!.get("response")!)).toMatchObject({
      alg: "ECDH-ES",
      enc: "A128GCM",
      kid: created.id,
    });

    const seen = await requestState(verifier, created.id);
    expect(seen.body).toMatchObject({ status: "completed", result: { valid: true, reason: "valid" } });
    expect(Object.keys(seen.body.result!.presentedAttributes).sort()).toEqual(["expiryDate", "hasRightToWork"]);

    // A second request is answered with another copy (issue 22): another holder key, another
    // status index, so the two answers have nothing to link them but what was disclosed. Its
    // verifier asked for direct_post: the wallet answers that in the clear.
    const again = await ask(verifier, {
      credentialType: "rtw",
      purpose: "Second site, Tuesday",
      responseMode: "direct_post",
    });
    await page.goto(again.walletLink);
    await waitForHydration(page);
    await page.getByTestId("button-consent-share").click();
    await page.getByTestId("consent-outcome").waitFor();
    expect((await requestState(verifier, again.id)).body).toMatchObject({
      status: "completed",
      result: { valid: true },
    });
    expect(answers).toHaveLength(2);
    expect([...answers[1]!.keys()].sort()).toEqual(["state", "vp_token"]);
    const shown = await testDatabase()
      .select({
        issuanceId: credentials.issuanceId,
        index: credentials.statusListIndex,
        metadata: credentials.metadata,
      })
      .from(presentations)
      .innerJoin(credentials, eq(credentials.id, presentations.credentialId))
      .where(inArray(presentations.requestId, [created.id, again.id]));
    expect(shown).toHaveLength(2);
    expect(shown[0]!.issuanceId).toBe(shown[1]!.issuanceId);
    expect(shown[0]!.index).not.toBe(shown[1]!.index);
    expect(shown[0]!.metadata!.holderKeyThumbprint).not.toBe(shown[1]!.metadata!.holderKeyThumbprint);

    // The citizen's wallet shows the credential once, and says who checked, why and what they saw.
    await visit(page, "/wallet");
    const item = page.getByTestId("activity-item").filter({ hasText: "Warehouse operative" }).first();
    await item.waitFor();
    expect(await item.textContent(), (await item.textContent()) ?? "").toContain(
      'checked your Right to Work for "Warehouse operative, starting Monday"; they saw: Has the right to work in the UK, When the permission expires',
    );
    expect(await page.getByTestId("credential-card").count()).toBe(1);
    await page.getByRole("button", { name: "View Right to Work" }).click();
    const details = page.getByRole("dialog", { name: "Credential Details" });
    await details.waitFor();
    // Both checks counted on the one credential, whichever copy each saw.
    expect(await details.getByText("Verifications").locator("xpath=following-sibling::dd[1]").textContent()).toBe("2");
  });

  it("declining tells the verifier, and the link cannot be answered again", async () => {
    const verifier = await verifierOf("Quay Lettings");
    const citizen = await citizenWithRightToWork();
    const created = await ask(verifier, { credentialType: "rtw", purpose: "Tenancy reference" });
    const page = citizen.browser.page;
    await page.goto(created.walletLink);
    await waitForHydration(page);
    await page.getByTestId("button-consent-decline").click();
    await page.getByTestId("consent-outcome").waitFor();
    expect(await page.getByTestId("consent-outcome").textContent()).toContain("You declined");
    expect((await requestState(verifier, created.id)).body).toMatchObject({
      status: "declined",
      result: { reason: "REQUEST_DECLINED" },
    });

    await page.goto(created.walletLink);
    await waitForHydration(page);
    expect(await page.getByRole("alert").textContent()).toContain("already been answered or has expired");
  });

  it("a revoked credential is not offered: the citizen is told why, and the request stays open", async () => {
    const verifier = await verifierOf("Northgate Care");
    const citizen = await citizenWithRightToWork();
    const created = await ask(verifier, { credentialType: "rtw", purpose: "Care worker role" });
    await revokeAsAuthority(citizen.credentialId, "Permission withdrawn");

    const page = citizen.browser.page;
    await page.goto(created.walletLink);
    await waitForHydration(page);
    // A revoked credential is not offered; the request cannot be answered from this wallet.
    const which = page.getByRole("region", { name: "Which credential answers" });
    const status = which.getByRole("status");
    await status.waitFor();
    expect(await status.textContent()).toContain(
      "You have no active credential that can answer a Right to Work check.",
    );
    expect(await which.getByRole("radio").count()).toBe(0);
    expect(await page.getByTestId("button-consent-share").isDisabled()).toBe(true);
    expect((await requestState(verifier, created.id)).body.status).toBe("pending");
  });

  it("a signed-out citizen chooses this platform's wallet, signs in and comes back to the request", async () => {
    const verifier = await verifierOf("Riverside Bar");
    const person = await createUser({ prefix: "holder", firstName: "Sam", lastName: "Out", records: true });
    const created = await ask(verifier, { credentialType: "age", purpose: "Proof of age at the door" });
    const browser = await openTestBrowser(1280, 15_000);
    const { page } = browser;
    await page.goto(created.walletLink);
    // Not signed in: who asks, and the two ways to answer (ADR 054); this citizen uses the web wallet.
    await page.getByRole("heading", { name: "Answer a verification request" }).waitFor();
    await waitForHydration(page);
    await page.getByRole("link", { name: "Sign in to answer" }).click();
    await page.waitForURL(/\/login\?next=/);
    await waitForHydration(page);
    await page.getByLabel("Username").fill(person.username);
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(/\/wallet\/present\?/);
    await waitForHydration(page);
    // Signing in navigates within the page: the address changes as the request's screen renders,
    // so wait for its list rather than read whatever is on screen at that instant.
    const attributes = page.getByTestId("consent-attributes").locator("li");
    await attributes.first().waitFor();
    expect(await attributes.allTextContents()).toEqual(["Aged 18 or over"]);
  });
});

describe("a refused share, in the citizen's language (issue 21)", () => {
  it.each(["cy", "pl"] as const)(
    "%s: a credential revoked while the consent screen was open is refused in the page's words, not the verifier's English",
    async (locale) => {
      const verifier = await verifierOf(`Morfa Staffing ${locale}`);
      const citizen = await citizenWithRightToWork();
      const { page, context, baseUrl } = citizen.browser;
      await context.addCookies([{ name: "lang", value: locale, url: baseUrl }]);
      const created = await ask(verifier, { credentialType: "rtw", purpose: "Shift work" });
      await page.goto(created.walletLink);
      await waitForHydration(page);
      expect(await page.locator("html").getAttribute("lang")).toBe(locale);

      // Revoked after the screen was opened: the device still holds it and shares it; the verifier refuses.
      await revokeAsAuthority(citizen.credentialId, "Permission withdrawn");
      await page.getByTestId("button-consent-share").click();
      const outcome = page.getByTestId("consent-outcome");
      await outcome.waitFor();
      const text = (await outcome.textContent()) ?? "";
      expect(text, text).toContain(TRANSLATIONS[locale]!["server.verification.refusal.statusRevoked"]!);
      expect(text).not.toContain("The credential has been revoked.");
      expect(await outcome.locator('[lang="en"]').count()).toBe(0);
      expect((await requestState(verifier, created.id)).body.status).toBe("pending");
    },
  );
});
