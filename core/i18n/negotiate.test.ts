import { describe, expect, it } from "vitest";
import { localesFor } from "./locales.ts";
import { negotiateLocale } from "./negotiate.ts";

describe("negotiateLocale (Accept-Language, RFC 9110 §12.5.4)", () => {
  it("picks the offered language with the highest weight, by primary subtag", () => {
    expect(negotiateLocale("fr-FR, cy-GB;q=0.8, en;q=0.5")).toBe("cy");
    expect(negotiateLocale("en;q=0.4, pl;q=0.9")).toBe("pl");
    expect(negotiateLocale("pa-Guru-IN")).toBe("pa");
  });

  it("keeps the header's order between equal weights, and treats q=0 as a refusal", () => {
    expect(negotiateLocale("ro, it")).toBe("ro");
    expect(negotiateLocale("cy;q=0, ur")).toBe("ur");
  });

  it("does not take Shahmukhi Panjabi for our Gurmukhi", () => {
    expect(negotiateLocale("pa-Arab, ur;q=0.5")).toBe("ur");
    expect(negotiateLocale("pa-PK")).toBe("en");
  });

  it("answers English for nothing it speaks, no header, or nonsense", () => {
    expect(negotiateLocale("fr, de")).toBe("en");
    expect(negotiateLocale(null)).toBe("en");
    expect(negotiateLocale(";;,q=x, *")).toBe("en");
  });

  it("offers only what the page is offered in", () => {
    expect(negotiateLocale("ur, cy;q=0.5", localesFor("all"))).toBe("cy");
    expect(negotiateLocale("ur", localesFor("all"))).toBe("en");
  });
});
