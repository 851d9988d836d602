import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  credentialClaims,
  jwkThumbprint,
  type PublicJwk,
  presentCredential,
  verifyPresentation,
  verifyStatusListToken,
} from "#core/credentials/index.ts";
import { authorityRecords, credentials, statusLists } from "#db/schema/index.ts";
import {
  citizenWithRecords,
  type Holder,
  type IssuedCredential,
  issueCredential,
  makeHolder,
  nonceFor,
  proofFor,
  requestIssue,
  revokeAsAdmin,
  signInAdmin,
} from "#tests/support/wallet-fixtures.ts";
import { call, ORIGIN, registerUser } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

const BASE = ORIGIN; // identifiers are minted under the https form of the host asked (ORIGIN is https already)
const HOME_OFFICE = `${BASE}/issuers/home-office`;

function decodePayload(vcJwt: string): Record<string, any> {
  const [jwt] = vcJwt.split("~");
  return JSON.parse(atob(jwt!.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
}

async function issuerKeys(issuerPath: string): Promise<PublicJwk[]> {
  const response = await call(`/.well-known/jwt-vc-issuer/issuers/${issuerPath}`);
  expect(response.status).toBe(200);
  const metadata = (await response.json()) as { issuer: string; jwks: { keys: PublicJwk[] } };
  expect(metadata.issuer).toBe(`${BASE}/issuers/${issuerPath}`);
  return metadata.jwks.keys;
}

/** The authority's status-list key, from its status issuer's metadata (not its credential key: ADR 028). */
async function statusListKeys(issuerId: string): Promise<PublicJwk[]> {
  const response = await call(`/.well-known/jwt-vc-issuer/status/issuers/${issuerId}`);
  expect(response.status).toBe(200);
  const metadata = (await response.json()) as { issuer: string; jwks: { keys: PublicJwk[] } };
  expect(metadata.issuer).toBe(`${BASE}/status/issuers/${issuerId}`);
  return metadata.jwks.keys;
}

async function statusOf(vcJwt: string, keys: PublicJwk[]) {
  const { status } = decodePayload(vcJwt);
  const uri: string = status.status_list.uri;
  const response = await call(new URL(uri).pathname);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/statuslist+jwt");
  const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("cache-control") ?? "")?.[1]);
  expect(maxAge).toBeGreaterThan(0);
  expect(maxAge).toBeLessThanOrEqual(60);
  const verified = await verifyStatusListToken(new TextDecoder().decode(await response.arrayBuffer()), {
    trustedKeys: keys,
    expectedSub: uri,
    now: Math.floor(Date.now() / 1000),
    clockSkewSeconds: 5,
    maxInflatedBytes: 1 << 20,
    idx: status.status_list.idx,
  });
  if (!verified.valid) throw new Error(`status token did not verify: ${verified.code}`);
  expect(verified.ttl).toBeLessThanOrEqual(60);
  return verified.value;
}

