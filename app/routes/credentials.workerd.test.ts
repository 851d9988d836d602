import { and, eq } from "drizzle-orm";
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from "jose";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it, vi } from "vitest";
import { formats } from "#core/format/locale.ts";
import { credentials, shares, systemLogs, walletEvents } from "#db/schema/index.ts";
import { pdfText } from "#tests/support/pdf-text.ts";
import { citizenWithRecords, issueCredential, revokeAsAdmin, shareOf } from "#tests/support/wallet-fixtures.ts";
import { call, ORIGIN } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * /credentials, the credential certificate (/credentials/<type>_certificate.pdf) and the signed
 * verification certificate of a share (/api/shares/download/{id}), through the real web worker
 * with the status worker bound (issue 4 "Citizen screens, real data"; spec 000 §2, §4, §7).
 * Credentials are issued through the API with a device key, as the wallet does.
 */

const DAY_MS = 86_400_000;

interface PageData {
  credentials: {
    id: string;
    type: string;
    status: string;
    typeName: string;
    authorityName: string;
    badge: string;
    note: string | null;
    issued: string;
    expires: string | null;
    revoked: string | null;
    verificationCount: number;
    attributes: { name: string; label: string; value: string }[];
    certificatePath: string;
    certificateFile: string;
    shareRefusal: string | null;
  }[];
  summary: { total: number; activeAndValid: number; expiringSoon: number; expiringSoonDays: number };
}

