import { createScheduledController, env } from "cloudflare:test";
import { SubjectAlternativeNameExtension, X509Certificate } from "@peculiar/x509";
import { and, eq } from "drizzle-orm";
import { decodeJwt, decodeProtectedHeader, importJWK, type JWK, jwtVerify } from "jose";
import { describe, expect, it, vi } from "vitest";
import worker from "#app/entry.worker.ts";
import { systemLogs, users, verifierOrganisations } from "#db/schema/index.ts";
import { call, json, ORIGIN, registerUser, registerUserWithRole, uniqueName } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * Registering a verifier organisation is the web worker's (ADR 034): it alone holds the trust
 * anchor's key, signs the organisation's Verifier Attestation once, stores it with the
 * organisation, and signs it again on renewal (an administrator's act, or its daily run). The
 * verifier worker (reached here through the web worker's forwarding) only reads it.
 */

/** Each test signs up people (Argon2id at OWASP's cost): a budget for a busy machine (ADR 025). */
const BUDGET = 30_000;
const YEAR_S = 365 * 24 * 60 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Registered {
  id: string;
  name: string;
  allowedChecks: string[];
  attestationExpiresAt: string;
}

const register = (cookie: string, body: Record<string, unknown>) =>
  call("/api/verifier-organisations", { body, cookie });

const stored = async (id: string) =>
  (await db().select().from(verifierOrganisations).where(eq(verifierOrganisations.id, id)))[0]!;

/** The trust anchor's public key as wallets get it: from the platform's published keys, by kid. */
async function publishedAnchor(kid: unknown): Promise<JWK> {
  const { keys } = await json<{ keys: JWK[] }>(await call("/api/verifications/trust-anchor"));
  const key = keys.find((k) => k.kid === kid);
  if (!key) throw new Error(`the platform publishes no trust anchor key ${String(kid)}`);
  return key;
}

/** Verifies an attestation as a wallet does: the published anchor's signature, typ, iss and sub. */
async function verifyAttestation(jwt: string, organisationId: string) {
  const anchor = await publishedAnchor(decodeProtectedHeader(jwt).kid);
  const { payload } = await jwtVerify(jwt, await importJWK(anchor, "ES256"), {
    typ: "verifier-attestation+jwt",
    issuer: `${ORIGIN}/trust-anchor`,
    subject: `${ORIGIN}/verifiers/${organisationId}`,
    algorithms: ["ES256"],
  });
  return payload;
}

/** An administrator's audit rows of `event` about `organisationId` (written after the answer: polled). */
async function auditRows(adminId: string, event: string, organisationId: string) {
  let rows: (typeof systemLogs.$inferSelect)[] = [];
  await vi.waitFor(
    async () => {
      rows = (
        await db()
          .select()
          .from(systemLogs)
          .where(and(eq(systemLogs.category, "admin"), eq(systemLogs.userId, adminId)))
      ).filter((row) => row.metadata?.event === event && row.metadata?.organisationId === organisationId);
      expect(rows).toHaveLength(1);
    },
    { timeout: 5_000 },
  );
  return rows;
}

describe("POST /api/verifier-organisations (administrators)", () => {
  it(
    "registers an organisation with its attestation signed and stored: it verifies against the published trust anchor, names the verifier's request key, and its member's request objects carry it",
    async () => {
      const admin = await registerUserWithRole("admin");
      const member = await registerUserWithRole("verifier");
      const name = uniqueName("Northwind Care Homes ");
      const response = await register(admin.cookie, {
        name,
        allowedChecks: ["dbs", "rtw", "dbs"],
        memberUsername: member.username.toUpperCase(),
      });
      expect(response.status).toBe(201);
      const organisation = await json<Registered>(response);
      expect(organisation).toMatchObject({ name, allowedChecks: ["dbs", "rtw"] });

      const row = await stored(organisation.id);
      expect(row.identifierBase).toBe(ORIGIN);
      const attested = await verifyAttestation(row.attestation!, organisation.id);
      expect(attested.client_name).toBe(name);
      expect(attested.exp! - attested.iat!).toBe(YEAR_S);
      expect(row.attestationExpiresAt!.getTime()).toBe(attested.exp! * 1000);
      expect(organisation.attestationExpiresAt).toBe(row.attestationExpiresAt!.toISOString());
      // cnf: the key the verifier signs request objects with, as published.
      const { keys } = await json<{ keys: JWK[] }>(await call("/api/verifications/keys"));
      const service = keys.find((k) => k.kid !== decodeProtectedHeader(row.attestation!).kid)!;
      expect((attested.cnf as { jwk: JWK }).jwk).toEqual({ kty: "EC", crv: "P-256", x: service.x, y: service.y });

      // The member acts for it: the request object the verifier serves carries the stored attestation.
      const created = await call("/api/presentations/requests", {
        body: { credentialType: "dbs", purpose: "Care worker hire" },
        cookie: member.cookie,
      });
      expect(created.status).toBe(201);
      const { requestUri, clientId } = await json<{ requestUri: string; clientId: string }>(created);
      expect(clientId).toBe(`verifier_attestation:${ORIGIN}/verifiers/${organisation.id}`);
      const object = await call(new URL(requestUri).pathname);
      expect(object.status).toBe(200);
      const jwt = new TextDecoder().decode(await object.arrayBuffer());
      expect(decodeProtectedHeader(jwt).jwt).toBe(row.attestation);
      await jwtVerify(jwt, await importJWK(service, "ES256"));

      const [registered] = await auditRows(admin.user.id, "organisation registered", organisation.id);
      expect(registered!.metadata).toMatchObject({ name, allowedChecks: ["dbs", "rtw"], username: admin.username });
      const [assigned] = await auditRows(admin.user.id, "organisation member assigned", organisation.id);
      expect(assigned!.metadata).toMatchObject({ memberId: member.user.id, memberUsername: member.username });
    },
    BUDGET,
  );

  it(
    "is refused to anyone but an administrator (401, 403), and registers nothing",
    async () => {
      const name = uniqueName("Not Registered Ltd ");
      expect((await register("", { name, allowedChecks: ["rtw"] })).status).toBe(401);
      for (const role of ["verifier", "citizen", "operator"]) {
        const other = await registerUserWithRole(role);
        expect((await register(other.cookie, { name, allowedChecks: ["rtw"] })).status, role).toBe(403);
      }
      expect(await db().select().from(verifierOrganisations).where(eq(verifierOrganisations.name, name))).toEqual([]);
      expect((await call("/api/verifier-organisations")).status).toBe(405);
    },
    BUDGET,
  );

  it(
    "refuses a name already registered (409), whatever its case or spaces, and a member who is not a verifier (400), registering nothing",
    async () => {
      const admin = await registerUserWithRole("admin");
      const citizen = await registerUser();
      const name = uniqueName("Acme Logistics ");
      for (const memberUsername of [citizen.username, "nobody-by-this-name"]) {
        const refused = await register(admin.cookie, { name, allowedChecks: ["rtr"], memberUsername });
        expect(refused.status).toBe(400);
        expect((await json<{ message: string }>(refused)).message).toMatch(/memberUsername must name a verifier/);
      }
      expect((await db().select().from(users).where(eq(users.id, citizen.user.id)))[0]!.organisationId).toBeNull();
      expect((await register(admin.cookie, { name, allowedChecks: ["rtw"] })).status).toBe(201);
      for (const again of [name, `  ${name} `, name.toUpperCase()]) {
        const response = await register(admin.cookie, { name: again, allowedChecks: ["rtw"] });
        expect(response.status).toBe(409);
        expect(await response.json()).toMatchObject({ code: "ORGANISATION_EXISTS" });
      }
      // An administrator reading Welsh reads the refusal in Welsh; its code is the same.
      const welsh = await register(`${admin.cookie}; lang=cy`, { name, allowedChecks: ["rtw"] });
      expect(welsh.status).toBe(409);
      expect(await welsh.json()).toEqual({
        message: "Mae sefydliad â'r enw hwn eisoes wedi'i gofrestru",
        code: "ORGANISATION_EXISTS",
      });
      expect((await register(admin.cookie, { name: "x", allowedChecks: [] })).status).toBe(400);
    },
    BUDGET,
  );
});

describe("renewing an organisation's attestation", () => {
  /** An organisation of the test's own, registered by `admin`, with its expiry moved to `expiresAt` as an older signing left it. */
  async function organisationEnding(adminCookie: string, expiresAt: Date | null) {
    const organisation = await json<Registered>(
      await register(adminCookie, { name: uniqueName("Renewal Lettings "), allowedChecks: ["rtr"] }),
    );
    const before = await stored(organisation.id);
    if (expiresAt === null)
      await db()
        .update(verifierOrganisations)
        .set({ attestation: null, attestationExpiresAt: null })
        .where(eq(verifierOrganisations.id, organisation.id));
    else
      await db()
        .update(verifierOrganisations)
        .set({ attestationExpiresAt: expiresAt })
        .where(eq(verifierOrganisations.id, organisation.id));
    return { organisation, before };
  }

  it(
    "an administrator signs it again for a year (POST …/{id}/attestation), audited; anyone else is refused and an unknown id is 404",
    async () => {
      const admin = await registerUserWithRole("admin");
      const { organisation } = await organisationEnding(admin.cookie, null);
      const verifier = await registerUserWithRole("verifier");
      await db().update(users).set({ organisationId: organisation.id }).where(eq(users.id, verifier.user.id));
      // Missing: its verifier cannot make a request.
      const refused = await call("/api/presentations/requests", {
        body: { credentialType: "rtr", purpose: "Tenancy" },
        cookie: verifier.cookie,
      });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "ORGANISATION_NOT_ATTESTED" });

      const path = `/api/verifier-organisations/${organisation.id}/attestation`;
      expect((await call(path, { method: "POST" })).status).toBe(401);
      expect((await call(path, { method: "POST", cookie: verifier.cookie })).status).toBe(403);
      expect((await stored(organisation.id)).attestation).toBeNull();
      expect(
        (
          await call(`/api/verifier-organisations/${crypto.randomUUID()}/attestation`, {
            method: "POST",
            cookie: admin.cookie,
          })
        ).status,
      ).toBe(404);

      const renewed = await call(path, { method: "POST", cookie: admin.cookie });
      expect(renewed.status).toBe(200);
      const row = await stored(organisation.id);
      const attested = await verifyAttestation(row.attestation!, organisation.id);
      expect(attested.exp! * 1000).toBe(row.attestationExpiresAt!.getTime());
      expect(row.attestationExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 364 * DAY_MS);
      expect(await json<{ attestationExpiresAt: string }>(renewed)).toMatchObject({
        id: organisation.id,
        attestationExpiresAt: row.attestationExpiresAt!.toISOString(),
      });
      await auditRows(admin.user.id, "organisation attestation renewed", organisation.id);
      // Its verifier can now ask.
      expect(
        (
          await call("/api/presentations/requests", {
            body: { credentialType: "rtr", purpose: "Tenancy" },
            cookie: verifier.cookie,
          })
        ).status,
      ).toBe(201);
    },
    BUDGET,
  );

  it(
    "the web worker's daily run signs again those ending within 30 days or missing, and leaves the rest as they are",
    async () => {
      const admin = await registerUserWithRole("admin");
      const now = Date.now();
      const ending = await organisationEnding(admin.cookie, new Date(now + 10 * DAY_MS));
      const missing = await organisationEnding(admin.cookie, null);
      const current = await organisationEnding(admin.cookie, new Date(now + 200 * DAY_MS));
      // Registered before the deployment had an X.509 root: in date, but no verifier certificate (ADR 051).
      const uncertified = await organisationEnding(admin.cookie, new Date(now + 200 * DAY_MS));
      expect(uncertified.before.x509Chain).toHaveLength(2);
      await db()
        .update(verifierOrganisations)
        .set({ x509Chain: null })
        .where(eq(verifierOrganisations.id, uncertified.organisation.id));

      // The worker's cron trigger, as the runtime calls it, at the run's own time.
      await worker.scheduled(
        createScheduledController({ scheduledTime: now, cron: "17 3 * * *" }),
        env as unknown as Record<string, unknown>,
      );

      for (const { organisation, before } of [ending, missing]) {
        const row = await stored(organisation.id);
        expect(row.attestation).not.toBe(before.attestation);
        const attested = await verifyAttestation(row.attestation!, organisation.id);
        // Dated by the run's own time.
        expect(attested.iat).toBe(Math.floor(now / 1000));
        expect(row.attestationExpiresAt!.getTime()).toBe((Math.floor(now / 1000) + YEAR_S) * 1000);
      }
      const untouched = await stored(current.organisation.id);
      expect(untouched.attestation).toBe(current.before.attestation);
      expect(untouched.attestationExpiresAt!.getTime()).toBe(now + 200 * DAY_MS);
      expect(decodeJwt(untouched.attestation!).client_name).toBe(current.organisation.name);
      expect(untouched.x509Chain).toEqual(current.before.x509Chain);
      // Signed again with its attestation: a leaf naming it, from the same verifier CA as the others.
      const certified = await stored(uncertified.organisation.id);
      expect(certified.x509Chain).toHaveLength(2);
      expect(certified.x509Chain![1]).toBe(current.before.x509Chain![1]);
      const leaf = new X509Certificate(certified.x509Chain![0]!);
      expect(leaf.getExtension(SubjectAlternativeNameExtension)!.names.toJSON()).toEqual([
        { type: "url", value: `${ORIGIN}/verifiers/${uncertified.organisation.id}` },
      ]);
      expect(await leaf.verify({ publicKey: new X509Certificate(certified.x509Chain![1]!).publicKey })).toBe(true);
    },
    BUDGET,
  );
});

