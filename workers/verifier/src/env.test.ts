import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generateKeySet } from "#scripts/issuer-keys.ts";
import { AUX_WORKER_VARS, ensureDevVars } from "#scripts/stack.ts";
import { workerBindings } from "#tests/support/worker-bindings.ts";
import { VerifierEnvSchema } from "./env.ts";

/**
 * The verifier parses the most hostile input in the product: it must hold no authority's private
 * key (ADR 028), and not the trust anchor's, which vouches for organisations (ADR 034). Every place that configures it is read here: its wrangler.toml, the bindings the
 * local stack gives it (scripts/stack.ts) and the ones the workerd tests give it (vitest.config.ts).
 */
const dir = mkdtempSync(join(tmpdir(), "verifier-env-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The one binding that may hold a private key: the verifier's own request and receipt key, "verifier-service". */
const OWN_KEYS = "VERIFIER_SIGNING_KEYS";

/** Names of bindings whose value is JSON holding a JWK with `d`, anywhere in it. */
function privateKeysIn(bindings: Record<string, unknown>): string[] {
  const holds = (value: unknown): boolean => {
    if (typeof value === "string") {
      try {
        return holds(JSON.parse(value));
      } catch {
        return false;
      }
    }
    if (!value || typeof value !== "object") return false;
    if ("d" in value) return true;
    return Object.values(value).some(holds);
  };
  return Object.entries(bindings)
    .filter(([, value]) => holds(value))
    .map(([name]) => name);
}

/** The [vars] of a wrangler.toml: `NAME = "value"` lines (TOML basic strings are JSON strings). */
function wranglerVars(path: string): Record<string, string> {
  const vars: Record<string, string> = {};
  let inVars = false;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const table = /^\s*\[+([^\]]+)\]+/.exec(line);
    if (table) inVars = table[1]!.trim() === "vars";
    const entry = /^\s*([A-Za-z0-9_]+)\s*=\s*(".*")\s*$/.exec(line);
    if (inVars && entry) vars[entry[1]!] = JSON.parse(entry[2]!) as string;
  }
  return vars;
}

const fetcher = { fetch: async () => new Response() };
const namespace = { idFromName: () => ({}), get: () => ({}) };
const runtime = { LIBSQL_URL: "http://127.0.0.1:8080", STATUS: fetcher, PRESENTATION_REQUESTS: namespace };

async function freshSecrets() {
  return {
    ...(await generateKeySet(["https://identity.example"])),
    libsqlUrl: "http://127.0.0.1:8080",
    libsqlAuthToken: "token",
  };
}

/** What the verifier should be given: public keys and its own request-signing key. */
function rightBindings(secrets: Awaited<ReturnType<typeof freshSecrets>>) {
  return {
    ...runtime,
    SESSION_SECRET: "x".repeat(32),
    ISSUER_PUBLIC_KEYS: secrets.issuerPublicKeys,
    VERIFIER_SIGNING_KEYS: secrets.verifierSigningKeys,
    VERIFIER_PUBLIC_KEYS: secrets.verifierPublicKeys,
  };
}

