import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { credentials, presentations, shares, walletEvents } from "#db/schema/index.ts";
import { citizenWithCredential, revokeAsAdmin, shareOf, textOf } from "#tests/support/wallet-fixtures.ts";
import { call, registerUser, uniqueAddress } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/** The page as it is shown: without its scripts, which carry the page's data and messages (ADR 035). */
const shown = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, "");

/**
 * /verify/{shareId}, the public page a share link opens (issue 4; ADR 010), through the real web
 * worker: the live result, type and issuer and nothing personal; every check recorded and
 * counted; ended shares and unknown ids answered without a check; never cached or indexed.
 */

const checksOf = (shareId: string) => db().select().from(presentations).where(eq(presentations.requestId, shareId));
const viewsOf = async (shareId: string) =>
  (await db().select().from(shares).where(eq(shares.id, shareId)))[0]!.viewCount;

function expectPrivateHeaders(response: Response) {
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
  expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
}

describe("/verify/{shareId}: an active share", () => {
  it("shows a valid credential's type and issuer to anybody, and nothing personal", async () => {
    const alice = await citizenWithCredential();
    const share = await shareOf(alice.cookie, alice.credential.id, {
      purpose: "Employment check",
      sharedWith: "Acme Ltd",
    });
    const ip = uniqueAddress();

    const response = await call(share.verifyPath, { ip, headers: { "User-Agent": "VerifierBrowser/1.0" } });
    expect(response.status).toBe(200);
    expectPrivateHeaders(response);
    const html = await textOf(response);
    expect(html).toMatch(/<h1[^>]*>Credential is valid<\/h1>/);
    expect(html).toContain("Right to Work");
    expect(html).toContain("issued by the Home Office");
    expect(html).toMatch(/<dt[^>]*>Result<\/dt><dd[^>]*>Valid<\/dd>/);
    expect(html).toContain('<meta name="referrer" content="no-referrer"/>');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    // Nothing personal: no names, date of birth, claim values, credential id, token or recipient.
    for (const secret of [
      "Sarah",
      "Thompson",
      "1990-04-12",
      "12 Apr 1990",
      "Indefinite leave",
      alice.credential.id,
      alice.credential.vcJwt.split(".")[1]!,
      "Acme Ltd",
      "Employment check",
    ]) {
      expect(html, secret).not.toContain(secret);
    }

    // Recorded as a verification of the credential, by nobody signed in, and counted on the share.
    const [check, ...more] = await checksOf(share.id);
    expect(more).toEqual([]);
    expect(check).toMatchObject({
      credentialId: alice.credential.id,
      verifierId: null,
      purpose: "Share link verification",
      verificationResult: "valid",
    });
    // Issue 20: the record keeps neither the viewer's address nor their browser (every column read, as stored).
    const stored = await db().all(sql`select * from presentations where request_id = ${share.id}`);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(ip);
    expect(JSON.stringify(stored)).not.toContain("VerifierBrowser");
    expect(await viewsOf(share.id)).toBe(1);

    // A signed-in viewer is recorded as the verifier; each view is another check.
    const bob = await registerUser();
    expect((await call(share.verifyPath, { cookie: bob.cookie })).status).toBe(200);
    expect((await checksOf(share.id)).map((c) => c.verifierId).sort()).toEqual([null, bob.user.id].sort());
    expect(await viewsOf(share.id)).toBe(2);
    // The owner's activity log says the link was opened, twice.
    const opened = await db()
      .select()
      .from(walletEvents)
      .where(and(eq(walletEvents.shareId, share.id), eq(walletEvents.kind, "share_viewed")));
    expect(opened.map((e) => e.userId)).toEqual([alice.user.id, alice.user.id]);
  });

  it("checks in Welsh at /cy/verify/{id}: the result, the type's Welsh name, the title, the times", async () => {
    const alice = await citizenWithCredential();
    const share = await shareOf(alice.cookie, alice.credential.id);
    const response = await call(`/cy${share.verifyPath}`);
    expect(response.status).toBe(200);
    const html = await textOf(response);
    expect(html).toMatch(/<html lang="cy"/);
    expect(html).toContain("<title>Gwirio tystlythyr | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>Mae&#x27;r tystlythyr yn ddilys<\/h1>/);
    expect(html).toContain("Hawl i Weithio");
    expect(html).toMatch(/<dt[^>]*>Canlyniad<\/dt><dd[^>]*>Dilys<\/dd>/);
    expect(html).toContain("(amser y DU)");
    // The issuing authority by its Welsh name (issue 21).
    expect(html).toContain("wedi&#x27;i gyhoeddi gan y Swyddfa Gartref");
    expect(html).not.toContain("Credential is valid");
  });

  it("gives the browser's data request the same answer, with nothing personal in it", async () => {
    const alice = await citizenWithCredential();
    const share = await shareOf(alice.cookie, alice.credential.id);
    const response = await call(`${share.verifyPath}?_data=${encodeURIComponent("routes/($lang).verify.$shareId")}`);
    expect(response.status).toBe(200);
    expectPrivateHeaders(response);
    const data = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual([
      "checkedAt",
      "credentialName",
      "issuerName",
      "kind",
      "linkExpiresAt",
      "outcome",
      "reason",
    ]);
    expect(data).toMatchObject({
      kind: "checked",
      outcome: "valid",
      reason: null,
      credentialName: "Right to Work",
      issuerName: "Home Office",
    });
  });

  it("says not valid, revoked by the issuer, once an administrator revokes the credential", async () => {
    const alice = await citizenWithCredential();
    const share = await shareOf(alice.cookie, alice.credential.id);
    await revokeAsAdmin(alice.credential.id);

    const response = await call(share.verifyPath);
    expect(response.status).toBe(200);
    const html = await textOf(response);
    expect(html).toMatch(/<h1[^>]*>Credential is not valid<\/h1>/);
    expect(html).toContain("The Home Office has revoked this credential.");
    // The page's messages travel with it (ADR 035): what it must not say is the valid heading.
    expect(html).not.toMatch(/<h1[^>]*>Credential is valid<\/h1>/);
    const [check] = await checksOf(share.id);
    expect(check!.verificationResult).toBe("STATUS_REVOKED");
    expect(await viewsOf(share.id)).toBe(1);
    // In Welsh, the authority by its Welsh name, in a sentence written for it.
    const welsh = await textOf(await call(`/cy${share.verifyPath}`));
    expect(welsh).toContain("Mae&#x27;r tystlythyr hwn wedi&#x27;i ddirymu gan y Swyddfa Gartref.");
  });

  it("says not valid, expired, for a credential our record holds as expired (fail closed)", async () => {
    const alice = await citizenWithCredential("dbs");
    const share = await shareOf(alice.cookie, alice.credential.id);
    await db()
      .update(credentials)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(credentials.id, alice.credential.id));

    const html = await textOf(await call(share.verifyPath));
    expect(html).toMatch(/<h1[^>]*>Credential is not valid<\/h1>/);
    expect(html).toContain("DBS Enhanced Check");
    expect(html).toContain("issued by the Disclosure and Barring Service");
    expect(html).toContain("This credential has expired.");
    expect((await checksOf(share.id))[0]!.verificationResult).toBe("EXPIRED");
  });
});

