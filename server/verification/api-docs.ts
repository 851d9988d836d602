/**
 * The Verifier API's OpenAPI 3.1 document (server/verification/openapi.ts, the one the worker
 * serves at /api/verifications/openapi.json) read into what /verifier/api-docs shows: each
 * operation's method, path, summary, description, who may call it, its parameters, request body
 * fields and responses, with every schema reference resolved to its fields. Only this reaches the
 * browser, not the whole document.
 */
import { openApiDocument } from "./openapi.ts";

export interface DocField {
  name: string;
  type: string;
  required: boolean;
  description: string | null;
  /** Where a parameter goes: path or query (body fields have none). */
  in?: string;
}

interface DocResponse {
  status: string;
  description: string;
  contentType: string | null;
  schemaName: string | null;
  fields: DocField[];
}

export interface DocOperation {
  /** An anchor for the operation: "post-api-presentations-requests". */
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  auth: string;
  parameters: DocField[];
  body: { contentType: string; schemaName: string | null; fields: DocField[] } | null;
  responses: DocResponse[];
}

export interface ApiDocs {
  title: string;
  version: string;
  description: string;
  server: string;
  operations: DocOperation[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);

/** A schema's type in words: "string (uuid)", "one of "rtw", "rtr"", "array of string", a schema's name. */
function typeOf(schema: unknown): string {
  if (!isObject(schema)) return "any";
  if (typeof schema.$ref === "string") return refName(schema.$ref);
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  if ("const" in schema) return JSON.stringify(schema.const);
  const union = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(union)) return union.map(typeOf).join(" or ");
  if (Array.isArray(schema.type)) return schema.type.join(" or ");
  if (schema.type === "array") return `array of ${typeOf(schema.items)}`;
  if (schema.type === "object" && !isObject(schema.properties)) return "object (keys and values)";
  const base = typeof schema.type === "string" ? schema.type : "any";
  const details = [
    schema.format,
    schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : undefined,
  ].filter(Boolean);
  return details.length ? `${base} (${details.join(", ")})` : base;
}

/** Who may call an operation, from its security requirements. */
function authOf(security: unknown): string {
  if (!Array.isArray(security) || security.length === 0) return "Public: no authentication";
  const schemes = security.flatMap((requirement) => (isObject(requirement) ? Object.keys(requirement) : []));
  if (schemes.includes("apiKey") && schemes.includes("session"))
    return "An API key (Authorization: Bearer) or a signed-in verifier's session";
  if (schemes.includes("session")) return "A signed-in verifier's session (the portal) only";
  if (schemes.includes("apiKey")) return "An API key (Authorization: Bearer)";
  return schemes.join(", ");
}

/** An object schema's fields: name, type, required, description. */
function fieldsOf(schema: unknown): DocField[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    type: typeOf(property),
    required: required.has(name),
    description: isObject(property) && typeof property.description === "string" ? property.description : null,
  }));
}

const schemasOf = (document: Json): Json =>
  isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};

function readApiDocs(document: Json): ApiDocs {
  const components = schemasOf(document);
  const resolve = (schema: unknown): { name: string | null; schema: Json | null } => {
    if (!isObject(schema)) return { name: null, schema: null };
    if (typeof schema.$ref === "string") {
      const name = refName(schema.$ref);
      const target = components[name];
      return { name, schema: isObject(target) ? target : null };
    }
    return { name: null, schema };
  };
  const content = (value: unknown): { contentType: string; schema: unknown } | null => {
    if (!isObject(value) || !isObject(value.content)) return null;
    const [contentType, media] = Object.entries(value.content)[0] ?? [];
    return contentType ? { contentType, schema: isObject(media) ? media.schema : undefined } : null;
  };

  const operations: DocOperation[] = [];
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation)) continue;
      const parameters = (Array.isArray(operation.parameters) ? operation.parameters : [])
        .filter(isObject)
        .map((p) => ({
          name: String(p.name),
          in: String(p.in),
          type: typeOf(p.schema),
          required: p.required === true,
          description: typeof p.description === "string" ? p.description : null,
        }));
      const requestBody = content(operation.requestBody);
      const body = requestBody
        ? (({ name, schema }) => ({
            contentType: requestBody.contentType,
            schemaName: name,
            fields: fieldsOf(schema),
          }))(resolve(requestBody.schema))
        : null;
      const responses = Object.entries(isObject(operation.responses) ? operation.responses : {}).map(
        ([status, response]) => {
          const media = content(response);
          const { name, schema } = resolve(media?.schema);
          return {
            status,
            description: isObject(response) && typeof response.description === "string" ? response.description : "",
            contentType: media?.contentType ?? null,
            schemaName: name,
            // The fields of a success answer; an error's shape is named, and listed once on its own.
            fields: status.startsWith("2") ? fieldsOf(schema) : [],
          };
        },
      );
      operations.push({
        id: `${method}-${path}`
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/-+$/, ""),
        method: method.toUpperCase(),
        path,
        summary: typeof operation.summary === "string" ? operation.summary : "",
        description: typeof operation.description === "string" ? operation.description : null,
        auth: authOf(operation.security),
        parameters,
        body,
        responses,
      });
    }
  }
  const info = isObject(document.info) ? document.info : {};
  const servers = Array.isArray(document.servers) ? document.servers : [];
  return {
    title: typeof info.title === "string" ? info.title : "API",
    version: typeof info.version === "string" ? info.version : "",
    description: typeof info.description === "string" ? info.description : "",
    server: isObject(servers[0]) && typeof servers[0].url === "string" ? servers[0].url : "",
    operations,
  };
}

/** The error answers' shapes (every 4xx names the Error schema; the wallet-facing endpoint OAuthError). */
function errorShapes(document: Json): { name: string; fields: DocField[] }[] {
  const components = schemasOf(document);
  return ["Error", "OAuthError"]
    .filter((name) => isObject(components[name]))
    .map((name) => ({ name, fields: fieldsOf(components[name]) }));
}

/** A shape every result carries, named and described, with its fields. */
export interface DocShape {
  name: string;
  description: string | null;
  fields: DocField[];
}

/**
 * The check's outcome (ADR 033), the shape beside `valid` in every result: shown on its own, so
 * an integrator reads what `valid` does not say before any operation.
 */
function outcomeShape(document: Json): DocShape | null {
  const schema = schemasOf(document).CheckOutcome;
  if (!isObject(schema)) return null;
  return {
    name: "CheckOutcome",
    description: typeof schema.description === "string" ? schema.description : null,
    fields: fieldsOf(schema),
  };
}

/** The document for this origin, read for the page. */
export function apiDocsFor(
  origin: string,
): ApiDocs & { errors: { name: string; fields: DocField[] }[]; outcome: DocShape | null } {
  const document = openApiDocument(origin) as Json;
  return { ...readApiDocs(document), errors: errorShapes(document), outcome: outcomeShape(document) };
}
