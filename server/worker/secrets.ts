import * as z from "zod";

/**
 * Secrets that hold keys (ISSUER_SIGNING_KEYS, STATUS_LIST_SIGNING_KEYS, VERIFIER_SIGNING_KEYS): a JSON object of name to
 * private JWK, parsed and imported once per distinct value (an isolate keeps the result; a failed
 * import is forgotten, so a corrected secret is tried again).
 */
export function oncePerSecret<T>(load: (secret: string) => Promise<T>): (secret: string) => Promise<T> {
  const loaded = new Map<string, Promise<T>>();
  return (secret) => {
    let value = loaded.get(secret);
    if (!value) {
      value = load(secret);
      loaded.set(secret, value);
      value.catch(() => loaded.delete(secret));
    }
    return value;
  };
}

/** The secret `name` as an object of private JWKs, or an error naming what is wrong with it. */
export function parseJwkSecret(name: string, secret: string, what: string): Record<string, JsonWebKey | undefined> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(secret);
  } catch {
    throw new Error(`${name} is not JSON`);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new Error(`${name} must be an object of ${what} to private JWK`);
  return parsed as Record<string, JsonWebKey | undefined>;
}

/**
 * A binding holding JSON of public keys (ISSUER_PUBLIC_KEYS, VERIFIER_PUBLIC_KEYS): text that
 * parses as JSON of `shape`, checked when a worker starts; `message` says what was expected.
 */
export function publicKeysBinding(shape: z.ZodType, message: string) {
  return z.string().refine((value) => {
    try {
      return shape.safeParse(JSON.parse(value)).success;
    } catch {
      return false;
    }
  }, message);
}
