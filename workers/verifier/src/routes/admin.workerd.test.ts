import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sha256Base64url, webCrypto } from "#core/credentials/crypto.ts";
import { CHECK_TYPES } from "#core/verification/checks.ts";
import { verifierApiKeys } from "#db/schema/index.ts";
import type { ApiKeySummary as KeySummary } from "#server/verification/api-schemas.ts";
import { db } from "#tests/support/workerd-database.ts";
import app from "#workers/verifier/src/index.ts";
import {
  apiKeyFor,
  type Caller,
  json,
  ORIGIN,
  openRequest,
  organisationWithVerifier,
  person,
  recordCheck,
  request,
} from "#workers/verifier/src/test-support.ts";

const listKeys = async (cookie: string) => {
  const response = await request("/api/verifications/api-keys", { cookie });
  expect(response.status).toBe(200);
  return { text: await response.clone().text(), keys: ((await response.json()) as { keys: KeySummary[] }).keys };
};
const revokeKey = (id: string, caller: Caller) =>
  request(`/api/verifications/api-keys/${id}/revoke`, { method: "POST", ...caller });
const historyIds = async (caller: Caller) =>
  (
    (await (await request("/api/verifications/history?pageSize=100", caller)).json()) as { entries: { id: string }[] }
  ).entries.map((e) => e.id);
const unique = (prefix: string) => `${prefix} ${crypto.randomUUID().slice(0, 8)}`;

describe("API keys (/api/verifications/api-keys)", () => {
  it("creates a key shown once (ukid_live_…), stores only its hash, and lists it by prefix", async () => {
    const { cookie, user, organisation } = await organisationWithVerifier();
    const response = await request("/api/verifications/api-keys", { ...json({ name: "  Payroll system  " }), cookie });
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { key, apiKey } = (await response.json()) as { key: string; apiKey: KeySummary };
    expect(key).toMatch(/^ukid_live_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: "Payroll system",
      prefix: key.slice(0, 16),
      lastUsedAt: null,
      revokedAt: null,
    });

    const [row] = await db().select().from(verifierApiKeys).where(eq(verifierApiKeys.id, apiKey.id));
    expect(row).toMatchObject({
      organisationId: organisation.id,
      createdBy: user.id,
      keyHash: await sha256Base64url(webCrypto(), key),
    });
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(key.slice(16));

    const listed = await listKeys(cookie);
    expect(listed.keys).toEqual([
      expect.objectContaining({ id: apiKey.id, name: "Payroll system", prefix: key.slice(0, 16) }),
    ]);
    expect(listed.text).not.toContain(key.slice(16));
    expect((await request("/api/verifications/api-keys", { ...json({ name: "   " }), cookie })).status).toBe(400);
  });

  it("works as Authorization: Bearer for its organisation only: creates and reads requests, reads the history, and is marked used", async () => {
    const mine = await organisationWithVerifier(["rtw"]);
    const theirs = await organisationWithVerifier();
    const { key, id } = await apiKeyFor(mine.cookie);

    const created = await openRequest(
      { apiKey: key },
      { credentialType: "rtw", purpose: "Hiring through the payroll system" },
    );
    expect(created.clientId).toBe(`verifier_attestation:${ORIGIN}/verifiers/${mine.organisation.id}`);
    expect(await (await request(`/api/presentations/requests/${created.id}`, { apiKey: key })).json()).toMatchObject({
      id: created.id,
      status: "pending",
    });
    // The organisation's registration still limits the checks a key may ask for.
    expect(
      (await request("/api/presentations/requests", { ...json({ credentialType: "dbs", purpose: "x" }), apiKey: key }))
        .status,
    ).toBe(403);
    const theirRequest = await openRequest({ cookie: theirs.cookie });
    expect((await request(`/api/presentations/requests/${theirRequest.id}`, { apiKey: key })).status).toBe(404);

    const own = await recordCheck(mine.organisation.id);
    const other = await recordCheck(theirs.organisation.id);
    const seen = await historyIds({ apiKey: key });
    expect(seen).toContain(own.id);
    expect(seen).not.toContain(other.id);

    expect((await listKeys(mine.cookie)).keys.find((k) => k.id === id)?.lastUsedAt).toEqual(expect.any(String));
  });

  it("refuses a wrong, malformed or revoked key with 401, even next to a valid session", async () => {
    const { cookie } = await organisationWithVerifier();
    const { key, id } = await apiKeyFor(cookie);
    const body = { credentialType: "rtw", purpose: "x" };
    for (const authorization of [
      `Bearer ukid_live_${"A".repeat(43)}`,
      `Bearer ${key}x`,
      "Bearer",
      `Basic ${btoa(`user:${key}`)}`,
      key,
    ]) {
      const response = await request("/api/presentations/requests", {
        ...json(body),
        headers: { Authorization: authorization },
        cookie,
      });
      expect(response.status, authorization).toBe(401);
    }
    const revoked = await revokeKey(id, { cookie });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ id, revokedAt: expect.any(String) });
    expect((await request("/api/presentations/requests", { ...json(body), apiKey: key })).status).toBe(401);
    expect((await request("/api/verifications/history", { apiKey: key })).status).toBe(401);
    expect((await listKeys(cookie)).keys.find((k) => k.id === id)?.revokedAt).toEqual(expect.any(String));
  });

  it("cannot be used to list, create or revoke keys (403): keys are managed by people, signed in", async () => {
    const { cookie } = await organisationWithVerifier();
    const { key, id } = await apiKeyFor(cookie);
    expect((await request("/api/verifications/api-keys", { apiKey: key })).status).toBe(403);
    expect(
      (await request("/api/verifications/api-keys", { ...json({ name: "Minted by a key" }), apiKey: key })).status,
    ).toBe(403);
    expect((await revokeKey(id, { apiKey: key })).status).toBe(403);
    expect((await listKeys(cookie)).keys.map((k) => [k.name, k.revokedAt])).toEqual([["Integration", null]]);
  });

  it("answers 404 to revoking another organisation's key, which keeps working", async () => {
    const theirs = await organisationWithVerifier();
    const theirKey = await apiKeyFor(theirs.cookie);
    const mine = await organisationWithVerifier();
    expect((await revokeKey(theirKey.id, { cookie: mine.cookie })).status).toBe(404);
    expect((await revokeKey(crypto.randomUUID(), { cookie: mine.cookie })).status).toBe(404);
    expect((await request("/api/verifications/history", { apiKey: theirKey.key })).status).toBe(200);
  });
});

