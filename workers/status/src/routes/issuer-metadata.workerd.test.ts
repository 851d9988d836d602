import { describe, expect, inject, it, vi } from "vitest";
import type { PublicJwk } from "#core/credentials/index.ts";
import { ISSUER_IDS } from "#core/issuers/registry.ts";
import { publishStep, retireStep, switchStep } from "#scripts/key-rotation.ts";
import { bindings, ORIGIN, request } from "#workers/status/src/test-support.ts";

interface IssuerMetadata {
  issuer: string;
  jwks: { keys: PublicJwk[] };
}

describe("GET /.well-known/jwt-vc-issuer/issuers/{id}", () => {
  it.each(ISSUER_IDS)("publishes %s's issuer URL and its one public signing key", async (id) => {
    const response = await request(`/.well-known/jwt-vc-issuer/issuers/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const metadata = (await response.json()) as IssuerMetadata;
    expect(metadata.issuer).toBe(`${ORIGIN}/issuers/${id}`);
    expect(metadata.jwks.keys).toHaveLength(1);
    const [key] = metadata.jwks.keys;
    expect(key).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" });
    expect(key!.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The public half only.
    expect(key).not.toHaveProperty("d");
  });

  it("gives every authority its own key", async () => {
    const kids = await Promise.all(
      ISSUER_IDS.map(
        async (id) =>
          ((await (await request(`/.well-known/jwt-vc-issuer/issuers/${id}`)).json()) as IssuerMetadata).jwks.keys[0]!
            .kid,
      ),
    );
    expect(new Set(kids).size).toBe(ISSUER_IDS.length);
  });

  it("names the issuer under PUBLIC_BASE_URL when one is configured, whatever host was asked", async () => {
    const response = await request("/.well-known/jwt-vc-issuer/issuers/dbs", {
      PUBLIC_BASE_URL: "https://identity.service.gov.uk/",
    });
    expect(((await response.json()) as IssuerMetadata).issuer).toBe("https://identity.service.gov.uk/issuers/dbs");
  });

  it.each(["nobody", "HOME-OFFICE", "home-office.json", "%2e%2e"])(
    "answers an unknown authority (%s) with a JSON 404",
    async (id) => {
      for (const path of [`/issuers/${id}`, `/status/issuers/${id}`]) {
        const response = await request(`/.well-known/jwt-vc-issuer${path}`);
        expect(response.status, path).toBe(404);
        expect(await response.json()).toEqual({ message: "Not found" });
      }
    },
  );

  it.each(ISSUER_IDS)(
    "publishes %s's status-list key under a status issuer of its own, never beside its credential key",
    async (id) => {
      const credential = (await (await request(`/.well-known/jwt-vc-issuer/issuers/${id}`)).json()) as IssuerMetadata;
      const response = await request(`/.well-known/jwt-vc-issuer/status/issuers/${id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=300");
      const status = (await response.json()) as IssuerMetadata;
      expect(status.issuer).toBe(`${ORIGIN}/status/issuers/${id}`);
      expect(status.jwks.keys).toHaveLength(1);
      expect(status.jwks.keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" });
      expect(status.jwks.keys[0]).not.toHaveProperty("d");
      // Two keys: one that signs credentials (the web worker's), one that signs lists (the status worker's).
      expect(status.jwks.keys[0]!.kid).not.toBe(credential.jwks.keys[0]!.kid);
    },
  );
});

describe("issuer key rotation (issue 22)", () => {
  const current = (signing: "issuerSigningKeys" | "statusListSigningKeys") => ({
    signingKeys: inject(signing as never) as string,
    publicKeys: bindings.ISSUER_PUBLIC_KEYS,
  });
  const kids = async (path: string, publicKeys: string, override: Record<string, unknown> = {}) =>
    (
      (await (await request(path, { ISSUER_PUBLIC_KEYS: publicKeys, ...override })).json()) as IssuerMetadata
    ).jwks.keys.map((key) => key.kid);

  it("publishes both of an authority's credential keys during a rotation, and the old one no more once retired", async () => {
    const path = "/.well-known/jwt-vc-issuer/issuers/home-office";
    const [old] = await kids(path, bindings.ISSUER_PUBLIC_KEYS);
    const published = await publishStep(current("issuerSigningKeys"), "credentials", "home-office");
    expect(await kids(path, published.publicKeys)).toEqual([old, published.kid]);
    // Only the rotating authority's metadata changes.
    expect(await kids("/.well-known/jwt-vc-issuer/issuers/dbs", published.publicKeys)).toHaveLength(1);
    const switched = await switchStep(published, "credentials", "home-office");
    const retired = await retireStep({ ...published, signingKeys: switched.signingKeys }, "credentials", "home-office");
    expect(await kids(path, retired.publicKeys)).toEqual([published.kid]);
  });

  it("publishes both status-list keys during a rotation, and refuses to start holding a key it does not publish", async () => {
    const path = "/.well-known/jwt-vc-issuer/status/issuers/dvla";
    const published = await publishStep(current("statusListSigningKeys"), "statusLists", "dvla");
    const switched = await switchStep(published, "statusLists", "dvla");
    const running = { STATUS_LIST_SIGNING_KEYS: switched.signingKeys };
    expect(await kids(path, published.publicKeys, running)).toHaveLength(2);
    expect(await kids(path, published.publicKeys, running)).toContain(published.kid);

    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    // The new key set as the signing secret before ISSUER_PUBLIC_KEYS publishes it: the worker answers nothing.
    for (const signingKeys of [published.signingKeys, switched.signingKeys]) {
      const response = await request(path, { STATUS_LIST_SIGNING_KEYS: signingKeys });
      expect(response.status).toBe(500);
      expect(String(logged.mock.calls.at(-1)?.join(" "))).toMatch(
        /STATUS_LIST_SIGNING_KEYS for Driver and Vehicle Licensing Agency \(dvla\) does not match ISSUER_PUBLIC_KEYS/,
      );
    }
    logged.mockRestore();
  });
});
