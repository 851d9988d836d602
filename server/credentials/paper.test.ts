import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { base64urlDecodeText } from "#core/credentials/encoding.ts";
import { credentialClaims, readStatus } from "#core/credentials/index.ts";
import { issuerUrl, PAPER_DISCLOSURES } from "#core/issuers/registry.ts";
import { decodeOfflinePresentation } from "#core/verification/offline-qr.ts";
import { demoAuthorityRecords } from "#db/demo-records.ts";
import { authorityRecords, credentials, users, walletEvents } from "#db/schema/index.ts";
import { generateIssuerKeysSecret } from "#scripts/issuer-keys.ts";
import type { ServiceError } from "#server/http/errors.ts";
import { serviceErrorMessage } from "#server/http/worded-error.ts";
import { makeHolder, signProof } from "#tests/support/holder.ts";
import { openTempDatabase, type TempDatabase } from "#tests/support/temp-database.ts";
import { listWalletCredentials } from "./credentials.ts";
import { createIssuanceNonce, issueToHolder } from "./issuance.ts";
import { type IssuerKeys, loadIssuerKeys } from "./issuer-keys.ts";
import { issuePaperCredential, PAPER_CREDENTIAL_LIFETIME_DAYS, paperPayload } from "./paper.ts";
import { revokeCredential } from "./revocation.ts";
import { loadStatusList } from "./status-lists.ts";

/** The worker secret the web wallet's nonces are made under, in these tests. */
const SECRET = "a-worker-secret-of-at-least-32-characters";

const BASE = "https://identity.example";
const DAY_MS = 86_400_000;
let temp: TempDatabase;
let keys: IssuerKeys;
let userId: string;
const now = new Date("2026-12-01T10:00:00Z");

beforeEach(async () => {
  temp = await openTempDatabase("paper-");
  keys = await loadIssuerKeys(await generateIssuerKeysSecret());
  [{ id: userId }] = await temp.db
    .insert(users)
    .values({ username: `u${crypto.randomUUID().slice(0, 8)}`, passwordHash: "x" })
    .returning({ id: users.id });
  await temp.db.insert(authorityRecords).values(demoAuthorityRecords(userId, now));
});
afterEach(() => temp.close());

const issuePaper = (type = "rtw", at = now) =>
  issuePaperCredential({ db: temp.db, keys, base: BASE, userId, type, now: at });
/** A Right to Work credential issued to a fresh device key, as the wallet asks for it. */
async function issueToDevice() {
  const holder = await makeHolder();
  const { nonce } = await createIssuanceNonce(SECRET, userId, now);
  const proof = await signProof(holder, nonce, { aud: issuerUrl(BASE, "home-office"), iat: now.getTime() / 1000 });
  return issueToHolder({ db: temp.db, secret: SECRET, keys, base: BASE, userId, type: "rtw", proof, now });
}
/** A paper credential issued, with the text printed for it (paperPayload, as the printed page makes it). */
const printPaper = async (type = "rtw", at = now) => {
  const paper = await issuePaper(type, at);
  return { ...paper, ...(await paperPayload(paper.vcJwt, type)) };
};
const rowOf = async (id: string) => (await temp.db.select().from(credentials).where(eq(credentials.id, id)))[0]!;
const issuerPayload = (presentation: string) =>
  JSON.parse(base64urlDecodeText(presentation.split("~")[0]!.split(".")[1]!)) as Record<string, unknown>;

