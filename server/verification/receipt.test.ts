import { compactVerify, decodeProtectedHeader } from "jose";
import { PageSizes, PDFDocument, PDFName } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { LOCALE_INFO, LOCALES } from "#core/i18n/locales.ts";
import { SAMPLES } from "#server/pdf/samples.test-data.ts";
import { documentLines, drawnLines } from "#tests/support/pdf-text.ts";
import {
  RECEIPT_KEYS_PATH,
  RECEIPT_TYP,
  RECEIPT_WORDS_EN,
  RETENTION_STATEMENTS,
  type ReceiptFacts,
  receiptFileName,
  receiptPdf,
  signReceipt,
} from "./receipt.ts";

const facts: ReceiptFacts = {
  receiptId: "7d0c7c86-6f6b-4d55-9a53-8f4f0b8c2f11",
  organisation: { id: "org_acme", name: "Acme Logistics Ltd" },
  checkedBy: "James Patel",
  purpose: "Pre-employment right to work check for a warehouse role",
  checkedAt: "2026-11-24T14:05:00.000Z",
  checkType: "Right to Work",
  credentialType: "Right to Work",
  issuer: "Home Office",
  assuranceLevel: "GPG45 Medium",
  attributes: [
    { label: "Name", value: "Sarah Thompson" },
    { label: "Right to work", value: "Yes" },
    { label: "Work restrictions", value: "None" },
  ],
  valid: true,
  result: "valid",
  reason: "valid",
  reasonMessage: "The credential is signed by its issuer, in date and not revoked.",
  outcome: { status: "passed", reason: null, message: null },
  presentationHash: "q8NQhM2Sr0m3tXhH8oQkqjC1vYy0u6m2J9b7cF4kX1E",
  visualMatch: { confirmedAt: "2026-11-24T14:06:00.000Z", confirmedBy: "James Patel" },
};

const invalidFacts: ReceiptFacts = {
  ...facts,
  receiptId: "0b1e2f3a-0000-4000-8000-000000000001",
  valid: false,
  result: "invalid",
  reason: "STATUS_REVOKED",
  reasonMessage: "The credential has been revoked by its issuer.",
  outcome: null,
  visualMatch: null,
  attributes: [],
};

/** A genuine credential that failed the check (issue 20, ADR 033). */
const failedFacts: ReceiptFacts = {
  ...facts,
  receiptId: "0b1e2f3a-0000-4000-8000-000000000002",
  checkType: "Age Verification",
  attributes: [{ label: "Aged 18 or over", value: "No" }],
  outcome: { status: "failed", reason: "UNDER_18", message: "Under 18" },
};

async function keyPair(alg: "ES256" | "EdDSA"): Promise<CryptoKeyPair> {
  const params = alg === "ES256" ? { name: "ECDSA", namedCurve: "P-256" } : { name: "Ed25519" };
  return (await crypto.subtle.generateKey(params, false, ["sign", "verify"])) as CryptoKeyPair;
}

async function render(receiptFacts: ReceiptFacts, alg: "ES256" | "EdDSA" = "ES256", locale?: "cy") {
  const { privateKey, publicKey } = await keyPair(alg);
  const jws = await signReceipt(receiptFacts, { kid: "verifier-receipts-1", privateKey });
  const bytes = await receiptPdf(receiptFacts, jws, { locale });
  // updateMetadata: false, or loading would stamp pdf-lib as the producer.
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const lines = documentLines(doc);
  // Wrapped paragraphs break at spaces, so joining lines with one space gives their text back.
  return { jws, publicKey, bytes, doc, lines, text: lines.join(" ") };
}