describe("organisations (/api/verifications/organisations)", () => {
  it("may be listed by administrators only", async () => {
    const { cookie, organisation } = await organisationWithVerifier();
    const { key } = await apiKeyFor(cookie);
    for (const caller of [{ cookie }, { apiKey: key }] as Caller[])
      expect((await request("/api/verifications/organisations", caller)).status).toBe(403);
    expect((await request("/api/verifications/organisations")).status).toBe(401);
    const admin = await person("admin");
    const listed = (await (await request("/api/verifications/organisations", { cookie: admin.cookie })).json()) as {
      organisations: { id: string; name: string; allowedChecks: string[] }[];
    };
    expect(listed.organisations).toContainEqual({
      id: organisation.id,
      name: organisation.name,
      allowedChecks: [...CHECK_TYPES],
    });
  });

  it("cannot be registered here: registering signs the platform's attestation, which only the web worker can (ADR 034)", async () => {
    const admin = await person("admin");
    const name = unique("Northwind Care Homes");
    const response = await request("/api/verifications/organisations", {
      ...json({ name, allowedChecks: ["rtw"] }),
      cookie: admin.cookie,
    });
    expect(response.status).toBe(404);
    const listed = (await (await request("/api/verifications/organisations", { cookie: admin.cookie })).json()) as {
      organisations: { name: string }[];
    };
    expect(listed.organisations.map((o) => o.name)).not.toContain(name);
  });
});