describe("the websites an organisation asks from through the Digital Credentials API (ADR 054)", () => {
  const setOrigins = (cookie: string, id: string, body: unknown) =>
    call(`/api/verifier-organisations/${id}/web-origins`, { body, cookie });
  const dcApiOrigins = async (cookie: string) => {
    const created = await json<{ id: string }>(
      await call("/api/presentations/requests", { body: { credentialType: "rtw", purpose: "Hiring" }, cookie }),
    );
    const { data } = await json<{ data: { request: string } }>(
      await call(`/api/presentations/requests/${created.id}/dc-api`),
    );
    return decodeJwt(data.request).expected_origins;
  };

  it(
    "are registered with the organisation, replaced by an administrator (audited), and become its requests' expected_origins",
    async () => {
      const admin = await registerUserWithRole("admin");
      const member = await registerUserWithRole("verifier");
      const response = await register(admin.cookie, {
        name: uniqueName("Lettings Direct "),
        allowedChecks: ["rtw", "rtr"],
        memberUsername: member.username,
        webOrigins: ["https://lettings.example", "http://localhost:8787"],
      });
      expect(response.status).toBe(201);
      const { id } = await json<Registered>(response);
      expect((await stored(id)).webOrigins).toEqual(["https://lettings.example", "http://localhost:8787"]);
      expect(await dcApiOrigins(member.cookie)).toEqual([ORIGIN, "https://lettings.example", "http://localhost:8787"]);

      const replaced = await setOrigins(admin.cookie, id, { webOrigins: ["https://www.lettings.example"] });
      expect(replaced.status).toBe(200);
      expect(await json(replaced)).toEqual({ id, webOrigins: ["https://www.lettings.example"] });
      expect(await dcApiOrigins(member.cookie)).toEqual([ORIGIN, "https://www.lettings.example"]);
      const [audited] = await auditRows(admin.user.id, "organisation web origins set", id);
      expect(audited!.metadata).toMatchObject({
        previous: ["https://lettings.example", "http://localhost:8787"],
        webOrigins: ["https://www.lettings.example"],
      });
    },
    BUDGET,
  );

  it(
    "refuses what is not a website's origin (400), anyone but an administrator (401, 403), and an unknown organisation (404), changing nothing",
    async () => {
      const admin = await registerUserWithRole("admin");
      const { id } = await json<Registered>(
        await register(admin.cookie, { name: uniqueName("Origins Ltd "), allowedChecks: ["rtw"] }),
      );
      for (const origin of [
        "https://shop.example/",
        "https://shop.example/checkout",
        "http://shop.example",
        "shop.example",
        "javascript:alert(1)",
        "https://shop.example?x=1",
      ]) {
        const refused = await setOrigins(admin.cookie, id, { webOrigins: [origin] });
        expect(refused.status, origin).toBe(400);
      }
      expect((await setOrigins(admin.cookie, id, { webOrigins: "https://shop.example" })).status).toBe(400);
      expect((await setOrigins("", id, { webOrigins: [] })).status).toBe(401);
      const verifier = await registerUserWithRole("verifier");
      expect((await setOrigins(verifier.cookie, id, { webOrigins: [] })).status).toBe(403);
      expect((await setOrigins(admin.cookie, crypto.randomUUID(), { webOrigins: [] })).status).toBe(404);
      expect((await stored(id)).webOrigins).toEqual([]);
    },
    BUDGET,
  );

  it(
    "the request's link, opened by someone not signed in: who asks and why, a way to sign in, and the QR code for a browser without the API",
    async () => {
      const admin = await registerUserWithRole("admin");
      const member = await registerUserWithRole("verifier");
      const name = uniqueName("Corner Shop ");
      await register(admin.cookie, { name, allowedChecks: ["age"], memberUsername: member.username });
      const created = await json<{ walletLink: string; authorizationRequest: string }>(
        await call("/api/presentations/requests", {
          body: { credentialType: "age", purpose: "Selling a knife" },
          cookie: member.cookie,
        }),
      );
      const link = new URL(created.walletLink);
      const page = await call(link.pathname + link.search);
      expect(page.status).toBe(200);
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      const html = await page.text();
      expect(html).toContain("Answer a verification request");
      expect(html).toContain(name);
      expect(html).toContain("Selling a knife");
      expect(html).toContain(`/login?next=${encodeURIComponent(link.pathname + link.search)}`.replaceAll("&", "&amp;"));
      // Server-rendered without the API (it is known only in the browser): the QR code of the same request.
      expect(html).toContain(`data-qr-value="${created.authorizationRequest.replaceAll("&", "&amp;")}"`);

      const broken = await call(
        `/wallet/present?client_id=x&request_uri=${encodeURIComponent("https://elsewhere.example/r")}`,
      );
      expect(broken.status).toBe(400);
      expect(await broken.text()).toContain("This request cannot be answered");
    },
    BUDGET,
  );
});
