/**
 * Paper credentials (profile.ts PAPER_CLAIM): issued with no cnf and `"binding": "paper"` in
 * clear, presented with no KB-JWT. Whether a KB-JWT is needed follows the issuer-signed
 * credential, never what the presenter sent; paper is accepted only where the policy says so.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { base64urlEncodeText } from "./encoding.ts";
import { CREDENTIAL_ERROR_MESSAGES, type CredentialErrorCode } from "./errors.ts";
import { presentPaperCredential } from "./present.ts";
import { PAPER_BINDING, PAPER_CLAIM } from "./profile.ts";
import {
  basePolicy,
  bind,
  decodeJwt,
  digestOf,
  disclosureContent,
  encodeDisclosure,
  issueFor,
  issuePaperFor,
  makeWorld,
  NOW,
  presentFor,
  reissue,
  STATUS_URI,
  splitIssued,
  statusPolicy,
  type World,
} from "./test-helpers.ts";
import { type PresentationPolicy, verifyPresentation } from "./verify.ts";

let world: World;
let paper: string;
let device: string;

beforeAll(async () => {
  world = await makeWorld();
  paper = await issuePaperFor(world, { decoys: 2 });
  device = await issueFor(world);
});

/** The offline checker's policy: key binding required, paper accepted, status from a list where entry 42 (the test credentials') is `value`. */
const paperPolicy = (overrides: Partial<PresentationPolicy> = {}, value = 0): PresentationPolicy =>
  basePolicy(world, { acceptPaper: true, status: statusPolicy(world, { 42: value }), ...overrides });

const printed = async (disclose: string[] = ["given_name", "family_name"], sdJwt = paper) =>
  (await presentPaperCredential({ sdJwt, disclose })).presentation;

async function expectRejected(
  presentation: string,
  code: CredentialErrorCode,
  policy: PresentationPolicy = paperPolicy(),
) {
  expect(await verifyPresentation(presentation, policy)).toMatchObject({
    valid: false,
    code,
    message: CREDENTIAL_ERROR_MESSAGES[code],
  });
}

describe("issuing a paper credential", () => {
  it("puts no cnf in the issuer-signed payload and the paper marker in clear, never as a disclosure", async () => {
    const { payload } = decodeJwt(splitIssued(paper).issuerJwt);
    expect(payload).not.toHaveProperty("cnf");
    expect(payload[PAPER_CLAIM]).toBe(PAPER_BINDING);
    expect(payload.status).toEqual({ status_list: { idx: 42, uri: STATUS_URI } });
    const names = splitIssued(paper).disclosures.map((d) => disclosureContent(d)[1]);
    expect(names).not.toContain(PAPER_CLAIM);
  });

  it("refuses a paper credential with a holder key, a credential with neither, and the marker as a personal claim", async () => {
    const invalid = { code: "INVALID_ARGUMENT" };
    await expect(issueFor(world, { paper: true })).rejects.toMatchObject(invalid);
    await expect(issueFor(world, { holderPublicJwk: undefined })).rejects.toMatchObject(invalid);
    await expect(issueFor(world, { claims: { [PAPER_CLAIM]: PAPER_BINDING } })).rejects.toMatchObject({
      code: "RESERVED_CLAIM_NOT_ALLOWED",
    });
  });
});

describe("presentPaperCredential", () => {
  it("discloses the chosen claims and ends with `~`: no key-binding JWT", async () => {
    const presentation = await printed(["given_name"]);
    expect(presentation.endsWith("~")).toBe(true);
    expect(presentation.split("~")).toHaveLength(3);
  });

  it("leaves out a path the credential lacks, and says what it disclosed, in the order asked", async () => {
    const { presentation, disclosed } = await presentPaperCredential({
      sdJwt: paper,
      disclose: ["family_name", "licenceNumber", "given_name"],
    });
    expect(disclosed).toEqual(["family_name", "given_name"]);
    expect(presentation.split("~")).toHaveLength(4);
    expect(await verifyPresentation(presentation, paperPolicy())).toMatchObject({
      valid: true,
      paper: true,
      disclosedClaimNames: ["family_name", "given_name"],
    });
  });

  it("refuses a disclose list that is not a list of claim names", async () => {
    await expect(presentPaperCredential({ sdJwt: paper, disclose: "given_name" as never })).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
    });
    await expect(presentPaperCredential({ sdJwt: paper, disclose: [1] as never })).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
    });
  });

  it("refuses a credential bound to a device key (a printed copy of it could never verify)", async () => {
    await expect(printed(["given_name"], device)).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
  });
});