/** Structural checks of an OpenAPI 3.1 document: every problem found, as readable lines. */
function openApiProblems(doc: Record<string, any>): string[] {
  const problems: string[] = [];
  const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
  if (doc.openapi !== "3.1.0") problems.push(`openapi is ${doc.openapi}`);
  if (typeof doc.info?.title !== "string" || typeof doc.info?.version !== "string")
    problems.push("info needs title and version");
  const schemes = Object.keys(doc.components?.securitySchemes ?? {});
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths ?? {})) {
    if (!path.startsWith("/")) problems.push(`${path}: does not start with /`);
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const [method, op] of Object.entries<Record<string, any>>(item)) {
      const at = `${method.toUpperCase()} ${path}`;
      if (!METHODS.includes(method)) {
        problems.push(`${at}: not an HTTP method`);
        continue;
      }
      const pathParams = (op.parameters ?? []).filter((p: any) => p.in === "path").map((p: any) => p.name);
      for (const name of templated)
        if (!(op.parameters ?? []).some((p: any) => p.in === "path" && p.name === name && p.required === true))
          problems.push(`${at}: {${name}} has no required path parameter`);
      for (const name of pathParams)
        if (!templated.includes(name)) problems.push(`${at}: path parameter ${name} is not in the path`);
      for (const p of op.parameters ?? []) {
        if (
          typeof p.name !== "string" ||
          !["query", "header", "path", "cookie"].includes(p.in) ||
          typeof p.schema !== "object"
        )
          problems.push(`${at}: malformed parameter ${JSON.stringify(p)}`);
      }
      if (op.requestBody && !Object.keys(op.requestBody.content ?? {}).length)
        problems.push(`${at}: requestBody has no content`);
      const responses = Object.entries<Record<string, any>>(op.responses ?? {});
      if (!responses.length) problems.push(`${at}: no responses`);
      for (const [status, response] of responses) {
        if (!/^([1-5][0-9X]{2}|default)$/.test(status)) problems.push(`${at}: response key ${status}`);
        if (typeof response.description !== "string" || !response.description)
          problems.push(`${at} ${status}: no description`);
      }
      for (const requirement of op.security ?? [])
        for (const name of Object.keys(requirement))
          if (!schemes.includes(name)) problems.push(`${at}: unknown security scheme ${name}`);
    }
  }
  // Every local $ref points at something.
  const resolve = (ref: string) =>
    ref
      .slice(2)
      .split("/")
      .reduce<any>((node, key) => node?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
  const walk = (node: unknown, where: string) => {
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) walk(child, `${where}/${i}`);
    } else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string" && (!value.startsWith("#/") || resolve(value) === undefined))
          problems.push(`${where}: $ref ${value} does not resolve`);
        walk(value, `${where}/${key}`);
      }
    }
  };
  walk(doc, "#");
  return problems;
}

/** The verifier worker's operational endpoints, which the API documentation leaves out. */
const OPERATIONAL = ["/api/verifications/health", "/api/verifications/openapi.json"];

/**
 * Every route the verifier worker serves, read from its Hono app (workers/verifier/src/index.ts):
 * method and path in OpenAPI's spelling (`:id` is `{id}`), one entry per method and path (a
 * route's middleware are entries of their own in `app.routes`). Left out: middleware for every
 * method (`ALL`), CORS preflights (OPTIONS), and the operational endpoints /health and
 * /openapi.json itself.
 */
function servedRoutes(): string[] {
  const served = new Set<string>();
  for (const { method, path } of app.routes) {
    if (method === "ALL" || method === "OPTIONS" || OPERATIONAL.includes(path)) continue;
    served.add(`${method} ${path.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]*\})?/g, "{$1}")}`);
  }
  return [...served].sort();
}

