import { createIntl } from "@formatjs/intl";
import { parse } from "icu-messageformat-parser-full";
import { describe, expect, it } from "vitest";
import { pseudoMessages, pseudoOf } from "./pseudo.ts";

const format = (source: string, pseudo: "xa" | "xb", values: Record<string, unknown>) => {
  const messages = pseudoMessages({ m: parse(source) }, pseudo);
  return createIntl({ locale: "en-GB", messages: messages as never }).formatMessage(
    { id: "m" as never },
    values as never,
  );
};

describe("pseudo-locales", () => {
  it("accent every letter of a message's own words, never its placeholders' values", () => {
    expect(format("Welcome, {name}", "xa", { name: "Ada" })).toBe("Ŵéļçöɱé, Ada");
  });

  it("keep plurals choosing by count, accenting each form", () => {
    const source = "{count, plural, one {# credential} other {# credentials}}";
    expect(format(source, "xa", { count: 1 })).toBe("1 çŕéðéñţîáļ");
    expect(format(source, "xa", { count: 4 })).toBe("4 çŕéðéñţîáļš");
  });

  it("write every text right to left in the bidirectional one", () => {
    expect(format("Sign in", "xb", {})).toBe("\u202eSign in\u202c");
  });

  it("are asked for by the pseudo cookie only", () => {
    const request = (cookie: string) => new Request("https://x.example/", { headers: { Cookie: cookie } });
    expect(pseudoOf(request("a=b; pseudo=xa"))).toBe("xa");
    expect(pseudoOf(request("pseudo=xb"))).toBe("xb");
    expect(pseudoOf(request("pseudo=cy"))).toBeUndefined();
  });
});
