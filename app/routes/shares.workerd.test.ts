import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CredentialTypeCode } from "#core/issuers/registry.ts";
import { shares, walletEvents } from "#db/schema/index.ts";
import type { ShareCard } from "#server/shares/shares-page.ts";
import { citizenWithRecords, issueCredential, revokeAsAdmin, shareOf, textOf } from "#tests/support/wallet-fixtures.ts";
import { call, ORIGIN, postForm, registerUser } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/** /shares through the real web worker (spec 000 §2 /shares, §3 "Share record", §4; issue 4). */

/** Issues a credential of `type` to a fresh device key; its id. */
const issue = async (cookie: string, type: CredentialTypeCode) => (await issueCredential(cookie, type)).id;

type SharesData = {
  shares: ShareCard[];
  origin: string;
  confirming: { id: string } | null;
  tiles: { total: number; active: number; downloads: number };
};

async function sharesData(cookie: string, search = ""): Promise<SharesData> {
  const response = await call(`/shares?${search ? `${search}&` : ""}_data=routes%2Fshares`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as SharesData;
}

/** A no-JS form post from a signed-in browser. */
const postShares = (cookie: string, fields: Record<string, string>) => postForm("/shares", fields, { cookie });

describe("GET /shares", () => {
  it("sends a signed-out visitor to /login", async () => {
    const response = await call("/shares");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
  });

  it("shows the empty state when the user has shared nothing", async () => {
    const { cookie } = await registerUser();
    const response = await call("/shares", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await textOf(response);
    expect(html).toContain("<title>Recent Shares | UK Digital Identity</title>");
    expect(html).toMatch(/<h1[^>]*>Recent Shares<\/h1>/);
    expect(html).toContain("No shares yet");
    expect(html).toContain('href="/wallet?action=share"');
    expect(await sharesData(cookie)).toMatchObject({ shares: [], tiles: { total: 0, active: 0, downloads: 0 } });
  });

  it("computes the tiles and cards from the user's own share rows, never another user's", async () => {
    const alice = await citizenWithRecords();
    const bob = await citizenWithRecords();
    const rtw = await issue(alice.cookie, "rtw");
    const dbs = await issue(alice.cookie, "dbs");

    const expired = await shareOf(alice.cookie, rtw, { purpose: "Tenancy check" });
    await db()
      .update(shares)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(shares.id, expired.id));
    const withdrawn = await shareOf(alice.cookie, rtw);
    expect((await call(`/api/shares/${withdrawn.id}/revoke`, { method: "POST", cookie: alice.cookie })).status).toBe(
      200,
    );
    const ofRevokedCredential = await shareOf(alice.cookie, dbs, { purpose: "School volunteering" });
    await revokeAsAdmin(dbs);
    const active = await shareOf(alice.cookie, rtw, { purpose: "Employment check", sharedWith: "Acme Ltd" });
    // Opened twice by a verifier.
    await call(active.verifyPath);
    await call(active.verifyPath);
    const bobs = await shareOf(bob.cookie, await issue(bob.cookie, "rtw"));

    const data = await sharesData(alice.cookie);
    expect(data.shares.map((s) => s.id)).toEqual([active.id, ofRevokedCredential.id, withdrawn.id, expired.id]);
    // Total 4; active: the two links still open; downloads: certificates confirming a valid
    // credential for shares not revoked (the live share and the expired one of the valid rtw).
    expect(data.tiles).toEqual({ total: 4, active: 2, downloads: 2 });
    expect(data.shares.map((s) => [s.status, s.credentialStatus, s.certifiesValid])).toEqual([
      ["active", "active", true],
      ["active", "revoked", false],
      ["revoked", "active", false],
      ["expired", "active", true],
    ]);
    expect(data.shares[0]).toMatchObject({
      credentialName: "Right to Work",
      issuerName: "Home Office",
      sharedWith: "Acme Ltd",
      purpose: "Employment check",
      viewCount: 2,
    });

    const html = await textOf(await call("/shares", { cookie: alice.cookie }));
    expect(html).toMatch(/data-testid="tile-total-shares".*?>4<\/p>/s);
    expect(html).toMatch(/data-testid="tile-active-shares".*?>2<\/p>/s);
    expect(html).toMatch(/data-testid="tile-available-downloads".*?>2<\/p>/s);
    for (const heading of ["Right to Work", "DBS Enhanced Check"]) expect(html).toContain(heading);
    expect(html).toContain("Disclosure and Barring Service");
    expect(html).toContain("Acme Ltd");
    expect(html).toContain("Opened</dt><dd>2 times</dd>");
    // The link itself, for active shares only; Download PDF on every card; Revoke Share on active ones.
    const links = [...html.matchAll(/data-testid="share-link">([^<]*)</g)].map((m) => m[1]);
    expect(links).toEqual([`${ORIGIN}/verify/${active.id}`, `${ORIGIN}/verify/${ofRevokedCredential.id}`]);
    expect(html.match(/data-testid="button-download-share-pdf"/g)).toHaveLength(4);
    expect(html).toContain(`href="/api/shares/download/${expired.id}" target="_blank"`);
    expect(html.match(/>Revoke Share</g)).toHaveLength(2);
    for (const badge of ["Active", "Revoked", "Expired"]) expect(html).toContain(`>${badge}</span>`);
    expect(html).toContain("anyone checking this share sees that it is not valid");
    // Dates with their time, en-GB (e.g. "22 Nov 2026, 14:05").
    expect(html).toMatch(/Expires<\/dt><dd><time dateTime="[^"]+">\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}<\/time>/);
    // The info box's four points (spec 000 §2).
    for (const point of [
      "verification certificates",
      "can be revoked from your wallet",
      "All sharing is logged",
      "digitally signed",
    ])
      expect(html).toContain(point);

    expect(html).not.toContain(bobs.id);
    expect((await sharesData(bob.cookie)).shares.map((s) => s.id)).toEqual([bobs.id]);
  });
});

describe("revoking a share on /shares", () => {
  it("asks first, then revokes: the card turns revoked and the link says withdrawn", async () => {
    const alice = await citizenWithRecords();
    const active = await shareOf(alice.cookie, await issue(alice.cookie, "rtw"), { sharedWith: "Acme Ltd" });

    // Revoke Share opens the confirmation (a GET: nothing changes yet).
    const confirm = await textOf(await call(`/shares?confirm=${active.id}`, { cookie: alice.cookie }));
    expect(confirm).toMatch(
      /<h2 id="confirm-revoke-heading"[^>]*>Revoke the share of your Right to Work with Acme Ltd\?<\/h2>/,
    );
    expect(confirm).toContain(`name="shareId" value="${active.id}"`);
    expect((await sharesData(alice.cookie)).shares[0]!.status).toBe("active");
    // A confirmation for somebody else's or an unknown share is not offered.
    expect((await sharesData(alice.cookie, "confirm=AAAAAAAAAAAAAAAAAAAAAA")).confirming).toBeNull();

    const revoked = await postShares(alice.cookie, { intent: "revoke", shareId: active.id });
    expect(revoked.status).toBe(200);
    const html = await textOf(revoked);
    expect(html).toContain("You revoked the share of your Right to Work. The share link no longer works.");
    expect(html).toContain('data-share-status="revoked"');
    const data = await sharesData(alice.cookie);
    expect(data.shares[0]).toMatchObject({ id: active.id, status: "revoked" });
    expect(data.tiles).toEqual({ total: 1, active: 0, downloads: 0 });
    const events = await db().select().from(walletEvents).where(eq(walletEvents.shareId, active.id));
    expect(events.map((e) => e.kind).sort()).toEqual(["share_created", "share_revoked"]);

    expect(await textOf(await call(active.verifyPath))).toContain("This link has been withdrawn");
  });

  it("cannot revoke another user's share, and refuses a post that is not a revoke", async () => {
    const alice = await citizenWithRecords();
    const bob = await registerUser();
    const active = await shareOf(alice.cookie, await issue(alice.cookie, "rtw"));

    const response = await postShares(bob.cookie, { intent: "revoke", shareId: active.id });
    expect(response.status).toBe(404);
    expect(await textOf(response)).toContain("Share not found");
    expect((await postShares(alice.cookie, { intent: "delete", shareId: active.id })).status).toBe(404);
    expect((await postShares(alice.cookie, { intent: "revoke", shareId: "../x" })).status).toBe(404);
    expect(
      (await call("/shares", { cookie: alice.cookie, body: { intent: "revoke", shareId: active.id } })).status,
    ).toBe(415);
    // Signed out: sent to sign in, nothing revoked.
    const signedOut = await postForm("/shares", { intent: "revoke", shareId: active.id });
    expect(signedOut.status).toBe(302);
    expect((await sharesData(alice.cookie)).shares[0]!.status).toBe("active");
  });
});

describe("certificate links on /shares", () => {
  it("lists the link a certificate download made, beside the shares, and withdraws it as any share", async () => {
    const alice = await citizenWithRecords();
    const rtw = await issue(alice.cookie, "rtw");
    const downloaded = await call("/credentials/right_to_work_certificate.pdf", {
      method: "POST",
      cookie: alice.cookie,
    });
    expect(downloaded.status).toBe(200);
    const [link] = await db().select().from(shares).where(eq(shares.credentialId, rtw));

    const data = await sharesData(alice.cookie);
    expect(data.shares).toEqual([
      expect.objectContaining({
        id: link!.id,
        kind: "certificate",
        purpose: "Credential certificate",
        status: "active",
      }),
    ]);
    const html = await textOf(await call("/shares", { cookie: alice.cookie }));
    expect(html).toContain("Downloading the credential&#x27;s certificate: its QR code opens this link");
    expect(html.match(/>Revoke Share</g)).toHaveLength(1);

    const revoked = await postShares(alice.cookie, { intent: "revoke", shareId: link!.id });
    expect(revoked.status).toBe(200);
    expect((await sharesData(alice.cookie)).shares[0]).toMatchObject({ id: link!.id, status: "revoked" });
    expect(await textOf(await call(`/verify/${link!.id}`))).toContain("This link has been withdrawn");
  });
});
