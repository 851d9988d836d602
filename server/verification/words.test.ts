import { describe, expect, it } from "vitest";
import { credentialErrorText } from "#core/credentials/error-messages.ts";
import { CREDENTIAL_ERROR_CODES, CREDENTIAL_ERROR_MESSAGES } from "#core/credentials/errors.ts";
import { LOCALES, localesFor } from "#core/i18n/locales.ts";
import { authorityText, issuerAuthorityText } from "#core/issuers/authority-messages.ts";
import { AUTHORITIES, authorityName, ISSUER_IDS } from "#core/issuers/registry.ts";
import { checkAttributeText, checkNameText, outcomeIn } from "#core/verification/check-messages.ts";
import { CHECK_TYPES, CHECKS, checkName, OUTCOME_REASON_CODES, OUTCOME_REASONS } from "#core/verification/checks.ts";
import { holderRefusalText } from "#core/verification/holder-refusals.ts";
import { reasonText } from "#core/verification/reason-messages.ts";
import { reasonMessage, validMessage } from "#core/verification/reasons.ts";
import { CATALOGS, serverIntl, translates } from "#server/i18n/catalogs.ts";

/**
 * The verification words people read (issue 21, ADR 041): in English exactly what the API and the
 * spec say (the constants in checks.ts, errors.ts, reasons.ts, the registry), and in the languages
 * their readers use.
 */
const en = serverIntl("en");
const cy = serverIntl("cy");

describe("check names and attribute labels", () => {
  it("say in English what checks.ts says, for every check and attribute", () => {
    for (const code of [...CHECK_TYPES, null, "nonsense"]) expect(checkNameText(en, code)).toBe(checkName(code));
    for (const code of CHECK_TYPES)
      for (const attribute of CHECKS[code].attributes)
        expect(checkAttributeText(en, code, attribute.id), `${code} ${attribute.id}`).toBe(attribute.label);
    expect(checkAttributeText(en, "rtw", "licenceNumber")).toBeUndefined();
  });

  it("are worded in the consent screen's languages: Welsh, and Urdu for a right-to-left one", () => {
    expect(checkNameText(cy, "age")).toBe("Gwirio Oedran");
    expect(checkNameText(serverIntl("ur"), "rtw")).toBe("کام کرنے کا حق");
    expect(checkAttributeText(serverIntl("ur"), "age", "age_over_21")).toBe("21 سال یا اس سے زیادہ عمر");
    expect(checkAttributeText(cy, "driving_licence", "expiryDate")).toBe("Pryd mae'r drwydded yn dod i ben");
  });
});

/** The server's verification words, by who reads them: a citizen (every language) or only a verifier (Welsh too). */
const ids = (prefixes: string[]) => Object.keys(CATALOGS.en).filter((id) => prefixes.some((p) => id.startsWith(p)));
const CITIZEN_READS = ids([
  "server.verification.check.",
  "server.verification.authority.",
  "server.verification.decline.",
  // A credential's refusals: the consent screen says why a share was refused, the wallet's activity why a check failed.
  "server.verification.refusal.",
]);
const VERIFIER_READS = ids(["server.verification."]);

describe("every language a reader uses", () => {
  it("has the words a citizen reads (the consent screen, their decline, a refused share)", () => {
    expect(CITIZEN_READS.length).toBeGreaterThan(90);
    const missing = localesFor("citizen").filter((locale) => !translates(locale, CITIZEN_READS));
    expect(missing).toEqual([]);
  });

  it("has, in Welsh, every word a verifier reads", () => {
    expect(VERIFIER_READS.filter((id) => !translates("cy", [id]))).toEqual([]);
  });
});

describe("authority names", () => {
  it("are the registry's in English and the official Welsh names in Welsh", () => {
    for (const id of ISSUER_IDS) expect(authorityText(en, id)).toBe(AUTHORITIES[id].name);
    expect(authorityText(cy, "home-office")).toBe("y Swyddfa Gartref");
    expect(authorityText(cy, "dbs")).toBe("y Gwasanaeth Datgelu a Gwahardd");
    expect(authorityText(cy, "dvla")).toBe("yr Asiantaeth Trwyddedu Gyrwyr a Cherbydau");
  });

  it("name an issuer as authorityName does, its acronyms the same in every language", () => {
    for (const issuer of [
      "https://example.test/issuers/home-office",
      "https://example.test/issuers/dbs",
      "https://dvla.example",
      "https://elsewhere.example",
    ])
      expect(issuerAuthorityText(en, issuer)).toBe(authorityName(issuer));
    expect(issuerAuthorityText(cy, "https://example.test/issuers/dbs")).toBe("DBS");
    expect(issuerAuthorityText(cy, "https://example.test/issuers/home-office")).toBe("y Swyddfa Gartref");
    expect(issuerAuthorityText(cy, "https://elsewhere.example")).toBe("Awdurdod y Llywodraeth");
  });
});

