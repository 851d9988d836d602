import { PDFDocument, PDFName } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { LOCALE_INFO, LOCALES } from "#core/i18n/locales.ts";
import type { WalletCredential } from "#server/credentials/credentials.ts";
import type { LiveCheck } from "#server/credentials/live-check.ts";
import { SAMPLES } from "#server/pdf/samples.test-data.ts";
import { drawnLines, pdfText } from "#tests/support/pdf-text.ts";
import {
  buildCredentialCertificate,
  CERTIFICATE_WORDS_EN,
  certificateFileName,
  certificatePath,
  formatAttributeValue,
  holderName,
  liveCheckLine,
  typeForCertificateFile,
} from "./certificates.ts";

describe("certificate file names (spec 000 §7: lowercased type with underscores plus _certificate.pdf)", () => {
  it("builds the spec's path from each type's display name and maps it back", () => {
    expect(certificateFileName("rtw")).toBe("right_to_work_certificate.pdf");
    expect(certificateFileName("rtr")).toBe("right_to_rent_certificate.pdf");
    expect(certificateFileName("dbs")).toBe("dbs_enhanced_check_certificate.pdf");
    expect(certificateFileName("driving_licence")).toBe("driving_license_certificate.pdf");
    expect(certificateFileName("professional_certificate")).toBe("professional_certificate_certificate.pdf");
    for (const type of ["rtw", "rtr", "dbs", "driving_licence", "professional_certificate"])
      expect(typeForCertificateFile(certificateFileName(type))).toBe(type);
  });

  it("knows no other file, whatever its shape", () => {
    for (const name of [
      "passport_certificate.pdf",
      "right_to_work",
      "rtw_certificate.pdf",
      "../right_to_work_certificate.pdf",
      "Right_To_Work_certificate.pdf",
      "",
    ]) {
      expect(typeForCertificateFile(name), name).toBeUndefined();
    }
  });

  it("names a specific credential only when asked", () => {
    expect(certificatePath("rtw")).toBe("/credentials/right_to_work_certificate.pdf");
    expect(certificatePath("rtw", "a b")).toBe("/credentials/right_to_work_certificate.pdf?credential=a%20b");
  });
});

describe("attribute values as people read them", () => {
  it("says Yes/No, joins lists, writes ISO dates in en-GB and keeps other text", () => {
    expect(formatAttributeValue(true)).toBe("Yes");
    expect(formatAttributeValue(false)).toBe("No");
    expect(formatAttributeValue(["AM", "B", "BE"])).toBe("AM, B, BE");
    expect(formatAttributeValue("1990-04-12")).toBe("12 Apr 1990");
    // A calendar date stays on its day whatever the UK offset (BST here).
    expect(formatAttributeValue("2026-07-01")).toBe("1 Jul 2026");
    expect(formatAttributeValue(0)).toBe("0");
    expect(formatAttributeValue("None recorded")).toBe("None recorded");
    expect(formatAttributeValue(null)).toBe("Not recorded");
  });

  it("takes the holder's name from the credential's own claims", () => {
    expect(
      holderName([
        { name: "given_name", value: "Sarah" },
        { name: "family_name", value: "Thompson" },
      ]),
    ).toBe("Sarah Thompson");
    expect(holderName([{ name: "family_name", value: "Thompson" }])).toBe("Thompson");
    expect(holderName([])).toBeNull();
  });

  it("states the live check with its time or its reason", () => {
    const base = { checkedAt: "2026-11-22T14:05:00Z", type: "rtw", issuer: "Home Office" };
    expect(liveCheckLine({ ...base, valid: true, reason: "valid", message: "ok" })).toBe(
      "Valid at 22 Nov 2026, 14:05 GMT",
    );
    expect(
      liveCheckLine({ ...base, valid: false, reason: "STATUS_REVOKED", message: "The credential has been revoked." }),
    ).toBe("Not valid at 22 Nov 2026, 14:05 GMT: The credential has been revoked.");
  });
});

/** A held Right to Work credential and a valid live check of it (the certificates' subject). */
const credential: WalletCredential = {
  id: "7d0c7c86-6f6b-4d55-9a53-8f4f0b8c2f11",
  type: "rtw",
  status: "active",
  issuedAt: "2026-11-22T09:00:00.000Z",
  expiresAt: "2029-11-21T09:00:00.000Z",
  revokedAt: null,
  issuer: "https://identity.example/issuers/home-office",
  vcJwt: "unused",
  holderKeyThumbprint: null,
  delivery: "device",
  verificationCount: 0,
  copies: [{ id: "7d0c7c86-6f6b-4d55-9a53-8f4f0b8c2f11", holderKeyThumbprint: null, vcJwt: "unused" }],
  display: {
    title: "Right to Work",
    subtitle: "Employment Authorization",
    longName: "Right to Work",
    authority: "Home Office",
    authorityName: "Home Office",
    colour: "blue",
    icon: "briefcase",
    expiringSoon: false,
  },
};
const check: LiveCheck = {
  valid: true,
  reason: "valid",
  message: "ok",
  checkedAt: "2026-11-22T09:01:00.000Z",
  type: "rtw",
  issuer: "Home Office",
};

