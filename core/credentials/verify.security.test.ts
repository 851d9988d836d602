/**
 * One test per reason a verifier must reject a presentation (RFC 9901, the SD-JWT VC draft, the
 * status-list draft, RFC 8725), grouped as the describe names say. Each negative case starts from a real issued credential
 * and changes one thing, re-signing the issuer JWT and the KB-JWT with the right keys where
 * needed, so the only defect is the one under test.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { base64urlEncodeText } from "./encoding.ts";
import { CREDENTIAL_ERROR_MESSAGES, type CredentialErrorCode } from "./errors.ts";
import { encodeStatusList, issueStatusListToken, type StatusBits } from "./status-list.ts";
import {
  AUD,
  basePolicy,
  bind,
  type DecodedJwt,
  decodeJwt,
  digestOf,
  encodeDisclosure,
  findDisclosure,
  ISS,
  issueFor,
  makeP256Holder,
  makeWorld,
  NONCE,
  NOW,
  OTHER_ISS,
  presentFor,
  reissue,
  STATUS_PREFIX,
  STATUS_URI,
  signJwt,
  splitIssued,
  type World,
} from "./test-helpers.ts";
import { type PresentationPolicy, type StatusResult, verifyPresentation } from "./verify.ts";

let world: World;
let sdJwt: string;
let givenName: string;
let familyName: string;

beforeAll(async () => {
  world = await makeWorld();
  sdJwt = await issueFor(world);
  givenName = findDisclosure(sdJwt, "given_name");
  familyName = findDisclosure(sdJwt, "family_name");
});

const verify = (presentation: unknown, overrides: Partial<PresentationPolicy> = {}) =>
  verifyPresentation(presentation, basePolicy(world, overrides));

/** Failures after the signature, type and key binding verified name the credential; no others may. */
const AFTER_THE_CREDENTIAL = (code: CredentialErrorCode) =>
  code.startsWith("STATUS_") ||
  code === "URL_NOT_ALLOWED" ||
  code.startsWith("KB_NONCE_RE") ||
  code === "KB_NONCE_UNVERIFIABLE";

async function expectRejected(
  presentation: unknown,
  code: CredentialErrorCode,
  overrides: Partial<PresentationPolicy> = {},
) {
  const result = await verify(presentation, overrides);
  const { credential, ...rest } = result as typeof result & { credential?: unknown };
  expect(rest).toEqual({
    valid: false,
    code,
    message: CREDENTIAL_ERROR_MESSAGES[code],
    ...("detail" in result && result.detail ? { detail: result.detail } : {}),
  });
  if (!AFTER_THE_CREDENTIAL(code)) expect(credential, `${code} must not name an unverified credential`).toBeUndefined();
}

async function expectValid(presentation: unknown, overrides: Partial<PresentationPolicy> = {}) {
  const result = await verify(presentation, overrides);
  expect(result).toMatchObject({ valid: true });
}

/** Re-signs the issuer JWT after `edit` and presents it with a correct KB-JWT. */
async function edited(edit: (jwt: DecodedJwt) => void, options: { key?: CryptoKey; disclosures?: string[] } = {}) {
  const { issuerJwt } = splitIssued(await reissue(world, sdJwt, edit, options.key));
  return bind(world, issuerJwt, options.disclosures ?? [givenName]);
}

/** Adds disclosures' digests to the top-level _sd, re-signs, and presents them. */
async function withExtraDisclosures(extra: string[], edit: (jwt: DecodedJwt) => void = () => undefined) {
  const digests = await Promise.all(extra.map(digestOf));
  return edited(
    (jwt) => {
      jwt.payload._sd = [...(jwt.payload._sd as string[]), ...digests];
      edit(jwt);
    },
    { disclosures: [givenName, ...extra] },
  );
}

