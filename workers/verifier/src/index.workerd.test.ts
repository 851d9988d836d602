import { env } from "cloudflare:test";
import { describe, expect, inject, it, vi } from "vitest";
import { offlineAudience } from "#core/verification/openid4vp.ts";
import { credentialKid, publishStep, retireStep, switchStep } from "#scripts/key-rotation.ts";
import { loadIssuerKeys, loadStatusListKeys } from "#server/credentials/issuer-keys.ts";
import * as fixtures from "#tests/support/verification-fixtures.ts";
import { db } from "#tests/support/workerd-database.ts";
import app from "./index.ts";
import { holderNonce, json, ORIGIN, organisationWithVerifier, present, request } from "./test-support.ts";

/** The verifier's health, answered with `bindings` as its whole configuration. */
const health = (bindings: Record<string, unknown>) =>
  app.request("https://identity.example/api/verifications/health", {}, bindings);

describe("verifier worker configuration (ADR 028)", () => {
  it("is given no authority's private key: its bindings in workerd hold public keys and its own keys only", () => {
    const bindings = env as unknown as Record<string, unknown>;
    expect(Object.keys(bindings)).not.toContain("ISSUER_SIGNING_KEYS");
    expect(Object.keys(bindings)).not.toContain("STATUS_LIST_SIGNING_KEYS");
    expect(String(bindings.ISSUER_PUBLIC_KEYS)).not.toMatch(/"d"\s*:/);
  });

  it("refuses to serve when a binding carries an authority's private key: a logged 500, nothing answered", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await health({ ...env })).status).toBe(200);
    const response = await health({ ...env, ISSUER_SIGNING_KEYS: inject("issuerSigningKeys" as never) as string });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { message: string }).message).toBe("Internal error");
    expect(String(logged.mock.calls.at(-1)?.[1])).toMatch(
      /verifier worker configuration is invalid: ISSUER_SIGNING_KEYS holds a private key/,
    );
    logged.mockRestore();
  });

  it("refuses to serve with the trust anchor's private key (ADR 034), as a binding of its own or beside its own key", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const anchor = inject("trustAnchorSigningKey" as never) as string;
    const own = JSON.parse(String((env as unknown as Record<string, unknown>).VERIFIER_SIGNING_KEYS)) as object;
    expect(Object.keys(own)).toEqual(["verifier-service"]);
    for (const [bindings, problem] of [
      [{ ...env, TRUST_ANCHOR_SIGNING_KEY: anchor }, /TRUST_ANCHOR_SIGNING_KEY holds a private key/],
      [
        { ...env, VERIFIER_SIGNING_KEYS: JSON.stringify({ ...own, "trust-anchor": JSON.parse(anchor) }) },
        /VERIFIER_SIGNING_KEYS must be JSON \{"verifier-service": JWK\}/,
      ],
    ] as const) {
      const response = await health(bindings);
      expect(response.status).toBe(500);
      expect(String(logged.mock.calls.at(-1)?.[1])).toMatch(problem);
    }
    logged.mockRestore();
  });
});

describe("keys the status worker holds (ADR 028)", () => {
  it("cannot sign a credential the verifier accepts: one signed with an authority's status-list key is refused", async () => {
    const { cookie } = await organisationWithVerifier();
    const statusListKeys = await loadStatusListKeys(inject("statusListSigningKeys" as never) as string);
    const store = { db: db(), sessionSecret: (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET };
    const forged = await fixtures.citizenWithCredential(store, { keys: statusListKeys, base: ORIGIN }, "rtw");
    const presentation = await present(forged, ["hasRightToWork"], offlineAudience(ORIGIN), holderNonce());
    const response = await request("/api/presentations/validate", {
      ...json({ presentationJwt: presentation }),
      cookie,
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { valid: boolean; reason: string };
    expect(answer.valid).toBe(false);
    expect(answer.reason).not.toBe("valid");
  });
});

describe("issuer key rotation (issue 22)", () => {
  it("keeps a credential signed before the switch valid while both keys are published, and refuses it once the old key is retired", async () => {
    const { cookie } = await organisationWithVerifier();
    const store = { db: db(), sessionSecret: (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET };
    const before = {
      signingKeys: inject("issuerSigningKeys" as never) as string,
      publicKeys: inject("issuerPublicKeys" as never) as string,
    };
    const issuedWith = async (signingKeys: string) =>
      fixtures.citizenWithCredential(store, { keys: await loadIssuerKeys(signingKeys), base: ORIGIN }, "rtw");
    /** The verifier's answer to a presentation of `held`, trusting `publicKeys` as ISSUER_PUBLIC_KEYS. */
    const validate = async (held: fixtures.HeldCredential, publicKeys: string) => {
      const presentation = await present(held, ["hasRightToWork"], offlineAudience(ORIGIN), holderNonce());
      const response = await request("/api/presentations/validate", {
        ...json({ presentationJwt: presentation }),
        cookie,
        bindings: { ISSUER_PUBLIC_KEYS: publicKeys },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { valid: boolean; reason: string }).valid;
    };

    const signedBefore = await issuedWith(before.signingKeys);
    const published = await publishStep(before, "credentials", "home-office");
    // Published, not signing yet: what the web worker signs still carries the old kid.
    expect(credentialKid(await issuedWith(published.signingKeys).then((h) => h.sdJwt))).toBe(
      credentialKid(signedBefore.sdJwt),
    );
    const switched = await switchStep(published, "credentials", "home-office");
    const signedAfter = await issuedWith(switched.signingKeys);
    expect(credentialKid(signedAfter.sdJwt)).toBe(published.kid);
    expect(credentialKid(signedBefore.sdJwt)).not.toBe(published.kid);

    // The overlap: both keys published, each credential verified by the key its kid names.
    expect(await validate(signedBefore, published.publicKeys)).toBe(true);
    expect(await validate(signedAfter, published.publicKeys)).toBe(true);
    // Before the publish step the new key is trusted by nobody.
    expect(await validate(signedAfter, before.publicKeys)).toBe(false);

    const retired = await retireStep(
      { signingKeys: switched.signingKeys, publicKeys: published.publicKeys },
      "credentials",
      "home-office",
    );
    expect(await validate(signedAfter, retired.publicKeys)).toBe(true);
    expect(await validate(signedBefore, retired.publicKeys)).toBe(false);
  });
});
