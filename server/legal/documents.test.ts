import { describe, expect, it } from "vitest";
import en from "#core/i18n/catalog/en.json";
import { LOCALES } from "#core/i18n/locales.ts";
import { CATALOGS } from "#server/i18n/catalogs.ts";
import { legalDocument } from "./documents.ts";

/**
 * The legal pages' full texts are formatted here, not carried as the pages' messages, so the
 * catalog test's completeness by route does not see them (issue 21): this checks them.
 */
describe("the legal texts", () => {
  const legalIds = Object.keys(en).filter((id) => id.startsWith("legal."));

  it("are translated whole into Welsh", () => {
    expect(legalIds.length).toBeGreaterThan(150);
    expect(legalIds.filter((id) => CATALOGS.cy[id] === undefined)).toEqual([]);
  });

  it("are written in Welsh on a Welsh page and in English on a page in any other language", () => {
    const welsh = legalDocument("privacy-policy", "cy");
    expect(welsh.locale).toBe("cy");
    expect(welsh.sections[0]!.title).toBe("Pwy ydym ni");
    expect(legalDocument("terms-of-service", "cy").sections.map((section) => section.title)).toContain(
      "Lefelau gwasanaeth",
    );
    for (const locale of LOCALES.filter((l) => l !== "cy")) {
      const document = legalDocument("privacy-policy", locale);
      expect(document.locale, locale).toBe("en");
      expect(document.sections[0]!.title, locale).toBe("Who we are");
    }
  });

  it("state each period in the text's language, and bold and links as the page draws them", () => {
    const english = legalDocument("privacy-policy", "en");
    const revocation = english.sections.find((section) => section.id === "revocation")!.blocks[0]!;
    expect(revocation).toEqual({
      kind: "paragraph",
      text: [
        { strong: "Credentials are revocable within 60 seconds." },
        " If you report a lost or stolen device, or an issuer revokes a credential, every verifier sees the change within 60 seconds, so a lost credential cannot be misused.",
      ],
    });
    const rights = legalDocument("privacy-policy", "cy").sections.find((section) => section.id === "your-rights")!;
    expect(rights.blocks[2]).toEqual({
      kind: "paragraph",
      text: [
        "I ddefnyddio unrhyw un o'r hawliau hyn, anfonwch e-bost at ein Swyddog Diogelu Data yn ",
        { link: "dpo@identity.gov.uk", href: "mailto:dpo@identity.gov.uk" },
        ". Byddwn yn ateb heb oedi gormodol ac o fewn y terfynau amser y mae GDPR y DU yn eu gosod.",
      ],
    });
  });
});
