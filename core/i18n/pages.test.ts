import { describe, expect, it } from "vitest";
import { localePath, publicPage, splitLocalePrefix } from "./pages.ts";

describe("localePath", () => {
  it("prefixes a public page offered in the language, with its query and fragment", () => {
    expect(localePath("/login", "cy")).toBe("/cy/login");
    expect(localePath("/", "cy")).toBe("/cy");
    expect(localePath("/verify/abc?x=1#top", "ur")).toBe("/ur/verify/abc?x=1#top");
    expect(localePath("/business-model?sector=nhs", "cy")).toBe("/cy/business-model?sector=nhs");
  });

  it("keeps English, signed-in screens, other sites and pages not offered in the language as they are", () => {
    expect(localePath("/login", "en")).toBe("/login");
    expect(localePath("/wallet", "cy")).toBe("/wallet");
    expect(localePath("/about", "pl")).toBe("/about");
    expect(localePath("https://www.gov.uk/", "cy")).toBe("https://www.gov.uk/");
    expect(localePath("//evil.example", "cy")).toBe("//evil.example");
  });
});

describe("splitLocalePrefix", () => {
  it("takes a language other than English off the front", () => {
    expect(splitLocalePrefix("/cy/login")).toEqual({ prefix: "cy", path: "/login" });
    expect(splitLocalePrefix("/ur")).toEqual({ prefix: "ur", path: "/" });
    expect(splitLocalePrefix("/en/login")).toEqual({ prefix: undefined, path: "/en/login" });
    expect(splitLocalePrefix("/wallet")).toEqual({ prefix: undefined, path: "/wallet" });
  });
});

describe("publicPage", () => {
  it("finds the public page a path belongs to", () => {
    expect(publicPage("/verify/abc")).toBe("/verify");
    expect(publicPage("/coming-soon/api-docs")).toBe("/coming-soon");
    expect(publicPage("/about")).toBe("/about");
    expect(publicPage("/wallet")).toBeUndefined();
    expect(publicPage("/about/x")).toBeUndefined();
  });
});
