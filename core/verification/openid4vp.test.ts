import { describe, expect, it } from "vitest";
import { disclosableClaims, verifyPresentation } from "#core/credentials/index.ts";
import { basePolicy, CLAIMS, issueFor, makeWorld, presentFor } from "#core/credentials/test-helpers.ts";
import { ageEqualOrOver, CHECKS } from "./checks.ts";
import {
  assertSatisfiesQuery,
  authorizationRequestUrl,
  claimAt,
  dcqlQuery,
  mdocPresentedAttributes,
  outsidePresentedAttributes,
  outsideSdJwtSourceFor,
  presentationFromVpToken,
  presentedAttributes,
  type SdJwtCredentialQuery,
} from "./openid4vp.ts";

const BASE = "https://id.example.gov.uk";

describe("age claims (issuers attest age_equal_or_over; an age check discloses one boolean)", () => {
  it("computes each threshold on the day, counting a birthday not yet reached this year", () => {
    expect(ageEqualOrOver("2008-11-24", new Date("2026-11-24T00:00:00Z"))).toEqual({ "18": true, "21": false });
    expect(ageEqualOrOver("2008-11-25", new Date("2026-11-24T00:00:00Z"))).toEqual({ "18": false, "21": false });
    expect(ageEqualOrOver("1990-04-12", new Date("2026-11-24T00:00:00Z"))).toEqual({ "18": true, "21": true });
    expect(ageEqualOrOver("12/04/1990", new Date())).toBeUndefined();
  });

  it("lets the holder disclose age_equal_or_over.18 and nothing else, and the verifier sees only that", async () => {
    const world = await makeWorld();
    const sdJwt = await issueFor(world, {
      claims: { ...CLAIMS, age_equal_or_over: { "18": true, "21": false } },
      structured: ["age_equal_or_over"],
    });
    expect(await disclosableClaims(sdJwt)).toEqual(
      expect.arrayContaining(["age_equal_or_over.18", "age_equal_or_over.21", "given_name"]),
    );
    const presentation = await presentFor(world, sdJwt, ["age_equal_or_over.18"]);
    const verified = await verifyPresentation(presentation, basePolicy(world));
    if (!verified.valid) throw new Error(verified.code);
    expect(verified.disclosedClaimNames).toEqual(["age_equal_or_over.18"]);
    expect(verified.claims).toEqual({ age_equal_or_over: { "18": true } });
    expect(presentedAttributes("age", verified.claims, verified.disclosedClaimNames)).toEqual({ age_over_18: true });
  });
});

