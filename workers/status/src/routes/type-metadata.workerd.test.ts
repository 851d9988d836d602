import { describe, expect, it } from "vitest";
import { CREDENTIAL_TYPES } from "#core/issuers/registry.ts";
import { ORIGIN, request } from "#workers/status/src/test-support.ts";

interface TypeMetadata {
  vct: string;
  name: string;
  description: string;
  display: { lang: string; name: string }[];
  claims: { path: string[]; sd: string; display: { lang: string; label: string }[] }[];
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
      expect(metadata.display).toEqual([{ lang: "en-GB", name: type.longName, description: type.description }]);
      expect(metadata.claims.map((c) => c.path[0])).toEqual(type.claims.map((c) => c.name));
      expect(metadata.claims.map((c) => c.display[0]!.label)).toEqual(type.claims.map((c) => c.label));
      expect(metadata.claims.every((c) => c.sd === "always")).toBe(true);
    },
  );

  it.each(["passport", "right-to-work.json", "RIGHT-TO-WORK"])(
    "answers an unknown type (%s) with a JSON 404",
    async (slug) => {
      const response = await request(`/vct/${slug}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found" });
    },
  );
});