describe("issuance: POST /api/vc/{type}/issue with proof of possession", () => {
  it("refuses visitors who are not signed in", async () => {
    expect((await call("/api/vc/nonce", { method: "POST" })).status).toBe(401);
    expect((await call("/api/vc/rtw/issue", { body: { proof: "x" } })).status).toBe(401);
  });

  it("takes the claims from this person's own authority record, not from anyone else's", async () => {
    const { user, cookie } = await registerUser();
    await db()
      .insert(authorityRecords)
      .values({
        userId: user.id,
        type: "rtw",
        issuerId: "home-office",
        validUntil: new Date(Date.now() + 400 * 86_400_000),
        attributes: {
          given_name: "Amira",
          family_name: "Khan",
          birthdate: "1979-02-03",
          hasRightToWork: true,
          workRestrictions: "20 hours a week in term time",
          expiryDate: "2027-12-31",
        },
      });
    const issued = await issueCredential(cookie, "rtw");
    expect(Date.parse(issued.expiresAt!)).toBeGreaterThan(Date.now() + 399 * 86_400_000);
    const claims = await credentialClaims(issued.vcJwt);
    expect(claims).toEqual({
      given_name: "Amira",
      family_name: "Khan",
      birthdate: "1979-02-03",
      hasRightToWork: true,
      workRestrictions: "20 hours a week in term time",
      expiryDate: "2027-12-31",
    });
  });

  it("issues a right-to-work SD-JWT VC bound to the device key, verifiable with the published issuer key", async () => {
    const { cookie } = await citizenWithRecords();
    const holder = await makeHolder();
    const response = await requestIssue(cookie, holder);
    expect(response.status).toBe(201);
    const credential = (await response.json()) as IssuedCredential;
    expect(credential).toMatchObject({
      type: "rtw",
      status: "active",
      issuer: HOME_OFFICE,
      display: { title: "Right to Work", authority: "Home Office" },
    });

    const [header] = credential.vcJwt.split(".");
    expect(JSON.parse(atob(header!.replace(/-/g, "+").replace(/_/g, "/")))).toMatchObject({
      typ: "dc+sd-jwt",
      alg: "EdDSA",
    });
    const payload = decodePayload(credential.vcJwt);
    expect(payload).toMatchObject({
      iss: HOME_OFFICE,
      vct: `${BASE}/vct/right-to-work`,
      _sd_alg: "sha-256",
      cnf: { jwk: holder.publicJwk },
    });
    // Every personal claim is disclosable, none in clear.
    for (const name of ["given_name", "family_name", "birthdate", "hasRightToWork", "workRestrictions", "expiryDate"])
      expect(payload).not.toHaveProperty(name);

    // A verifier with the published keys accepts a presentation the device makes.
    const keys = await issuerKeys("home-office");
    const presentation = await presentCredential({
      sdJwt: credential.vcJwt,
      disclose: ["hasRightToWork", "workRestrictions", "expiryDate", "given_name", "family_name", "birthdate"],
      holderPrivateKey: holder.privateKey,
      nonce: "n-1",
      aud: "https://verifier.example",
      iat: Math.floor(Date.now() / 1000),
    });
    const verified = await verifyPresentation(presentation, {
      trustedIssuers: { [HOME_OFFICE]: { keys, algorithms: ["EdDSA"] } },
      requireKeyBinding: true,
      expectedNonce: "n-1",
      expectedAudience: "https://verifier.example",
      kbAlgorithms: ["ES256"],
      maxKbAgeSeconds: 300,
      clockSkewSeconds: 5,
      now: Math.floor(Date.now() / 1000),
    });
    if (!verified.valid) throw new Error(verified.code);
    expect(verified.claims).toMatchObject({
      hasRightToWork: true,
      workRestrictions: "None",
      given_name: "Sarah",
      family_name: "Thompson",
      birthdate: "1990-04-12",
    });
    expect(await statusOf(credential.vcJwt, await statusListKeys("home-office"))).toBe(0);
  });

  it("issues every type from its own authority", async () => {
    const { cookie } = await citizenWithRecords();
    const holder = await makeHolder();
    for (const [type, issuer] of [
      ["rtr", "home-office"],
      ["dbs", "dbs"],
      ["driving_licence", "dvla"],
      ["professional_certificate", "professional-body"],
    ] as const) {
      const response = await requestIssue(cookie, holder, type);
      expect(response.status, type).toBe(201);
      const credential = (await response.json()) as IssuedCredential;
      expect(credential.issuer).toBe(`${BASE}/issuers/${issuer}`);
      expect(await statusOf(credential.vcJwt, await statusListKeys(issuer))).toBe(0);
    }
  });

  it("requires a proof over a fresh nonce of this user's, once, signed by the key it names, for this issuer", async () => {
    const { cookie } = await citizenWithRecords();
    const other = await citizenWithRecords();
    const holder = await makeHolder();
    const stranger = await makeHolder();

    const missing = await call("/api/vc/rtw/issue", { body: {}, cookie });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toMatch(/proof of possession/);

    const unknownNonce = await call("/api/vc/rtw/issue", {
      body: { proof: await proofFor(holder, "made-up") },
      cookie,
    });
    expect(unknownNonce.status).toBe(400);

    const othersNonce = await call("/api/vc/rtw/issue", {
      body: { proof: await proofFor(holder, await nonceFor(other.cookie)) },
      cookie,
    });
    expect(othersNonce.status).toBe(400);

    const wrongKey = await call("/api/vc/rtw/issue", {
      body: { proof: await proofFor(holder, await nonceFor(cookie), { signer: stranger.privateKey }) },
      cookie,
    });
    expect(wrongKey.status).toBe(400);

    const wrongAudience = await call("/api/vc/rtw/issue", {
      body: { proof: await proofFor(holder, await nonceFor(cookie), { aud: `${BASE}/issuers/dbs` }) },
      cookie,
    });
    expect(wrongAudience.status).toBe(400);

    const stale = await call("/api/vc/rtw/issue", {
      body: { proof: await proofFor(holder, await nonceFor(cookie), { iat: Math.floor(Date.now() / 1000) - 3600 }) },
      cookie,
    });
    expect(stale.status).toBe(400);

    const nonce = await nonceFor(cookie);
    const proof = await proofFor(holder, nonce);
    expect((await call("/api/vc/rtw/issue", { body: { proof }, cookie })).status).toBe(201);
    const replay = await call("/api/vc/rtw/issue", { body: { proof }, cookie });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { message: string }).message).toMatch(/nonce/);
  });

  it("answers 404 with a clear message when the authority has no record, and for an unknown type", async () => {
    const { cookie } = await registerUser();
    const response = await requestIssue(cookie, await makeHolder());
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe(
      "The Home Office holds no Right to Work record for you yet. An assisted-digital session can add one.",
    );
    const unknown = await call("/api/vc/passport/issue", { body: { proof: "x.y.z" }, cookie });
    expect(unknown.status).toBe(404);
  });

  it("re-issuing to another device revokes and hides the old copy", async () => {
    const { cookie } = await citizenWithRecords();
    const first = await issueCredential(cookie);
    const second = await issueCredential(cookie);
    expect(second.holderKeyThumbprint).not.toBe(first.holderKeyThumbprint);
    const list = (await (await call("/api/wallet/credentials", { cookie })).json()) as IssuedCredential[];
    expect(list.map((c) => c.id)).toEqual([second.id]);
    expect(await statusOf(first.vcJwt, await statusListKeys("home-office"))).toBe(1);
  });
});

