import { describe, expect, it } from "vitest";
import { publicBaseUrl, publicOrigin } from "./registry.ts";

describe("where identifiers and links hang from", () => {
  it("takes PUBLIC_BASE_URL with or without a trailing slash, so request_uri and response_uri never get a double slash", () => {
    for (const configured of ["https://id.example.gov.uk", "https://id.example.gov.uk/", "https://id.example.gov.uk//"]) {
      expect(publicOrigin(configured, "http://127.0.0.1:8787/api/x")).toBe("https://id.example.gov.uk");
      expect(publicBaseUrl(configured, "http://127.0.0.1:8787/api/x")).toBe("https://id.example.gov.uk");
    }
  });

  it("without it, links use the origin that was asked (http locally) while identifiers keep https", () => {
    expect(publicOrigin(undefined, "http://127.0.0.1:8787/api/x?y=1")).toBe("http://127.0.0.1:8787");
    expect(publicBaseUrl(undefined, "http://127.0.0.1:8787/api/x")).toBe("https://127.0.0.1:8787");
  });
});
