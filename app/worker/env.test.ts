import { describe, expect, it } from "vitest";
import { ISSUER_IDS } from "#core/issuers/registry.ts";
import { mediaSources, WebEnvSchema } from "./env.ts";

const fetcher = { fetch: async () => new Response() };
const namespace = { idFromName: () => ({}), get: () => ({}) };
const valid = {
  LIBSQL_URL: "http://127.0.0.1:8080",
  SESSION_SECRET: "x".repeat(32),
  ISSUER_SIGNING_KEYS: "{}",
  ISSUER_PUBLIC_KEYS: JSON.stringify(
    Object.fromEntries(
      ["credentials", "statusLists"].map((use) => [
        use,
        Object.fromEntries(ISSUER_IDS.map((id) => [id, { kty: "OKP", crv: "Ed25519", x: "A".repeat(43) }])),
      ]),
    ),
  ),
  TRUST_ANCHOR_SIGNING_KEY: "{}",
  VERIFIER_PUBLIC_KEYS: JSON.stringify(
    Object.fromEntries(
      ["trust-anchor", "verifier-service"].map((name) => [
        name,
        { kty: "EC", crv: "P-256", x: "A".repeat(43), y: "B".repeat(43) },
      ]),
    ),
  ),
  ASSETS: fetcher,
  STATUS: fetcher,
  VERIFIER: fetcher,
  LOGIN_THROTTLE: namespace,
  ASSISTED_SESSIONS: namespace,
  ASSISTED_OFFICES: namespace,
  GABRIEL: namespace,
  HOUSEKEEPER: namespace,
  TRACK_LIMITER: { limit: async () => ({ success: true }) },
  WALLET_LIMITER: { limit: async () => ({ success: true }) },
};

describe("the web worker's bindings", () => {
  it("accepts the local stack's configuration", () => {
    expect(WebEnvSchema.safeParse(valid).success).toBe(true);
  });

  it("refuses to start against a remote database without its token", () => {
    const result = WebEnvSchema.safeParse({ ...valid, LIBSQL_URL: "https://identity.turso.io" });
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["LIBSQL_AUTH_TOKEN"]);
    expect(
      WebEnvSchema.safeParse({ ...valid, LIBSQL_URL: "https://identity.turso.io", LIBSQL_AUTH_TOKEN: "token" }).success,
    ).toBe(true);
  });

  it("refuses a missing binding, a short session secret and a plain-http public base", () => {
    const { LOGIN_THROTTLE: _dropped, ...rest } = valid;
    const result = WebEnvSchema.safeParse({
      ...rest,
      SESSION_SECRET: "short",
      PUBLIC_BASE_URL: "http://identity.example",
    });
    expect(result.error?.issues.map((i) => i.path.join(".")).sort()).toEqual([
      "LOGIN_THROTTLE",
      "PUBLIC_BASE_URL",
      "SESSION_SECRET",
    ]);
  });

  it("adds the podcast host's origin to the media sources only when one is configured", () => {
    expect(mediaSources(WebEnvSchema.parse(valid))).toEqual([]);
    expect(
      mediaSources(WebEnvSchema.parse({ ...valid, PODCAST_AUDIO_BASE_URL: "https://cdn.example/audio/" })),
    ).toEqual(["https://cdn.example"]);
    for (const notHttp of ["ftp://cdn.example/audio/", "javascript:alert(1)", "/podcasts/"]) {
      expect(WebEnvSchema.safeParse({ ...valid, PODCAST_AUDIO_BASE_URL: notHttp }).success, notHttp).toBe(false);
    }
  });
});
