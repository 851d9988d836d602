/**
 * SD-JWT VCs from issuers outside the platform through the Verifier API (issue 23, ADR 052): an EU
 * PID in SD-JWT VC form, issued with @sd-jwt/core by a provider of the test's own whose root the
 * trust list holds as an `sd_jwt_vc_issuer_certificate` for a check, answers an age or an identity
 * request; the request's DCQL names the trusted roots by `aki`. Each refusal is a 400 with its
 * reason, never a 5xx. Every test makes its own issuer, root and organisation.
 */

import { SubjectKeyIdentifierExtension, X509Certificate } from "@peculiar/x509";
import { eq } from "drizzle-orm";
import type { JWK } from "jose";
import { describe, expect, it } from "vitest";
import { createTestIaca } from "#core/mdoc/test-helpers.ts";
import type { CheckType } from "#core/verification/checks.ts";
import { authorizationResponseFields, type ResponseEncryptionKey } from "#core/verification/response-encryption.ts";
import { presentations, trustListEntries } from "#db/schema/index.ts";
import {
  createHolder,
  createOutsideIssuer,
  type Holder,
  issuePid,
  listOutsideIssuer,
  type OutsideIssuer,
  PID_VCT,
  presentPid,
} from "#tests/support/outside-issuer.ts";
import { db } from "#tests/support/workerd-database.ts";
import {
  directPost,
  fetchRequestObject,
  openRequest,
  organisationWithVerifier,
  readAsWallet,
  readReceipt,
  request,
  requestView,
} from "./test-support.ts";

/** An independent reading of a root's SubjectKeyIdentifier (what `aki` names), base64url. */
const akiOf = (root: string) =>
  Buffer.from(new X509Certificate(root).getExtension(SubjectKeyIdentifierExtension)!.keyId, "hex").toString(
    "base64url",
  );

/** An organisation registered for `check`, and a request of it as a wallet fetches it. */
async function openPidRequest(check: CheckType = "age", body: Record<string, unknown> = {}) {
  const { cookie } = await organisationWithVerifier([check]);
  const created = await openRequest({ cookie }, { credentialType: check, purpose: "Checking a customer", ...body });
  const { claims } = await fetchRequestObject(created.requestUri);
  return { cookie, created, claims };
}

/** The holder's answer under `queryId`, encrypted when the request asked (as a HAIP wallet sends it). */
async function send(claims: Record<string, any>, presentation: string, queryId = "pid_sd_jwt") {
  const key = claims.client_metadata?.jwks?.keys[0] as JWK | undefined;
  const fields = await authorizationResponseFields(
    { state: claims.state, vpToken: { [queryId]: [presentation] } },
    key ? { key: key as ResponseEncryptionKey, enc: "A128GCM" } : null,
  );
  const posted = await request("/api/presentations/response", directPost(fields));
  return { status: posted.status, body: (await posted.json()) as Record<string, any> };
}

/** A PID of `issuer` answering the request `claims` asks for, disclosing what its pid_sd_jwt query names. */
async function answerWithPid(
  claims: Record<string, any>,
  issuer: OutsideIssuer,
  options: {
    holder?: Holder;
    issue?: Parameters<typeof issuePid>[2];
    nonce?: string;
    tamper?: (presentation: string) => string;
  } = {},
) {
  const holder = options.holder ?? (await createHolder());
  const query = (claims.dcql_query.credentials as any[]).find((q) => q.id === "pid_sd_jwt");
  const paths: string[] = query
    ? query.claims.map((claim: { path: string[] }) => claim.path.join("."))
    : ["age_equal_or_over.18"];
  const sdJwt = await issuePid(issuer, holder, options.issue);
  let presentation = await presentPid(sdJwt, holder, paths, {
    aud: claims.client_id,
    nonce: options.nonce ?? claims.nonce,
  });
  if (options.tamper) presentation = options.tamper(presentation);
  return send(claims, presentation);
}