describe("issuePaperCredential", () => {
  it("prints the Right to Work record as an unbound credential: a UKID1 code of the name and the right-to-work claims, no KB-JWT", async () => {
    const paper = await printPaper();
    expect(paper.payload).toMatch(/^UKID1:[1-9][0-9]*$/);
    expect(paper.disclosed).toEqual([...PAPER_DISCLOSURES.rtw!]);
    const presentation = decodeOfflinePresentation(paper.payload);
    expect(presentation.endsWith("~")).toBe(true);
    expect(await credentialClaims(presentation)).toEqual({
      given_name: "Sarah",
      family_name: "Thompson",
      hasRightToWork: true,
      workRestrictions: "None",
      expiryDate: expect.any(String),
    });
    const payload = issuerPayload(presentation);
    expect(payload).not.toHaveProperty("cnf");
    expect(payload).toMatchObject({ binding: "paper", iss: issuerUrl(BASE, "home-office"), iat: now.getTime() / 1000 });
    expect(payload.exp).toBe(now.getTime() / 1000 + PAPER_CREDENTIAL_LIFETIME_DAYS * 86_400);
    expect(paper.expiresAt).toEqual(new Date(now.getTime() + PAPER_CREDENTIAL_LIFETIME_DAYS * DAY_MS));
  });

  it("prints the same text again from the stored credential (paperPayload)", async () => {
    const paper = await printPaper("driving_licence");
    const stored = (await rowOf(paper.credentialId)).vcJwt;
    expect(stored).toBe(paper.vcJwt);
    expect(await paperPayload(stored, "driving_licence")).toEqual({
      payload: paper.payload,
      disclosed: paper.disclosed,
    });
    expect(paper.disclosed).toEqual([...PAPER_DISCLOSURES.driving_licence!]);
  });

  it("prints only what the record holds when the type's list names a claim it lacks", async () => {
    const [record] = await temp.db
      .select()
      .from(authorityRecords)
      .where(and(eq(authorityRecords.userId, userId), eq(authorityRecords.type, "rtw")));
    const { workRestrictions: _, ...attributes } = record!.attributes;
    await temp.db.update(authorityRecords).set({ attributes }).where(eq(authorityRecords.id, record!.id));
    const paper = await printPaper();
    expect(paper.disclosed).toEqual(PAPER_DISCLOSURES.rtw!.filter((path) => path !== "workRestrictions"));
    expect(await credentialClaims(decodeOfflinePresentation(paper.payload))).not.toHaveProperty("workRestrictions");
  });

  it("stores it as the person's credential, marked paper, on a status slot, and logs it in their wallet", async () => {
    const paper = await issuePaper("rtr");
    const row = await rowOf(paper.credentialId);
    expect(row).toMatchObject({
      userId,
      type: "rtr",
      status: "active",
      issuer: issuerUrl(BASE, "home-office"),
      expiresAt: paper.expiresAt,
      revokedAt: null,
    });
    expect(row.metadata).toMatchObject({ delivery: "paper", vct: `${BASE}/vct/right-to-rent` });
    expect(row.metadata).not.toHaveProperty("holderKeyThumbprint");
    expect(row.statusListId).toEqual(expect.any(String));
    expect(issuerPayload(row.vcJwt).status).toMatchObject({ status_list: { idx: row.statusListIndex } });
    const logged = await temp.db.select().from(walletEvents).where(eq(walletEvents.userId, userId));
    expect(logged.map((e) => ({ kind: e.kind, credentialId: e.credentialId, detail: e.detail }))).toEqual([
      {
        kind: "credential_issued",
        credentialId: paper.credentialId,
        detail: { type: "rtr", issuer: "home-office", delivery: "paper" },
      },
    ]);
  });

  it("never prints an enhanced DBS check (GPG45 High needs the holder's device)", async () => {
    const refused = await issuePaper("dbs").catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 409,
      code: "PAPER_NOT_ALLOWED",
      message: "A DBS Enhanced Check is not issued on paper: it needs the holder's own device",
    });
    // Said to a Welsh reader in Welsh, the type's name too (issue 21); the code unchanged.
    expect(serviceErrorMessage(refused as ServiceError, "cy")).toBe(
      "Nid yw Gwiriad DBS Manwl yn cael ei gyhoeddi ar bapur: mae angen dyfais y deiliad ei hun",
    );
    expect(await temp.db.select().from(walletEvents).where(eq(walletEvents.userId, userId))).toEqual([]);
    expect(await temp.db.select().from(credentials).where(eq(credentials.userId, userId))).toEqual([]);
  });

  it("never outlives the authority's record", async () => {
    const validUntil = new Date(now.getTime() + 10 * DAY_MS);
    await temp.db
      .update(authorityRecords)
      .set({ validUntil })
      .where(and(eq(authorityRecords.userId, userId), eq(authorityRecords.type, "rtw")));
    const paper = await printPaper();
    expect(paper.expiresAt).toEqual(validUntil);
    expect(issuerPayload(decodeOfflinePresentation(paper.payload)).exp).toBe(Math.floor(validUntil.getTime() / 1000));
  });

  it("leaves the wallet credential of the same type as it is, and the wallet lists the paper one as paper, with no device key", async () => {
    const wallet = await issueToDevice();
    const paper = await issuePaper();
    expect((await rowOf(wallet.id)).status).toBe("active");
    const listed = await listWalletCredentials(temp.db, userId, now);
    expect(
      listed.map((c) => ({
        id: c.id,
        delivery: c.delivery,
        holderKeyThumbprint: c.holderKeyThumbprint,
        status: c.status,
      })),
    ).toEqual(
      expect.arrayContaining([
        { id: wallet.id, delivery: "device", holderKeyThumbprint: wallet.holderKeyThumbprint, status: "active" },
        { id: paper.credentialId, delivery: "paper", holderKeyThumbprint: null, status: "active" },
      ]),
    );
  });

  it("is left as it is by a later issuance of the same type to a device: not revoked, not replaced, still listed", async () => {
    const paper = await issuePaper();
    const wallet = await issueToDevice();
    const row = await rowOf(paper.credentialId);
    expect(row).toMatchObject({ status: "active", revokedAt: null });
    expect(row.metadata).not.toHaveProperty("replacedBy");
    const list = await loadStatusList(temp.db, row.statusListId!);
    expect(await readStatus(list!.encodedList, 1, row.statusListIndex!, { maxInflatedBytes: 1 << 20 })).toBe(0);
    const listed = await listWalletCredentials(temp.db, userId, now);
    expect(listed.map((c) => ({ id: c.id, delivery: c.delivery, status: c.status }))).toEqual(
      expect.arrayContaining([
        { id: wallet.id, delivery: "device", status: "active" },
        { id: paper.credentialId, delivery: "paper", status: "active" },
      ]),
    );
  });

  it("is revoked like any credential: its bit is set in the published list", async () => {
    const paper = await issuePaper();
    await revokeCredential({ db: temp.db, credentialId: paper.credentialId, reason: "Sheet reported lost", now });
    const row = await rowOf(paper.credentialId);
    const list = await loadStatusList(temp.db, row.statusListId!);
    expect(await readStatus(list!.encodedList, 1, row.statusListIndex!, { maxInflatedBytes: 1 << 20 })).toBe(1);
  });

  it("refuses as issuance to a device does (unknown type, no record, an expired record) and stores nothing", async () => {
    await expect(issuePaper("passport")).rejects.toMatchObject({ status: 404, code: "TYPE_UNKNOWN" });
    await temp.db
      .delete(authorityRecords)
      .where(and(eq(authorityRecords.userId, userId), eq(authorityRecords.type, "rtr")));
    await expect(issuePaper("rtr")).rejects.toMatchObject({ status: 404, code: "NO_RECORD" });
    await expect(issuePaper("rtw", new Date(now.getTime() + 4 * 365 * DAY_MS))).rejects.toMatchObject({
      status: 409,
      code: "RECORD_EXPIRED",
    });
    expect(await temp.db.select().from(credentials).where(eq(credentials.userId, userId))).toHaveLength(0);
    expect(await temp.db.select().from(walletEvents).where(eq(walletEvents.userId, userId))).toHaveLength(0);
  });

  it("stores neither the credential nor its log line when the write fails part-way", async () => {
    await temp.client.execute(
      "CREATE TRIGGER forced_failure BEFORE INSERT ON wallet_events BEGIN SELECT RAISE(ABORT, 'forced failure'); END",
    );
    await expect(issuePaper()).rejects.toThrow(/forced failure/);
    expect(await temp.db.select().from(credentials).where(eq(credentials.userId, userId))).toHaveLength(0);
  });
});