describe("signReceipt", () => {
  it.each(["ES256", "EdDSA"] as const)(
    "signs the facts as a compact JWS (%s) that verifies with the public key",
    async (alg) => {
      const { privateKey, publicKey } = await keyPair(alg);
      const jws = await signReceipt(facts, { kid: "verifier-receipts-1", privateKey });
      const { payload, protectedHeader } = await compactVerify(jws, publicKey, { algorithms: [alg] });
      expect(protectedHeader).toEqual({ alg, typ: RECEIPT_TYP, kid: "verifier-receipts-1" });
      expect(JSON.parse(new TextDecoder().decode(payload))).toEqual(facts);
    },
  );

  it("signs only the facts: members a caller's object also carries are left out", async () => {
    const { privateKey, publicKey } = await keyPair("ES256");
    const jws = await signReceipt({ ...facts, userId: "someone", password: "x" } as ReceiptFacts, {
      kid: "k",
      privateKey,
    });
    const { payload } = await compactVerify(jws, publicKey);
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual(facts);
  });

  it("refuses facts whose valid flag and result disagree", async () => {
    const { privateKey } = await keyPair("ES256");
    await expect(signReceipt({ ...facts, valid: false }, { kid: "k", privateKey })).rejects.toThrow(/disagree/);
    await expect(signReceipt({ ...invalidFacts, valid: true }, { kid: "k", privateKey })).rejects.toThrow(/disagree/);
  });

  it("refuses facts that give an outcome to a result that is not valid (only a valid credential is judged against its check)", async () => {
    const { privateKey } = await keyPair("ES256");
    await expect(
      signReceipt({ ...invalidFacts, outcome: failedFacts.outcome }, { kid: "k", privateKey }),
    ).rejects.toThrow(/not valid has an outcome/);
  });
});

