import { describe, expect, it } from "vitest";
import { LOCALE_INFO, LOCALES } from "#core/i18n/locales.ts";
import { CREDENTIAL_TYPE_CODES, CREDENTIAL_TYPES } from "#core/issuers/registry.ts";
import { typeMetadata } from "#core/issuers/type-metadata.ts";
import { serverCredentialType } from "./type-text.ts";

interface Metadata {
  display: { locale: string; name: string; description: string }[];
  claims: { path: string[]; display: { locale: string; label: string }[] }[];
}

describe("a credential type's words in each language", () => {
  it("are the registry's English in English (the spec's names)", () => {
    const rtw = serverCredentialType("en", "rtw");
    expect(rtw.name).toBe("Right to Work");
    expect(rtw.claimLabel("expiryDate")).toBe("Permission expires");
    expect(serverCredentialType("en", "dbs").name).toBe("DBS Enhanced Check");
    for (const code of CREDENTIAL_TYPE_CODES) {
      const text = serverCredentialType("en", code);
      const type = CREDENTIAL_TYPES[code];
      expect([text.title, text.subtitle, text.name, text.description]).toEqual([
        type.title,
        type.subtitle,
        type.longName,
        type.description,
      ]);
      expect(type.claims.map((c) => text.claimLabel(c.name))).toEqual(type.claims.map((c) => c.label));
    }
  });

  it("are translated: Welsh and Urdu name the type and label its claims in their own words", () => {
    expect(serverCredentialType("cy", "rtw").name).toBe("Hawl i Weithio");
    expect(serverCredentialType("cy", "driving_licence").claimLabel("given_name")).toBe("Enw cyntaf");
    expect(serverCredentialType("ur", "rtr").name).toBe("کرائے پر رہنے کا حق");
  });

  it("name an unknown type generically and label an unknown claim by its own name", () => {
    const text = serverCredentialType("cy", "passport");
    expect([text.title, text.subtitle, text.name]).toEqual(["Tystlythyr", "Hunaniaeth Ddigidol", "Tystlythyr"]);
    expect(text.claimLabel("nationality")).toBe("nationality");
  });

  it.each(CREDENTIAL_TYPE_CODES)(
    "are what the type metadata (/vct) shows for %s in each of the twelve languages",
    (code) => {
      const metadata = typeMetadata("https://id.example", code) as unknown as Metadata;
      expect(metadata.display.map((d) => d.locale)).toEqual(LOCALES.map((l) => LOCALE_INFO[l].tag));
      LOCALES.forEach((locale, i) => {
        const text = serverCredentialType(locale, code);
        expect(metadata.display[i]).toEqual({
          locale: LOCALE_INFO[locale].tag,
          name: text.name,
          description: text.description,
        });
        for (const claim of metadata.claims)
          expect(claim.display[i]).toEqual({ locale: LOCALE_INFO[locale].tag, label: text.claimLabel(claim.path[0]!) });
      });
    },
  );
});
