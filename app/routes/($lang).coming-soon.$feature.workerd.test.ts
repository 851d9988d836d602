import { describe, expect, it } from "vitest";
import { call } from "#tests/support/web-client.ts";

/** What the page shows, without its scripts (which carry the page's messages, ADR 035). */
const shown = async (response: Response) => (await response.text()).replace(/<script\b[\s\S]*?<\/script>/g, "");

/** /coming-soon/{feature} (spec 000 §2, 001 §2), in English and, at /cy/…, in Welsh (issue 21). */
describe("the coming-soon page", () => {
  it("names a feature the spec names, in English at its unprefixed address", async () => {
    const response = await call("/coming-soon/api-docs");
    expect(response.status).toBe(200);
    const html = await shown(response);
    expect(html).toContain('<html lang="en-GB"');
    expect(html).toMatch(/<h1[^>]*>API Documentation<\/h1>/);
    expect(html).toContain("<title>API Documentation | UK Digital Identity</title>");
    expect(html).toContain("Expected availability: Q2 2025");
  });

  it("says it all in Welsh at /cy/, the feature's name in the title too", async () => {
    const response = await call("/cy/coming-soon/api-docs");
    expect(response.status).toBe(200);
    const html = await shown(response);
    expect(html).toContain('<html lang="cy"');
    expect(html).toMatch(/<h1[^>]*>Dogfennaeth API<\/h1>/);
    expect(html).toContain("<title>Dogfennaeth API | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toContain("Disgwylir iddo fod ar gael: Q2 2025");
    expect(html).toContain("Rydym yn dal i adeiladu&#x27;r rhan hon o&#x27;r gwasanaeth.");
    expect(html).not.toContain("Under development");
  });
});
