import { describe, expect, it } from "vitest";
import { THEME_BOOT_SCRIPT, themeFromCookieHeader } from "./theme.ts";

describe("theme cookie", () => {
  it("reads dark only when the theme cookie says so", () => {
    expect(themeFromCookieHeader("a=1; theme=dark; b=2")).toBe("dark");
    expect(themeFromCookieHeader("theme=light")).toBe("light");
    expect(themeFromCookieHeader("theme=purple")).toBe("light");
    expect(themeFromCookieHeader("mytheme=dark")).toBe("light");
    expect(themeFromCookieHeader(null)).toBe("light");
  });

  it("boot script is a self-contained expression that parses", () => {
    expect(() => new Function(THEME_BOOT_SCRIPT)).not.toThrow();
    expect(THEME_BOOT_SCRIPT).not.toContain("</script");
  });
});
