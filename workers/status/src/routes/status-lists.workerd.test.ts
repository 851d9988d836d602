import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { encodeStatusList, type PublicJwk, verifyStatusListToken } from "#core/credentials/index.ts";
import type { IssuerId } from "#core/issuers/registry.ts";
import { statusLists } from "#db/schema/index.ts";
import { publishStep, switchStep } from "#scripts/key-rotation.ts";
import { db } from "#tests/support/workerd-database.ts";
import { bindings, ORIGIN, request } from "#workers/status/src/test-support.ts";

const SIZE = 1024;

/** A list of `issuerId`'s in the database with the given entries set to 1 (revoked). */
async function storedList(issuerId: IssuerId, revoked: number[], version = 1) {
  const id = crypto.randomUUID();
  const bits = new Uint8Array(SIZE);
  for (const index of revoked) bits[index] = 1;
  const publishedUrl = `${ORIGIN}/status/lists/${id}`;
  const lastUpdated = new Date(Date.UTC(2026, 10, 20, 9, 30, 0));
  await db()
    .insert(statusLists)
    .values({
      id,
      purpose: "revocation",
      issuerId,
      size: SIZE,
      bits: 1,
      encodedList: await encodeStatusList(bits, 1),
      publishedUrl,
      version,
      lastUpdated,
    });
  return { id, publishedUrl, lastUpdated };
}

/** The authority's status-list key, as its status issuer's metadata publishes it. */
async function publishedKeys(issuerId: IssuerId): Promise<PublicJwk[]> {
  const metadata = (await (await request(`/.well-known/jwt-vc-issuer/status/issuers/${issuerId}`)).json()) as {
    jwks: { keys: PublicJwk[] };
  };
  return metadata.jwks.keys;
}

/** The authority's credential key, as its issuer metadata publishes it. */
async function credentialKeys(issuerId: IssuerId): Promise<PublicJwk[]> {
  const metadata = (await (await request(`/.well-known/jwt-vc-issuer/issuers/${issuerId}`)).json()) as {
    jwks: { keys: PublicJwk[] };
  };
  return metadata.jwks.keys;
}

const tokenOf = async (response: Response) => new TextDecoder().decode(await response.arrayBuffer());

function claimsOf(token: string): { header: Record<string, unknown>; payload: Record<string, any> } {
  const [header, payload] = token
    .split(".")
    .slice(0, 2)
    .map((part) => JSON.parse(atob(part.replace(/-/g, "+").replace(/_/g, "/"))));
  return { header, payload };
}

describe("GET /status/lists/{id}", () => {
  it("serves the stored list as a statuslist+jwt signed by the status-list key of the list's own authority", async () => {
    const list = await storedList("dbs", [7, 900], 4);
    const response = await request(`/status/lists/${list.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/statuslist+jwt");
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(response.headers.get("last-modified")).toBe(list.lastUpdated.toUTCString());
    expect(response.headers.get("x-status-list-version")).toBe("4");

    const token = await tokenOf(response);
    const { header, payload } = claimsOf(token);
    expect(header).toMatchObject({ typ: "statuslist+jwt", alg: "EdDSA" });
    expect(payload).toMatchObject({
      iss: `${ORIGIN}/status/issuers/dbs`,
      sub: list.publishedUrl,
      ttl: 60,
      status_list: { bits: 1 },
    });
    expect(payload.exp - payload.iat).toBe(600);
    expect(Math.abs(payload.iat - Date.now() / 1000)).toBeLessThan(60);

    const read = (idx: number, keys: PublicJwk[]) =>
      verifyStatusListToken(token, {
        trustedKeys: keys,
        expectedSub: list.publishedUrl,
        now: Math.floor(Date.now() / 1000),
        clockSkewSeconds: 5,
        maxInflatedBytes: SIZE,
        idx,
      });
    const dbsKeys = await publishedKeys("dbs");
    expect(await read(7, dbsKeys)).toMatchObject({ valid: true, value: 1 });
    expect(await read(900, dbsKeys)).toMatchObject({ valid: true, value: 1 });
    expect(await read(8, dbsKeys)).toMatchObject({ valid: true, value: 0 });
    // Another authority's key does not verify it.
    expect(await read(7, await publishedKeys("home-office"))).toMatchObject({
      valid: false,
      code: "STATUS_TOKEN_BAD_SIGNATURE",
    });
    // Nor does the authority's credential key: the status worker never holds one (ADR 028).
    expect(await read(7, await credentialKeys("dbs"))).toMatchObject({
      valid: false,
      code: "STATUS_TOKEN_BAD_SIGNATURE",
    });
  });

  it("reads the database on every request: a republished list is served at once", async () => {
    const list = await storedList("home-office", []);
    expect((await request(`/status/lists/${list.id}`)).headers.get("x-status-list-version")).toBe("1");
    const bits = new Uint8Array(SIZE);
    bits[3] = 1;
    await db()
      .update(statusLists)
      .set({ encodedList: await encodeStatusList(bits, 1), version: 2 })
      .where(eq(statusLists.id, list.id));
    const response = await request(`/status/lists/${list.id}`);
    expect(response.headers.get("x-status-list-version")).toBe("2");
    const verified = await verifyStatusListToken(await tokenOf(response), {
      trustedKeys: await publishedKeys("home-office"),
      expectedSub: list.publishedUrl,
      now: Math.floor(Date.now() / 1000),
      clockSkewSeconds: 5,
      maxInflatedBytes: SIZE,
      idx: 3,
    });
    expect(verified).toMatchObject({ valid: true, value: 1 });
  });

  it.each(["not-a-list", "00000000-0000-0000-0000-00000000000g", `${crypto.randomUUID()}x`])(
    "answers a malformed id (%s) with a JSON 404",
    async (id) => {
      const response = await request(`/status/lists/${id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found" });
    },
  );

  it("answers an unknown list with a JSON 404", async () => {
    const response = await request(`/status/lists/${crypto.randomUUID()}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Not found" });
  });
});

describe("a status-list key rotation (issue 22)", () => {
  it("signs with the new key after the switch, while a list signed before it still verifies against the published keys", async () => {
    const list = await storedList("dvla", [3]);
    const before = await tokenOf(await request(`/status/lists/${list.id}`));
    const current = {
      signingKeys: inject("statusListSigningKeys" as never) as string,
      publicKeys: bindings.ISSUER_PUBLIC_KEYS,
    };
    const published = await publishStep(current, "statusLists", "dvla");
    const switched = await switchStep(published, "statusLists", "dvla");
    const rotated = { STATUS_LIST_SIGNING_KEYS: switched.signingKeys, ISSUER_PUBLIC_KEYS: published.publicKeys };
    const after = await tokenOf(await request(`/status/lists/${list.id}`, rotated));
    expect(claimsOf(after).header.kid).toBe(published.kid);
    expect(claimsOf(before).header.kid).not.toBe(published.kid);

    const metadata = await request("/.well-known/jwt-vc-issuer/status/issuers/dvla", rotated);
    const { keys } = ((await metadata.json()) as { jwks: { keys: PublicJwk[] } }).jwks;
    for (const token of [before, after])
      expect(
        await verifyStatusListToken(token, {
          trustedKeys: keys,
          expectedSub: list.publishedUrl,
          now: Math.floor(Date.now() / 1000),
          clockSkewSeconds: 5,
          maxInflatedBytes: SIZE,
          idx: 3,
        }),
      ).toMatchObject({ valid: true, value: 1 });
  });
});