describe("the verifier worker's keys (ADR 028)", () => {
  it("its wrangler.toml gives it no private key", () => {
    expect(privateKeysIn(wranglerVars("workers/verifier/wrangler.toml"))).toEqual([]);
    expect(readFileSync("workers/verifier/wrangler.toml", "utf8")).not.toMatch(
      /ISSUER_SIGNING_KEYS|STATUS_LIST_SIGNING_KEYS|TRUST_ANCHOR_SIGNING_KEY/,
    );
  });

  it("the local stack gives it public keys only, and the bindings it starts with", async () => {
    const devVars = await ensureDevVars(join(dir, ".dev.vars"));
    const names = AUX_WORKER_VARS["workers/verifier/wrangler.toml"]!;
    const given = Object.fromEntries(names.map((name) => [name, devVars[name]]));
    expect(names).not.toContain("ISSUER_SIGNING_KEYS");
    expect(names).not.toContain("STATUS_LIST_SIGNING_KEYS");
    expect(names).not.toContain("TRUST_ANCHOR_SIGNING_KEY");
    expect(privateKeysIn(given)).toEqual([OWN_KEYS]);
    expect(Object.keys(JSON.parse(given[OWN_KEYS]!) as object)).toEqual(["verifier-service"]);
    expect(VerifierEnvSchema.safeParse({ ...given, ...runtime }).error?.issues).toBeUndefined();
  });

  it("the workerd tests give it public keys only, and the bindings it starts with", async () => {
    const secrets = await freshSecrets();
    const given = workerBindings.verifier((key) => secrets[key as keyof typeof secrets] as never);
    expect(Object.keys(given)).not.toContain("ISSUER_SIGNING_KEYS");
    expect(Object.keys(given)).not.toContain("TRUST_ANCHOR_SIGNING_KEY");
    expect(privateKeysIn(given)).toEqual([OWN_KEYS]);
    expect(Object.keys(JSON.parse(given[OWN_KEYS] as string) as object)).toEqual(["verifier-service"]);
    expect(VerifierEnvSchema.safeParse({ ...given, ...runtime }).error?.issues).toBeUndefined();
  });

  it("refuses to start when any binding carries an authority's private key, under any name", async () => {
    const secrets = await freshSecrets();
    const valid = rightBindings(secrets);
    expect(VerifierEnvSchema.safeParse(valid).success).toBe(true);
    for (const [name, value] of [
      ["ISSUER_SIGNING_KEYS", secrets.issuerSigningKeys],
      ["STATUS_LIST_SIGNING_KEYS", secrets.statusListSigningKeys],
      ["SPARE_KEYS", secrets.issuerSigningKeys],
    ] as const) {
      const result = VerifierEnvSchema.safeParse({ ...valid, [name]: value });
      expect(
        result.error?.issues.map((issue) => [issue.path.join("."), issue.message]),
        name,
      ).toEqual([[name, "holds a private key: the verifier worker takes public keys only (ADR 028)"]]);
    }
    // Private halves slipped into the public keys are refused too.
    const withPrivate = JSON.parse(secrets.issuerPublicKeys) as Record<string, Record<string, JsonWebKey>>;
    withPrivate.credentials!.dbs = JSON.parse(secrets.issuerSigningKeys).dbs;
    expect(VerifierEnvSchema.safeParse({ ...valid, ISSUER_PUBLIC_KEYS: JSON.stringify(withPrivate) }).success).toBe(
      false,
    );
  });

  it("refuses the trust anchor's private key (ADR 034): as a binding of its own, beside its own key, or as its own key", async () => {
    const secrets = await freshSecrets();
    const valid = rightBindings(secrets);
    expect(VerifierEnvSchema.safeParse(valid).success).toBe(true);
    const anchor = JSON.parse(secrets.trustAnchorSigningKey) as JsonWebKey;
    const service = JSON.parse(secrets.verifierSigningKeys) as Record<string, JsonWebKey>;
    const issues = (bindings: Record<string, unknown>) =>
      VerifierEnvSchema.safeParse(bindings).error?.issues.map((issue) => [issue.path.join("."), issue.message]);

    expect(issues({ ...valid, TRUST_ANCHOR_SIGNING_KEY: secrets.trustAnchorSigningKey })).toEqual([
      ["TRUST_ANCHOR_SIGNING_KEY", "holds a private key: the verifier worker takes public keys only (ADR 028)"],
    ]);
    // As it was before ADR 034: both keys in VERIFIER_SIGNING_KEYS.
    expect(issues({ ...valid, VERIFIER_SIGNING_KEYS: JSON.stringify({ ...service, "trust-anchor": anchor }) })).toEqual(
      [
        [
          "VERIFIER_SIGNING_KEYS",
          'must be JSON {"verifier-service": JWK}: the verifier signs requests and receipts only, never attestations (ADR 034)',
        ],
      ],
    );
    // The trust anchor's key passed off as the service key.
    expect(issues({ ...valid, VERIFIER_SIGNING_KEYS: JSON.stringify({ "verifier-service": anchor }) })).toEqual([
      ["VERIFIER_SIGNING_KEYS", "holds the trust anchor's private key: it is the web worker's alone (ADR 034)"],
    ]);
    // Its private half in the public keys.
    const published = JSON.parse(secrets.verifierPublicKeys) as Record<string, JsonWebKey>;
    expect(
      issues({ ...valid, VERIFIER_PUBLIC_KEYS: JSON.stringify({ ...published, "trust-anchor": anchor }) }),
    ).toContainEqual([
      "VERIFIER_PUBLIC_KEYS",
      "holds a private key: the verifier worker takes public keys only (ADR 028)",
    ]);
  });
});