describe("the request's DCQL names the trusted roots (trusted_authorities)", () => {
  it("an age request: a dc+sd-jwt query for the PID and mso_mdoc queries, each with the aki of its active roots", async () => {
    const issuer = await createOutsideIssuer();
    await listOutsideIssuer(issuer, ["age"]);
    const iacaName = `Test IACA ${crypto.randomUUID().slice(0, 8)}`;
    const iaca = await createTestIaca(new Date(), iacaName);
    await db()
      .insert(trustListEntries)
      .values({ kind: "mdoc_iaca_root", certificate: iaca.root, name: iacaName, checks: ["age"], state: "active" });
    const { claims } = await openPidRequest("age");
    const dcql = claims.dcql_query;
    const byId = Object.fromEntries((dcql.credentials as any[]).map((q) => [q.id, q]));
    // Our own credentials: trusted by their authorities' keys, so no trusted_authorities.
    expect(byId.age).not.toHaveProperty("trusted_authorities");
    expect(byId.pid_sd_jwt).toMatchObject({
      format: "dc+sd-jwt",
      meta: { vct_values: [PID_VCT] },
      claims: [{ path: ["age_equal_or_over", "18"] }],
      trusted_authorities: [{ type: "aki" }],
    });
    expect(byId.pid_sd_jwt.trusted_authorities).toHaveLength(1);
    expect(byId.pid_sd_jwt.trusted_authorities[0].values).toContain(akiOf(issuer.root));
    // The IACA is trusted for mdoc, not for SD-JWT VCs; and the other way round.
    expect(byId.pid_sd_jwt.trusted_authorities[0].values).not.toContain(akiOf(iaca.root));
    for (const id of ["mdl", "pid"]) {
      expect(byId[id].trusted_authorities[0].type).toBe("aki");
      expect(byId[id].trusted_authorities[0].values).toContain(akiOf(iaca.root));
      expect(byId[id].trusted_authorities[0].values).not.toContain(akiOf(issuer.root));
    }
    expect(dcql.credential_sets).toEqual([{ options: (dcql.credentials as any[]).map((q) => [q.id]) }]);
  });

  it("a root retired, proposed or for another check is not named; a check without a root for a query leaves it out", async () => {
    const retired = await createOutsideIssuer();
    await listOutsideIssuer(retired, ["identity"], "retired");
    const proposed = await createOutsideIssuer();
    await listOutsideIssuer(proposed, ["identity"], "proposed");
    const other = await createOutsideIssuer();
    await listOutsideIssuer(other, ["age"]);
    const { claims } = await openPidRequest("identity");
    const query = (claims.dcql_query.credentials as any[]).find((q) => q.id === "pid_sd_jwt");
    const values: string[] = query?.trusted_authorities?.[0]?.values ?? [];
    for (const root of [retired.root, proposed.root, other.root]) expect(values).not.toContain(akiOf(root));
    // A check no trust list entry answers (the licence has no outside SD-JWT VC, and rtw no mdoc):
    // one query, ours, and no credential set.
    const rtw = await openPidRequest("rtw");
    expect(rtw.claims.dcql_query.credentials.map((q: any) => q.id)).toEqual(["rtw"]);
    expect(rtw.claims.dcql_query).not.toHaveProperty("credential_sets");
  });
});

describe("the platform's web wallet beside an outside issuer's query", () => {
  it("answers our own dc+sd-jwt query, not the PID's, when both are offered", async () => {
    await listOutsideIssuer(await createOutsideIssuer(), ["age"]);
    const { created, claims } = await openPidRequest("age");
    expect(claims.dcql_query.credentials.filter((q: any) => q.format === "dc+sd-jwt").map((q: any) => q.id)).toEqual([
      "age",
      "pid_sd_jwt",
    ]);
    expect(await readAsWallet(created)).toMatchObject({ check: "age", queryId: "age" });
  });
});

