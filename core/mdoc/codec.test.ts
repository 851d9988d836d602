import { Issuer } from "@owf/mdoc";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { cborDecode, cborEncode } from "./codec.ts";

describe("the mdoc codec", () => {
  it("leaves zod's own messages as they are, though @owf/mdoc sets a global error map when imported", () => {
    expect(Issuer).toBeTypeOf("function"); // the library itself was loaded, side effect and all
    const [issue] = z.object({}).safeParse([]).error!.issues;
    expect(issue!.message).toBe("Invalid input: expected object, received array");
  });

  it("round-trips the mdoc tags' values", () => {
    expect(cborDecode(cborEncode(new Map([["age_over_18", true]])))).toEqual(new Map([["age_over_18", true]]));
  });
});
