import { describe, expect, it } from "vitest";
import { base64urlEncode } from "#core/credentials/encoding.ts";
import { assertBoundedCbor, MAX_CBOR_DEPTH } from "./cbor-bounds.ts";
import { MAX_DEVICE_RESPONSE_CHARS, verifyDeviceResponse } from "./verify.ts";

function codeOf(bytes: Uint8Array): string | undefined {
  try {
    assertBoundedCbor(bytes);
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

const nested = (depth: number) => Uint8Array.from([...new Array(depth).fill(0x81), 0x00]);

describe("CBOR bounds before decoding (a CBOR bomb is refused before cbor-x allocates)", () => {
  it("accepts nesting up to the limit and refuses one level deeper", () => {
    expect(codeOf(nested(MAX_CBOR_DEPTH))).toBeUndefined();
    expect(codeOf(nested(MAX_CBOR_DEPTH + 1))).toBe("INPUT_TOO_LARGE");
  });

  it("refuses 200,000 nested arrays (cbor-x itself overflows the stack on them) in well under 50 ms", () => {
    const start = performance.now();
    expect(codeOf(new Uint8Array(200_000).fill(0x81))).toBe("INPUT_TOO_LARGE");
    expect(performance.now() - start).toBeLessThan(50);
  });

  it("refuses an array or map declaring more entries than bytes remain (cbor-x would allocate 100 million slots)", () => {
    expect(codeOf(Uint8Array.from([0x9a, 0x05, 0xf5, 0xe1, 0x00, 0x00]))).toBe("INPUT_TOO_LARGE");
    expect(codeOf(Uint8Array.from([0xba, 0x05, 0xf5, 0xe1, 0x00, 0x00, 0x00]))).toBe("INPUT_TOO_LARGE");
    expect(codeOf(Uint8Array.from([0x9b, 0, 0, 0, 1, 0, 0, 0, 0]))).toBe("INPUT_TOO_LARGE");
    // Two entries need at least two bytes.
    expect(codeOf(Uint8Array.from([0x82, 0x00]))).toBe("INPUT_TOO_LARGE");
    expect(codeOf(Uint8Array.from([0x82, 0x00, 0x00]))).toBeUndefined();
  });

  it("refuses a string longer than the input", () => {
    expect(codeOf(Uint8Array.from([0x5a, 0xff, 0xff, 0xff, 0xff, 0x00]))).toBe("INPUT_TOO_LARGE");
    expect(codeOf(Uint8Array.from([0x63, 0x61, 0x62]))).toBe("INPUT_TOO_LARGE");
    expect(codeOf(Uint8Array.from([0x62, 0x61, 0x62]))).toBeUndefined();
  });

  it("walks embedded CBOR (tag 24) with the same depth budget", () => {
    const inner = nested(MAX_CBOR_DEPTH);
    const wrapped = Uint8Array.from([0xd8, 0x18, 0x58, inner.length, ...inner]);
    expect(codeOf(wrapped)).toBe("INPUT_TOO_LARGE");
    const shallow = nested(3);
    expect(codeOf(Uint8Array.from([0xd8, 0x18, 0x40 | shallow.length, ...shallow]))).toBeUndefined();
    expect(codeOf(Uint8Array.from([0xd8, 0x18, 0x00]))).toBe("MDOC_MALFORMED");
  });

  it("refuses indefinite lengths, reserved headers, truncation and trailing bytes as malformed", () => {
    expect(codeOf(Uint8Array.from([0x9f, 0x00, 0xff]))).toBe("MDOC_MALFORMED");
    expect(codeOf(Uint8Array.from([0x1c]))).toBe("MDOC_MALFORMED");
    expect(codeOf(Uint8Array.from([0x19, 0x01]))).toBe("MDOC_MALFORMED");
    expect(codeOf(Uint8Array.from([0x00, 0x00]))).toBe("MDOC_MALFORMED");
    expect(codeOf(new Uint8Array())).toBe("MDOC_MALFORMED");
  });

  it("makes verifyDeviceResponse answer a bomb with a refusal, never a throw", async () => {
    const base = {
      docType: "org.iso.18013.5.1.mDL",
      claims: [],
      handover: { flow: "dc_api", origin: "https://v.example", nonce: "n", jwkThumbprint: null },
      roots: ["AA=="],
      now: new Date("2026-11-29T10:00:00Z"),
    } as const;
    const deep = await verifyDeviceResponse({
      ...base,
      deviceResponse: base64urlEncode(new Uint8Array(50_000).fill(0x81)),
    });
    expect(deep).toMatchObject({ valid: false, code: "INPUT_TOO_LARGE" });
    const long = await verifyDeviceResponse({ ...base, deviceResponse: "A".repeat(MAX_DEVICE_RESPONSE_CHARS + 1) });
    expect(long).toMatchObject({ valid: false, code: "INPUT_TOO_LARGE" });
    const garbage = await verifyDeviceResponse({ ...base, deviceResponse: "not*base64url" });
    expect(garbage).toMatchObject({ valid: false, code: "MDOC_MALFORMED" });
    const notAResponse = await verifyDeviceResponse({
      ...base,
      deviceResponse: base64urlEncode(Uint8Array.from([0x82, 0x01, 0x02])),
    });
    expect(notAResponse).toMatchObject({ valid: false, code: "MDOC_MALFORMED" });
  });
});