describe("DCQL and the vp_token (OpenID4VP 1.0 sections 6 and 8.1)", () => {
  const query = dcqlQuery(BASE, "rtw", ["hasRightToWork", "expiryDate"]);

  it("asks for the check's vct and a claims path per requested attribute", () => {
    expect(query).toEqual({
      credentials: [
        {
          id: "rtw",
          format: "dc+sd-jwt",
          meta: { vct_values: [`${BASE}/vct/right-to-work`] },
          claims: [{ path: ["hasRightToWork"] }, { path: ["expiryDate"] }],
        },
      ],
    });
    const age = dcqlQuery(BASE, "age", ["age_over_18"]).credentials[0] as SdJwtCredentialQuery;
    expect(age.claims).toEqual([{ path: ["age_equal_or_over", "18"] }]);
    expect(age.meta.vct_values).toHaveLength(CHECKS.age.credentialTypes.length);
    expect(age.meta.vct_values.length).toBeGreaterThan(1);
  });

  it("adds an mso_mdoc query per mdoc document that shows every attribute asked, any one answering (issue 23)", () => {
    const age = dcqlQuery(BASE, "age", ["age_over_18"]);
    expect(age.credentials.slice(1, 3)).toEqual([
      {
        id: "mdl",
        format: "mso_mdoc",
        meta: { doctype_value: "org.iso.18013.5.1.mDL" },
        claims: [{ path: ["org.iso.18013.5.1", "age_over_18"], intent_to_retain: false }],
      },
      {
        id: "pid",
        format: "mso_mdoc",
        meta: { doctype_value: "eu.europa.ec.eudi.pid.1" },
        claims: [{ path: ["eu.europa.ec.eudi.pid.1", "age_over_18"], intent_to_retain: false }],
      },
    ]);
    expect(age.credential_sets).toEqual([{ options: [["age"], ["mdl"], ["pid"], ["pid_sd_jwt"]] }]);
    // A licence check: the mDL only (a PID has no driving privileges).
    const licence = dcqlQuery(BASE, "driving_licence", ["categories", "expiryDate"]);
    expect(licence.credentials.map((c) => c.id)).toEqual(["driving_licence", "mdl"]);
    expect(licence.credentials[1]!.claims.map((c) => c.path)).toEqual([
      ["org.iso.18013.5.1", "driving_privileges"],
      ["org.iso.18013.5.1", "expiry_date"],
    ]);
    // A check no mdoc answers keeps its one query and no credential set.
    expect(query).not.toHaveProperty("credential_sets");
  });

  it("adds a dc+sd-jwt query for the EU PID of outside issuers where it shows every attribute asked (ADR 052)", () => {
    const age = dcqlQuery(BASE, "age", ["age_over_18", "age_over_21"]);
    expect(age.credentials.at(-1)).toEqual({
      id: "pid_sd_jwt",
      format: "dc+sd-jwt",
      meta: { vct_values: ["urn:eudi:pid:1"] },
      claims: [{ path: ["age_equal_or_over", "18"] }, { path: ["age_equal_or_over", "21"] }],
    });
    const identity = dcqlQuery(BASE, "identity", ["given_name", "birth_date"]);
    expect(identity.credentials.at(-1)!.claims.map((c) => c.path)).toEqual([["given_name"], ["birthdate"]]);
    expect(outsideSdJwtSourceFor("identity", identity.credentials.at(-1)!)).toMatchObject({ vct: "urn:eudi:pid:1" });
    // Our own query is never taken for it, nor the PID's query under another check.
    expect(outsideSdJwtSourceFor("identity", identity.credentials[0]!)).toBeUndefined();
    expect(outsideSdJwtSourceFor("driving_licence", identity.credentials.at(-1)!)).toBeUndefined();
    // The licence: no outside SD-JWT VC answers it.
    const licence = dcqlQuery(BASE, "driving_licence", ["categories"]);
    expect(licence.credentials.map((c) => c.id)).toEqual(["driving_licence", "mdl"]);
  });

  it("reads an outside credential's attributes by its claim paths, disclosed or in the clear, and nothing else", () => {
    const source = CHECKS.identity.outsideSdJwt![0]!;
    const claims = { given_name: "Ada", family_name: "Lovelace", birthdate: "1990-05-01", nationalities: ["FR"] };
    expect(outsidePresentedAttributes("identity", source, claims)).toEqual({
      given_name: "Ada",
      family_name: "Lovelace",
      birth_date: "1990-05-01",
    });
    expect(claimAt({ age_equal_or_over: { "18": true } }, ["age_equal_or_over", "18"])).toBe(true);
    expect(claimAt({ age_equal_or_over: { "18": true } }, ["age_equal_or_over", "21"])).toBeUndefined();
    expect(claimAt({ a: ["x"] }, ["a", "0"])).toBeUndefined();
    expect(claimAt({}, ["constructor"])).toBeUndefined();
  });

  it("reads one presentation from the object keyed by the query id, as an array or a bare string", () => {
    expect(presentationFromVpToken(JSON.stringify({ rtw: ["a~b~"] }), query)).toMatchObject({
      presentation: "a~b~",
      query: { id: "rtw" },
    });
    expect(presentationFromVpToken({ rtw: "a~b~" }, query).presentation).toBe("a~b~");
    const age = dcqlQuery(BASE, "age", ["age_over_18"]);
    expect(presentationFromVpToken({ pid: ["o2d2ZXJzaW9u"] }, age)).toMatchObject({
      presentation: "o2d2ZXJzaW9u",
      query: { id: "pid", format: "mso_mdoc" },
    });
    // Any one option answers; two at once is refused (one check, one credential judged).
    expect(() => presentationFromVpToken({ age: ["a~"], mdl: ["b"] }, age)).toThrow(
      expect.objectContaining({ code: "VP_TOKEN_MULTIPLE" }),
    );
  });

  it("reads an mdoc's elements as the check's attributes", () => {
    const source = CHECKS.driving_licence.mdoc![0]!;
    expect(
      mdocPresentedAttributes("driving_licence", source, {
        "org.iso.18013.5.1": {
          driving_privileges: [{ vehicle_category_code: "B", issue_date: { fullDate: "2010-01-01" } }],
          expiry_date: { fullDate: "2030-05-01" },
          portrait: new Uint8Array([1, 2, 3]),
        },
      }),
    ).toEqual({ categories: ["B"], expiryDate: "2030-05-01" });
  });

  it.each([
    ["not JSON", "{rtw", "VP_TOKEN_MALFORMED"],
    ["an array", JSON.stringify(["a~"]), "VP_TOKEN_MALFORMED"],
    ["an unknown id", JSON.stringify({ rtw: ["a~"], dbs: ["b~"] }), "VP_TOKEN_UNKNOWN_QUERY"],
    ["the id missing", JSON.stringify({}), "VP_TOKEN_MISSING_QUERY"],
    ["two presentations without multiple", JSON.stringify({ rtw: ["a~", "b~"] }), "VP_TOKEN_MULTIPLE"],
    ["an empty array", JSON.stringify({ rtw: [] }), "VP_TOKEN_MALFORMED"],
    ["a number", JSON.stringify({ rtw: [1] }), "VP_TOKEN_MALFORMED"],
  ])("refuses %s", (_, token, code) => {
    expect(() => presentationFromVpToken(token, query)).toThrow(expect.objectContaining({ code }));
  });

  it("is satisfied only by the asked vct with every requested claim disclosed", () => {
    const credentialQuery = query.credentials[0] as SdJwtCredentialQuery;
    const vct = `${BASE}/vct/right-to-work`;
    expect(() =>
      assertSatisfiesQuery(credentialQuery, {
        vct,
        disclosedClaimNames: ["expiryDate", "given_name", "hasRightToWork"],
      }),
    ).not.toThrow();
    expect(() => assertSatisfiesQuery(credentialQuery, { vct, disclosedClaimNames: ["hasRightToWork"] })).toThrow(
      expect.objectContaining({ code: "DCQL_CLAIM_MISSING" }),
    );
    expect(() =>
      assertSatisfiesQuery(credentialQuery, {
        vct: `${BASE}/vct/right-to-rent`,
        disclosedClaimNames: ["expiryDate", "hasRightToWork"],
      }),
    ).toThrow(expect.objectContaining({ code: "DCQL_VCT_MISMATCH" }));
  });

  it("puts only client_id and request_uri in the authorization request URL", () => {
    const url = new URL(
      authorizationRequestUrl(
        "verifier_attestation:https://x/verifiers/1",
        "https://x/api/presentations/requests/1/object",
      ),
    );
    expect(url.protocol).toBe("openid4vp:");
    expect([...url.searchParams.keys()]).toEqual(["client_id", "request_uri"]);
  });
});
