import { describe, expect, it } from "vitest";
import { StatusListCache } from "./status-cache.ts";
import { encodeStatusList, issueStatusListToken } from "./status-list.ts";
import {
  basePolicy,
  ISS,
  issueFor,
  makeWorld,
  NOW,
  presentFor,
  STATUS_PREFIX,
  STATUS_URI,
  VCT,
  type World,
} from "./test-helpers.ts";
import { type StatusResult, verifyPresentation } from "./verify.ts";

async function listToken(world: World, revoked: number[], exp = NOW + 600): Promise<string> {
  const values = new Uint8Array(1024);
  for (const idx of revoked) values[idx] = 1;
  return issueStatusListToken({
    iss: ISS,
    sub: STATUS_URI,
    iat: NOW - 10,
    exp,
    ttl: 60,
    bits: 1,
    lst: await encodeStatusList(values, 1),
    kid: world.issuer.publicJwk.kid!,
    privateKey: world.issuer.privateKey,
  });
}

describe("StatusListCache: a list verified once per version (issue 9)", () => {
  async function setup() {
    const world = await makeWorld();
    const presentation = await presentFor(world, await issueFor(world)); // status idx 42
    const cache = new StatusListCache();
    let fetches = 0;
    let current = { version: "1", token: await listToken(world, []) };
    const policy = (now = NOW) =>
      basePolicy(world, {
        now,
        status: {
          allowedUriPrefixes: [STATUS_PREFIX],
          maxInflatedBytes: 4096,
          cache,
          check: async (): Promise<StatusResult> => ({
            kind: "versioned",
            version: current.version,
            token: async () => {
              fetches++;
              return current.token;
            },
          }),
        },
      });
    return {
      world,
      presentation,
      cache,
      policy,
      fetches: () => fetches,
      publish: (next: typeof current) => (current = next),
    };
  }

  it("fetches and verifies the token once, then answers the same version from memory", async () => {
    const { presentation, policy, fetches, cache } = await setup();
    for (let i = 0; i < 3; i++)
      expect(await verifyPresentation(presentation, policy())).toMatchObject({ valid: true, statusChecked: true });
    expect(fetches()).toBe(1);
    expect(cache.size).toBe(1);
  });

  it("sees a revocation at the next check: a new version is fetched, never served from the old copy", async () => {
    const { world, presentation, policy, fetches, publish, cache } = await setup();
    expect(await verifyPresentation(presentation, policy())).toMatchObject({ valid: true });
    publish({ version: "2", token: await listToken(world, [42]) });
    const refused = await verifyPresentation(presentation, policy());
    expect(refused).toMatchObject({ valid: false, code: "STATUS_REVOKED" });
    // Its signature had verified: the failure names the credential, for the record and the holder.
    expect(refused).toMatchObject({ credential: { iss: ISS, vct: VCT, status: { idx: 42, uri: STATUS_URI } } });
    expect(fetches()).toBe(2);
    expect(cache.size).toBe(1);
  });

  it("drops a copy once the token it came from has expired", async () => {
    const { world, presentation, policy, fetches, publish } = await setup();
    publish({ version: "1", token: await listToken(world, [], NOW + 30) });
    expect(await verifyPresentation(presentation, policy())).toMatchObject({ valid: true });
    // 100 s later the copy has lapsed; the refetched token (same one) is now expired too.
    expect(await verifyPresentation(presentation, policy(NOW + 100))).toMatchObject({
      valid: false,
      code: "STATUS_TOKEN_EXPIRED",
    });
    expect(fetches()).toBe(2);
  });

  it("never caches a token that failed verification", async () => {
    const { world, presentation, policy, fetches, publish, cache } = await setup();
    const forged = await listToken(await makeWorld(), []);
    publish({ version: "1", token: forged });
    expect(await verifyPresentation(presentation, policy())).toMatchObject({
      valid: false,
      code: "STATUS_TOKEN_BAD_SIGNATURE",
    });
    expect(cache.size).toBe(0);
    publish({ version: "1", token: await listToken(world, []) });
    expect(await verifyPresentation(presentation, policy())).toMatchObject({ valid: true });
    expect(fetches()).toBe(2);
  });
});
