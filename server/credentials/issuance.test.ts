import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readStatus } from "#core/credentials/index.ts";
import { issuerUrl } from "#core/issuers/registry.ts";
import { demoAuthorityRecords } from "#db/demo-records.ts";
import { authorityRecords, credentials, statusLists, users, walletEvents } from "#db/schema/index.ts";
import { generateIssuerKeysSecret } from "#scripts/issuer-keys.ts";
import { makeHolder, signProof } from "#tests/support/holder.ts";
import { openTempDatabase, type TempDatabase } from "#tests/support/temp-database.ts";
import { createIssuanceNonce, issueToHolder } from "./issuance.ts";
import { type IssuerKeys, loadIssuerKeys } from "./issuer-keys.ts";
import { loadStatusList } from "./status-lists.ts";

/** The worker secret the web wallet's nonces are made under, in these tests. */
const SECRET = "a-worker-secret-of-at-least-32-characters";

const BASE = "https://identity.example";
let temp: TempDatabase;
let keys: IssuerKeys;
let userId: string;

beforeEach(async () => {
  temp = await openTempDatabase("issuance-");
  keys = await loadIssuerKeys(await generateIssuerKeysSecret());
  [{ id: userId }] = await temp.db
    .insert(users)
    .values({ username: `u${crypto.randomUUID().slice(0, 8)}`, passwordHash: "x" })
    .returning({ id: users.id });
  await temp.db.insert(authorityRecords).values(demoAuthorityRecords(userId, new Date()));
});
afterEach(() => temp.close());

/** Issues right to work to a new device key, as the wallet does: nonce, proof over it, issue. */
async function issueRightToWork() {
  const holder = await makeHolder();
  const { nonce } = await createIssuanceNonce(SECRET, userId);
  const proof = await signProof(holder, nonce, { aud: issuerUrl(BASE, "home-office") });
  return issueToHolder({ db: temp.db, secret: SECRET, keys, base: BASE, userId, type: "rtw", proof });
}

const rightToWorkRows = () =>
  temp.db
    .select()
    .from(credentials)
    .where(and(eq(credentials.userId, userId), eq(credentials.type, "rtw")));
const events = () =>
  temp.db
    .select({ kind: walletEvents.kind, credentialId: walletEvents.credentialId })
    .from(walletEvents)
    .where(eq(walletEvents.userId, userId));

/** The status bit of a credential row as its published list says it. */
async function publishedBit(row: typeof credentials.$inferSelect): Promise<number> {
  const list = await loadStatusList(temp.db, row.statusListId!);
  return readStatus(list!.encodedList, 1, row.statusListIndex!, { maxInflatedBytes: 1 << 20 });
}

/** Makes the next write of `table` fail inside the database, as a failure part-way through would. */
const failNext = (table: "wallet_events" | "credentials", operation: "INSERT" | "UPDATE") =>
  temp.client.execute(
    `CREATE TRIGGER forced_failure BEFORE ${operation} ON ${table} BEGIN SELECT RAISE(ABORT, 'forced failure'); END`,
  );
const stopFailing = () => temp.client.execute("DROP TRIGGER forced_failure");

describe("issuance is one batch", () => {
  it("re-issuing replaces the held copy: one active credential, the old one revoked, both logged, its bit published", async () => {
    const first = await issueRightToWork();
    const second = await issueRightToWork();
    const rows = await rightToWorkRows();
    expect(rows.filter((r) => r.status === "active").map((r) => r.id)).toEqual([second.id]);
    const old = rows.find((r) => r.id === first.id)!;
    expect(old.status).toBe("revoked");
    expect(old.revokedAt).toBeInstanceOf(Date);
    expect(old.metadata).toMatchObject({
      replacedBy: second.id,
      revocationReason: "reissued",
      holderKeyThumbprint: first.holderKeyThumbprint,
    });
    expect(await events()).toEqual(
      expect.arrayContaining([
        { kind: "credential_issued", credentialId: first.id },
        { kind: "credential_reissued", credentialId: second.id },
      ]),
    );
    expect(await events()).toHaveLength(2);
    expect(await publishedBit(old)).toBe(1);
    expect(await publishedBit(rows.find((r) => r.id === second.id)!)).toBe(0);
  });

  it("a failure while logging leaves nothing half-done: no new credential, the held copy still active", async () => {
    const first = await issueRightToWork();
    await failNext("wallet_events", "INSERT");
    await expect(issueRightToWork()).rejects.toThrow(/forced failure/);
    const rows = await rightToWorkRows();
    expect(rows.map((r) => ({ id: r.id, status: r.status, revokedAt: r.revokedAt }))).toEqual([
      { id: first.id, status: "active", revokedAt: null },
    ]);
    expect(await events()).toEqual([{ kind: "credential_issued", credentialId: first.id }]);

    await stopFailing();
    const again = await issueRightToWork();
    expect((await rightToWorkRows()).filter((r) => r.status === "active").map((r) => r.id)).toEqual([again.id]);
  });

  it("a failure while revoking the older copy leaves nothing half-done either", async () => {
    const first = await issueRightToWork();
    await failNext("credentials", "UPDATE");
    await expect(issueRightToWork()).rejects.toThrow(/forced failure/);
    expect((await rightToWorkRows()).map((r) => [r.id, r.status])).toEqual([[first.id, "active"]]);
    expect(await events()).toHaveLength(1);
  });
});

describe("status lists follow the credentials table", () => {
  it("a list read after a revocation it never saw (its republish did not run) is rebuilt first", async () => {
    const issued = await issueRightToWork();
    const [row] = await rightToWorkRows();
    const before = (await temp.db.select().from(statusLists).where(eq(statusLists.id, row!.statusListId!)))[0]!;
    // Revoked in the table only, as when a worker stops between the commit and the republish.
    await temp.db
      .update(credentials)
      .set({ status: "revoked", revokedAt: new Date() })
      .where(eq(credentials.id, issued.id));
    const list = await loadStatusList(temp.db, row!.statusListId!);
    expect(list!.version).toBe(before.version + 1);
    expect(await readStatus(list!.encodedList, 1, row!.statusListIndex!, { maxInflatedBytes: 1 << 20 })).toBe(1);
    // Read again: nothing left to rebuild.
    expect((await loadStatusList(temp.db, row!.statusListId!))!.version).toBe(before.version + 1);
  });
});
