import { describe, expect, it } from "vitest";
import { generateKeySet } from "#scripts/issuer-keys.ts";
import { publishStep, retireStep, switchStep } from "#scripts/key-rotation.ts";
import { assertTrusted, issuerPublicKeysBinding, loadIssuerKeys, loadIssuerTrust } from "./issuer-keys.ts";

const kidsOf = (trust: Awaited<ReturnType<typeof loadIssuerTrust>>, id: "home-office" | "dbs") =>
  trust.credentialKeys.get(id)?.map((key) => key.kid);

describe("the authorities' keys through a rotation (issue 22)", () => {
  it("loads today's one-key-per-authority secrets: one signing key, the same one trusted", async () => {
    const set = await generateKeySet(["https://identity.example"]);
    expect(JSON.parse(set.issuerSigningKeys)["home-office"]).not.toBeInstanceOf(Array);
    const keys = await loadIssuerKeys(set.issuerSigningKeys);
    const trust = await loadIssuerTrust(set.issuerPublicKeys);
    expect(kidsOf(trust, "home-office")).toEqual([keys.get("home-office")!.kid]);
    expect(keys.get("home-office")!.waitingKids).toEqual([]);
    expect(() => assertTrusted("ISSUER_SIGNING_KEYS", keys, trust.credentialKeys)).not.toThrow();
  });

  it("publishes, switches and retires: the old key signs until the switch, both are trusted until the retirement", async () => {
    const set = await generateKeySet(["https://identity.example"]);
    const before = { signingKeys: set.issuerSigningKeys, publicKeys: set.issuerPublicKeys };
    const old = (await loadIssuerKeys(before.signingKeys)).get("home-office")!.kid;

    const published = await publishStep(before, "credentials", "home-office");
    const waiting = await loadIssuerKeys(published.signingKeys);
    const overlap = await loadIssuerTrust(published.publicKeys);
    expect(waiting.get("home-office")).toMatchObject({ kid: old, waitingKids: [published.kid] });
    expect(kidsOf(overlap, "home-office")).toEqual([old, published.kid]);
    expect(kidsOf(overlap, "dbs")).toHaveLength(1);
    expect(() => assertTrusted("ISSUER_SIGNING_KEYS", waiting, overlap.credentialKeys)).not.toThrow();

    const switched = await switchStep(published, "credentials", "home-office");
    const signing = await loadIssuerKeys(switched.signingKeys);
    expect(signing.get("home-office")).toMatchObject({ kid: published.kid, waitingKids: [] });
    expect(() => assertTrusted("ISSUER_SIGNING_KEYS", signing, overlap.credentialKeys)).not.toThrow();
    // The old private key has left the secret: nothing signs with it again.
    expect(switched.signingKeys).not.toContain(JSON.parse(before.signingKeys)["home-office"].d);

    const retired = await retireStep({ ...published, signingKeys: switched.signingKeys }, "credentials", "home-office");
    expect(retired.retiredKids).toEqual([old]);
    expect(kidsOf(await loadIssuerTrust(retired.publicKeys), "home-office")).toEqual([published.kid]);
    // A finished rotation leaves the one-key form it found.
    expect(JSON.parse(retired.publicKeys).credentials["home-office"]).not.toBeInstanceOf(Array);
    expect(issuerPublicKeysBinding.safeParse(retired.publicKeys).success).toBe(true);
  });

  it("refuses to start with a signing or waiting key that ISSUER_PUBLIC_KEYS does not publish", async () => {
    const set = await generateKeySet(["https://identity.example"]);
    const before = { signingKeys: set.issuerSigningKeys, publicKeys: set.issuerPublicKeys };
    const trusted = (await loadIssuerTrust(before.publicKeys)).credentialKeys;
    const published = await publishStep(before, "credentials", "dbs");
    const switched = await switchStep(published, "credentials", "dbs");
    for (const signingKeys of [published.signingKeys, switched.signingKeys])
      await expect(async () =>
        assertTrusted("ISSUER_SIGNING_KEYS", await loadIssuerKeys(signingKeys), trusted),
      ).rejects.toThrow(
        `ISSUER_SIGNING_KEYS for Disclosure and Barring Service (dbs) does not match ISSUER_PUBLIC_KEYS: key ${published.kid} is not published`,
      );
  });

  it("refuses a key listed twice, a private key among the public ones, and steps out of order", async () => {
    const set = await generateKeySet(["https://identity.example"]);
    const before = { signingKeys: set.issuerSigningKeys, publicKeys: set.issuerPublicKeys };
    const publicKeys = JSON.parse(before.publicKeys);
    const signing = JSON.parse(before.signingKeys);
    const twice = {
      ...publicKeys,
      credentials: { ...publicKeys.credentials, dbs: [publicKeys.credentials.dbs, publicKeys.credentials.dbs] },
    };
    expect(issuerPublicKeysBinding.safeParse(JSON.stringify(twice)).success).toBe(false);
    const withPrivate = {
      ...publicKeys,
      credentials: { ...publicKeys.credentials, dbs: [publicKeys.credentials.dbs, signing["home-office"]] },
    };
    expect(issuerPublicKeysBinding.safeParse(JSON.stringify(withPrivate)).success).toBe(false);
    await expect(loadIssuerKeys(JSON.stringify({ ...signing, dbs: [signing.dbs, signing.dbs] }))).rejects.toThrow(
      /holds the same key twice for Disclosure and Barring Service/,
    );

    await expect(switchStep(before, "credentials", "dbs")).rejects.toThrow(/run the publish step first/);
    await expect(retireStep(before, "credentials", "dbs")).rejects.toThrow(/nothing to retire/);
    const published = await publishStep(before, "credentials", "dbs");
    await expect(publishStep(published, "credentials", "dbs")).rejects.toThrow(/under way/);
    await expect(retireStep(published, "credentials", "dbs")).rejects.toThrow(/run the switch step first/);
    await expect(switchStep({ ...published, publicKeys: before.publicKeys }, "credentials", "dbs")).rejects.toThrow(
      /does not publish dbs's new key/,
    );
  });
});