/** The web wallet's request for several copies (issue 22): one proof per key, all over `nonce`. */
async function requestCopies(cookie: string, holders: Holder[], nonce?: string): Promise<Response> {
  const shared = nonce ?? (await nonceFor(cookie));
  const proofs = await Promise.all(holders.map((holder) => proofFor(holder, shared)));
  return call("/api/vc/rtw/issue", { body: { proofs }, cookie });
}

describe("issuance in copies: POST /api/vc/{type}/issue with one proof per key (issue 22)", () => {
  it("issues one credential in three copies, each bound to its own key and on its own status index, listed once", async () => {
    const { user, cookie } = await citizenWithRecords();
    const holders = await Promise.all([makeHolder(), makeHolder(), makeHolder()]);
    const response = await requestCopies(cookie, holders);
    expect(response.status, await response.clone().text()).toBe(201);
    const issued = (await response.json()) as IssuedCredential;
    expect(issued.copies).toHaveLength(3);
    expect(issued.id).toBe(issued.copies[0]!.id);

    const payloads = issued.copies.map((copy) => decodePayload(copy.vcJwt));
    const cnfThumbprints = await Promise.all(payloads.map((p) => jwkThumbprint(p.cnf.jwk)));
    const holderThumbprints = await Promise.all(holders.map((h) => jwkThumbprint(h.publicJwk)));
    expect(new Set(cnfThumbprints)).toEqual(new Set(holderThumbprints));
    expect(issued.copies.map((copy) => copy.holderKeyThumbprint)).toEqual(cnfThumbprints);
    expect(new Set(payloads.map((p) => p.status.status_list.idx)).size).toBe(3);

    const rows = await db().select().from(credentials).where(eq(credentials.userId, user.id));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.issuanceId)).size).toBe(1);

    // The wallet, the dashboard and the profile count the credential once.
    const listed = (await (await call("/api/wallet/credentials", { cookie })).json()) as IssuedCredential[];
    expect(listed.map((c) => c.id)).toEqual([issued.id]);
    expect(listed[0]!.copies.map((copy) => copy.id)).toEqual(issued.copies.map((copy) => copy.id));
    const stats = (await (await call("/api/dashboard/stats", { cookie })).json()) as {
      stats: { myCredentials: number };
    };
    expect(stats.stats.myCredentials).toBe(1);

    // Each copy presents on its own key, and verifies.
    const keys = await issuerKeys("home-office");
    for (const [n, copy] of issued.copies.entries()) {
      const holder = holders[holderThumbprints.indexOf(copy.holderKeyThumbprint!)]!;
      const presentation = await presentCredential({
        sdJwt: copy.vcJwt,
        disclose: ["hasRightToWork"],
        holderPrivateKey: holder.privateKey,
        nonce: `n-${n}`,
        aud: "https://verifier.example",
        iat: Math.floor(Date.now() / 1000),
      });
      const verified = await verifyPresentation(presentation, {
        trustedIssuers: { [HOME_OFFICE]: { keys, algorithms: ["EdDSA"] } },
        requireKeyBinding: true,
        expectedNonce: `n-${n}`,
        expectedAudience: "https://verifier.example",
        kbAlgorithms: ["ES256"],
        maxKbAgeSeconds: 300,
        clockSkewSeconds: 5,
        now: Math.floor(Date.now() / 1000),
      });
      if (!verified.valid) throw new Error(verified.code);
    }
  });

  it("refuses a repeated key, more than three proofs and proofs over different nonces: 400, nothing issued", async () => {
    const { user, cookie } = await citizenWithRecords();
    const [a, b, c, d] = await Promise.all([makeHolder(), makeHolder(), makeHolder(), makeHolder()]);
    const refusals = [
      await requestCopies(cookie, [a!, b!, a!]),
      await requestCopies(cookie, [a!, b!, c!, d!]),
      await call("/api/vc/rtw/issue", {
        body: { proofs: [await proofFor(a!, await nonceFor(cookie)), await proofFor(b!, await nonceFor(cookie))] },
        cookie,
      }),
      await call("/api/vc/rtw/issue", { body: { proofs: [] }, cookie }),
    ];
    for (const refusal of refusals) expect(refusal.status, await refusal.clone().text()).toBe(400);
    expect(((await refusals[0]!.json()) as { code: string }).code).toBe("PROOF_INVALID");
    expect(((await refusals[1]!.json()) as { code: string }).code).toBe("PROOF_INVALID");
    expect(((await refusals[2]!.json()) as { code: string }).code).toBe("PROOF_NONCE");
    expect(await db().select().from(credentials).where(eq(credentials.userId, user.id))).toEqual([]);

    // A refused request leaves its nonce unspent: the same nonce with good proofs issues.
    const nonce = await nonceFor(cookie);
    expect((await requestCopies(cookie, [a!, a!], nonce)).status).toBe(400);
    expect((await requestCopies(cookie, [a!, b!], nonce)).status).toBe(201);
  });

  it("revoking the credential revokes every copy; a re-issue replaces every copy", async () => {
    const { cookie } = await citizenWithRecords();
    const first = (await (
      await requestCopies(cookie, await Promise.all([makeHolder(), makeHolder(), makeHolder()]))
    ).json()) as IssuedCredential;
    const second = (await (
      await requestCopies(cookie, await Promise.all([makeHolder(), makeHolder(), makeHolder()]))
    ).json()) as IssuedCredential;
    const keys = await statusListKeys("home-office");
    for (const copy of first.copies) expect(await statusOf(copy.vcJwt, keys)).toBe(1);
    for (const copy of second.copies) expect(await statusOf(copy.vcJwt, keys)).toBe(0);
    const listed = (await (await call("/api/wallet/credentials", { cookie })).json()) as IssuedCredential[];
    expect(listed.map((c) => c.id)).toEqual([second.id]);

    await revokeAsAdmin(second.id);
    for (const copy of second.copies) expect(await statusOf(copy.vcJwt, keys)).toBe(1);
    const after = (await (await call("/api/wallet/credentials", { cookie })).json()) as IssuedCredential[];
    expect(after.map((c) => [c.id, c.status])).toEqual([[second.id, "revoked"]]);
  });
});

