import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenBrowser, openBrowser } from "./browser.ts";
import { photograph } from "./wallet-helpers.ts";

// Issue 21, docs/decisions/036-right-to-left.md: a page in Urdu or Arabic (dir="rtl" on <html>)
// mirrors its layout and its directional icons, from the same markup as the English page.
describe("a page in a right-to-left language", () => {
  let b: OpenBrowser;
  beforeAll(async () => {
    b = await openBrowser({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(() => b.close());

  it("mirrors the layout and the arrows, and keeps the skip link at the start of the line", async () => {
    await b.page.goto("/");
    const action = b.page.getByRole("link", { name: "Explore the Solution" });
    const arrow = action.locator("svg");
    const skip = b.page.getByRole("link", { name: "Skip to main content" });
    const where = async () => {
      const [link, icon] = await Promise.all([action.boundingBox(), arrow.boundingBox()]);
      return {
        arrowAfterText: icon!.x + icon!.width / 2 > link!.x + link!.width / 2,
        arrowScale: await arrow.evaluate((svg) => getComputedStyle(svg).scale),
      };
    };
    const skipLink = async () => {
      await skip.focus();
      const box = (await skip.boundingBox())!;
      return { fromLeft: box.x, fromRight: 1280 - (box.x + box.width) };
    };

    // Left to right: the arrow follows the words on their right and points right.
    expect(await where()).toEqual({ arrowAfterText: true, arrowScale: "none" });
    const ltrSkip = await skipLink();
    expect(ltrSkip.fromLeft).toBeLessThan(ltrSkip.fromRight);

    await b.page.evaluate(() => {
      document.documentElement.lang = "ur";
      document.documentElement.dir = "rtl";
    });
    // Right to left: the arrow follows the words on their left and points left; the skip link
    // (inset-inline-start) sits at the right edge, where the line starts.
    expect(await where()).toEqual({ arrowAfterText: false, arrowScale: "-1 1" });
    const rtlSkip = await skipLink();
    expect(rtlSkip.fromRight).toBeCloseTo(ltrSkip.fromLeft, 0);
    await photograph(b.page, "right-to-left-home");
  });
});
