/**
 * The bindings each worker gets in the workerd test projects (vitest.config.ts), from what
 * tests/support/libsql-global-setup.ts provides. Each worker gets only the secrets it holds in
 * production (ADR 028); workers/verifier/src/env.test.ts checks the verifier's.
 */
type Inject = (key: never) => unknown;
const value = (inject: Inject, key: string) => inject(key as never) as string;

const databaseOnly = (inject: Inject) => ({
  LIBSQL_URL: value(inject, "libsqlUrl"),
  LIBSQL_AUTH_TOKEN: value(inject, "libsqlAuthToken"),
});

/** The web and verifier workers read the session cookie with the same key. */
const SESSION_SECRET = "test-session-secret-0123456789abcdef0123";

export const workerBindings = {
  databaseOnly,
  /** The web worker issues, and attests organisations: the authorities' credential keys and the trust anchor's. */
  web: (inject: Inject) => ({
    ...databaseOnly(inject),
    SESSION_SECRET,
    ISSUER_SIGNING_KEYS: value(inject, "issuerSigningKeys"),
    ISSUER_X509_SIGNING_KEYS: value(inject, "issuerX509SigningKeys"),
    MDOC_DOCUMENT_SIGNER_KEY: value(inject, "mdocDocumentSignerKey"),
    ISSUER_PUBLIC_KEYS: value(inject, "issuerPublicKeys"),
    TRUST_ANCHOR_SIGNING_KEY: value(inject, "trustAnchorSigningKey"),
    VERIFIER_PUBLIC_KEYS: value(inject, "verifierPublicKeys"),
  }),
  /** The status worker signs status lists and publishes the authorities' public keys. */
  status: (inject: Inject) => ({
    ...databaseOnly(inject),
    STATUS_LIST_SIGNING_KEYS: value(inject, "statusListSigningKeys"),
    STATUS_LIST_X509_SIGNING_KEYS: value(inject, "statusListX509SigningKeys"),
    ISSUER_PUBLIC_KEYS: value(inject, "issuerPublicKeys"),
  }),
  /** The verifier checks: public keys only, and its own request-signing key (never the trust anchor's). */
  verifier: (inject: Inject) => ({
    ...databaseOnly(inject),
    SESSION_SECRET,
    ISSUER_PUBLIC_KEYS: value(inject, "issuerPublicKeys"),
    VERIFIER_SIGNING_KEYS: value(inject, "verifierSigningKeys"),
    VERIFIER_PUBLIC_KEYS: value(inject, "verifierPublicKeys"),
  }),
};
