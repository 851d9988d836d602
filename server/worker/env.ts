import * as z from "zod";
import { ONCE_FIELDS_PASS, SPEC_WORDING } from "#core/validation/wording.ts";
import { issuerPublicKeysBinding } from "#server/credentials/issuer-keys.ts";

/**
 * Each worker's bindings, validated once per isolate before any request is handled (on Workers the
 * bindings arrive with the request, so nothing is read at module scope). A worker declares its
 * schema from the groups below; a missing or malformed binding is a configuration error that
 * names every problem at once, never a failure deep inside a handler.
 */

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Whether a URL names this machine: only then may the database be reached without a token. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return LOOPBACK_HOST.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

const present = (value: string | undefined) => value !== undefined && value !== "";

/** The libSQL database every worker writes to: hosted in production, the local server on loopback. */
export const databaseBindings = {
  LIBSQL_URL: z.url(),
  /** The database's token; required for any database not on this machine (see refineDatabase). */
  LIBSQL_AUTH_TOKEN: z.string().optional(),
  /** Milliseconds one database round trip may take before the request answers 503 (db/client.ts, ADR 032); default 5000. */
  LIBSQL_DEADLINE_MS: z
    .string()
    .regex(/^\d{1,5}$/, "must be a whole number of milliseconds")
    .refine((v) => Number(v) >= 50 && Number(v) <= 60_000, "must be between 50 and 60000")
    .optional(),
};

/**
 * The key login-session row ids are made with (server/accounts/session.ts): every worker that reads
 * the session cookie (web, verifier) holds the same secret.
 */
export const sessionBindings = {
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters"),
};

/**
 * The base every identifier hangs from (ADR 011), and the authorities' public keys, which every
 * worker that checks or publishes credentials trusts (ADR 028).
 */
export const trustBindings = {
  /** JSON: each authority's credential and status-list public keys (server/credentials/issuer-keys.ts). */
  ISSUER_PUBLIC_KEYS: issuerPublicKeysBinding,
  /** https base of issuer, type and status list URLs; default: the https form of the request's host. */
  PUBLIC_BASE_URL: z.url().startsWith("https://", "must be https").optional(),
};

/** The authorities' credential-signing keys: the web worker's alone, since only it issues (ADR 028). */
export const issuerBindings = {
  ...trustBindings,
  /** JSON: issuer id to Ed25519 private JWK (server/credentials/issuer-keys.ts). */
  ISSUER_SIGNING_KEYS: z.string().min(2, "is required"),
  /** JSON: issuer id to a P-256 private JWK with its x5c chain, for HAIP's configurations (server/credentials/certified-keys.ts); optional. */
  ISSUER_X509_SIGNING_KEYS: z.string().min(2).optional(),
  /** JSON: the DVLA's mdoc document signer, a P-256 private JWK with its certificate and IACA root (server/credentials/document-signer.ts); optional. */
  MDOC_DOCUMENT_SIGNER_KEY: z.string().min(2).optional(),
};

/** The authorities' status-list keys: the status worker's alone, so it cannot issue credentials (ADR 028). */
export const statusListBindings = {
  ...trustBindings,
  /** JSON: issuer id to Ed25519 private JWK, one per authority, never a credential key. */
  STATUS_LIST_SIGNING_KEYS: z.string().min(2, "is required"),
  /** JSON: issuer id to a P-256 private JWK with its x5c chain, signing lists for HAIP's credentials; optional. */
  STATUS_LIST_X509_SIGNING_KEYS: z.string().min(2).optional(),
};

/** A service binding to another worker. */
export const serviceBinding = () =>
  z.custom<Fetcher>((value) => typeof (value as Fetcher | undefined)?.fetch === "function", "is not a service binding");

/** A Durable Object namespace whose objects answer the RPC methods of `T`. */
export const durableObjectBinding = <T extends Rpc.DurableObjectBranded>() =>
  z.custom<DurableObjectNamespace<T>>(
    (value) => typeof (value as DurableObjectNamespace | undefined)?.idFromName === "function",
    "is not a Durable Object namespace",
  );

/**
 * A database that is not on this machine needs its token: a worker pointed at a remote libSQL
 * without one refuses to start rather than talk to an open database, or to the wrong one.
 */
function refineDatabase(env: { LIBSQL_URL?: unknown; LIBSQL_AUTH_TOKEN?: unknown }, ctx: z.RefinementCtx): void {
  if (typeof env.LIBSQL_URL !== "string") return;
  if (!present(env.LIBSQL_AUTH_TOKEN as string | undefined) && !isLoopbackUrl(env.LIBSQL_URL)) {
    ctx.addIssue({
      code: "custom",
      path: ["LIBSQL_AUTH_TOKEN"],
      message: "is required when LIBSQL_URL is not a loopback address",
    });
  }
}

/** A worker's env schema from binding groups; the database rule applies whenever LIBSQL_URL is bound. */
export function workerEnv<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape).superRefine(refineDatabase, ONCE_FIELDS_PASS);
}

export class WorkerConfigurationError extends Error {
  override name = "WorkerConfigurationError";
}

const validated = new WeakMap<object, WeakSet<z.ZodType>>();

/**
 * The worker's bindings as its schema types them, or a WorkerConfigurationError listing every
 * problem. The bindings object stays the one the runtime passed (service bindings and namespaces
 * are not copies); each (bindings, schema) pair is checked once per isolate.
 */
export function parseEnv<S extends z.ZodType>(schema: S, bindings: unknown, worker: string): z.infer<S> {
  const env = (bindings ?? {}) as object;
  let seen = validated.get(env);
  if (!seen?.has(schema)) {
    const result = schema.safeParse(env, SPEC_WORDING);
    if (!result.success) {
      const detail = result.error.issues.map((i) => `${i.path.join(".") || "env"} ${i.message}`).join("; ");
      throw new WorkerConfigurationError(`${worker} worker configuration is invalid: ${detail}`);
    }
    if (!seen) {
      seen = new WeakSet();
      validated.set(env, seen);
    }
    seen.add(schema);
  }
  return env as z.infer<S>;
}
