import { and, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { describe, expect, it, vi } from "vitest";
import { createRootCertificate } from "#core/credentials/certificates.ts";
import { base64Decode } from "#core/credentials/x509.ts";
import { createTestIaca, generateKey, issueMdoc, presentMdoc, type TestIaca } from "#core/mdoc/test-helpers.ts";
import { systemLogs, trustListEntries, trustListEvents } from "#db/schema/index.ts";
import { trustedRoots } from "#server/verification/trust-list.ts";
import type { TrustListEntry } from "#server/verification/trust-list-admin.ts";
import { createHolder, createOutsideIssuer, issuePid, presentPid } from "#tests/support/outside-issuer.ts";
import { call, json, registerUserWithRole, uniqueName } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * The trust list's administration (issue 23, ADR 050): one administrator proposes a root, another
 * approves it, and only then does the verifier trust it; every change leaves its event (in the same
 * batch) and its audit row; the proposer never approves; a decision taken already is a 409;
 * certificates that cannot be trusted are refused with their reason; nobody else gets in.
 */

/** Each test signs up people (Argon2id at OWASP's cost): a budget for a busy machine (ADR 025). */
const BUDGET = 45_000;
const DAY = 86_400_000;
const MDL = "org.iso.18013.5.1.mDL";
const MDL_NS = "org.iso.18013.5.1";

type Admin = Awaited<ReturnType<typeof registerUserWithRole>>;

const pem = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----\n`;

const propose = (admin: Admin, body: Record<string, unknown>) =>
  call("/api/trust-list", { body, cookie: admin.cookie });

const decide = (admin: Admin, id: string, decision: string, body: Record<string, unknown> = {}) =>
  call(`/api/trust-list/${id}/${decision}`, { body, cookie: admin.cookie });

async function proposed(admin: Admin, iaca: TestIaca, name = uniqueName("Test IACA "), checks = ["age"]) {
  const response = await propose(admin, {
    kind: "mdoc_iaca_root",
    name,
    certificate: pem(iaca.root),
    checks,
    reason: "The DVLA's new IACA root, sent by their PKI team",
  });
  expect(response.status).toBe(201);
  return { ...(await json<{ id: string; fingerprint: string }>(response)), name };
}

const events = (entryId: string) =>
  db()
    .select({ action: trustListEvents.action, actorId: trustListEvents.actorId, reason: trustListEvents.reason })
    .from(trustListEvents)
    .where(eq(trustListEvents.entryId, entryId))
    .orderBy(trustListEvents.at);

const entry = async (id: string) => (await db().select().from(trustListEntries).where(eq(trustListEntries.id, id)))[0]!;

/** The administrator's audit row of `event` about `entryId` (written after the answer: polled). */
async function audited(admin: Admin, event: string, entryId: string) {
  await vi.waitFor(
    async () => {
      const rows = (
        await db()
          .select()
          .from(systemLogs)
          .where(and(eq(systemLogs.category, "admin"), eq(systemLogs.userId, admin.user.id)))
      ).filter((row) => row.metadata?.event === event && row.metadata?.entryId === entryId);
      expect(rows).toHaveLength(1);
    },
    { timeout: 5_000 },
  );
}

/** A verifier in an organisation registered for age checks, and an age request of theirs as a wallet fetches it. */
async function ageRequest(admin: Admin) {
  const member = await registerUserWithRole("verifier");
  const registered = await call("/api/verifier-organisations", {
    body: { name: uniqueName("Corner Shop "), allowedChecks: ["age"], memberUsername: member.username },
    cookie: admin.cookie,
  });
  expect(registered.status).toBe(201);
  const created = await call("/api/presentations/requests", {
    body: { credentialType: "age", purpose: "Selling a knife", responseMode: "direct_post" },
    cookie: member.cookie,
  });
  expect(created.status).toBe(201);
  const { id, requestUri } = await json<{ id: string; requestUri: string }>(created);
  const object = await call(new URL(requestUri).pathname);
  const claims = decodeJwt(new TextDecoder().decode(await object.arrayBuffer())) as Record<string, any>;
  return { id, claims, cookie: member.cookie };
}

/** An mDL under `iaca` answering the request (direct_post), as @owf/mdoc builds it. */
async function answerWithMdl(claims: Record<string, any>, iaca: TestIaca) {
  const device = await generateKey("P-256");
  const now = Date.now();
  const issuerSigned = await issueMdoc({
    iaca,
    docType: MDL,
    nameSpaces: { [MDL_NS]: { age_over_18: true, given_name: "Ada" } },
    devicePublicJwk: device.publicJwk,
    validity: { signed: new Date(now - DAY), validFrom: new Date(now - DAY), validUntil: new Date(now + 30 * DAY) },
  });
  const response = await presentMdoc({
    issuerSigned,
    docType: MDL,
    claims: [[MDL_NS, "age_over_18"]],
    handover: {
      flow: "redirect",
      clientId: claims.client_id,
      nonce: claims.nonce,
      responseUri: claims.response_uri,
      jwkThumbprint: null,
    },
    devicePrivateJwk: device.privateJwk,
  });
  const posted = await call("/api/presentations/response", {
    method: "POST",
    rawBody: new URLSearchParams({ state: claims.state, vp_token: JSON.stringify({ mdl: [response] }) }).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return { status: posted.status, body: await json<Record<string, unknown>>(posted) };
}

describe("the trust list: one administrator proposes, another approves", () => {
  it(
    "a root proposed by one administrator is trusted by the verifier only once another approves it; retired, it leaves the list the verifier reads; every change has its event and audit row",
    async () => {
      const [maker, checker] = await Promise.all([registerUserWithRole("admin"), registerUserWithRole("admin")]);
      const iaca = await createTestIaca(new Date(), uniqueName("Test IACA "));
      const { id, fingerprint, name } = await proposed(maker, iaca);
      const digest = new Uint8Array(
        await crypto.subtle.digest("SHA-256", base64Decode(iaca.root) as Uint8Array<ArrayBuffer>),
      );
      expect(fingerprint).toBe([...digest].map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":"));
      expect(await entry(id)).toMatchObject({ state: "proposed", proposedBy: maker.user.id, certificate: iaca.root });

      // Listed, waiting, with who proposed it and what the certificate is.
      const listed = await json<{ entries: TrustListEntry[] }>(
        await call("/api/trust-list", { cookie: checker.cookie }),
      );
      expect(listed.entries.find((e) => e.id === id)).toMatchObject({
        name,
        kind: "mdoc_iaca_root",
        state: "proposed",
        checks: ["age"],
        proposed: { id: maker.user.id, username: maker.username },
        approved: null,
        certificate: { fingerprint, keyKind: "P-256" },
        reason: "The DVLA's new IACA root, sent by their PKI team",
      });
      expect(listed.entries.findIndex((e) => e.state === "proposed")).toBe(0);

      // Proposed is not trusted: the verifier refuses an mDL under it.
      const { id: requestId, claims, cookie } = await ageRequest(checker);
      expect(await answerWithMdl(claims, iaca)).toMatchObject({
        status: 400,
        body: { reason: "MDOC_ISSUER_UNTRUSTED" },
      });

      // The proposer cannot approve their own proposal.
      const own = await decide(maker, id, "approve");
      expect(own.status).toBe(403);
      expect(await json(own)).toMatchObject({ code: "OWN_PROPOSAL" });
      expect((await entry(id)).state).toBe("proposed");

      const approved = await decide(checker, id, "approve");
      expect(approved.status).toBe(200);
      expect(await json(approved)).toMatchObject({ id, name, state: "active" });
      expect(await entry(id)).toMatchObject({ state: "active", approvedBy: checker.user.id });
      // Decided: a second approval is a conflict, not a 500.
      const again = await decide(checker, id, "approve");
      expect(again.status).toBe(409);
      expect(await json(again)).toMatchObject({ code: "NOT_PROPOSED" });

      // Approved, it answers at once (the verifier's fresh re-read when no kept root accepts a chain).
      expect(await answerWithMdl(claims, iaca)).toMatchObject({ status: 200, body: { valid: true } });
      const view = await json<Record<string, any>>(await call(`/api/presentations/requests/${requestId}`, { cookie }));
      expect(view.result).toMatchObject({ valid: true, format: "mso_mdoc", issuer: name });

      // Retired (one administrator, with a reason): gone from what a fresh read of the list trusts.
      // A verifier isolate that read the list in the last 60 s may still trust it until its copy ends (ADR 050).
      expect((await decide(maker, id, "retire")).status).toBe(400);
      const retired = await decide(maker, id, "retire", { reason: "Replaced by the 2027 root" });
      expect(retired.status).toBe(200);
      expect(await entry(id)).toMatchObject({ state: "retired", retiredBy: maker.user.id });
      const roots = await trustedRoots(db(), "mdoc_iaca_root", "age", { now: Date.now(), fresh: true });
      expect(roots.map((root) => root.id)).not.toContain(id);
      expect((await decide(checker, id, "retire", { reason: "Twice" })).status).toBe(409);

      expect(await events(id)).toEqual([
        { action: "proposed", actorId: maker.user.id, reason: "The DVLA's new IACA root, sent by their PKI team" },
        { action: "approved", actorId: checker.user.id, reason: null },
        { action: "retired", actorId: maker.user.id, reason: "Replaced by the 2027 root" },
      ]);
      await audited(maker, "trust list entry proposed", id);
      await audited(checker, "trust list entry approved", id);
      await audited(maker, "trust list entry retired", id);
    },
    BUDGET,
  );

  it(
    "a rejected proposal is final (retired, never approved), with its reason; it can then be proposed again",
    async () => {
      const [maker, checker] = await Promise.all([registerUserWithRole("admin"), registerUserWithRole("admin")]);
      const iaca = await createTestIaca(new Date());
      const { id } = await proposed(maker, iaca);
      const duplicate = await propose(maker, {
        kind: "mdoc_iaca_root",
        name: "The same root again",
        certificate: iaca.root,
        checks: ["identity"],
        reason: "Also for identity",
      });
      expect(duplicate.status).toBe(409);
      expect(await json(duplicate)).toMatchObject({ code: "ALREADY_LISTED" });

      const rejected = await decide(checker, id, "reject", { reason: "Fingerprint differs from the DVLA's letter" });
      expect(rejected.status).toBe(200);
      expect(await entry(id)).toMatchObject({ state: "retired", approvedBy: null, retiredBy: checker.user.id });
      const listed = await json<{ entries: TrustListEntry[] }>(await call("/api/trust-list", { cookie: maker.cookie }));
      expect(listed.entries.find((e) => e.id === id)).toMatchObject({
        state: "retired",
        rejected: true,
        reason: "Fingerprint differs from the DVLA's letter",
      });
      const late = await decide(maker, id, "approve");
      expect(late.status).toBe(409);
      expect((await decide(checker, id, "reject", { reason: "Again" })).status).toBe(409);
      expect((await events(id)).map((e) => e.action)).toEqual(["proposed", "rejected"]);
      await audited(checker, "trust list entry rejected", id);

      expect((await proposed(maker, iaca)).id).not.toBe(id);
    },
    BUDGET,
  );

  it(
    "two administrators approving at once: exactly one wins, the other gets 409, and one event is written",
    async () => {
      const [maker, first, second] = await Promise.all([
        registerUserWithRole("admin"),
        registerUserWithRole("admin"),
        registerUserWithRole("admin"),
      ]);
      const { id } = await proposed(maker, await createTestIaca(new Date()));
      const answers = await Promise.all([decide(first, id, "approve"), decide(second, id, "approve")]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect((await events(id)).filter((e) => e.action === "approved")).toHaveLength(1);
    },
    BUDGET,
  );
  it(
    "a proposal older than 14 days can no longer be approved (409 PROPOSAL_EXPIRED), only rejected",
    async () => {
      const [maker, checker] = await Promise.all([registerUserWithRole("admin"), registerUserWithRole("admin")]);
      const iaca = await createTestIaca(new Date());
      const id = crypto.randomUUID();
      await db()
        .insert(trustListEntries)
        .values({
          id,
          kind: "mdoc_iaca_root",
          certificate: iaca.root,
          name: uniqueName("Old proposal "),
          checks: ["age"],
          state: "proposed",
          proposedBy: maker.user.id,
          proposedAt: new Date(Date.now() - 15 * DAY),
        });
      const late = await decide(checker, id, "approve");
      expect(late.status).toBe(409);
      expect(await json(late)).toMatchObject({ code: "PROPOSAL_EXPIRED" });
      expect((await entry(id)).state).toBe("proposed");
      const listed = await json<{ entries: TrustListEntry[] }>(
        await call("/api/trust-list", { cookie: checker.cookie }),
      );
      expect(listed.entries.find((e) => e.id === id)).toMatchObject({ state: "proposed", stale: true });
      expect((await decide(checker, id, "reject", { reason: "Too old to check now" })).status).toBe(200);
      expect((await events(id)).map((e) => e.action)).toEqual(["rejected"]);
    },
    BUDGET,
  );
});

describe("the trust list refuses", () => {
  it(
    "certificates it cannot trust, each with its reason; and malformed proposals and decisions",
    async () => {
      const admin = await registerUserWithRole("admin");
      const iaca = await createTestIaca(new Date());
      const base = { kind: "mdoc_iaca_root", name: "Refused IACA", checks: ["age"], reason: "Testing refusals" };
      const refused = async (body: Record<string, unknown>, code?: string) => {
        const response = await propose(admin, { ...base, ...body });
        expect(response.status).toBe(400);
        if (code) expect(await json(response)).toMatchObject({ code });
      };
      await refused({ certificate: "not a certificate" }, "CERTIFICATE_UNREADABLE");
      await refused({ certificate: pem(btoa("garbage bytes, not DER")) }, "CERTIFICATE_UNREADABLE");
      await refused({ certificate: `${pem(iaca.root)}${pem(iaca.root)}` }, "CERTIFICATE_UNREADABLE");
      // A document signer is not a CA: no chain could end at it.
      await refused({ certificate: pem(iaca.signerCertificate) }, "CERTIFICATE_NOT_CA");
      const keys = (await generateKey("P-256")).keys;
      const expired = await createRootCertificate({
        commonName: "Expired IACA",
        keys,
        notBefore: new Date(Date.now() - 400 * DAY),
        notAfter: new Date(Date.now() - DAY),
      });
      await refused({ certificate: expired }, "CERTIFICATE_EXPIRED");
      // zod: no checks, an unknown check, an unknown kind, no reason.
      await refused({ certificate: iaca.root, checks: [] });
      await refused({ certificate: iaca.root, checks: ["age", "lottery"] });
      await refused({ certificate: iaca.root, kind: "pgp_key" });
      await refused({ certificate: iaca.root, reason: "" });
      expect(
        await db().select().from(trustListEntries).where(eq(trustListEntries.certificate, iaca.root)),
      ).toHaveLength(0);

      const unknown = crypto.randomUUID();
      expect((await decide(admin, unknown, "approve")).status).toBe(404);
      expect((await decide(admin, "not-a-uuid", "approve")).status).toBe(404);
      const { id } = await proposed(admin, iaca);
      expect((await decide(admin, id, "activate")).status).toBe(404);
      const retireProposal = await decide(admin, id, "retire", { reason: "Not active yet" });
      expect(retireProposal.status).toBe(409);
      expect(await json(retireProposal)).toMatchObject({ code: "NOT_ACTIVE" });
    },
    BUDGET,
  );

  it(
    "anyone but an administrator: 401 signed out, 403 for a verifier or a citizen, and nothing changes",
    async () => {
      const [admin, verifier, citizen] = await Promise.all([
        registerUserWithRole("admin"),
        registerUserWithRole("verifier"),
        registerUserWithRole("citizen"),
      ]);
      const { id } = await proposed(admin, await createTestIaca(new Date()));
      expect((await call("/api/trust-list")).status).toBe(401);
      expect((await call(`/api/trust-list/${id}/approve`, { body: {} })).status).toBe(401);
      for (const person of [verifier, citizen]) {
        expect((await call("/api/trust-list", { cookie: person.cookie })).status).toBe(403);
        expect((await decide(person, id, "approve")).status).toBe(403);
        expect((await decide(person, id, "reject", { reason: "Not mine to reject" })).status).toBe(403);
      }
      expect((await entry(id)).state).toBe("proposed");
      expect((await events(id)).map((e) => e.action)).toEqual(["proposed"]);
    },
    BUDGET,
  );
});

describe("the trust list and issuers outside the platform", () => {
  it(
    "an outside SD-JWT VC issuer's root (ADR 052): refused while proposed, accepted once another administrator approves it, refused again once retired",
    async () => {
      const [maker, checker] = await Promise.all([registerUserWithRole("admin"), registerUserWithRole("admin")]);
      const issuer = await createOutsideIssuer();
      const response = await propose(maker, {
        kind: "sd_jwt_vc_issuer_certificate",
        name: issuer.name,
        certificate: pem(issuer.root),
        checks: ["age"],
        reason: "The PID provider's root, from its trusted list",
      });
      expect(response.status).toBe(201);
      const { id } = await json<{ id: string }>(response);
      /** The PID answering the request `claims` asks for (direct_post), under the outside query. */
      const answerWithPid = async (claims: Record<string, any>) => {
        const holder = await createHolder();
        const presentation = await presentPid(await issuePid(issuer, holder), holder, ["age_equal_or_over.18"], {
          aud: claims.client_id,
          nonce: claims.nonce,
        });
        const posted = await call("/api/presentations/response", {
          method: "POST",
          rawBody: new URLSearchParams({
            state: claims.state,
            vp_token: JSON.stringify({ pid_sd_jwt: [presentation] }),
          }).toString(),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        });
        return { status: posted.status, body: await json<Record<string, unknown>>(posted) };
      };

      const first = await ageRequest(checker);
      expect(await answerWithPid(first.claims)).toMatchObject({
        status: 400,
        body: { reason: "CERTIFICATE_UNTRUSTED" },
      });
      expect((await decide(checker, id, "approve")).status).toBe(200);
      // Approved, it answers at once, and the next request names the root among its trusted authorities.
      expect(await answerWithPid(first.claims)).toMatchObject({ status: 200, body: { valid: true } });
      const view = await json<Record<string, any>>(
        await call(`/api/presentations/requests/${first.id}`, { cookie: first.cookie }),
      );
      expect(view.result).toMatchObject({ valid: true, format: "dc+sd-jwt", issuer: issuer.name });
      const second = await ageRequest(checker);
      const query = second.claims.dcql_query.credentials.find((q: any) => q.id === "pid_sd_jwt");
      expect(query.trusted_authorities[0].values.length).toBeGreaterThan(0);

      expect((await decide(maker, id, "retire", { reason: "The provider changed its root" })).status).toBe(200);
      // A request made after the retirement reads the list afresh, and its answer is refused.
      const third = await ageRequest(checker);
      expect(await answerWithPid(third.claims)).toMatchObject({
        status: 400,
        body: { reason: "CERTIFICATE_UNTRUSTED" },
      });
    },
    BUDGET,
  );
});