describe("/verify/{shareId}: a share that has ended, or none", () => {
  it("says an expired link has expired, without a check, a count or the credential's type", async () => {
    const alice = await citizenWithCredential();
    const share = await shareOf(alice.cookie, alice.credential.id);
    await db()
      .update(shares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shares.id, share.id));

    const response = await call(share.verifyPath);
    expect(response.status).toBe(200);
    expectPrivateHeaders(response);
    const html = await textOf(response);
    expect(html).toMatch(/<h1[^>]*>This link has expired<\/h1>/);
    // What the page shows (its messages travel in its data, ADR 035: every type's name among them).
    expect(shown(html)).not.toContain("Right to Work");
    expect(shown(html)).not.toContain("Home Office");
    expect(await checksOf(share.id)).toEqual([]);
    expect(await viewsOf(share.id)).toBe(0);
  });

  it("says a revoked share was withdrawn by the holder", async () => {
    const alice = await citizenWithCredential();
    const share = await shareOf(alice.cookie, alice.credential.id);
    expect((await call(`/api/shares/${share.id}/revoke`, { method: "POST", cookie: alice.cookie })).status).toBe(200);

    const response = await call(share.verifyPath);
    expect(response.status).toBe(200);
    const html = await textOf(response);
    expect(html).toMatch(/<h1[^>]*>This link has been withdrawn<\/h1>/);
    expect(html).toContain("The person who shared it has withdrawn it");
    expect(shown(html)).not.toContain("Right to Work");
    expect(await checksOf(share.id)).toEqual([]);
    expect(await viewsOf(share.id)).toBe(0);
  });

  it('answers 404 with its own "This link is not valid" for malformed, unknown, cut-short or extended links, never the developer page or a 500', async () => {
    const alice = await citizenWithCredential();
    const unknownButWellFormed = "A".repeat(22);
    const paths = [
      ...["abc", unknownButWellFormed, alice.credential.id, "%E0%A4%A", "x".repeat(400), `${"A".repeat(21)}!`].map(
        (id) => `/verify/${id}`,
      ),
      "/verify",
      "/verify/",
      `/verify/${unknownButWellFormed}/extra`,
    ];
    for (const path of paths) {
      const response = await call(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toMatch(/<h1[^>]*>This link is not valid<\/h1>/);
      expect(html, path).toContain("<title>This link is not valid | UK Digital Identity</title>");
      expect(html, path).toContain("Credential check");
      expect(shown(html), path).not.toContain("Did you forget to add the page to the router?");
    }
    const notFound = await call(`/verify/${unknownButWellFormed}`);
    expectPrivateHeaders(notFound);
    // The credential id is never a share link (ADR 010).
    expect(
      await db()
        .select()
        .from(presentations)
        .where(and(eq(presentations.credentialId, alice.credential.id))),
    ).toEqual([]);
  });
});
