import { describe, expect, it } from "vitest";
import vectors from "#tests/fixtures/credentials/status-list-vectors.json";
import { base64urlDecode, base64urlEncode } from "./encoding.ts";
import { generateSigningKeyPair } from "./keys.ts";
import {
  allocateIndex,
  decodeStatusList,
  encodeStatusList,
  inflateStatusList,
  issueStatusListToken,
  packStatusList,
  readStatus,
  type StatusBits,
  statusFromValue,
  unpackStatusList,
  verifyStatusListToken,
} from "./status-list.ts";
import { decodeJwt } from "./test-helpers.ts";

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const cap = { maxInflatedBytes: 1 << 20 };

describe("status list encoding (draft-ietf-oauth-status-list-18 section 4.1, 4.2)", () => {
  for (const v of vectors.small) {
    it(`packs the section ${v.section} statuses into bytes ${v.bytesHex}, least significant bit first`, () => {
      expect(hex(packStatusList(v.statuses, v.bits as StatusBits))).toBe(v.bytesHex);
      expect(
        Array.from(unpackStatusList(packStatusList(v.statuses, v.bits as StatusBits), v.bits as StatusBits)).slice(
          0,
          v.statuses.length,
        ),
      ).toEqual(v.statuses);
    });

    it(`decodes the draft's lst for ${v.section} and matches its compressed hex`, async () => {
      expect(hex(base64urlDecode(v.lst))).toBe(v.compressedHex);
      expect(hex(await inflateStatusList(v.lst, cap))).toBe(v.bytesHex);
      const decoded = await decodeStatusList(v.lst, v.bits as StatusBits, cap);
      expect(Array.from(decoded).slice(0, v.statuses.length)).toEqual(v.statuses);
    });

    it(`encodes ${v.section} to a zlib stream that decodes to the same list (bytes may differ from the draft's encoder)`, async () => {
      const lst = await encodeStatusList(v.statuses, v.bits as StatusBits);
      expect(base64urlDecode(lst)[0]).toBe(0x78); // zlib header, RFC 1950 section 2.2: CM=8, CINFO=7
      expect(hex(await inflateStatusList(lst, cap))).toBe(v.bytesHex);
    });
  }

  for (const v of vectors.large) {
    it(`reads the draft's ${v.section} 2^20-entry vector one entry at a time (first, last, set and random indexes)`, async () => {
      const lst = v.lstLines.join("");
      const bits = v.bits as StatusBits;
      const set = new Map(Object.entries(v.set).map(([k, value]) => [Number(k), value]));
      const probes = [0, v.size - 1, ...set.keys(), 1, 1992, 1994, 524_288, 777_777, 1_000_344, 1_000_346];
      for (const idx of probes) expect(await readStatus(lst, bits, idx, cap)).toBe(set.get(idx) ?? 0);
      await expect(readStatus(lst, bits, v.size, cap)).rejects.toMatchObject({ code: "STATUS_INDEX_OUT_OF_RANGE" });
    });

    it(`decodes the draft's ${v.section} vector fully: exactly the listed entries are set`, async () => {
      const values = await decodeStatusList(v.lstLines.join(""), v.bits as StatusBits, cap);
      expect(values.length).toBe(v.size);
      const found: Record<string, number> = {};
      values.forEach((value, i) => {
        if (value !== 0) found[String(i)] = value;
      });
      expect(found).toEqual(v.set);
    });
  }

  it("round-trips random lists for bits 1, 2, 4 and 8", async () => {
    for (const bits of [1, 2, 4, 8] as const) {
      const values = Array.from({ length: 1000 }, () => Math.floor(Math.random() * (1 << bits)));
      const decoded = await decodeStatusList(await encodeStatusList(values, bits), bits, cap);
      expect(Array.from(decoded.slice(0, values.length))).toEqual(values);
    }
  });

  it("reads single entries of a 2^20-entry list with revoked entries at first, last and random indexes", async () => {
    const size = 1 << 20;
    const values = new Uint8Array(size);
    const revoked = [
      0,
      size - 1,
      1,
      8,
      65_535,
      65_536,
      ...Array.from({ length: 20 }, () => Math.floor(Math.random() * size)),
    ];
    for (const i of revoked) values[i] = 1;
    const lst = await encodeStatusList(values, 1);
    for (const i of revoked) expect(await readStatus(lst, 1, i, cap)).toBe(1);
    for (const i of [2, 7, 9, size - 2, 524_287]) expect(await readStatus(lst, 1, i, cap)).toBe(values[i]);
  });

  it("refuses bits outside 1/2/4/8, corrupt data, a list over the size cap and out-of-range indexes", async () => {
    const lst = await encodeStatusList(new Uint8Array(4096), 1);
    await expect(readStatus(lst, 3 as StatusBits, 0, cap)).rejects.toMatchObject({ code: "STATUS_BITS_INVALID" });
    await expect(readStatus(lst, 1, 0, { maxInflatedBytes: 511 })).rejects.toMatchObject({
      code: "STATUS_LIST_TOO_LARGE",
    });
    expect(await readStatus(lst, 1, 0, { maxInflatedBytes: 512 })).toBe(0);
    await expect(readStatus(lst, 1, 4096, cap)).rejects.toMatchObject({ code: "STATUS_INDEX_OUT_OF_RANGE" });
    await expect(readStatus(lst, 1, -1, cap)).rejects.toMatchObject({ code: "STATUS_INDEX_OUT_OF_RANGE" });
    const corrupt = base64urlDecode(lst);
    corrupt[corrupt.length - 1]! ^= 0xff; // breaks the Adler-32 trailer
    await expect(readStatus(base64urlEncode(corrupt), 1, 0, cap)).rejects.toMatchObject({
      code: "STATUS_LIST_INVALID",
    });
    await expect(readStatus(base64urlEncode(Uint8Array.of(1, 2, 3)), 1, 0, cap)).rejects.toMatchObject({
      code: "STATUS_LIST_INVALID",
    });
  });
});

