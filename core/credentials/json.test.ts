import { describe, expect, it } from "vitest";
import { defineClaim, parseStrictJson, StrictJsonError } from "./json.ts";

const parse = (text: string, maxDepth = 16) => parseStrictJson(text, { maxDepth });
const reason = (text: string, maxDepth = 16) => {
  try {
    parse(text, maxDepth);
    return "ok";
  } catch (error) {
    return error instanceof StrictJsonError ? error.reason : "other";
  }
};

describe("strict JSON (RFC 8259; duplicate names refused per RFC 7519 section 7.2)", () => {
  it("parses what JSON.parse parses", () => {
    const text = '{"a":[1,-2.5e3,true,false,null,"x\\u00e9\\n"],"b":{"c":{}},"d":[]}';
    expect(parse(text)).toEqual(JSON.parse(text));
    expect(parse(' \t\n"s" ')).toBe("s");
  });

  it("refuses a duplicate member name, also when spelled with escapes or nested", () => {
    expect(reason('{"iss":"a","iss":"b"}')).toBe("duplicate");
    expect(reason('{"iss":"a","\\u0069ss":"b"}')).toBe("duplicate");
    expect(reason('{"x":[{"k":1,"k":2}]}')).toBe("duplicate");
    expect(reason('{"x":{"k":1},"y":{"k":2}}')).toBe("ok");
  });

  it("refuses nesting beyond the limit", () => {
    expect(reason("[[[1]]]", 3)).toBe("ok");
    expect(reason("[[[[1]]]]", 3)).toBe("depth");
    expect(reason('{"a":{"b":{"c":{}}}}', 3)).toBe("depth");
  });

  it("refuses what JSON forbids: trailing commas, comments, single quotes, leading zeros, control characters, trailing text", () => {
    for (const bad of ["[1,]", '{"a":1,}', "/*c*/1", "{'a':1}", "01", '"a\u0001"', "1 2", "", "NaN", '"\\x41"', "[1"]) {
      expect(reason(bad)).toBe("syntax");
    }
  });

  it("defines a claim named __proto__ as data, never as the prototype", () => {
    const target: Record<string, unknown> = {};
    defineClaim(target, "__proto__", { polluted: true });
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(Object.keys(target)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
