import { describe, expect, it } from "vitest";
import { valueDirection } from "./direction.ts";

describe("the direction of a written value", () => {
  it("follows the letters of a name or an address, whichever script they are in", () => {
    expect(valueDirection("Sarah Thompson")).toBe("auto");
    expect(valueDirection("عائشہ خان")).toBe("auto");
    expect(valueDirection("12 Downing Street")).toBe("auto");
  });

  it("reads a value without letters (a phone number, a date in figures) left to right", () => {
    expect(valueDirection("+44 7700 900123")).toBe("ltr");
    expect(valueDirection("07700 900123")).toBe("ltr");
    expect(valueDirection("28/11/2026")).toBe("ltr");
  });
});
