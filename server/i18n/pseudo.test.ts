import { createIntl } from "@formatjs/intl";
import { parse } from "icu-messageformat-parser-full";
import { describe, expect, it } from "vitest";
import { serverIntl } from "./catalogs.ts";
import { currentPseudo, inPseudoLocale, pseudoMessages } from "./pseudo.ts";

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

  it("are asked for by the pseudo cookie only, on a stack that serves them", () => {
    const request = (cookie: string) => new Request("https://x.example/", { headers: { Cookie: cookie } });
    expect(inPseudoLocale(request("a=b; pseudo=xa"), true, currentPseudo)).toBe("xa");
    expect(inPseudoLocale(request("pseudo=xb"), true, currentPseudo)).toBe("xb");
    expect(inPseudoLocale(request("pseudo=cy"), true, currentPseudo)).toBeUndefined();
    expect(inPseudoLocale(request("pseudo=xa"), false, currentPseudo)).toBeUndefined();
  });

  it("reach the words the server makes while it answers: English in the pseudo-locale, other languages as they are", async () => {
    const request = new Request("https://x.example/", { headers: { Cookie: "pseudo=xa" } });
    const refusal = { id: "server.citizen.validation.required" } as const;
    // After an await, as a loader's words are made after it has read the database.
    const [english, welsh] = await inPseudoLocale(request, true, async () => {
      await Promise.resolve();
      return [serverIntl("en").formatMessage(refusal), serverIntl("cy").formatMessage(refusal)];
    });
    expect(english).toBe("Ŕéǫûîŕéð");
    expect(welsh).toBe(serverIntl("cy").formatMessage(refusal));
    expect(serverIntl("en").formatMessage(refusal)).toBe("Required");
  });
});
