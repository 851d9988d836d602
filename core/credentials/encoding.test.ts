import { describe, expect, it } from "vitest";
import {
  base64urlDecode,
  base64urlDecodeText,
  base64urlEncode,
  base64urlEncodeText,
  isBase64url,
  utf8Decode,
} from "./encoding.ts";

describe("base64url (RFC 4648 section 5, unpadded as in RFC 7515 section 2)", () => {
  it("round-trips every length and all byte values", () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (let n = 0; n <= 40; n++) {
      const slice = bytes.slice(n, n + n);
      expect(base64urlDecode(base64urlEncode(slice))).toEqual(slice);
    }
    expect(base64urlDecode(base64urlEncode(bytes))).toEqual(bytes);
  });

  it("matches known encodings (RFC 4648 section 10 test vectors, unpadded)", () => {
    const cases: Array<[string, string]> = [
      ["", ""],
      ["f", "Zg"],
      ["fo", "Zm8"],
      ["foo", "Zm9v"],
      ["foob", "Zm9vYg"],
      ["fooba", "Zm9vYmE"],
      ["foobar", "Zm9vYmFy"],
    ];
    for (const [text, encoded] of cases) {
      expect(base64urlEncodeText(text)).toBe(encoded);
      expect(base64urlDecodeText(encoded)).toBe(text);
    }
    expect(base64urlEncode(Uint8Array.of(0xfb, 0xff))).toBe("-_8");
  });

  it("refuses padding, the standard alphabet, whitespace, impossible lengths and non-canonical tails", () => {
    for (const bad of ["Zg==", "+/8", "Zm 9v", "Z"]) expect(() => base64urlDecode(bad)).toThrow(/not base64url/);
    // "fo" is "Zm8"; "Zm9" decodes to the same bytes with non-zero unused bits.
    expect(() => base64urlDecode("Zm9")).toThrow(/non-canonical/);
    expect(() => base64urlDecode("Zh")).toThrow(/non-canonical/);
    expect(isBase64url("Zm9v")).toBe(true);
    expect(isBase64url("Zm9v=")).toBe(false);
  });

  it("refuses invalid UTF-8 instead of substituting U+FFFD", () => {
    expect(() => utf8Decode(Uint8Array.of(0xc3, 0x28))).toThrow(/UTF-8/);
    expect(utf8Decode(Uint8Array.of(0xc3, 0xa9))).toBe("é");
  });
});