describe("a presentation the verifier must reject", () => {
  it("accepts the untampered presentation these tests start from", async () => {
    await expectValid(await bind(world, splitIssued(sdJwt).issuerJwt, [givenName]));
  });

  describe("Issuer-signed JWT: `alg` none, or any algorithm not pinned for that issuer", () => {
    it("rejects alg none (unsigned)", async () => {
      const { header, payload } = decodeJwt(splitIssued(sdJwt).issuerJwt);
      const unsigned = `${base64urlEncodeText(JSON.stringify({ ...header, alg: "none" }))}.${base64urlEncodeText(JSON.stringify(payload))}.`;
      await expectRejected(await bind(world, unsigned, [givenName]), "ALG_NOT_ALLOWED");
    });

    it("rejects ES256 from a key the issuer really has, because only EdDSA is pinned", async () => {
      const p256 = await makeP256Holder();
      const presentation = await edited(
        (jwt) => {
          jwt.header.alg = "ES256";
          jwt.header.kid = p256.publicJwk.kid;
        },
        { key: p256.privateKey },
      );
      const issuers = { [ISS]: { keys: [world.issuer.publicJwk, p256.publicJwk], algorithms: ["EdDSA"] as const } };
      await expectRejected(presentation, "ALG_NOT_ALLOWED", { trustedIssuers: issuers });
      await expectValid(presentation, {
        trustedIssuers: { [ISS]: { ...issuers[ISS], algorithms: ["EdDSA", "ES256"] } },
      });
    });

    it("rejects HS256 (the public-key-as-HMAC-secret confusion)", async () => {
      await expectRejected(
        await edited((jwt) => {
          jwt.header.alg = "HS256";
        }),
        "ALG_NOT_ALLOWED",
      );
    });
  });

  describe("Issuer-signed JWT: a key chosen by the token (`jwk`, `jku`, `x5u` headers) or an unknown `kid`", () => {
    const attackerSigned = (header: Record<string, unknown>) =>
      edited((jwt) => Object.assign(jwt.header, { kid: world.attacker.publicJwk.kid }, header), {
        key: world.attacker.privateKey,
      });

    it("rejects a jwk header carrying the attacker's key", async () => {
      await expectRejected(await attackerSigned({ jwk: world.attacker.publicJwk }), "KEY_HEADER_NOT_ALLOWED");
    });
    it("rejects a jku header", async () => {
      await expectRejected(
        await attackerSigned({ jku: "https://attacker.example/jwks.json" }),
        "KEY_HEADER_NOT_ALLOWED",
      );
    });
    it("rejects an x5u header", async () => {
      await expectRejected(
        await attackerSigned({ x5u: "https://attacker.example/cert.pem" }),
        "KEY_HEADER_NOT_ALLOWED",
      );
    });
    it("rejects an x5c header", async () => {
      await expectRejected(await attackerSigned({ x5c: ["MIIB"] }), "KEY_HEADER_NOT_ALLOWED");
    });
    it("rejects an unknown kid", async () => {
      await expectRejected(await attackerSigned({}), "UNKNOWN_KID");
    });
    it("rejects a missing kid when the issuer has more than one key (no trying keys until one fits)", async () => {
      const second = await makeP256Holder();
      const presentation = await edited((jwt) => void delete jwt.header.kid);
      const issuers = { [ISS]: { keys: [world.issuer.publicJwk, second.publicJwk], algorithms: ["EdDSA"] as const } };
      await expectRejected(presentation, "UNKNOWN_KID", { trustedIssuers: issuers });
    });
  });

  describe("Issuer-signed JWT: `iss` that is not a trusted issuer, or a key that is not that issuer's", () => {
    it("rejects an untrusted iss", async () => {
      const presentation = await edited(
        (jwt) => {
          jwt.payload.iss = "https://credentials.attacker.example";
          jwt.header.kid = world.attacker.publicJwk.kid;
        },
        { key: world.attacker.privateKey },
      );
      await expectRejected(presentation, "UNTRUSTED_ISSUER");
    });
    it("rejects a credential naming one trusted issuer but signed with another trusted issuer's key", async () => {
      const presentation = await edited(
        (jwt) => {
          jwt.header.kid = world.otherIssuer.publicJwk.kid;
        },
        {
          key: world.otherIssuer.privateKey,
        },
      );
      await expectRejected(presentation, "UNKNOWN_KID");
      // The other issuer's key does verify the same token when it claims to be from that issuer.
      const honest = await edited(
        (jwt) => {
          jwt.header.kid = world.otherIssuer.publicJwk.kid;
          jwt.payload.iss = OTHER_ISS;
        },
        { key: world.otherIssuer.privateKey },
      );
      await expectValid(honest);
    });
  });

  describe("Issuer-signed JWT: `typ` other than `dc+sd-jwt` (vc+sd-jwt refused unless the policy opts in)", () => {
    it("rejects typ JWT", async () => {
      await expectRejected(
        await edited((jwt) => {
          jwt.header.typ = "JWT";
        }),
        "WRONG_TYP",
      );
    });
    it("rejects a missing typ", async () => {
      await expectRejected(await edited((jwt) => void delete jwt.header.typ), "WRONG_TYP");
    });
    it("rejects the legacy vc+sd-jwt by default and accepts it only with acceptLegacyTyp", async () => {
      const legacy = await edited((jwt) => {
        jwt.header.typ = "vc+sd-jwt";
      });
      await expectRejected(legacy, "WRONG_TYP");
      await expectValid(legacy, { acceptLegacyTyp: true });
    });
  });

  describe("Issuer-signed JWT: bad signature; `exp` passed; `nbf` in the future; `iat` in the future beyond the clock skew", () => {
    it("rejects a payload changed after signing", async () => {
      const [h, , s] = splitIssued(sdJwt).issuerJwt.split(".");
      const { payload } = decodeJwt(splitIssued(sdJwt).issuerJwt);
      const forged = `${h}.${base64urlEncodeText(JSON.stringify({ ...payload, exp: NOW + 99 * 365 * 86400 }))}.${s}`;
      await expectRejected(await bind(world, forged, [givenName]), "BAD_SIGNATURE");
    });
    it("rejects a credential signed by an impostor under the issuer's kid", async () => {
      await expectRejected(await edited(() => undefined, { key: world.attacker.privateKey }), "BAD_SIGNATURE");
    });
    it("rejects exp passed beyond the skew (and accepts it within the skew)", async () => {
      await expectRejected(
        await edited((jwt) => {
          jwt.payload.exp = NOW - 61;
        }),
        "EXPIRED",
      );
      await expectValid(
        await edited((jwt) => {
          jwt.payload.exp = NOW - 30;
        }),
      );
    });
    it("rejects nbf in the future beyond the skew", async () => {
      await expectRejected(
        await edited((jwt) => {
          jwt.payload.nbf = NOW + 120;
        }),
        "NOT_YET_VALID",
      );
      await expectValid(
        await edited((jwt) => {
          jwt.payload.nbf = NOW + 30;
        }),
      );
    });
    it("rejects iat in the future beyond the skew", async () => {
      await expectRejected(
        await edited((jwt) => {
          jwt.payload.iat = NOW + 120;
        }),
        "ISSUED_IN_FUTURE",
      );
      await expectValid(
        await edited((jwt) => {
          jwt.payload.iat = NOW + 30;
        }),
      );
    });
  });

  describe("Issuer-signed JWT: `iss`, `nbf`, `exp`, `cnf`, `vct` or `status` arriving inside a disclosure", () => {
    const values: Record<string, unknown> = {
      iss: "https://credentials.attacker.example",
      nbf: NOW - 10,
      exp: NOW + 10 ** 9,
      cnf: { jwk: { kty: "OKP", crv: "Ed25519", x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo" } },
      vct: "https://wallet.example.gov.uk/vct/other",
      status: { status_list: { idx: 0, uri: STATUS_URI } },
    };
    for (const [name, value] of Object.entries(values)) {
      it(`rejects ${name} in a disclosure`, async () => {
        const disclosure = encodeDisclosure(["Qg_O64zqAxe412a108iroA", name, value]);
        await expectRejected(await withExtraDisclosures([disclosure]), "RESERVED_CLAIM_DISCLOSED");
      });
    }
  });

  describe("Issuer-signed JWT: missing or unexpected `vct`; unknown or weak `_sd_alg`, or `_sd_alg` not at the top level", () => {
    it("rejects a missing vct", async () => {
      await expectRejected(await edited((jwt) => void delete jwt.payload.vct), "VCT_MISSING");
    });
    it("rejects a vct the verifier does not accept", async () => {
      await expectRejected(
        await edited((jwt) => {
          jwt.payload.vct = "https://wallet.example.gov.uk/vct/driving-licence";
        }),
        "VCT_UNEXPECTED",
      );
    });
    it("rejects a weak _sd_alg (sha-1, md5)", async () => {
      await expectRejected(
        await edited((jwt) => {
          jwt.payload._sd_alg = "sha-1";
        }),
        "SD_ALG_UNSUPPORTED",
      );
      await expectRejected(
        await edited((jwt) => {
          jwt.payload._sd_alg = "md5";
        }),
        "SD_ALG_UNSUPPORTED",
      );
    });
    it("rejects an unknown or not-accepted _sd_alg (sha-512, a number)", async () => {
      await expectRejected(
        await edited((jwt) => {
          jwt.payload._sd_alg = "sha-512";
        }),
        "SD_ALG_UNSUPPORTED",
      );
      await expectRejected(
        await edited((jwt) => {
          jwt.payload._sd_alg = 256;
        }),
        "SD_ALG_UNSUPPORTED",
      );
    });
    it("rejects _sd_alg inside a nested object of the payload", async () => {
      await expectRejected(
        await edited((jwt) => {
          jwt.payload.evidence = { _sd_alg: "sha-256", type: "passport" };
        }),
        "SD_ALG_MISPLACED",
      );
    });
    it("rejects _sd_alg inside a disclosed value, and a disclosure named _sd_alg", async () => {
      await expectRejected(
        await withExtraDisclosures([encodeDisclosure(["c2FsdHNhbHRzYWx0c2FsdA", "evidence", { _sd_alg: "sha-256" }])]),
        "SD_ALG_MISPLACED",
      );
      await expectRejected(
        await withExtraDisclosures([encodeDisclosure(["c2FsdHNhbHRzYWx0c2FsdA", "_sd_alg", "sha-256"])]),
        "SD_ALG_MISPLACED",
      );
    });
  });

  describe("Structure and disclosures: a disclosure that is not base64url JSON array of the right length; a disclosed claim named `_sd` or `...`; a claim name already present", () => {
    it("rejects a disclosure that is not base64url", async () => {
      await expectRejected(
        await bind(world, splitIssued(sdJwt).issuerJwt, [givenName, "WyJhIiwi"]),
        "MALFORMED_DISCLOSURE",
      );
    });
    it("rejects a disclosure that is base64url but not JSON", async () => {
      await expectRejected(await withExtraDisclosures([base64urlEncodeText("not json")]), "MALFORMED_DISCLOSURE");
    });
    it("rejects a disclosure that is JSON but not an array", async () => {
      await expectRejected(
        await withExtraDisclosures([encodeDisclosure('{"salt":"s","name":"n"}')]),
        "MALFORMED_DISCLOSURE",
      );
    });
    it("rejects arrays of 1 and 4 elements", async () => {
      await expectRejected(await withExtraDisclosures([encodeDisclosure(["salt-only"])]), "MALFORMED_DISCLOSURE");
      await expectRejected(
        await withExtraDisclosures([encodeDisclosure(["s", "a", "b", "c"])]),
        "MALFORMED_DISCLOSURE",
      );
    });
    it("rejects a 2-element (array element) disclosure referenced from an object's _sd", async () => {
      await expectRejected(
        await withExtraDisclosures([encodeDisclosure(["c2FsdHNhbHRzYWx0c2FsdA", "GB"])]),
        "MALFORMED_DISCLOSURE",
      );
    });
    it("rejects a 3-element (property) disclosure referenced from an array element", async () => {
      const disclosure = encodeDisclosure(["c2FsdHNhbHRzYWx0c2FsdA", "country", "GB"]);
      const digest = await digestOf(disclosure);
      const presentation = await edited(
        (jwt) => {
          jwt.payload.countries = [{ "...": digest }];
        },
        {
          disclosures: [givenName, disclosure],
        },
      );
      await expectRejected(presentation, "MALFORMED_DISCLOSURE");
    });
    it("rejects a disclosed claim named _sd", async () => {
      await expectRejected(
        await withExtraDisclosures([encodeDisclosure(["c2FsdHNhbHRzYWx0c2FsdA", "_sd", ["x"]])]),
        "DISCLOSED_SD_CLAIM",
      );
    });
    it("rejects a disclosed claim named ...", async () => {
      await expectRejected(
        await withExtraDisclosures([encodeDisclosure(["c2FsdHNhbHRzYWx0c2FsdA", "...", "x"])]),
        "DISCLOSED_SD_CLAIM",
      );
    });
    it("rejects a disclosed claim whose name is already in clear at that level", async () => {
      await expectRejected(
        await edited((jwt) => {
          jwt.payload.given_name = "Eve";
        }),
        "DUPLICATE_CLAIM",
      );
    });
    it("rejects two disclosures of the same claim name", async () => {
      await expectRejected(
        await withExtraDisclosures([encodeDisclosure(["c2FsdHNhbHRzYWx0c2FsdA", "given_name", "Eve"])]),
        "DUPLICATE_CLAIM",
      );
    });
  });

  describe("Structure and disclosures: the same digest twice anywhere; a disclosure no digest references", () => {
    it("rejects a digest listed twice in the same _sd", async () => {
      await expectRejected(
        await edited((jwt) => {
          jwt.payload._sd = [...(jwt.payload._sd as string[]), (jwt.payload._sd as string[])[0]];
        }),
        "DUPLICATE_DIGEST",
      );
    });
    it("rejects a digest appearing at the top level and again in a nested _sd", async () => {
      await expectRejected(
        await edited((jwt) => {
          jwt.payload.evidence = { _sd: [(jwt.payload._sd as string[])[0]] };
        }),
        "DUPLICATE_DIGEST",
      );
    });
    it("rejects a repeated digest even when no disclosure matches it (a repeated decoy)", async () => {
      const decoy = await digestOf("decoy-value-with-no-disclosure");
      await expectRejected(
        await edited((jwt) => {
          jwt.payload._sd = [...(jwt.payload._sd as string[]), decoy, decoy];
        }),
        "DUPLICATE_DIGEST",
      );
    });
    it("rejects the same disclosure presented twice", async () => {
      await expectRejected(await bind(world, splitIssued(sdJwt).issuerJwt, [givenName, givenName]), "DUPLICATE_DIGEST");
    });
    it("rejects a disclosure that no digest references (one taken from another credential)", async () => {
      const other = await issueFor(world);
      await expectRejected(
        await bind(world, splitIssued(sdJwt).issuerJwt, [givenName, findDisclosure(other, "birthdate")]),
        "UNREFERENCED_DISCLOSURE",
      );
    });
  });

  describe("Structure and disclosures: duplicate JSON member names; oversized input (cap bytes, disclosure count, nesting depth)", () => {
    it("rejects a duplicate member in the issuer-signed payload", async () => {
      const { header, payload } = decodeJwt(splitIssued(sdJwt).issuerJwt);
      const text = JSON.stringify(payload).replace(
        /^\{/,
        '{"vct":"https://wallet.example.gov.uk/vct/driving-licence",',
      );
      const jwt = await signJwt(header, text, world.issuer.privateKey);
      await expectRejected(await bind(world, jwt, [givenName]), "DUPLICATE_JSON_MEMBER");
    });
    it("rejects a duplicate member in the issuer-signed header", async () => {
      const { header, payload } = decodeJwt(splitIssued(sdJwt).issuerJwt);
      const jwt = await signJwt(
        JSON.stringify(header).replace(/^\{/, '{"typ":"JWT",'),
        payload,
        world.issuer.privateKey,
      );
      await expectRejected(await bind(world, jwt, [givenName]), "DUPLICATE_JSON_MEMBER");
    });
    it("rejects a duplicate member inside a disclosed value", async () => {
      const disclosure = encodeDisclosure(
        '["c2FsdHNhbHRzYWx0c2FsdA","address",{"line":"1 High St","line":"2 Low St"}]',
      );
      await expectRejected(await withExtraDisclosures([disclosure]), "DUPLICATE_JSON_MEMBER");
    });
    it("rejects a duplicate member in the KB-JWT payload", async () => {
      const issuerJwt = splitIssued(sdJwt).issuerJwt;
      const sdHash = await digestOf(`${issuerJwt}~${givenName}~`);
      const payload = `{"iat":${NOW},"aud":"${AUD}","nonce":"${NONCE}","nonce":"other","sd_hash":"${sdHash}"}`;
      await expectRejected(await bind(world, issuerJwt, [givenName], { payload }), "DUPLICATE_JSON_MEMBER");
    });
    it("rejects a presentation over the byte cap", async () => {
      const presentation = await bind(world, splitIssued(sdJwt).issuerJwt, [givenName]);
      await expectRejected(presentation, "INPUT_TOO_LARGE", { limits: { maxBytes: presentation.length - 1 } });
      await expectValid(presentation, { limits: { maxBytes: presentation.length } });
    });
    it("rejects more disclosures than the cap", async () => {
      const presentation = await bind(world, splitIssued(sdJwt).issuerJwt, [givenName, familyName]);
      await expectRejected(presentation, "INPUT_TOO_LARGE", { limits: { maxDisclosures: 1 } });
    });
    it("rejects nesting deeper than the cap, in a disclosure and in the processed payload", async () => {
      let deep: unknown = "bottom";
      for (let i = 0; i < 40; i++) deep = { d: deep };
      await expectRejected(
        await withExtraDisclosures([encodeDisclosure(["c2FsdHNhbHRzYWx0c2FsdA", "deep", deep])]),
        "INPUT_TOO_LARGE",
      );
      // Recursive disclosures: each segment is 3 levels deep, the processed payload 4
      // (payload > outer > inner > x), so only the check on the processed payload catches it.
      const inner = encodeDisclosure(["c2FsdHNhbHRzYWx0c2FsdA", "inner", { x: { y: 1 } }]);
      const outer = encodeDisclosure(["c2FsdHNhbHRzYWx0c2FsdB", "outer", { _sd: [await digestOf(inner)] }]);
      const digest = await digestOf(outer);
      const presentation = await edited(
        (jwt) => {
          jwt.payload._sd = [...(jwt.payload._sd as string[]), digest];
        },
        {
          disclosures: [givenName, outer, inner],
        },
      );
      await expectRejected(presentation, "INPUT_TOO_LARGE", { limits: { maxDepth: 3 } });
      await expectValid(presentation, { limits: { maxDepth: 4 } });
    });
  });

  describe("Structure and disclosures: decoy digests are fine: ignore digests with no disclosure", () => {
    it("accepts a credential with decoys, and digests of claims the holder withheld", async () => {
      const withDecoys = await issueFor(world, { decoys: 5 });
      const result = await verify(await presentFor(world, withDecoys, ["given_name"]));
      expect(result).toMatchObject({
        valid: true,
        claims: { given_name: "Amara" },
        disclosedClaimNames: ["given_name"],
      });
    });
  });

  describe("Key-binding JWT: missing when policy requires it (the decision must not depend on what was sent)", () => {
    it("rejects a presentation without a KB-JWT when the policy requires key binding", async () => {
      const withoutKb = `${splitIssued(sdJwt).issuerJwt}~${givenName}~`;
      await expectRejected(withoutKb, "KB_MISSING");
      const result = await verify(withoutKb, { requireKeyBinding: false });
      expect(result).toMatchObject({ valid: true, keyBound: false });
    });
    it("never reports key binding the policy did not require, even when a KB-JWT is sent", async () => {
      const result = await verify(await presentFor(world, sdJwt), { requireKeyBinding: false });
      expect(result).toMatchObject({ valid: true, keyBound: false });
    });
  });

  describe("Key-binding JWT: `typ` other than `kb+jwt`; algorithm not allowed; not signed by the key in `cnf`", () => {
    const issuerJwt = () => splitIssued(sdJwt).issuerJwt;
    it("rejects typ JWT and a missing typ", async () => {
      await expectRejected(
        await bind(world, issuerJwt(), [givenName], { header: { alg: "EdDSA", typ: "JWT" } }),
        "KB_WRONG_TYP",
      );
      await expectRejected(await bind(world, issuerJwt(), [givenName], { header: { alg: "EdDSA" } }), "KB_WRONG_TYP");
    });
    it("rejects alg none", async () => {
      const signed = await bind(world, issuerJwt(), [givenName], { header: { alg: "none", typ: "kb+jwt" } });
      const unsigned = signed.slice(0, signed.lastIndexOf(".") + 1);
      await expectRejected(unsigned, "KB_ALG_NOT_ALLOWED");
    });
    it("rejects ES256 from a P-256 holder key when the policy allows only EdDSA", async () => {
      const holder = await makeP256Holder();
      const credential = await issueFor(world, { holderPublicJwk: holder.publicJwk });
      const presentation = await bind(world, splitIssued(credential).issuerJwt, [], {
        header: { alg: "ES256", typ: "kb+jwt" },
        key: holder.privateKey,
      });
      await expectRejected(presentation, "KB_ALG_NOT_ALLOWED");
      await expectValid(presentation, { kbAlgorithms: ["EdDSA", "ES256"] });
    });
    it("rejects a KB-JWT signed by a key other than the one in cnf", async () => {
      await expectRejected(
        await bind(world, issuerJwt(), [givenName], { key: world.attacker.privateKey }),
        "KB_BAD_SIGNATURE",
      );
    });
    it("ignores a jwk header in the KB-JWT rather than trusting it", async () => {
      const header = { alg: "EdDSA", typ: "kb+jwt", jwk: world.attacker.publicJwk };
      await expectRejected(
        await bind(world, issuerJwt(), [givenName], { header, key: world.attacker.privateKey }),
        "KEY_HEADER_NOT_ALLOWED",
      );
    });
  });

  describe("Key-binding JWT: `nonce` not the one issued for this request, or already used (consume nonces once)", () => {
    it("rejects a different nonce", async () => {
      const issuerJwt = splitIssued(sdJwt).issuerJwt;
      const sdHash = await digestOf(`${issuerJwt}~${givenName}~`);
      const payload = { iat: NOW, aud: AUD, nonce: "another-request", sd_hash: sdHash };
      await expectRejected(await bind(world, issuerJwt, [givenName], { payload }), "KB_NONCE_MISMATCH");
    });
    it("accepts a nonce once and rejects the replay", async () => {
      const store = new Set<string>();
      const consumeNonce = async (nonce: string) => {
        if (store.has(nonce)) return false;
        store.add(nonce);
        return true;
      };
      const presentation = await presentFor(world, sdJwt);
      await expectValid(presentation, { consumeNonce });
      await expectRejected(presentation, "KB_NONCE_REUSED", { consumeNonce });
    });
  });

  describe("Key-binding JWT: `aud` not exactly this verifier's identifier (a single string)", () => {
    const withAud = async (aud: unknown) => {
      const issuerJwt = splitIssued(sdJwt).issuerJwt;
      const sdHash = await digestOf(`${issuerJwt}~${givenName}~`);
      return bind(world, issuerJwt, [givenName], { payload: { iat: NOW, aud, nonce: NONCE, sd_hash: sdHash } });
    };
    it("rejects another verifier's identifier", async () => {
      await expectRejected(await withAud("https://verifier.attacker.example"), "KB_AUDIENCE_MISMATCH");
    });
    it("rejects an array even when it contains this verifier", async () => {
      await expectRejected(await withAud([AUD]), "KB_AUDIENCE_MISMATCH");
    });
    it("rejects near matches (trailing slash, different case)", async () => {
      await expectRejected(await withAud(`${AUD}/`), "KB_AUDIENCE_MISMATCH");
      await expectRejected(await withAud(AUD.toUpperCase()), "KB_AUDIENCE_MISMATCH");
    });
  });

  describe("Key-binding JWT: `iat` older than the allowed window or ahead of the clock beyond the skew", () => {
    const withIat = async (iat: number) => {
      const issuerJwt = splitIssued(sdJwt).issuerJwt;
      const sdHash = await digestOf(`${issuerJwt}~${givenName}~`);
      return bind(world, issuerJwt, [givenName], { payload: { iat, aud: AUD, nonce: NONCE, sd_hash: sdHash } });
    };
    it("rejects a KB-JWT older than maxKbAgeSeconds plus skew", async () => {
      await expectRejected(await withIat(NOW - 300 - 61), "KB_TOO_OLD");
      await expectValid(await withIat(NOW - 300 - 59));
    });
    it("rejects a KB-JWT dated ahead beyond the skew", async () => {
      await expectRejected(await withIat(NOW + 61), "KB_IN_FUTURE");
      await expectValid(await withIat(NOW + 59));
    });
  });

  describe("Key-binding JWT: `sd_hash` that does not match the presented issuer JWT and disclosures", () => {
    it("rejects a KB-JWT made for other disclosures (a disclosure dropped after binding)", async () => {
      const presentation = await presentFor(world, sdJwt, ["given_name", "family_name"]);
      const [issuerJwt, first, , kb] = presentation.split("~");
      await expectRejected(`${issuerJwt}~${first}~${kb}`, "KB_SD_HASH_MISMATCH");
    });
    it("rejects a KB-JWT whose sd_hash covers a different issuer JWT", async () => {
      const other = await issueFor(world);
      const sdHash = await digestOf(`${splitIssued(other).issuerJwt}~`);
      await expectRejected(await bind(world, splitIssued(sdJwt).issuerJwt, [], { sdHash }), "KB_SD_HASH_MISMATCH");
    });
  });

  describe("Status: status token not `statuslist+jwt`, untrusted signature, `sub` different from the credential's status URI, expired; `bits` not in 1/2/4/8; inflated size over a cap; index out of range", () => {
    const statusCase = async (
      token: string | Promise<string>,
      extra: Partial<NonNullable<PresentationPolicy["status"]>> = {},
    ) => {
      const resolved = await token;
      return {
        status: {
          check: async (): Promise<StatusResult> => ({ kind: "token", token: resolved }),
          allowedUriPrefixes: [STATUS_PREFIX],
          maxInflatedBytes: 4096,
          ...extra,
        },
      } satisfies Partial<PresentationPolicy>;
    };
    const listToken = async (
      options: {
        values?: ArrayLike<number>;
        bits?: StatusBits;
        sub?: string;
        exp?: number;
        key?: CryptoKey;
        kid?: string;
      } = {},
    ) =>
      issueStatusListToken({
        sub: options.sub ?? STATUS_URI,
        iat: Math.min(NOW - 30, (options.exp ?? NOW + 600) - 3600),
        exp: options.exp ?? NOW + 600,
        ttl: 60,
        bits: options.bits ?? 1,
        lst: await encodeStatusList(options.values ?? new Uint8Array(1024), options.bits ?? 1),
        kid: options.kid ?? world.issuer.publicJwk.kid!,
        privateKey: options.key ?? world.issuer.privateKey,
      });
    let presentation: string;
    beforeAll(async () => {
      presentation = await presentFor(world, sdJwt);
    });

    it("accepts a valid status (the baseline for the cases below)", async () => {
      const result = await verify(presentation, await statusCase(listToken()));
      expect(result).toMatchObject({ valid: true, statusChecked: true, status: { idx: 42, uri: STATUS_URI } });
    });
    it("rejects a status token whose typ is not statuslist+jwt", async () => {
      const { header, payload } = decodeJwt(await listToken());
      const token = await signJwt({ ...header, typ: "JWT" }, payload, world.issuer.privateKey);
      await expectRejected(presentation, "STATUS_TOKEN_WRONG_TYP", await statusCase(token));
    });
    it("rejects a status token signed by an untrusted key (own kid, or the issuer's kid)", async () => {
      await expectRejected(
        presentation,
        "STATUS_TOKEN_BAD_SIGNATURE",
        await statusCase(listToken({ key: world.attacker.privateKey, kid: world.attacker.publicJwk.kid })),
      );
      await expectRejected(
        presentation,
        "STATUS_TOKEN_BAD_SIGNATURE",
        await statusCase(listToken({ key: world.attacker.privateKey })),
      );
    });
    it("rejects a status token for another list (sub differs from status.status_list.uri)", async () => {
      await expectRejected(
        presentation,
        "STATUS_SUB_MISMATCH",
        await statusCase(listToken({ sub: `${STATUS_PREFIX}2` })),
      );
    });
    it("rejects an expired status token", async () => {
      await expectRejected(presentation, "STATUS_TOKEN_EXPIRED", await statusCase(listToken({ exp: NOW - 61 })));
    });
    it("rejects bits not in 1/2/4/8", async () => {
      const { header, payload } = decodeJwt(await listToken());
      const token = await signJwt(
        header,
        { ...payload, status_list: { ...(payload.status_list as object), bits: 3 } },
        world.issuer.privateKey,
      );
      await expectRejected(presentation, "STATUS_BITS_INVALID", await statusCase(token));
    });
    it("rejects a list that inflates beyond the cap", async () => {
      await expectRejected(
        presentation,
        "STATUS_LIST_TOO_LARGE",
        await statusCase(listToken({ values: new Uint8Array(1 << 16) }), { maxInflatedBytes: 4096 }),
      );
    });
    it("rejects an index outside the list", async () => {
      await expectRejected(
        presentation,
        "STATUS_INDEX_OUT_OF_RANGE",
        await statusCase(listToken({ values: new Uint8Array(16) })),
      );
    });
  });

  describe("Status: status value not 0 (1 = invalid/revoked, 2 = suspended)", () => {
    const withValue = async (value: number) => {
      const values = new Uint8Array(256);
      values[42] = value;
      const token = await issueStatusListToken({
        sub: STATUS_URI,
        iat: NOW,
        bits: 2,
        lst: await encodeStatusList(values, 2),
        kid: world.issuer.publicJwk.kid!,
        privateKey: world.issuer.privateKey,
      });
      return {
        status: {
          check: async (): Promise<StatusResult> => ({ kind: "token", token }),
          allowedUriPrefixes: [STATUS_PREFIX],
          maxInflatedBytes: 4096,
        },
      };
    };
    it("rejects a revoked credential (1)", async () => {
      await expectRejected(await presentFor(world, sdJwt), "STATUS_REVOKED", await withValue(1));
    });
    it("rejects a suspended credential (2)", async () => {
      await expectRejected(await presentFor(world, sdJwt), "STATUS_SUSPENDED", await withValue(2));
    });
    it("rejects an application-specific or unknown value (3) as status unknown", async () => {
      await expectRejected(await presentFor(world, sdJwt), "STATUS_UNKNOWN", await withValue(3));
    });
  });

  describe('Status: status unavailable: fail closed, and say "status unknown", not "revoked"', () => {
    const unavailable = (check: () => Promise<StatusResult>, timeoutMs?: number) => ({
      status: {
        check,
        allowedUriPrefixes: [STATUS_PREFIX],
        maxInflatedBytes: 4096,
        ...(timeoutMs ? { timeoutMs } : {}),
      },
    });
    it("rejects with STATUS_UNKNOWN when the caller could not fetch the list", async () => {
      const result = await verify(
        await presentFor(world, sdJwt),
        unavailable(async () => ({ kind: "unavailable", reason: "503" })),
      );
      expect(result).toMatchObject({ valid: false, code: "STATUS_UNKNOWN" });
      expect((result as { message: string }).message).not.toMatch(/revoked/i);
    });
    it("rejects with STATUS_UNKNOWN when the check throws", async () => {
      await expectRejected(
        await presentFor(world, sdJwt),
        "STATUS_UNKNOWN",
        unavailable(() => Promise.reject(new Error("network down"))),
      );
    });
    it("rejects with STATUS_UNKNOWN when the check does not answer in time, and aborts it", async () => {
      let aborted = false;
      const check = (_: unknown, options?: { signal: AbortSignal }) =>
        new Promise<StatusResult>(() => options?.signal.addEventListener("abort", () => (aborted = true)));
      await expectRejected(await presentFor(world, sdJwt), "STATUS_UNKNOWN", unavailable(check as never, 20));
      expect(aborted).toBe(true);
    });
  });

  describe("Fetching: every URL a token names is HTTPS, allow-listed, time- and size-bounded", () => {
    const withUri = async (uri: string) => {
      const credential = await reissue(world, sdJwt, (jwt) => {
        jwt.payload.status = { status_list: { idx: 42, uri } };
      });
      return presentFor(world, credential);
    };
    let called = 0;
    const policy = {
      status: {
        check: async (): Promise<StatusResult> => {
          called++;
          return { kind: "unavailable" };
        },
        allowedUriPrefixes: [STATUS_PREFIX],
        maxInflatedBytes: 4096,
      },
    };
    it("rejects an http status URI without calling the fetcher", async () => {
      await expectRejected(await withUri("http://status.example.gov.uk/lists/1"), "URL_NOT_ALLOWED", policy);
      expect(called).toBe(0);
    });
    it("rejects an https status URI outside the allow-list, including look-alike hosts and userinfo", async () => {
      await expectRejected(await withUri("https://status.attacker.example/lists/1"), "URL_NOT_ALLOWED", policy);
      await expectRejected(
        await withUri("https://status.example.gov.uk.attacker.example/lists/1"),
        "URL_NOT_ALLOWED",
        policy,
      );
      await expectRejected(
        await withUri("https://status.example.gov.uk@attacker.example/lists/1"),
        "URL_NOT_ALLOWED",
        policy,
      );
      await expectRejected(await withUri("https://STATUS.example.gov.uk/lists/1"), "URL_NOT_ALLOWED", policy);
      expect(called).toBe(0);
    });
    it("bounds the size of a fetched status token", async () => {
      const huge = {
        status: {
          ...policy.status,
          check: async (): Promise<StatusResult> => ({ kind: "token", token: "a".repeat(2 * 1024 * 1024) }),
        },
      };
      // Refused after the credential itself verified, so the failure names it.
      expect(await verify(await presentFor(world, sdJwt), huge)).toMatchObject({
        valid: false,
        code: "INPUT_TOO_LARGE",
        credential: { vct: expect.any(String) },
      });
    });
  });
});
