import { describe, expect, it } from "vitest";
import recursive from "#tests/fixtures/credentials/rfc9901-recursive-disclosures.json";
import { webCrypto } from "./crypto.ts";
import { base64urlEncodeText } from "./encoding.ts";
import { CredentialError } from "./errors.ts";
import { decodeDisclosure, processDisclosures, splitSdJwt } from "./sd-jwt.ts";

const crypto = webCrypto();
const limits = { maxBytes: 10_000, maxDisclosures: 10 };
const options = { maxDepth: 16, reservedTopLevelNames: new Set<string>() };
const encode = (lines: string[]) => lines.join("");
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return "ok";
  } catch (error) {
    return error instanceof CredentialError ? error.code : String(error);
  }
};

describe("splitSdJwt (RFC 9901 section 4)", () => {
  it("separates issuer JWT, disclosures, an optional KB-JWT and the sd_hash input", () => {
    expect(splitSdJwt("a.b.c~d1~d2~", limits)).toEqual({
      issuerJwt: "a.b.c",
      disclosures: ["d1", "d2"],
      kbJwt: "",
      sdHashInput: "a.b.c~d1~d2~",
    });
    expect(splitSdJwt("a.b.c~k.b.s", limits)).toEqual({
      issuerJwt: "a.b.c",
      disclosures: [],
      kbJwt: "k.b.s",
      sdHashInput: "a.b.c~",
    });
  });

  it("refuses a JWT without the trailing ~, empty components, foreign characters and oversized input", () => {
    expect(codeOf(() => splitSdJwt("a.b.c", limits))).toBe("MALFORMED_PRESENTATION");
    expect(codeOf(() => splitSdJwt("a.b.c~~", limits))).toBe("MALFORMED_PRESENTATION");
    expect(codeOf(() => splitSdJwt("~d~", limits))).toBe("MALFORMED_PRESENTATION");
    expect(codeOf(() => splitSdJwt("a.b.c~d=~", limits))).toBe("MALFORMED_PRESENTATION");
    expect(codeOf(() => splitSdJwt(42, limits))).toBe("MALFORMED_PRESENTATION");
    expect(codeOf(() => splitSdJwt("a".repeat(10_001), limits))).toBe("INPUT_TOO_LARGE");
    expect(codeOf(() => splitSdJwt(`a.b.c~${"d~".repeat(11)}`, limits))).toBe("INPUT_TOO_LARGE");
  });
});

describe("disclosures and processing (RFC 9901 sections 4.2 and 7.1)", () => {
  it("computes the digests RFC 9901 section 6.3 lists for its disclosures", async () => {
    for (const { lines, digest, claim } of recursive.disclosures) {
      const decoded = await decodeDisclosure(crypto, encode(lines), 16);
      expect(decoded.digest).toBe(digest);
      expect(decoded.name).toBe(claim);
    }
  });

  it("processes the section 6.3 recursive example into the section 6 claims", async () => {
    const disclosures = await Promise.all(
      recursive.disclosures.map((d) => decodeDisclosure(crypto, encode(d.lines), 16)),
    );
    const { payload, disclosedPaths } = processDisclosures(recursive.payload, disclosures, options);
    expect(payload).toEqual(recursive.processedPayload);
    expect(disclosedPaths.sort()).toEqual([
      "address",
      "address.country",
      "address.locality",
      "address.region",
      "address.street_address",
    ]);
  });

  it("withholds nested claims whose disclosures are not sent and ignores their digests", async () => {
    const address = recursive.disclosures.find((d) => d.claim === "address")!;
    const locality = recursive.disclosures.find((d) => d.claim === "locality")!;
    const disclosures = await Promise.all(
      [address, locality].map((d) => decodeDisclosure(crypto, encode(d.lines), 16)),
    );
    const { payload } = processDisclosures(recursive.payload, disclosures, options);
    expect(payload.address).toEqual({ locality: "Schulpforta" });
  });

  it("refuses a disclosure whose content is not an array of 2 or 3 with a string salt", async () => {
    const b64 = base64urlEncodeText;
    for (const text of ['{"a":1}', '["s"]', '["s","n","v","x"]', '[1,"n","v"]', '["s",2,"v"]', "not json"]) {
      await expect(decodeDisclosure(crypto, b64(text), 16)).rejects.toMatchObject({ code: "MALFORMED_DISCLOSURE" });
    }
    await expect(decodeDisclosure(crypto, b64('["s","n",{"k":1,"k":2}]'), 16)).rejects.toMatchObject({
      code: "DUPLICATE_JSON_MEMBER",
    });
  });

  it("drops array elements whose digest has no disclosure and keeps plain elements", async () => {
    const element = await decodeDisclosure(crypto, base64urlEncodeText('["salt-salt-salt-1","DE"]'), 16);
    const payload = { list: [{ "...": element.digest }, { "...": "decoy-digest" }, "GB"] };
    expect(processDisclosures(payload, [element], options).payload).toEqual({ list: ["DE", "GB"] });
  });
});
