import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FONT_MODULE_PATH, fontModule } from "./pdf-fonts.ts";

describe("the PDFs' font module (ADR 037)", () => {
  it("holds the font files the installed @fontsource packages ship: run `node scripts/pdf-fonts.ts` after upgrading one", () => {
    expect(readFileSync(FONT_MODULE_PATH, "utf8") === fontModule()).toBe(true);
  });
});
