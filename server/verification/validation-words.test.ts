import { describe, expect, it } from "vitest";
import * as z from "zod";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { ApiKeyBody, CreateRequestBody, DeclineBody, HistoryQuery, UsageQuery, ValidateBody } from "./api-schemas.ts";
import { refusalMessage, validationWords, validationWordsIn } from "./validation-words.ts";

/** Inputs each verifier schema refuses, between them every kind of refusal the API words. */
const REFUSED: [string, z.ZodType, unknown][] = [
  ["a body that is not an object", CreateRequestBody, ["rtw"]],
  ["a missing field, a field of the wrong type, a check not offered", CreateRequestBody, { credentialType: 1 }],
  [
    "an unknown check, an empty attribute, too many attributes",
    CreateRequestBody,
    {
      credentialType: "passport",
      requestedAttributes: ["", ...Array.from({ length: 16 }, (_, i) => `a${i}`)],
      purpose: "x".repeat(501),
    },
  ],
  [
    "a presentation too long and a request id that is not a UUID",
    ValidateBody,
    {
      presentationJwt: "x".repeat(128 * 1024 + 1),
      requestId: "42",
    },
  ],
  ["an empty presentation", ValidateBody, { presentationJwt: "" }],
  ["an empty state", DeclineBody, { state: "" }],
  ["a key name of spaces, and one too long", ApiKeyBody, { name: "   " }],
  ["a key name too long", ApiKeyBody, { name: "k".repeat(81) }],
  [
    "a page of 0, a page size that is not a number, a result and format not offered",
    HistoryQuery,
    {
      page: "0",
      pageSize: "many",
      result: "maybe",
      format: "xml",
      organisation: "acme",
    },
  ],
  ["a page size of 1.5 and over the limit", HistoryQuery, { pageSize: "1.5", page: "10001" }],
  ["days over the limit", UsageQuery, { days: "91" }],
  // Kinds the verifier's schemas do not use today, so that a schema that starts to is worded too.
  [
    "an unknown field, a pattern, exact and exclusive bounds, a literal, a date",
    z.strictObject({
      code: z.string().regex(/^[A-Z]+$/),
      pin: z.string().length(4),
      tags: z.array(z.string()).length(2),
      score: z.number().gt(0).lt(10),
      kind: z.literal("card"),
      at: z.iso.datetime(),
    }),
    { code: "abc", pin: "12", tags: [], score: 10, kind: "paper", at: "yesterday", extra: 1, more: 2 },
  ],
  ["one unknown field", z.strictObject({}), { extra: 1 }],
];

const messagesOf = (result: { error?: z.ZodError }) => result.error?.issues.map((issue) => issue.message);

describe("the verifier API's refusals in the reader's language (issue 21)", () => {
  it.each(REFUSED)(
    "words %s in English exactly as zod 4 does (the catalog's English is the API's), and in Welsh",
    (_, schema, input) => {
      const zods = messagesOf(schema.safeParse(input));
      expect(zods?.length).toBeGreaterThan(0);
      expect(messagesOf(schema.safeParse(input, { error: validationWords(serverIntl("en")) }))).toEqual(zods);
      // And each is ours to word, not zod's English passed through: Welsh differs from it, problem by problem.
      const welsh = messagesOf(schema.safeParse(input, { error: validationWordsIn("cy")! }));
      expect(welsh).toHaveLength(zods!.length);
      for (const [i, message] of (welsh ?? []).entries()) expect(message).not.toBe(zods![i]);
    },
  );

  it("words them in Welsh, field names, types and allowed values kept as the API names them", () => {
    const welsh = validationWordsIn("cy")!;
    expect(
      messagesOf(
        CreateRequestBody.safeParse(
          { credentialType: "passport", requestedAttributes: [""], purpose: "x".repeat(501) },
          { error: welsh },
        ),
      ),
    ).toEqual([
      'Dewis annilys: disgwylid un o "rtw"|"rtr"|"dbs"|"age"|"driving_licence"|"professional_certificate"|"identity"',
      "Rhy fach: disgwylid i string gynnwys o leiaf 1 nod",
      "Rhy fawr: disgwylid i string gynnwys 500 nod ar y mwyaf",
    ]);
    expect(messagesOf(ValidateBody.safeParse({ requestId: "42" }, { error: welsh }))).toEqual([
      "Mewnbwn annilys: disgwylid string, ond ni chafwyd dim",
      "UUID annilys",
    ]);
    expect(messagesOf(HistoryQuery.safeParse({ pageSize: "1.5", days: 3 }, { error: welsh }))).toEqual([
      "Mewnbwn annilys: disgwylid int, cafwyd number",
    ]);
    expect(refusalMessage([{ path: ["purpose"], message: "Mewnbwn annilys" }], "cy")).toBe(
      "Gwall dilysu: purpose: Mewnbwn annilys",
    );
  });

  it("keeps zod's English for English, and for a language the verifier's screens are not offered in", () => {
    expect(validationWordsIn("en")).toBeUndefined();
    expect(validationWordsIn("pl")).toBeUndefined();
    const issues = [{ path: ["name"], message: "Too small: expected string to have >=1 characters" }];
    expect(refusalMessage(issues, "pl")).toBe(
      "Validation Error: name: Too small: expected string to have >=1 characters",
    );
    expect(refusalMessage(issues, "en")).toBe(
      "Validation Error: name: Too small: expected string to have >=1 characters",
    );
  });
});