async function pageData(cookie: string): Promise<PageData> {
  const response = await call("/credentials?_data=routes%2Fcredentials", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as PageData;
}

const enGB = (date: Date | string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(new Date(date));

async function pdfFrom(response: Response): Promise<Uint8Array> {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  return bytes;
}

describe("GET /credentials", () => {
  it("sends a signed-out visitor to /login", async () => {
    const response = await call("/credentials");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
  });

  it("shows a citizen without credentials the empty state pointing to the wallet, and zero tiles", async () => {
    const { cookie } = await citizenWithRecords();
    const response = await call("/credentials", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const html = await response.text();
    expect(html).toContain("<title>My Credentials | UK Digital Identity</title>");
    expect(html).toMatch(/<h1[^>]*>My Credentials<\/h1>/);
    expect(html).toContain("No Credentials Yet");
    expect(html).toMatch(/href="\/wallet"[^>]*>Go to My Wallet/);
    expect(html).toMatch(/href="\/wallet\?action=request"[^>]*>.*Request New Credential/);
    expect((await pageData(cookie)).summary).toEqual({
      total: 0,
      activeAndValid: 0,
      expiringSoon: 0,
      expiringSoonDays: 90,
    });
  });

  it("computes the tiles and each card from the user's own credentials: active, expiring soon, revoked, expired", async () => {
    const { cookie } = await citizenWithRecords();
    const rtw = await issueCredential(cookie, "rtw");
    const rtr = await issueCredential(cookie, "rtr");
    const dbs = await issueCredential(cookie, "dbs");
    const licence = await issueCredential(cookie, "driving_licence");
    const professional = await issueCredential(cookie, "professional_certificate"); // the demo registration renews within 60 days
    await revokeAsAdmin(dbs.id, "Permission withdrawn");
    const expiredAt = new Date(Date.now() - 3 * DAY_MS);
    await db().update(credentials).set({ expiresAt: expiredAt }).where(eq(credentials.id, rtr.id));
    // A right-to-work credential 30 days from expiry: also "Expires Soon".
    const soon = new Date(Date.now() + 30 * DAY_MS);
    await db().update(credentials).set({ expiresAt: soon }).where(eq(credentials.id, rtw.id));
    // Somebody else's credentials never count.
    const other = await citizenWithRecords();
    await issueCredential(other.cookie, "rtw");

    const data = await pageData(cookie);
    expect(data.summary).toEqual({ total: 5, activeAndValid: 3, expiringSoon: 2, expiringSoonDays: 90 });
    const byType = Object.fromEntries(data.credentials.map((c) => [c.type, c]));
    expect(Object.keys(byType).sort()).toEqual(["dbs", "driving_licence", "professional_certificate", "rtr", "rtw"]);

    expect(byType.driving_licence).toMatchObject({
      id: licence.id,
      status: "active",
      badge: "Active",
      typeName: "Driving License",
      authorityName: "Driver and Vehicle Licensing Agency",
      issued: enGB(new Date()),
      expires: enGB(licence.expiresAt),
      revoked: null,
      verificationCount: 0,
      note: null,
      certificatePath: "/credentials/driving_license_certificate.pdf",
      certificateFile: "driving_license_certificate.pdf",
      shareRefusal: null,
    });
    // Attributes: labels, booleans as Yes/No, lists joined, ISO dates in en-GB.
    expect(byType.driving_licence!.attributes).toEqual(
      expect.arrayContaining([
        { name: "given_name", label: "Given name", value: "Sarah" },
        { name: "birthdate", label: "Date of birth", value: "12 Apr 1990" },
        { name: "categories", label: "Categories", value: "AM, B, BE" },
        { name: "penaltyPoints", label: "Penalty points", value: "0" },
        { name: "age_over_18", label: "Over 18", value: "Yes" },
      ]),
    );
    expect(byType.rtw).toMatchObject({
      badge: "Expires Soon",
      typeName: "Right to Work",
      authorityName: "Home Office",
      note: "Expires in 30 days",
      expires: enGB(soon),
    });
    expect(byType.rtw!.attributes).toContainEqual({ name: "hasRightToWork", label: "Right to work", value: "Yes" });
    expect(byType.professional_certificate).toMatchObject({
      id: professional.id,
      badge: "Expires Soon",
      typeName: "Professional Certificate",
      authorityName: "Professional Standards Registry",
    });
    expect(byType.dbs).toMatchObject({
      status: "revoked",
      badge: "Inactive",
      typeName: "DBS Enhanced Check",
      authorityName: "Disclosure and Barring Service",
      revoked: enGB(new Date()),
      note: `Revoked on ${enGB(new Date())}`,
      shareRefusal: "A revoked credential cannot be shared.",
      certificatePath: "/credentials/dbs_enhanced_check_certificate.pdf",
    });
    expect(byType.rtr).toMatchObject({
      status: "expired",
      badge: "Inactive",
      note: `Expired on ${enGB(expiredAt)}`,
      shareRefusal: "An expired credential cannot be shared.",
    });

    // The rendered page carries the same figures and the disabled Share with its reason.
    const html = await (await call("/credentials", { cookie })).text();
    expect(html).toMatch(/data-testid="tile-total"[\s\S]*?>5<\/p>/);
    expect(html).toMatch(/data-testid="tile-active"[\s\S]*?>3<\/p>/);
    expect(html).toMatch(/data-testid="tile-expiring"[\s\S]*?>2<\/p>/);
    expect(html.match(/data-testid="credential-card"/g)).toHaveLength(5);
    expect(html).toContain("A revoked credential cannot be shared.");
    expect(html).toMatch(
      /<button[^>]*disabled=""[^>]*aria-describedby="share-refusal-[^"]+"[^>]*data-testid="button-share-credential"/,
    );
    expect(html).toMatch(/<form method="post" action="\/credentials\/right_to_work_certificate.pdf"/);
    expect(html).not.toContain("vcJwt");
  });

  it("speaks Welsh to a citizen who chose it: the page, its data's words, the type's names and claim labels, the dates", async () => {
    const { cookie } = await citizenWithRecords();
    const rtw = await issueCredential(cookie, "rtw");
    await db()
      .update(credentials)
      .set({ expiresAt: new Date(Date.now() + 30 * DAY_MS) })
      .where(eq(credentials.id, rtw.id));
    const welsh = `${cookie}; lang=cy`;
    const response = await call("/credentials", { cookie: welsh });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="cy"/);
    expect(html).toContain("<title>Fy Nhystlythyrau | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>Fy Nhystlythyrau<\/h1>/);
    expect(html).toContain("Hawl i Weithio");
    expect(html).toContain("Yn dod i ben mewn 30 diwrnod");
    expect(html).not.toContain("My Credentials");
    const response2 = await call("/credentials?_data=routes%2Fcredentials", { cookie: welsh });
    const [card] = ((await response2.json()) as PageData).credentials;
    expect(card).toMatchObject({ typeName: "Hawl i Weithio", note: "Yn dod i ben mewn 30 diwrnod" });
    expect(card!.attributes).toContainEqual({ name: "hasRightToWork", label: "Hawl i weithio", value: "Ydy" });
    expect(card!.attributes).toContainEqual({ name: "given_name", label: "Enw cyntaf", value: "Sarah" });
    // Welsh month names (ADR 038), not English ones.
    expect(card!.issued).toBe(formats("cy").date(new Date()));
    expect(card!.issued).not.toBe(enGB(new Date()));

    // A share the API refuses is told in Welsh too, each field's words and the toast's message.
    const tooLong = await call(`/api/credentials/${rtw.id}/shares`, {
      cookie: welsh,
      body: { purpose: "x".repeat(201) },
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({
      message: "Rhowch ddim mwy na 200 nod",
      errors: { fieldErrors: { purpose: ["Rhowch ddim mwy na 200 nod"] }, formErrors: [] },
    });
  });

  it("counts verifications recorded against the credential", async () => {
    const { cookie } = await citizenWithRecords();
    const rtw = await issueCredential(cookie, "rtw");
    // A share link opened by a verifier records a check (the presentations table is the audit trail).
    const { presentations } = await import("#db/schema/index.ts");
    await db()
      .insert(presentations)
      .values([
        {
          credentialId: rtw.id,
          purpose: "Employment check",
          presentedAttributes: {},
          verificationResult: "valid",
          verifiedAt: new Date(),
        },
        {
          credentialId: rtw.id,
          purpose: "Employment check",
          presentedAttributes: {},
          verificationResult: "valid",
          verifiedAt: new Date(),
        },
      ]);
    expect((await pageData(cookie)).credentials[0]).toMatchObject({ id: rtw.id, verificationCount: 2 });
  });
});

/** Download Certificate as the page sends it: the holder's own POST (the only request that may make a link). */
const download = (path: string, cookie: string) => call(path, { method: "POST", cookie });

describe("/credentials/<type>_certificate.pdf", () => {
  it("makes a certificate link only on the holder's POST: a GET, or a POST another site sends, makes none", async () => {
    const { cookie, user } = await citizenWithRecords();
    await issueCredential(cookie, "rtw");
    // A GET (an image or a link on another site can make a signed-in browser send one): a PDF, no link, no QR code.
    const fetched = await call("/credentials/right_to_work_certificate.pdf", { cookie });
    expect(fetched.status).toBe(200);
    const printed = await pdfText(await pdfFrom(fetched), "");
    expect(printed).not.toMatch(/\/verify\//);
    expect(printed).toContain("No verification link: use Download Certificate");
    // A cross-site POST is refused by the worker's origin check.
    const forged = await call("/credentials/right_to_work_certificate.pdf", {
      method: "POST",
      cookie,
      headers: { Origin: "https://attacker.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(forged.status).toBe(403);
    expect(await db().select().from(shares).where(eq(shares.userId, user.id))).toEqual([]);
    // The holder's own POST makes it; a later GET prints that open link.
    const made = await pdfText(await pdfFrom(await download("/credentials/right_to_work_certificate.pdf", cookie)), "");
    const link = /\/verify\/([A-Za-z0-9_-]{22})/.exec(made)![1]!;
    const again = await pdfText(
      await pdfFrom(await call("/credentials/right_to_work_certificate.pdf", { cookie })),
      "",
    );
    expect(again).toContain(`/verify/${link}`);
    expect((await db().select().from(shares).where(eq(shares.userId, user.id))).map((s) => s.id)).toEqual([link]);
  });

  it("prints the certificate in the language the holder chose (the lang cookie): Welsh words and claim labels", async () => {
    const { cookie } = await citizenWithRecords();
    await issueCredential(cookie, "rtw");
    const bytes = await pdfFrom(await download("/credentials/right_to_work_certificate.pdf", `${cookie}; lang=cy`));
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getTitle()).toBe("Tystysgrif Hawl i Weithio");
    const text = (await pdfText(bytes, "\n")).replace(/\n/g, " ");
    for (const welsh of ["Statws presennol", "Math o dystlythyr", "Deiliad", "Priodoleddau", "Yn ddilys am"])
      expect(text).toContain(welsh);
    for (const english of ["Current status", "Credential type", "Attributes", "Valid at"])
      expect(text).not.toContain(english);
  });

  it("downloads the owner's certificate: a PDF attachment with every attribute, the issuer, the live status and a 24-hour verify link", async () => {
    const { cookie, user } = await citizenWithRecords();
    const rtw = await issueCredential(cookie, "rtw");
    const response = await download("/credentials/right_to_work_certificate.pdf", cookie);
    const bytes = await pdfFrom(response);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="right_to_work_certificate.pdf"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");

    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe("Right to Work Certificate");
    expect(doc.getAuthor()).toBe("Home Office");
    expect(doc.getSubject()).toBe(`Right to Work credential ${rtw.id} held by Sarah Thompson, issued by Home Office`);
    expect(Math.abs(doc.getCreationDate()!.getTime() - Date.now())).toBeLessThan(60_000);
    const [width, height] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]); // A4

    // The link the QR code opens: this user's certificate link, for 24 hours.
    const made = await db().select().from(shares).where(eq(shares.userId, user.id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ credentialId: rtw.id, kind: "certificate", purpose: "Credential certificate" });
    expect(made[0]!.expiresAt.getTime() - made[0]!.createdAt.getTime()).toBe(DAY_MS);

    const text = await pdfText(bytes, "\n");
    // Long values wrap; a URL breaks after a slash.
    const flat = text.replace(/\n/g, "");
    for (const expected of [
      "Right to Work Certificate",
      "A verifiable credential issued by the Home Office to Sarah Thompson.",
      "Sarah Thompson",
      `${ORIGIN}/issuers/home-office`,
      rtw.id,
      `Issued`,
      enGB(new Date()),
      enGB(rtw.expiresAt),
      "Right to work",
      "Work restrictions",
      "Immigration status",
      "Indefinite leave to remain",
      "Date of birth",
      "12 Apr 1990",
      `${ORIGIN}/verify/${made[0]!.id}`,
    ]) {
      expect(flat, expected).toContain(expected);
    }
    expect(text).toMatch(/^Valid at \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} (GMT|BST)$/m);
  });

  it("prints the same link on every download while it is open, lists it on /shares, and logs each download", async () => {
    const { cookie, user } = await citizenWithRecords();
    const rtw = await issueCredential(cookie, "rtw");
    const links: string[] = [];
    for (let i = 0; i < 3; i++) {
      const text = await pdfText(
        await pdfFrom(await download("/credentials/right_to_work_certificate.pdf", cookie)),
        "",
      );
      links.push(/\/verify\/([A-Za-z0-9_-]{22})/.exec(text)![1]!);
    }
    expect(new Set(links).size).toBe(1);
    const rows = await db().select().from(shares).where(eq(shares.userId, user.id));
    expect(rows.map((r) => [r.id, r.kind, r.credentialId])).toEqual([[links[0], "certificate", rtw.id]]);
    // The holder sees the certificate's link with their shares, so they can revoke it.
    expect(await (await call("/api/shares", { cookie })).json()).toEqual([
      expect.objectContaining({
        id: links[0],
        kind: "certificate",
        purpose: "Credential certificate",
        status: "active",
      }),
    ]);
    const downloads = await db()
      .select()
      .from(walletEvents)
      .where(and(eq(walletEvents.userId, user.id), eq(walletEvents.kind, "certificate_downloaded")));
    expect(downloads).toHaveLength(3);
    // A link the holder revoked is not printed again: the next download opens a new one.
    const revoked = await call(`/api/shares/${links[0]}/revoke`, { method: "POST", cookie });
    expect(revoked.status).toBe(200);
    const next = await pdfText(await pdfFrom(await download("/credentials/right_to_work_certificate.pdf", cookie)), "");
    expect(next).not.toContain(links[0]);
    expect(await db().select().from(shares).where(eq(shares.userId, user.id))).toHaveLength(2);
  });

  it("says why a revoked credential is not valid, and gives it no verify link", async () => {
    const { cookie, user } = await citizenWithRecords();
    const dbs = await issueCredential(cookie, "dbs");
    await revokeAsAdmin(dbs.id, "Permission withdrawn");
    const bytes = await pdfFrom(await call("/credentials/dbs_enhanced_check_certificate.pdf", { cookie }));
    const text = await pdfText(bytes, "\n");
    expect(text).toMatch(/^Not valid at .*(GMT|BST)$/m);
    expect(text).toContain("The credential has been revoked.");
    expect(text).toContain("No verification link: a revoked credential cannot be shared.");
    expect(await db().select().from(shares).where(eq(shares.userId, user.id))).toEqual([]);
  });

  it("is for the owner only: signed out goes to /login; another user, an unknown type or a type not held is 404", async () => {
    const alice = await citizenWithRecords();
    const rtw = await issueCredential(alice.cookie, "rtw");
    const signedOut = await call("/credentials/right_to_work_certificate.pdf");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/login");

    const bob = await citizenWithRecords();
    expect((await call("/credentials/right_to_work_certificate.pdf", { cookie: bob.cookie })).status).toBe(404);
    expect(
      (await call(`/credentials/right_to_work_certificate.pdf?credential=${rtw.id}`, { cookie: bob.cookie })).status,
    ).toBe(404);
    expect((await call("/credentials/passport_certificate.pdf", { cookie: alice.cookie })).status).toBe(404);
    expect((await call("/credentials/right_to_rent_certificate.pdf", { cookie: alice.cookie })).status).toBe(404);
    // The id must be of the file's type.
    expect(
      (await call(`/credentials/right_to_rent_certificate.pdf?credential=${rtw.id}`, { cookie: alice.cookie })).status,
    ).toBe(404);
    expect(
      (await call(`/credentials/right_to_work_certificate.pdf?credential=${rtw.id}`, { cookie: alice.cookie })).status,
    ).toBe(200);
  });

  it("means the newest credential of the type; an older listed copy is named by ?credential=", async () => {
    const { cookie } = await citizenWithRecords();
    const first = await issueCredential(cookie, "rtw");
    await revokeAsAdmin(first.id, "Permission withdrawn"); // revoked by the authority: still listed
    const second = await issueCredential(cookie, "rtw");
    const data = await pageData(cookie);
    expect(data.credentials.map((c) => [c.id, c.certificatePath])).toEqual([
      [second.id, "/credentials/right_to_work_certificate.pdf"],
      [first.id, `/credentials/right_to_work_certificate.pdf?credential=${first.id}`],
    ]);
    const newest = await PDFDocument.load(
      await pdfFrom(await call("/credentials/right_to_work_certificate.pdf", { cookie })),
    );
    expect(newest.getSubject()).toContain(second.id);
    const older = await PDFDocument.load(
      await pdfFrom(await call(`/credentials/right_to_work_certificate.pdf?credential=${first.id}`, { cookie })),
    );
    expect(older.getSubject()).toContain(first.id);
  });
});

describe("GET /api/shares/download/{id}", () => {
  async function publishedKeys(issuer: string): Promise<JSONWebKeySet> {
    const metadata = (await (await call(`/.well-known/jwt-vc-issuer/issuers/${issuer}`)).json()) as {
      jwks: JSONWebKeySet;
    };
    return metadata.jwks;
  }

  it("serves the owner a signed verification certificate whose JWS verifies with the issuer's published key", async () => {
    const { cookie } = await citizenWithRecords();
    const rtw = await issueCredential(cookie, "rtw");
    const share = await shareOf(cookie, rtw.id, { purpose: "Employment check", sharedWith: "Acme Ltd" });
    expect(share.downloadUrl).toBe(`/api/shares/download/${share.id}`);

    const response = await call(share.downloadUrl, { cookie });
    const bytes = await pdfFrom(response);
    expect(response.headers.get("Content-Disposition")).toBe(
      `inline; filename="verification_certificate_${share.id}.pdf"`,
    );
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe("Verification Certificate: Right to Work");
    expect(doc.getAuthor()).toBe("Home Office");
    expect(doc.getSubject()).toContain("typ verification-certificate+jwt");

    const jws = doc.getKeywords()!;
    const { payload, protectedHeader } = await jwtVerify(jws, createLocalJWKSet(await publishedKeys("home-office")), {
      algorithms: ["EdDSA"],
      typ: "verification-certificate+jwt",
    });
    expect(protectedHeader.kid).toEqual(expect.any(String));
    expect(payload).toMatchObject({
      shareId: share.id,
      credentialType: "rtw",
      iss: `${ORIGIN}/issuers/home-office`,
      status: "valid",
      shareStatus: "active",
      sharedAt: share.sharedDate,
      expiresAt: share.expiryDate,
    });
    expect(Math.abs(Date.parse(payload.checkedAt as string) - Date.now())).toBeLessThan(60_000);
    // Another authority's key does not verify it.
    await expect(
      jwtVerify(jws, createLocalJWKSet(await publishedKeys("dvla")), { algorithms: ["EdDSA"] }),
    ).rejects.toThrow();

    // The page prints the share, the live status, the link, the signature and no personal details.
    const text = await pdfText(bytes, "\n");
    const flat = text.replace(/\n/g, "");
    for (const expected of [
      "Signed Verification Certificate",
      "Right to Work issued by the Home Office",
      "Employment check",
      "Acme Ltd",
      "Active",
      share.id,
      `${ORIGIN}/issuers/home-office`,
      `${ORIGIN}/verify/${share.id}`,
    ]) {
      expect(flat, expected).toContain(expected);
    }
    expect(text).toMatch(/^Valid at .*(GMT|BST)$/m);
    expect(text.replace(/\s+/g, "")).toContain(jws);
    expect(flat).toContain(`${ORIGIN}/.well-known/jwt-vc-issuer/issuers/home-office`);
    expect(flat).toContain(protectedHeader.kid!);
    for (const personal of ["Sarah", "Thompson", "1990", "Indefinite leave"])
      expect(text, personal).not.toContain(personal);
  });

  it("signs the live status: a revoked credential's certificate says so", async () => {
    const { cookie } = await citizenWithRecords();
    const rtw = await issueCredential(cookie, "rtw");
    const share = await shareOf(cookie, rtw.id);
    await revokeAsAdmin(rtw.id, "Permission withdrawn");
    const doc = await PDFDocument.load(await pdfFrom(await call(share.downloadUrl, { cookie })));
    const { payload } = await jwtVerify(doc.getKeywords()!, createLocalJWKSet(await publishedKeys("home-office")), {
      algorithms: ["EdDSA"],
    });
    expect(payload).toMatchObject({ shareId: share.id, status: "STATUS_REVOKED" });
  });

  it("is for the owner only: signed out 401; another user, a malformed or unknown id 404", async () => {
    const alice = await citizenWithRecords();
    const rtw = await issueCredential(alice.cookie, "rtw");
    const share = await shareOf(alice.cookie, rtw.id);
    expect((await call(share.downloadUrl)).status).toBe(401);
    const bob = await citizenWithRecords();
    expect((await call(share.downloadUrl, { cookie: bob.cookie })).status).toBe(404);
    expect((await call("/api/shares/download/not-a-share", { cookie: alice.cookie })).status).toBe(404);
    expect((await call("/api/shares/download/AAAAAAAAAAAAAAAAAAAAAA", { cookie: alice.cookie })).status).toBe(404);
    expect((await call(`/api/shares/download/${"x".repeat(500)}`, { cookie: alice.cookie })).status).toBe(404);
    expect((await call(share.downloadUrl, { method: "POST", cookie: alice.cookie })).status).toBe(405);
  });
});

describe("issuing a credential again", () => {
  it("audits the revocation of the older copy as the holder's act", async () => {
    const { cookie, user } = await citizenWithRecords();
    const first = await issueCredential(cookie, "rtw");
    const second = await issueCredential(cookie, "rtw");
    const row = await vi.waitFor(
      async () => {
        const rows = (
          await db()
            .select()
            .from(systemLogs)
            .where(and(eq(systemLogs.category, "security"), eq(systemLogs.userId, user.id)))
        ).filter((r) => r.metadata?.event === "older copy revoked");
        expect(rows).toHaveLength(1);
        return rows[0]!;
      },
      { timeout: 5_000 },
    );
    expect(row.metadata).toMatchObject({
      username: user.username,
      credentialIds: [first.id],
      replacedBy: second.id,
      type: "rtw",
      revocationReason: "reissued",
    });
    expect(row.metadata!.ip).toMatch(/\S/);
  }, 30_000);
});
