import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  generateIssuerKeysSecret,
  generateStatusListKeysSecret,
  generateVerifierKeysSecret,
  issuerPublicKeysFor,
} from "#scripts/issuer-keys.ts";
import { AUX_WORKER_VARS, ensureDevVars } from "#scripts/stack.ts";
import { workerBindings } from "#tests/support/worker-bindings.ts";
import { VerifierEnvSchema } from "./env.ts";

/**
 * The verifier parses the most hostile input in the product: it must hold no authority's private
 * key (ADR 028). Every place that configures it is read here: its wrangler.toml, the bindings the
 * local stack gives it (scripts/stack.ts) and the ones the workerd tests give it (vitest.config.ts).
 */
const dir = mkdtempSync(join(tmpdir(), "verifier-env-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The one binding that may hold private keys: the verifier's own request and receipt keys. */
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
  const issuerSigningKeys = await generateIssuerKeysSecret();
  const statusListSigningKeys = await generateStatusListKeysSecret();
  return {
    issuerSigningKeys,
    statusListSigningKeys,
    issuerPublicKeys: issuerPublicKeysFor(issuerSigningKeys, statusListSigningKeys),
    verifierSigningKeys: await generateVerifierKeysSecret(),
    libsqlUrl: "http://127.0.0.1:8080",
    libsqlAuthToken: "token",
  };
}

describe("the verifier worker's keys (ADR 028)", () => {
  it("its wrangler.toml gives it no private key", () => {
    expect(privateKeysIn(wranglerVars("workers/verifier/wrangler.toml"))).toEqual([]);
    expect(readFileSync("workers/verifier/wrangler.toml", "utf8")).not.toMatch(
      /ISSUER_SIGNING_KEYS|STATUS_LIST_SIGNING_KEYS/,
    );
  });

  it("the local stack gives it public keys only, and the bindings it starts with", async () => {
    const devVars = await ensureDevVars(join(dir, ".dev.vars"));
    const names = AUX_WORKER_VARS["workers/verifier/wrangler.toml"]!;
    const given = Object.fromEntries(names.map((name) => [name, devVars[name]]));
    expect(names).not.toContain("ISSUER_SIGNING_KEYS");
    expect(names).not.toContain("STATUS_LIST_SIGNING_KEYS");
    expect(privateKeysIn(given)).toEqual([OWN_KEYS]);
    expect(VerifierEnvSchema.safeParse({ ...given, ...runtime }).error?.issues).toBeUndefined();
  });

  it("the workerd tests give it public keys only, and the bindings it starts with", async () => {
    const secrets = await freshSecrets();
    const given = workerBindings.verifier((key) => secrets[key as keyof typeof secrets] as never);
    expect(Object.keys(given)).not.toContain("ISSUER_SIGNING_KEYS");
    expect(privateKeysIn(given)).toEqual([OWN_KEYS]);
    expect(VerifierEnvSchema.safeParse({ ...given, ...runtime }).error?.issues).toBeUndefined();
  });

  it("refuses to start when any binding carries an authority's private key, under any name", async () => {
    const secrets = await freshSecrets();
    const valid = {
      ...runtime,
      SESSION_SECRET: "x".repeat(32),
      ISSUER_PUBLIC_KEYS: secrets.issuerPublicKeys,
      VERIFIER_SIGNING_KEYS: secrets.verifierSigningKeys,
    };
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
});
