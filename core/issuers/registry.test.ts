import { describe, expect, it } from "vitest";
import { CHECKS, checkForCredentialType } from "#core/verification/checks.ts";
import {
  CREDENTIAL_TYPE_CODES,
  CREDENTIAL_TYPES,
  PAPER_DISCLOSURES,
  printableOnPaper,
  publicBaseUrl,
  publicOrigin,
} from "./registry.ts";

describe("where identifiers and links hang from", () => {
  it("takes PUBLIC_BASE_URL with or without a trailing slash, so request_uri and response_uri never get a double slash", () => {
    for (const configured of [
      "https://id.example.gov.uk",
      "https://id.example.gov.uk/",
      "https://id.example.gov.uk//",
    ]) {
      expect(publicOrigin(configured, "http://127.0.0.1:8787/api/x")).toBe("https://id.example.gov.uk");
      expect(publicBaseUrl(configured, "http://127.0.0.1:8787/api/x")).toBe("https://id.example.gov.uk");
    }
  });

  it("without it, links use the origin that was asked (http locally) while identifiers keep https", () => {
    expect(publicOrigin(undefined, "http://127.0.0.1:8787/api/x?y=1")).toBe("http://127.0.0.1:8787");
    expect(publicBaseUrl(undefined, "http://127.0.0.1:8787/api/x")).toBe("https://127.0.0.1:8787");
  });
});

describe("what a paper credential discloses", () => {
  const printable = CREDENTIAL_TYPE_CODES.filter(printableOnPaper);

  it("prints every type but the enhanced DBS check (GPG45 High needs the holder's device), and nothing the registry does not know", () => {
    expect(printable).toEqual(CREDENTIAL_TYPE_CODES.filter((code) => code !== "dbs"));
    expect(printableOnPaper("dbs")).toBe(false);
    expect(PAPER_DISCLOSURES).not.toHaveProperty("dbs");
    for (const unknown of ["passport", "", "__proto__", "toString"]) expect(printableOnPaper(unknown)).toBe(false);
  });

  it.each(printable)(
    "%s: the name and claims of the type only, and every attribute of the check the type answers",
    (code) => {
      const paths = PAPER_DISCLOSURES[code]!;
      expect(paths).toEqual(expect.arrayContaining(["given_name", "family_name"]));
      expect(paths).not.toContain("birthdate");
      const claims = CREDENTIAL_TYPES[code].claims.map((claim) => claim.name);
      for (const path of paths) expect(claims).toContain(path);
      const check = checkForCredentialType(code);
      if (check) for (const attribute of CHECKS[check].attributes) expect(paths).toContain(attribute.path.join("."));
    },
  );
});
