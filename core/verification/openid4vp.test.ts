import { describe, expect, it } from "vitest";
import { disclosableClaims, verifyPresentation } from "#core/credentials/index.ts";
import { basePolicy, CLAIMS, issueFor, makeWorld, presentFor } from "#core/credentials/test-helpers.ts";
import { ageEqualOrOver, CHECKS } from "./checks.ts";
import {
  assertSatisfiesQuery,
  authorizationRequestUrl,
  dcqlQuery,
  presentationFromVpToken,
  presentedAttributes,
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
    const age = dcqlQuery(BASE, "age", ["age_over_18"]).credentials[0]!;
    expect(age.claims).toEqual([{ path: ["age_equal_or_over", "18"] }]);
    expect(age.meta.vct_values).toHaveLength(CHECKS.age.credentialTypes.length);
    expect(age.meta.vct_values.length).toBeGreaterThan(1);
  });

  it("reads one presentation from the object keyed by the query id, as an array or a bare string", () => {
    expect(presentationFromVpToken(JSON.stringify({ rtw: ["a~b~"] }), query)).toBe("a~b~");
    expect(presentationFromVpToken({ rtw: "a~b~" }, query)).toBe("a~b~");
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
    const credentialQuery = query.credentials[0]!;
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