describe("status values (section 7.1)", () => {
  it("maps 0 to valid, 1 to revoked (INVALID), 2 to suspended, anything else to unknown", () => {
    expect([0, 1, 2, 3, 15, 255].map(statusFromValue)).toEqual([
      "valid",
      "revoked",
      "suspended",
      "unknown",
      "unknown",
      "unknown",
    ]);
  });
});

describe("status list tokens (section 5.1)", () => {
  it("issues a statuslist+jwt and verifies it, reading one entry", async () => {
    const key = await generateSigningKeyPair();
    const values = new Uint8Array(1024);
    values[7] = 1;
    const lst = await encodeStatusList(values, 1);
    const token = await issueStatusListToken({
      iss: "https://credentials.homeoffice.example.gov.uk",
      sub: "https://status.example.gov.uk/lists/1",
      iat: 1000,
      exp: 2000,
      ttl: 60,
      bits: 1,
      lst,
      kid: key.publicJwk.kid!,
      privateKey: key.privateKey,
    });
    expect(decodeJwt(token).header).toEqual({ alg: "EdDSA", typ: "statuslist+jwt", kid: key.publicJwk.kid });
    expect(decodeJwt(token).payload).toEqual({
      iss: "https://credentials.homeoffice.example.gov.uk",
      sub: "https://status.example.gov.uk/lists/1",
      iat: 1000,
      exp: 2000,
      ttl: 60,
      status_list: { bits: 1, lst },
    });
    const options = {
      trustedKeys: [key.publicJwk],
      expectedSub: "https://status.example.gov.uk/lists/1",
      now: 1500,
      clockSkewSeconds: 0,
      maxInflatedBytes: 4096,
    };
    expect(await verifyStatusListToken(token, { ...options, idx: 7 })).toMatchObject({
      valid: true,
      bits: 1,
      value: 1,
    });
    expect(await verifyStatusListToken(token, { ...options, idx: 6 })).toMatchObject({ valid: true, value: 0 });
    expect(await verifyStatusListToken(token, options)).toMatchObject({ valid: true, inflatedBytes: 128 });
    expect(await verifyStatusListToken("garbage", options)).toMatchObject({
      valid: false,
      code: "STATUS_TOKEN_MALFORMED",
    });
  });
});

describe("allocateIndex", () => {
  it("returns a free index chosen at random, and scans when random probes keep hitting used ones", () => {
    const used = new Set([0, 1, 2, 3, 5, 6, 7]);
    let calls = 0;
    const alwaysThree = () => {
      calls++;
      return 3;
    };
    expect(allocateIndex((i) => used.has(i), 8, alwaysThree)).toBe(4);
    expect(calls).toBe(65);
    expect(
      allocateIndex(
        () => false,
        8,
        () => 6,
      ),
    ).toBe(6);
  });

  it("reports a full list and refuses a random source out of range", () => {
    expect(() =>
      allocateIndex(
        () => true,
        4,
        () => 0,
      ),
    ).toThrow(expect.objectContaining({ code: "STATUS_LIST_FULL" }));
    expect(() =>
      allocateIndex(
        () => false,
        4,
        () => 4,
      ),
    ).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
  });
});