describe("receiptPdf", () => {
  it("prints in Welsh when asked: its headings, result, outcome, retention duties and times in Welsh (issue 21)", async () => {
    const { doc, text } = await render(facts, "ES256", "cy");
    expect(doc.getTitle()).toBe("Derbynneb wirio");
    expect(doc.catalog.lookup(PDFName.of("Lang"))?.toString()).toBe("(cy)");
    for (const welsh of [
      "Y gwiriad",
      "Canlyniad",
      "Dilys",
      "Canlyniad y gwiriad: Llwyddodd",
      "Gwiriwyd am 24 Tach 2026, 14:05 GMT",
      "Cadw'r dderbynneb hon",
      "Cyflogwyr:",
    ])
      expect(text).toContain(welsh);
    for (const english of ["The check", "Result", "Keeping this receipt", "Employers:"])
      expect(text).not.toContain(english);
  });

  it("is a one- or two-page A4 PDF with the facts, the result, the retention duties and the signature printed", async () => {
    const { bytes, doc, lines, text, jws } = await render(facts);
    expect(new TextDecoder("latin1").decode(bytes.subarray(0, 5))).toBe("%PDF-");
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getPageCount()).toBeLessThanOrEqual(2);
    for (const page of doc.getPages())
      expect(page.getSize()).toEqual({ width: PageSizes.A4[0], height: PageSizes.A4[1] });

    expect(lines).toContain("Verification receipt");
    for (const expected of [
      "Acme Logistics Ltd",
      "org_acme",
      "James Patel",
      facts.purpose,
      "Right to Work",
      "24 Nov 2026, 14:05 GMT",
      "Home Office",
      "GPG45 Medium",
      "Sarah Thompson",
      facts.reasonMessage,
      "Reason code: valid",
      "Check outcome: Passed",
      facts.presentationHash,
      facts.receiptId,
      "Confirmed by James Patel at 24 Nov 2026, 14:06 GMT: the person presenting matched the credential holder",
      ...RETENTION_STATEMENTS,
      "Signed by the platform",
      RECEIPT_KEYS_PATH,
      "typ verification-receipt+jwt, key ID verifier-receipts-1",
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The result in large type is a line of its own.
    expect(lines).toContain("Valid");
    expect(lines).not.toContain("Invalid");
    // The JWS is printed whole (broken across lines anywhere, so joined without spaces).
    expect(lines.join("")).toContain(jws);
  });

  it("renders an invalid result with its reason, no attributes as None, and no visual match as Not recorded", async () => {
    const { doc, lines, text } = await render(invalidFacts, "EdDSA");
    expect(doc.getPageCount()).toBeLessThanOrEqual(2);
    expect(lines).toContain("Invalid");
    expect(lines).not.toContain("Valid");
    expect(text).toContain("The credential has been revoked by its issuer.");
    expect(text).toContain("Reason code: STATUS_REVOKED");
    expect(text).toContain("Check outcome: Not evaluated: the credential was not accepted");
    expect(text).toContain("Attributes None");
    expect(text).toContain("Visual match Not recorded");
  });

  it("prints the check's outcome beside a valid result: Failed and the reason in words, with its code, and signs it", async () => {
    const { lines, text, jws, publicKey } = await render(failedFacts);
    expect(lines).toContain("Valid");
    expect(text).toContain("Check outcome: Failed: Under 18");
    expect(text).toContain("Outcome code: UNDER_18");
    const { payload } = await compactVerify(jws, publicKey);
    expect(JSON.parse(new TextDecoder().decode(payload)).outcome).toEqual(failedFacts.outcome);
    // A valid record kept before outcomes were evaluated says so.
    expect((await render({ ...facts, outcome: null })).text).toContain("Check outcome: Not evaluated");
  });

  it("renders an expired result and unknown credential details", async () => {
    const expired: ReceiptFacts = {
      ...invalidFacts,
      result: "expired",
      reason: "EXPIRED",
      reasonMessage: "The credential has expired.",
      credentialType: null,
      issuer: null,
      assuranceLevel: null,
    };
    const { lines, text } = await render(expired);
    expect(lines).toContain("Expired");
    expect(text).toContain("Credential type Not known");
    expect(text).toContain("Issuer Not known");
    expect(text).toContain("Assurance level Not stated");
  });

  it("draws every letter of the product's languages as written, and only scripts no font has as ? (ADR 037)", async () => {
    const foreign: ReceiptFacts = {
      ...facts,
      checkedBy: "Zoë Ŝmith 日本",
      organisation: { id: "org_ł", name: "Żółć Lettings 株式会社" },
      attributes: [{ label: "Név", value: "Łukasz O’Brien 🙂" }],
      purpose: "Tenancy check\nsecond line",
    };
    const { text, doc } = await render(foreign);
    expect(doc.getPageCount()).toBeLessThanOrEqual(2);
    // Letters beyond WinAnsi (ŝ, ż, ł, ć) are drawn as such; Japanese and emoji are in no font the PDFs embed.
    expect(text).toContain("Zoë Ŝmith ??");
    expect(text).toContain("Żółć Lettings ????");
    expect(text).toContain("Organisation ID org_ł");
    expect(text).toContain("Név Łukasz O’Brien ?");
    expect(text).toContain("Tenancy check second line");
  });

  it("shows times in UK time with the zone name (BST in summer)", async () => {
    const { text } = await render({
      ...facts,
      checkedAt: "2026-07-01T23:30:00Z",
      visualMatch: { confirmedAt: "2026-07-01T23:31:00Z", confirmedBy: "James Patel" },
    });
    expect(text).toContain("2 Jul 2026, 00:30 BST");
    expect(text).toContain("Confirmed by James Patel at 2 Jul 2026, 00:31 BST");
  });

  it("runs onto further A4 pages, numbered, when many attributes need it", async () => {
    const many: ReceiptFacts = {
      ...facts,
      attributes: Array.from({ length: 60 }, (_, i) => ({ label: `Attribute ${i}`, value: `Value ${i}` })),
    };
    const { doc, text } = await render(many);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    for (const page of doc.getPages())
      expect(page.getSize()).toEqual({ width: PageSizes.A4[0], height: PageSizes.A4[1] });
    expect(text).toContain("Attribute 59 Value 59");
    expect(text).toContain(`Page ${doc.getPageCount()} of ${doc.getPageCount()}`);
  });

  it("sets the metadata and attaches nothing", async () => {
    const { doc, jws } = await render(facts);
    expect(doc.getTitle()).toBe("Verification receipt");
    expect(doc.getSubject()).toBe(
      `Right to Work check of a Right to Work by Acme Logistics Ltd on 24 Nov 2026, 14:05 GMT: Valid, check outcome Passed (receipt ${facts.receiptId})`,
    );
    expect(doc.getCreator()).toBe("UK Digital Identity");
    expect(doc.getProducer()).toBe("UK Digital Identity (pdf-lib)");
    expect(doc.getKeywords()).toBeUndefined();
    // No embedded files, attachments or associated files anywhere in the document.
    expect(doc.catalog.get(PDFName.of("Names"))).toBeUndefined();
    expect(doc.catalog.get(PDFName.of("AF"))).toBeUndefined();
    expect(decodeProtectedHeader(jws).typ).toBe(RECEIPT_TYP);
  });

  it("refuses a signed receipt over other facts, or one that is not a receipt", async () => {
    const { privateKey } = await keyPair("ES256");
    const jws = await signReceipt(facts, { kid: "k", privateKey });
    await expect(receiptPdf({ ...facts, purpose: "Something else" }, jws)).rejects.toThrow(/not over these facts/);
    await expect(receiptPdf(facts, "not a jws")).rejects.toThrow(/not a compact JWS/);
    // Key order does not matter: the same facts read back in another order still match.
    const reordered = Object.fromEntries(Object.entries(facts).reverse()) as unknown as ReceiptFacts;
    await expect(receiptPdf(reordered, jws)).resolves.toBeInstanceOf(Uint8Array);
  });
});

describe("receiptFileName", () => {
  it("names the check's UK date and the receipt id's first 8 characters", () => {
    expect(receiptFileName(facts)).toBe("verification-receipt-2026-11-24-7d0c7c86.pdf");
    // 23:30 UTC on 1 July is 00:30 BST on 2 July.
    expect(receiptFileName({ ...facts, checkedAt: "2026-07-01T23:30:00Z" })).toBe(
      "verification-receipt-2026-07-02-7d0c7c86.pdf",
    );
    expect(receiptFileName({ ...facts, receiptId: 'A"b/../c;d\r\nEFGHIJ' })).toBe(
      "verification-receipt-2026-11-24-abcdefgh.pdf",
    );
  });
});

describe("receiptPdf in every language of the product (ADR 037)", () => {
  it.each(LOCALES)(
    "%s: prints the words it is given and the verifier's names in the language's script",
    async (locale) => {
      const { sentence, name } = SAMPLES[locale];
      const sample: ReceiptFacts = { ...facts, checkedBy: name, attributes: [{ label: sentence, value: name }] };
      const { privateKey } = await keyPair("ES256");
      const jws = await signReceipt(sample, { kid: "verifier-receipts-1", privateKey });
      const words = { ...RECEIPT_WORDS_EN, title: sentence, theCheck: sentence, checkedBy: sentence };
      const doc = await PDFDocument.load(await receiptPdf(sample, jws, { locale, words }), { updateMetadata: false });
      expect(doc.catalog.lookup(PDFName.of("Lang"))?.toString()).toBe(`(${LOCALE_INFO[locale].tag})`);
      expect(doc.getTitle()).toBe(sentence);
      const lines = doc.getPages().flatMap(drawnLines);
      // Glyph 0 is .notdef: a character the embedded fonts do not have.
      expect(lines.flatMap((line) => line.codes)).not.toContain("0000");
      // Identifiers stay left to right in every language.
      expect(lines.map((line) => line.text)).toContain(facts.receiptId);
    },
  );
});
