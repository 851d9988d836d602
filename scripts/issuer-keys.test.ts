import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { issuerUrl } from "#core/issuers/registry.ts";
import { demoAuthorityRecords } from "#db/demo-records.ts";
import { authorityRecords, users } from "#db/schema/index.ts";
import { createIssuanceNonce, issueToHolder } from "#server/credentials/issuance.ts";
import { loadIssuerKeys } from "#server/credentials/issuer-keys.ts";
import { makeHolder, signProof } from "#tests/support/holder.ts";
import { openTempDatabase, type TempDatabase } from "#tests/support/temp-database.ts";
import { generateKeySet, stillValidSignedWith } from "./issuer-keys.ts";
import { credentialKid, publishStep, switchStep } from "./key-rotation.ts";

/** The worker secret the web wallet's nonces are made under, in these tests. */
const SECRET = "a-worker-secret-of-at-least-32-characters";

const BASE = "https://identity.example";
let temp: TempDatabase;
let userId: string;

beforeEach(async () => {
  temp = await openTempDatabase("issuer-keys-");
  [{ id: userId }] = await temp.db
    .insert(users)
    .values({ username: `u${crypto.randomUUID().slice(0, 8)}`, passwordHash: "x" })
    .returning({ id: users.id });
  await temp.db.insert(authorityRecords).values(demoAuthorityRecords(userId, new Date()));
});
afterEach(() => temp.close());

async function issueRightToWork(signingKeys: string) {
  const holder = await makeHolder();
  const { nonce } = await createIssuanceNonce(SECRET, userId);
  const proof = await signProof(holder, nonce, { aud: issuerUrl(BASE, "home-office") });
  return issueToHolder({
    db: temp.db,
    secret: SECRET,
    keys: await loadIssuerKeys(signingKeys),
    base: BASE,
    userId,
    type: "rtw",
    proof,
  });
}

describe("retiring an old key (node scripts/issuer-keys.ts rotate --step retire)", () => {
  it("counts the credentials still valid under the old key: none once they have expired or been re-issued", async () => {
    const set = await generateKeySet(["https://identity.example"]);
    const published = await publishStep(
      { signingKeys: set.issuerSigningKeys, publicKeys: set.issuerPublicKeys },
      "credentials",
      "home-office",
    );
    const before = await issueRightToWork(set.issuerSigningKeys);
    const oldKid = credentialKid(before.vcJwt)!;
    const now = new Date();
    expect(await stillValidSignedWith(temp.db, [oldKid], now)).toBe(1);
    expect(await stillValidSignedWith(temp.db, [oldKid], new Date(Date.parse(before.expiresAt!) + 1000))).toBe(0);
    // Re-issued (to another device) after the switch: the old credential is revoked, the new one carries the new kid.
    await issueRightToWork((await switchStep(published, "credentials", "home-office")).signingKeys);
    expect(await stillValidSignedWith(temp.db, [oldKid], now)).toBe(0);
    expect(await stillValidSignedWith(temp.db, [published.kid], now)).toBe(1);
  });
});
