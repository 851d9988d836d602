import { describe, expect, it } from "vitest";
import { CREDENTIAL_ERROR_MESSAGES } from "#core/credentials/errors.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { fromRequest, resultMessage, type ShownResult } from "./verification-result.ts";

/** A refused result as the portal shows it, with the server's (English) words beside its code. */
const refused = (reason: string, message: string): ShownResult => ({
  recordId: null,
  valid: false,
  outcome: null,
  reason,
  result: "invalid",
  presentedAttributes: {},
  issuer: null,
  timestamp: "2026-11-29T00:00:00.000Z",
  checkType: "rtw",
  source: "request",
  purpose: null,
  message,
  binding: "device",
});

describe("the result panel's words for a refusal (issue 21)", () => {
  it("words a credential's own refusal by its code in the page's language, not the server's English", () => {
    const shown = refused("STATUS_REVOKED", CREDENTIAL_ERROR_MESSAGES.STATUS_REVOKED);
    expect(resultMessage(serverIntl("en") as never, shown)).toBe("The credential has been revoked.");
    expect(resultMessage(serverIntl("cy") as never, shown)).toBe("Mae'r tystlythyr wedi'i ddirymu.");
  });

  it("keeps the server's words for a code this build does not know", () => {
    expect(resultMessage(serverIntl("cy") as never, refused("SOMETHING_NEW", "Something new happened."))).toBe(
      "Something new happened.",
    );
  });
});

describe("a request's answer from the live feed (issue 21)", () => {
  const answer = {
    valid: true,
    reason: "valid",
    presentedAttributes: { hasRightToWork: true },
    timestamp: "2026-11-29T00:00:00.000Z",
    issuer: "Home Office",
  };
  const request = { credentialType: "rtw" as const, purpose: "Night porter" };

  it("names the issuer in the page's language, from its code", () => {
    const feed = { ...answer, issuerId: "home-office" as const };
    expect(fromRequest(feed, request, serverIntl("cy")).issuer).toBe("y Swyddfa Gartref");
    expect(fromRequest(feed, request, serverIntl("en")).issuer).toBe("Home Office");
  });

  it("shows the name a result kept before results carried the code", () => {
    expect(fromRequest(answer, request, serverIntl("cy")).issuer).toBe("Home Office");
  });

  it("names a credential trusted through the trust list by its entry and its signing certificate (ADR 052)", () => {
    const outside = {
      ...answer,
      issuer: "EU PID Provider Root 2026",
      issuerCertificate: "CN=PID Provider, O=Ministry",
      format: "dc+sd-jwt" as const,
    };
    const shown = fromRequest(outside, { credentialType: "age", purpose: "Knife sale" }, serverIntl("cy"));
    expect(shown).toMatchObject({
      issuer: "EU PID Provider Root 2026",
      issuerCertificate: "CN=PID Provider, O=Ministry",
    });
    expect(fromRequest(answer, request, serverIntl("en"))).not.toHaveProperty("issuerCertificate");
    expect(serverIntl("cy").formatMessage({ id: "verifier.resultPanel.issuerCertificate" })).toBe("Tystysgrif lofnodi");
  });
});