describe("an outside issuer's PID answers a check once its root is active for it", () => {
  it("age: valid, age_over_18 shown and passed, the issuer named by its entry and its certificate, the record kept", async () => {
    const issuer = await createOutsideIssuer();
    await listOutsideIssuer(issuer, ["age"]);
    const { cookie, created, claims } = await openPidRequest("age");
    expect(await answerWithPid(claims, issuer)).toMatchObject({
      status: 200,
      body: { status: "completed", valid: true },
    });
    const { status, result } = await requestView(cookie, created.id);
    expect(status).toBe("completed");
    expect(result).toMatchObject({
      valid: true,
      reason: "valid",
      presentedAttributes: { age_over_18: true },
      outcome: { status: "passed", reason: null },
      issuer: issuer.name,
      format: "dc+sd-jwt",
    });
    expect(result.issuerCertificate).toContain(`CN=${issuer.commonName}`);
    expect(result).not.toHaveProperty("issuerId");
    // Only what the check names is reported: nothing else the wallet might have disclosed.
    expect(Object.keys(result.presentedAttributes)).toEqual(["age_over_18"]);
    const [record] = await db().select().from(presentations).where(eq(presentations.id, result.recordId));
    expect(record).toMatchObject({
      format: "dc+sd-jwt",
      vct: PID_VCT,
      issuer: issuer.name,
      credentialId: null,
      verificationResult: "valid",
      outcome: "passed",
    });
    // The history names it by its vct and its trusted root.
    const history = (await (await request("/api/verifications/history", { cookie })).json()) as {
      entries: Record<string, unknown>[];
    };
    expect(history.entries.find((entry) => entry.id === result.recordId)).toMatchObject({
      issuer: issuer.name,
      credentialType: PID_VCT,
      format: "dc+sd-jwt",
    });
    // The receipt names the vct and the trusted root, and claims no GPG45 level for another's issuer.
    const receipt = await readReceipt(await request(`/api/verifications/${result.recordId}/receipt`, { cookie }));
    expect(receipt.facts).toMatchObject({
      checkType: "Age Verification",
      credentialType: PID_VCT,
      issuer: issuer.name,
      assuranceLevel: null,
      valid: true,
      outcome: { status: "passed" },
    });
  });

  it("identity: the names and date of birth, judged by the identity rule", async () => {
    const issuer = await createOutsideIssuer();
    await listOutsideIssuer(issuer, ["identity"]);
    const { cookie, created, claims } = await openPidRequest("identity");
    expect(await answerWithPid(claims, issuer)).toMatchObject({ status: 200, body: { valid: true } });
    expect((await requestView(cookie, created.id)).result).toMatchObject({
      valid: true,
      presentedAttributes: { given_name: "Ada", family_name: "Lovelace", birth_date: "1990-05-01" },
      outcome: { status: "passed" },
      issuer: issuer.name,
    });
  });

  it("a PID of someone under 18 is genuine but fails the check (UNDER_18), as ours would", async () => {
    const issuer = await createOutsideIssuer();
    await listOutsideIssuer(issuer, ["age"]);
    const { cookie, created, claims } = await openPidRequest("age");
    expect(await answerWithPid(claims, issuer, { issue: { ageOver18: false } })).toMatchObject({ status: 200 });
    expect((await requestView(cookie, created.id)).result).toMatchObject({
      valid: true,
      presentedAttributes: { age_over_18: false },
      outcome: { status: "failed", reason: "UNDER_18" },
    });
  });
});