describe("public endpoints", () => {
  it("GET /api/verifications/keys publishes the two ES256 public keys (trust anchor, request and receipt signer) to any origin", async () => {
    const response = await request("/api/verifications/keys", { headers: { Origin: "https://wallet.example" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/jwk-set\+json/);
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key).toMatchObject({
        kty: "EC",
        crv: "P-256",
        alg: "ES256",
        use: "sig",
        kid: expect.any(String),
        x: expect.any(String),
        y: expect.any(String),
      });
      expect(key).not.toHaveProperty("d");
    }
    expect(new Set(keys.map((k) => k.kid)).size).toBe(2);
  });

  it("GET /api/verifications/openapi.json is a well-formed OpenAPI 3.1.0 document of the verifier API", async () => {
    const response = await request("/api/verifications/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const doc = (await response.json()) as Record<string, any>;
    expect(openApiProblems(doc)).toEqual([]);
    expect(doc.servers).toEqual([{ url: ORIGIN }]);
    const createRequest = doc.components.schemas.CreateRequest;
    expect(createRequest).toMatchObject({
      type: "object",
      properties: { credentialType: { enum: [...CHECK_TYPES] }, purpose: { type: "string" } },
    });
    expect(createRequest.required).toEqual(expect.arrayContaining(["credentialType", "purpose"]));
    expect(doc.paths["/api/presentations/requests"].post.requestBody.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/CreateRequest",
    });
  });

  it("GET /api/verifications/openapi.json documents every route the verifier worker serves (each method and path)", async () => {
    const routes = servedRoutes();
    // What the derivation must find, so an empty or mangled list cannot pass: the routes the old hand-written list missed among them.
    expect(routes).toEqual(
      expect.arrayContaining([
        "POST /api/presentations/requests",
        "GET /api/presentations/requests/{id}/live",
        "POST /api/verifications/api-keys/{id}/revoke",
        "GET /api/verifications/trust-anchor",
        "GET /api/verifications/{id}/receipt",
      ]),
    );
    expect(routes.filter((route) => /:|\*/.test(route))).toEqual([]);
    const doc = (await (await request("/api/verifications/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const missing = routes.filter((route) => {
      const [method, path] = route.split(" ") as [string, string];
      return !doc.paths[path]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  it("GET /api/verifications/checks lists the spec's four checks, then driving licence, professional certificate and identity, with the attributes a request may name", async () => {
    const response = await request("/api/verifications/checks");
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const { checks } = (await response.json()) as {
      checks: {
        code: string;
        name: string;
        attributes: { id: string; label: string }[];
        defaultAttributes: string[];
      }[];
    };
    expect(checks.map((c) => [c.code, c.name])).toEqual([
      ["rtw", "Right to Work"],
      ["rtr", "Right to Rent"],
      ["dbs", "DBS Check"],
      ["age", "Age Verification"],
      ["driving_licence", "Driving Licence"],
      ["professional_certificate", "Professional Certificate"],
      ["identity", "Identity"],
    ]);
    // Which mdoc documents answer a check, and the element of each attribute (issue 23).
    expect((checks as Record<string, any>[]).find((c) => c.code === "age")!.mdoc).toEqual([
      {
        queryId: "mdl",
        docType: "org.iso.18013.5.1.mDL",
        namespace: "org.iso.18013.5.1",
        elements: { age_over_18: "age_over_18", age_over_21: "age_over_21" },
      },
      {
        queryId: "pid",
        docType: "eu.europa.ec.eudi.pid.1",
        namespace: "eu.europa.ec.eudi.pid.1",
        elements: { age_over_18: "age_over_18", age_over_21: "age_over_21" },
      },
    ]);
    // And the SD-JWT VCs of issuers outside the platform, by claim path (ADR 052).
    expect((checks as Record<string, any>[]).find((c) => c.code === "identity")!.outsideSdJwt).toEqual([
      {
        queryId: "pid_sd_jwt",
        vct: "urn:eudi:pid:1",
        claims: { given_name: ["given_name"], family_name: ["family_name"], birth_date: ["birthdate"] },
      },
    ]);
    for (const check of checks) {
      const ids = check.attributes.map((a) => a.id);
      expect(
        check.defaultAttributes.every((id) => ids.includes(id)),
        check.code,
      ).toBe(true);
    }
    expect(checks.find((c) => c.code === "age")!.attributes.map((a) => a.id)).toEqual(["age_over_18", "age_over_21"]);
  });

  it("documents the check's outcome beside valid (issue 20, ADR 033): in every result schema, in the document's description, and what passing each check means", async () => {
    const doc = (await (await request("/api/verifications/openapi.json")).json()) as Record<string, any>;
    const { schemas } = doc.components;
    expect(schemas.CheckOutcome).toMatchObject({
      type: "object",
      properties: {
        status: { enum: ["passed", "failed"] },
        reason: { anyOf: [{ enum: expect.arrayContaining(["UNDER_18", "NO_RIGHT_TO_WORK"]) }, { type: "null" }] },
      },
    });
    expect(schemas.CheckOutcome.description).toMatch(/outcome is null when valid is false/);
    for (const name of ["ValidationResult", "HistoryEntry", "VerificationResult"]) {
      const outcome = schemas[name].properties.outcome;
      expect(JSON.stringify(outcome), name).toContain("#/components/schemas/CheckOutcome");
      // An integrator reading only valid is told it is not the check's answer.
      expect(schemas[name].properties.valid.description, name).toMatch(/does not say whether the check passed/);
    }
    expect(schemas.ValidationResult.required).toEqual(expect.arrayContaining(["valid", "outcome"]));
    expect(doc.info.description).toMatch(/valid: true says only that the credential is genuine/);
    expect(doc.info.description).toMatch(/Accept a check only when valid is true and outcome.status is passed/);

    const { checks } = (await (await request("/api/verifications/checks")).json()) as {
      checks: { code: string; passes: string }[];
    };
    expect(checks.map((check) => [check.code, typeof check.passes])).toEqual(
      CHECK_TYPES.map((code) => [code, "string"]),
    );
    expect(checks.find((check) => check.code === "rtw")!.passes).toMatch(/right to work in the UK/);
  });
});