describe("why a presentation was or was not accepted", () => {
  it("says in English what reasons.ts and errors.ts say, for every code", () => {
    for (const code of CREDENTIAL_ERROR_CODES)
      expect(credentialErrorText(en, code)).toBe(CREDENTIAL_ERROR_MESSAGES[code]);
    for (const code of [
      "valid",
      "STATE_UNKNOWN",
      "REQUEST_TOO_MANY_ATTEMPTS",
      "DCQL_CLAIM_MISSING",
      "EXPIRED",
      "whatever",
    ])
      expect(reasonText(en, code), code).toBe(reasonMessage(code));
    expect(reasonText(en, "valid", "paper")).toBe(validMessage("paper"));
    for (const reason of OUTCOME_REASON_CODES)
      expect(outcomeIn(en, { status: "failed", reason, message: null }).message).toBe(OUTCOME_REASONS[reason]);
  });

  it("is worded in Welsh for every code (the verifier's screens, history and receipts)", () => {
    for (const code of CREDENTIAL_ERROR_CODES)
      expect(credentialErrorText(cy, code), code).not.toBe(CREDENTIAL_ERROR_MESSAGES[code]);
    expect(reasonText(cy, "STATUS_REVOKED")).toBe("Mae'r tystlythyr wedi'i ddirymu.");
    expect(reasonText(cy, "REQUEST_EXPIRED")).toBe("Mae'r cais gwirio wedi dod i ben.");
    expect(outcomeIn(cy, { status: "failed", reason: "UNDER_18", message: "Under 18" }).message).not.toBe("Under 18");
  });

  it("has every language's catalog able to word it (English where a language does not cover verifiers)", () => {
    for (const locale of LOCALES) expect(reasonText(serverIntl(locale), "BAD_SIGNATURE")).toBeTruthy();
  });
});

describe("a refused answer as the citizen reads it (the consent screen, the wallet's activity)", () => {
  const REQUEST_REFUSALS = [
    "STATE_UNKNOWN",
    "REQUEST_EXPIRED",
    "REQUEST_ALREADY_ANSWERED",
    "REQUEST_TOO_MANY_ATTEMPTS",
    "VP_TOKEN_MALFORMED",
    "VP_TOKEN_UNKNOWN_QUERY",
    "VP_TOKEN_MISSING_QUERY",
    "VP_TOKEN_MULTIPLE",
    "DCQL_VCT_MISMATCH",
    "DCQL_CLAIM_MISSING",
  ];

  it("says in English exactly what the verifier's error_description says, for a credential's and the request's refusals", () => {
    for (const code of [...CREDENTIAL_ERROR_CODES, ...REQUEST_REFUSALS])
      expect(holderRefusalText(en, code), code).toBe(reasonMessage(code));
    // reasons.ts says this one to the verifier ("Your organisation…"); the citizen reads it of the verifier.
    expect(holderRefusalText(en, "VERIFIER_NOT_REGISTERED")).toBe(
      "The organisation asking is not registered for this kind of check.",
    );
    expect(holderRefusalText(en, "DC_API_ORIGIN_NOT_EXPECTED")).toBe(
      "This website is not one the organisation registered for its checks, so your answer was not taken.",
    );
  });

  it("is worded in every language of the citizen's screens, never in English", () => {
    for (const locale of localesFor("citizen").filter((l) => l !== "en"))
      for (const code of ["STATUS_REVOKED", "KB_NONCE_MISMATCH", "REQUEST_EXPIRED", "DCQL_CLAIM_MISSING"])
        expect(holderRefusalText(serverIntl(locale), code), `${locale} ${code}`).not.toBe(reasonMessage(code));
    expect(holderRefusalText(serverIntl("pl"), "REQUEST_EXPIRED")).toBe("Prośba o weryfikację wygasła.");
  });

  it("has no words for a reason a share is never refused with, or one we do not know (the screen shows the verifier's English, marked)", () => {
    for (const code of ["REQUEST_DECLINED", "DECLINE_NOT_FROM_HOLDER", "valid", "", "toString", "SOMETHING_NEW"])
      expect(holderRefusalText(cy, code), code).toBeUndefined();
  });
});