describe("an outside issuer's PID is refused, with its reason", () => {
  const refused = (reason: string) => ({ status: 400, body: { error: "invalid_request", reason } });

  it("while its root is only proposed (CERTIFICATE_UNTRUSTED)", async () => {
    const issuer = await createOutsideIssuer();
    await listOutsideIssuer(issuer, ["age"], "proposed");
    // Another provider's active root, so the request offers the query at all.
    await listOutsideIssuer(await createOutsideIssuer(), ["age"]);
    const { claims } = await openPidRequest("age");
    expect(await answerWithPid(claims, issuer)).toMatchObject(refused("CERTIFICATE_UNTRUSTED"));
  });

  it("after its root is retired (the next request reads the list afresh)", async () => {
    const issuer = await createOutsideIssuer();
    const entryId = await listOutsideIssuer(issuer, ["age"]);
    const first = await openPidRequest("age");
    expect(await answerWithPid(first.claims, issuer)).toMatchObject({ status: 200 });
    await db().update(trustListEntries).set({ state: "retired" }).where(eq(trustListEntries.id, entryId));
    await listOutsideIssuer(await createOutsideIssuer(), ["age"]);
    const second = await openPidRequest("age");
    const values = second.claims.dcql_query.credentials.find((q: any) => q.id === "pid_sd_jwt").trusted_authorities[0]
      .values;
    expect(values).not.toContain(akiOf(issuer.root));
    expect(await answerWithPid(second.claims, issuer)).toMatchObject(refused("CERTIFICATE_UNTRUSTED"));
  });

  it("when its root is trusted for another check only", async () => {
    const issuer = await createOutsideIssuer();
    await listOutsideIssuer(issuer, ["identity"]);
    await listOutsideIssuer(await createOutsideIssuer(), ["age"]);
    const { claims } = await openPidRequest("age");
    expect(await answerWithPid(claims, issuer)).toMatchObject(refused("CERTIFICATE_UNTRUSTED"));
  });

  it("when its chain ends at a root not on the list", async () => {
    await listOutsideIssuer(await createOutsideIssuer(), ["age"]);
    const unlisted = await createOutsideIssuer();
    const { cookie, created, claims } = await openPidRequest("age");
    expect(await answerWithPid(claims, unlisted)).toMatchObject(refused("CERTIFICATE_UNTRUSTED"));
    // An attempt: the request stays open for the real wallet.
    expect(await requestView(cookie, created.id)).toMatchObject({ status: "pending", attempts: 1 });
  });

  it("when its iss is not a subjectAltName URI of the signing certificate (CERTIFICATE_NAME_MISMATCH)", async () => {
    const issuer = await createOutsideIssuer();
    await listOutsideIssuer(issuer, ["age"]);
    const { claims } = await openPidRequest("age");
    expect(await answerWithPid(claims, issuer, { issue: { iss: "https://someone-else.example" } })).toMatchObject(
      refused("CERTIFICATE_NAME_MISMATCH"),
    );
  });

  it("when a disclosure was changed after issue (no digest names it)", async () => {
    const issuer = await createOutsideIssuer();
    await listOutsideIssuer(issuer, ["age"]);
    const { claims } = await openPidRequest("age");
    // The holder turns "18": false into true in its disclosure: the issuer's digest no longer matches.
    const answered = await answerWithPid(claims, issuer, {
      issue: { ageOver18: false },
      tamper: (presentation) => {
        const parts = presentation.split("~");
        const index = parts.findIndex((part, i) => i > 0 && part.includes(".") === false && part.length > 0);
        const disclosure = JSON.parse(Buffer.from(parts[index]!, "base64url").toString()) as unknown[];
        parts[index] = Buffer.from(JSON.stringify([disclosure[0], disclosure[1], true])).toString("base64url");
        return parts.join("~");
      },
    });
    expect(answered).toMatchObject(refused("UNREFERENCED_DISCLOSURE"));
  });

  it("with another nonce in its key binding (KB_NONCE_MISMATCH), and without one (KB_MISSING)", async () => {
    const issuer = await createOutsideIssuer();
    await listOutsideIssuer(issuer, ["age"]);
    const { claims } = await openPidRequest("age");
    expect(await answerWithPid(claims, issuer, { nonce: "another-nonce" })).toMatchObject(refused("KB_NONCE_MISMATCH"));
    const holder = await createHolder();
    const unbound = await presentPid(await issuePid(issuer, holder), holder, ["age_equal_or_over.18"], null);
    expect(await send(claims, unbound)).toMatchObject(refused("KB_MISSING"));
  });

  it("when it names a status list, which this verifier cannot yet check at its issuer (STATUS_UNKNOWN)", async () => {
    const issuer = await createOutsideIssuer();
    await listOutsideIssuer(issuer, ["age"]);
    const { claims } = await openPidRequest("age");
    const status = { status_list: { idx: 7, uri: `${issuer.iss}/status/1` } };
    expect(await answerWithPid(claims, issuer, { issue: { extra: { status } } })).toMatchObject(
      refused("STATUS_UNKNOWN"),
    );
  });

  it("under our own credentials' query: its vct is not one of ours", async () => {
    const issuer = await createOutsideIssuer();
    await listOutsideIssuer(issuer, ["age"]);
    const { claims } = await openPidRequest("age");
    const holder = await createHolder();
    const presentation = await presentPid(await issuePid(issuer, holder), holder, ["age_equal_or_over.18"], {
      aud: claims.client_id,
      nonce: claims.nonce,
    });
    expect(await send(claims, presentation, "age")).toMatchObject(refused("UNTRUSTED_ISSUER"));
  });
});