describe("GET /api/wallet/credentials", () => {
  it("lists only the signed-in user's credentials, with expiry read as expired", async () => {
    const alice = await citizenWithRecords();
    const bob = await citizenWithRecords();
    const issued = await issueCredential(alice.cookie);
    const aliceList = (await (
      await call("/api/wallet/credentials", { cookie: alice.cookie })
    ).json()) as IssuedCredential[];
    expect(aliceList.map((c) => c.id)).toEqual([issued.id]);
    expect((await (await call("/api/wallet/credentials", { cookie: bob.cookie })).json()) as unknown[]).toEqual([]);
    expect((await call("/api/wallet/credentials")).status).toBe(401);

    await db()
      .update(credentials)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(credentials.id, issued.id));
    const after = (await (
      await call("/api/wallet/credentials", { cookie: alice.cookie })
    ).json()) as IssuedCredential[];
    expect(after[0]!.status).toBe("expired");
  });
});

describe("revocation: POST /api/credentials/{id}/revoke", () => {
  it("lets an administrator revoke: revokedAt set, the bit set and republished; citizens get 403", async () => {
    const { cookie } = await citizenWithRecords();
    const issued = await issueCredential(cookie);
    const keys = await statusListKeys("home-office");

    const byOwner = await call(`/api/credentials/${issued.id}/revoke`, { method: "POST", cookie });
    expect(byOwner.status).toBe(403);
    expect(await statusOf(issued.vcJwt, keys)).toBe(0);

    const adminCookie = await signInAdmin();
    const [before] = await db()
      .select()
      .from(statusLists)
      .where(
        eq(
          statusLists.id,
          (await db().select().from(credentials).where(eq(credentials.id, issued.id)))[0]!.statusListId!,
        ),
      );
    const revoked = await call(`/api/credentials/${issued.id}/revoke`, {
      body: { reason: "Permission withdrawn" },
      cookie: adminCookie,
    });
    expect(revoked.status).toBe(200);
    const body = (await revoked.json()) as { status: string; revokedAt: string; vcJwt?: string };
    expect(body.status).toBe("revoked");
    expect(Date.parse(body.revokedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(body).not.toHaveProperty("vcJwt");

    const [after] = await db().select().from(statusLists).where(eq(statusLists.id, before!.id));
    expect(after!.version).toBeGreaterThan(before!.version);
    expect(await statusOf(issued.vcJwt, keys)).toBe(1);
    const list = (await (await call("/api/wallet/credentials", { cookie })).json()) as IssuedCredential[];
    expect(list[0]).toMatchObject({ id: issued.id, status: "revoked" });

    // Idempotent; an unknown id is 404; a malformed body is 400.
    expect((await call(`/api/credentials/${issued.id}/revoke`, { method: "POST", cookie: adminCookie })).status).toBe(
      200,
    );
    expect(
      (await call(`/api/credentials/${crypto.randomUUID()}/revoke`, { method: "POST", cookie: adminCookie })).status,
    ).toBe(404);
    expect((await call(`/api/credentials/not-a-uuid/revoke`, { method: "POST", cookie: adminCookie })).status).toBe(
      404,
    );
    expect(
      (
        await call(`/api/credentials/${issued.id}/revoke`, {
          rawBody: "{",
          headers: { "Content-Type": "application/json" },
          cookie: adminCookie,
        })
      ).status,
    ).toBe(400);
  });
});

describe("shares of a credential", () => {
  it("lets the owner share an active credential for 24 hours, list and revoke it; others get 404", async () => {
    const alice = await citizenWithRecords();
    const bob = await citizenWithRecords();
    const issued = await issueCredential(alice.cookie);

    expect((await call(`/api/credentials/${issued.id}/shares`, { body: {}, cookie: bob.cookie })).status).toBe(404);
    const created = await call(`/api/credentials/${issued.id}/shares`, {
      body: { purpose: "Employment check" },
      cookie: alice.cookie,
    });
    expect(created.status).toBe(201);
    const share = (await created.json()) as {
      id: string;
      status: string;
      purpose: string;
      sharedDate: string;
      expiryDate: string;
      verifyPath: string;
    };
    expect(share.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(share.id).not.toContain(issued.id);
    expect(share.status).toBe("active");
    expect(Date.parse(share.expiryDate) - Date.parse(share.sharedDate)).toBe(24 * 60 * 60 * 1000);

    const list = (await (await call("/api/shares", { cookie: alice.cookie })).json()) as { id: string }[];
    expect(list.map((s) => s.id)).toEqual([share.id]);
    expect((await (await call("/api/shares", { cookie: bob.cookie })).json()) as unknown[]).toEqual([]);

    expect((await call(`/api/shares/${share.id}/revoke`, { method: "POST", cookie: bob.cookie })).status).toBe(404);
    const revoked = await call(`/api/shares/${share.id}/revoke`, { method: "POST", cookie: alice.cookie });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as { status: string }).status).toBe("revoked");

    // A revoked credential cannot be shared.
    await revokeAsAdmin(issued.id);
    expect((await call(`/api/credentials/${issued.id}/shares`, { body: {}, cookie: alice.cookie })).status).toBe(409);
  });
});
