import { describe, expect, it } from "vitest";
import type { PublicJwk } from "#core/credentials/index.ts";
import { ISSUER_IDS } from "#core/issuers/registry.ts";
import { ORIGIN, request } from "#workers/status/src/test-support.ts";

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
