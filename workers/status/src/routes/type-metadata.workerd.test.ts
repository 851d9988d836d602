import { describe, expect, it } from "vitest";
import { LOCALE_INFO, LOCALES } from "#core/i18n/locales.ts";
import { CREDENTIAL_TYPES } from "#core/issuers/registry.ts";
import { ORIGIN, request } from "#workers/status/src/test-support.ts";

interface TypeMetadata {
  vct: string;
  name: string;
  description: string;
  display: { locale: string; name: string; description: string }[];
  claims: { path: string[]; sd: string; display: { locale: string; label: string }[] }[];
}

describe("GET /vct/{slug}", () => {
  it.each(Object.values(CREDENTIAL_TYPES).map((t) => [t.slug, t] as const))(
    "describes %s: its name and every claim, each always disclosable",
    async (slug, type) => {
      const response = await request(`/vct/${slug}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=300");
      const metadata = (await response.json()) as TypeMetadata;
      expect(metadata.vct).toBe(`${ORIGIN}/vct/${slug}`);
      expect(metadata.name).toBe(type.longName);
      expect(metadata.display[0]).toEqual({ locale: "en-GB", name: type.longName, description: type.description });
      expect(metadata.claims.map((c) => c.path[0])).toEqual(type.claims.map((c) => c.name));
      expect(metadata.claims.map((c) => c.display[0]!.label)).toEqual(type.claims.map((c) => c.label));
      expect(metadata.claims.every((c) => c.sd === "always")).toBe(true);
    },
  );

  it("names the type and labels each claim in all twelve languages, each display keyed by `locale`", async () => {
    const metadata = (await (await request("/vct/right-to-work")).json()) as TypeMetadata;
    const tags = LOCALES.map((locale) => LOCALE_INFO[locale].tag);
    expect(metadata.display.map((d) => d.locale)).toEqual(tags);
    expect(metadata.display.every((d) => d.name && d.description && !("lang" in d))).toBe(true);
    expect(metadata.display.find((d) => d.locale === "cy")).toMatchObject({ name: "Hawl i Weithio" });
    expect(metadata.display.find((d) => d.locale === "ur")).toMatchObject({ name: "کام کرنے کا حق" });
    for (const claim of metadata.claims) expect(claim.display.map((d) => d.locale)).toEqual(tags);
    const givenName = metadata.claims.find((c) => c.path[0] === "given_name")!;
    expect(givenName.display.find((d) => d.locale === "pl")).toEqual({ locale: "pl", label: "Imię" });
    // Every language's words differ from English somewhere (none is English left in place).
    for (const tag of tags.slice(1))
      expect(metadata.display.find((d) => d.locale === tag)!.description).not.toBe(metadata.description);
  });

  it.each(["passport", "right-to-work.json", "RIGHT-TO-WORK"])(
    "answers an unknown type (%s) with a JSON 404",
    async (slug) => {
      const response = await request(`/vct/${slug}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found" });
    },
  );
});