describe("buildCredentialCertificate", () => {
  it("draws names outside the standard fonts' character set, long values across pages, and sets the metadata", async () => {
    const attributes = [
      { name: "given_name", label: "Given name", value: "Łukasz" },
      { name: "family_name", label: "Family name", value: "Żółć-O’Brien 山田" },
      // Enough rows to need a second page.
      ...Array.from({ length: 60 }, (_, i) => ({
        name: `note${i}`,
        label: `Note ${i}`,
        value: `${"A long value that wraps across the column ".repeat(2)}${"x".repeat(120)}`,
      })),
    ];
    const bytes = await buildCredentialCertificate({
      credential,
      attributes,
      check,
      verification: {
        url: "https://identity.example/verify/AAAAAAAAAAAAAAAAAAAAAA",
        expiresAt: "2026-11-23T09:01:00.000Z",
      },
      now: new Date("2026-11-22T09:01:00.000Z"),
    });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    expect(doc.getTitle()).toBe("Right to Work Certificate");
    expect(doc.getAuthor()).toBe("Home Office");
    expect(doc.getSubject()).toBe(
      `Right to Work credential ${credential.id} held by Łukasz Żółć-O’Brien 山田, issued by Home Office`,
    );
    expect(doc.getCreationDate()?.toISOString()).toBe("2026-11-22T09:01:00.000Z");
  });
});

describe("buildCredentialCertificate in every language of the product (ADR 037)", () => {
  const url = "https://identity.example/verify/AAAAAAAAAAAAAAAAAAAAAA";

  it.each(LOCALES)(
    "%s: prints the words it is given and the holder's name in the language's script",
    async (locale) => {
      const { sentence, name } = SAMPLES[locale];
      const words = { ...CERTIFICATE_WORDS_EN, credentialTitle: () => sentence, credentialHeading: sentence };
      const bytes = await buildCredentialCertificate({
        credential,
        attributes: [{ name: "given_name", label: sentence, value: name }],
        check,
        verification: { url, expiresAt: "2026-11-23T09:01:00.000Z" },
        now: new Date("2026-11-22T09:01:00.000Z"),
        locale,
        words,
      });
      const doc = await PDFDocument.load(bytes, { updateMetadata: false });
      expect(doc.catalog.lookup(PDFName.of("Lang"))?.toString()).toBe(`(${LOCALE_INFO[locale].tag})`);
      expect(doc.getTitle()).toBe(sentence);
      const lines = doc.getPages().flatMap(drawnLines);
      // Glyph 0 is .notdef: a character the embedded fonts do not have.
      expect(lines.flatMap((line) => line.codes)).not.toContain("0000");
      // The link under the QR code (wrapped after a slash) stays left to right, on the side the page ends at.
      const link = lines.find((line) => line.text.startsWith("https://identity.example/verify"))!;
      expect(link).toBeDefined();
      if (LOCALE_INFO[locale].dir === "rtl") expect(link.x).toBeLessThan(595.28 / 2);
      else expect(link.x).toBeGreaterThan(595.28 / 2);
    },
  );
});

describe("buildCredentialCertificate in the holder's language (issue 21)", () => {
  const build = (locale: "cy" | "ur") =>
    buildCredentialCertificate({
      credential,
      attributes: [{ name: "has_right_to_work", label: "Right to work", value: true }],
      check,
      verification: {
        url: "https://identity.example/verify/AAAAAAAAAAAAAAAAAAAAAA",
        expiresAt: "2026-11-23T09:01:00.000Z",
      },
      now: new Date("2026-11-22T09:01:00.000Z"),
      locale,
    });

  it("prints Welsh labels, statuses and dates in Welsh", async () => {
    const bytes = await build("cy");
    const text = await pdfText(bytes);
    for (const words of ["Statws presennol", "Math o dystlythyr", "Deiliad", "Priodoleddau", "Ie"])
      expect(text).toContain(words);
    expect(text).toContain("Yn ddilys am 22 Tach 2026, 09:01 GMT");
    expect(text).not.toContain("Current status");
    expect(text).not.toContain("Credential type");
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.catalog.lookup(PDFName.of("Lang"))?.toString()).toBe("(cy)");
  });

  it("prints Urdu labels, right to left, with /Lang ur", async () => {
    const bytes = await build("ur");
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.catalog.lookup(PDFName.of("Lang"))?.toString()).toBe("(ur)");
    expect(doc.getTitle()).toMatch(/ سرٹیفکیٹ$/);
    // Drawn Arabic-script text reads back in shaped, visual order: its words are checked in the metadata.
    expect(doc.getSubject()).toBe(`کام کرنے کا حق سند ${credential.id}، Home Office کی طرف سے جاری کردہ`);
    expect(doc.getKeywords()).toContain("سند کا سرٹیفکیٹ");
    const text = await pdfText(bytes);
    for (const english of ["Current status", "Credential type", "Attributes", "Valid at"])
      expect(text).not.toContain(english);
  });
});