describe("verifying a paper credential", () => {
  it("accepts it without a KB-JWT where the policy accepts paper: no key binding, no nonce used, status checked", async () => {
    let consumed = 0;
    const result = await verifyPresentation(
      await printed(),
      paperPolicy({
        expectedNonce: undefined,
        consumeNonce: async () => {
          consumed++;
          return true;
        },
      }),
    );
    expect(result).toMatchObject({
      valid: true,
      paper: true,
      keyBound: false,
      statusChecked: true,
      claims: { given_name: "Amara", family_name: "Okafor" },
    });
    expect(result.valid && result.claims).not.toHaveProperty(PAPER_CLAIM);
    expect(consumed).toBe(0);
  });

  it("refuses it where the policy does not accept paper (a wallet's answer to a request): PAPER_NOT_ACCEPTED", async () => {
    await expectRejected(await printed(), "PAPER_NOT_ACCEPTED", paperPolicy({ acceptPaper: false }));
    await expectRejected(await printed(), "PAPER_NOT_ACCEPTED", basePolicy(world));
  });

  it("refuses it with a KB-JWT appended: there is no holder key to bind to (KB_UNEXPECTED)", async () => {
    const presentation = await bind(world, splitIssued(paper).issuerJwt, []);
    await expectRejected(presentation, "KB_UNEXPECTED");
  });

  it("refuses it once revoked, and once its own exp has passed", async () => {
    await expectRejected(await printed(), "STATUS_REVOKED", paperPolicy({}, 1));
    const short = await issuePaperFor(world, { iat: NOW - 31 * 86_400, exp: NOW - 86_400 });
    await expectRejected(await printed(["given_name"], short), "EXPIRED");
  });

  it("is not accepted without a status policy: a credential nobody can bind must at least be revocable", async () => {
    await expectRejected(await printed(), "POLICY_INVALID", paperPolicy({ status: undefined }));
  });
});

describe("the credential decides, never the presenter", () => {
  it("still needs the KB-JWT of a credential with cnf, where paper is accepted (KB_MISSING), and accepts it with one", async () => {
    await expectRejected(`${splitIssued(device).issuerJwt}~`, "KB_MISSING");
    expect(await verifyPresentation(await presentFor(world, device), paperPolicy())).toMatchObject({
      valid: true,
      paper: false,
      keyBound: true,
    });
  });

  it("needs the KB-JWT of a credential with cnf even when its issuer also wrote the paper marker", async () => {
    const both = await reissue(world, device, (jwt) => {
      jwt.payload[PAPER_CLAIM] = PAPER_BINDING;
    });
    await expectRejected(`${splitIssued(both).issuerJwt}~`, "KB_MISSING");
  });

  it("treats a credential without cnf and without the marker as before: a KB-JWT is required", async () => {
    const unmarked = await reissue(world, paper, (jwt) => void delete jwt.payload[PAPER_CLAIM]);
    await expectRejected(`${splitIssued(unmarked).issuerJwt}~`, "KB_MISSING");
  });

  it("cannot be turned into paper by the presenter: cnf removed and the marker added without the issuer's key", async () => {
    const { issuerJwt } = splitIssued(device);
    const { header, payload } = decodeJwt(issuerJwt);
    delete payload.cnf;
    payload[PAPER_CLAIM] = PAPER_BINDING;
    const [, , signature] = issuerJwt.split(".");
    const encode = (value: unknown) => base64urlEncodeText(JSON.stringify(value));
    await expectRejected(`${encode(header)}.${encode(payload)}.${signature}~`, "BAD_SIGNATURE");
    const forged = await reissue(
      world,
      device,
      (jwt) => {
        delete jwt.payload.cnf;
        jwt.payload[PAPER_CLAIM] = PAPER_BINDING;
      },
      world.attacker.privateKey,
    );
    await expectRejected(`${splitIssued(forged).issuerJwt}~`, "BAD_SIGNATURE");
  });

  it("refuses the marker arriving in a disclosure: it must be the issuer's statement in clear", async () => {
    const disclosure = encodeDisclosure(["c2FsdHNhbHRzYWx0c2FsdA", PAPER_CLAIM, PAPER_BINDING]);
    const digest = await digestOf(disclosure);
    const smuggled = await reissue(world, paper, (jwt) => {
      delete jwt.payload[PAPER_CLAIM];
      jwt.payload._sd = [...(jwt.payload._sd as string[]), digest];
    });
    await expectRejected(`${splitIssued(smuggled).issuerJwt}~${disclosure}~`, "RESERVED_CLAIM_DISCLOSED");
  });
});
