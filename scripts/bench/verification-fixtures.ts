// What the end-to-end verification bench (verification.ts) makes in the database of a running
// stack: a verifier organisation with one signed-in verifier, and citizens each holding a Right to
// Work credential issued to a P-256 device key, made by the same fixtures as the verifier worker's
// tests (tests/support/verification-fixtures.ts), then offline presentations.
//
// The credentials core uses TypeScript parameter properties, which Node's type stripping cannot
// run, so verification.ts bundles this module with esbuild into .tmp/bench/ (npm packages left
// external) and imports the bundle. Nothing here runs inside the product.
import { presentCredential } from "#core/credentials/index.ts";
import { encodeOfflinePresentation } from "#core/verification/offline-qr.ts";
import { offlineAudience } from "#core/verification/openid4vp.ts";
import { createDb } from "#db/client.ts";
import { loadIssuerKeys } from "#server/credentials/issuer-keys.ts";
import {
  citizenWithCredential,
  type HeldCredential,
  organisationWithVerifier,
} from "#tests/support/verification-fixtures.ts";

export interface FixtureOptions {
  libsqlUrl: string;
  libsqlAuthToken: string;
  /** The stack's ISSUER_SIGNING_KEYS (.dev.vars), so credentials verify against the workers' trust list. */
  issuerKeysSecret: string;
  /** The stack's SESSION_SECRET (.dev.vars): the verifier's session row is keyed with it. */
  sessionSecret: string;
  /** The identifier base the verifier computes for requests to the stack: https://<host of the request>. */
  base: string;
  citizens: number;
}

export interface Fixtures {
  organisationId: string;
  /** The verifier's session token, as the `__Host-identity_session` cookie carries it. */
  verifierCookie: string;
  held: HeldCredential[];
  /** The KB-JWT audience of an offline presentation (core/verification/openid4vp.ts offlineAudience). */
  audience: string;
}

const randomToken = (bytes: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("base64url");

export async function makeFixtures(options: FixtureOptions): Promise<Fixtures> {
  const store = {
    db: createDb({ LIBSQL_URL: options.libsqlUrl, LIBSQL_AUTH_TOKEN: options.libsqlAuthToken }),
    sessionSecret: options.sessionSecret,
  };
  const issuing = { keys: await loadIssuerKeys(options.issuerKeysSecret), base: options.base };
  // Registered for every check (the fixture's default).
  const verifier = await organisationWithVerifier(store, undefined, {
    namePrefix: "Bench employer ",
    firstName: "Bench",
    usernamePrefix: "bench-verifier-",
  });

  const held: HeldCredential[] = [];
  for (let i = 0; i < options.citizens; i++) {
    held.push(
      await citizenWithCredential(store, issuing, "rtw", { firstName: "Bench", usernamePrefix: "bench-citizen-" }),
    );
  }
  return {
    organisationId: verifier.organisation.id,
    verifierCookie: verifier.cookie,
    held,
    audience: offlineAudience(options.base),
  };
}

/**
 * An offline QR code's text as the wallet makes it (app/components/wallet/offline-qr-dialog.tsx):
 * the chosen disclosures and a KB-JWT made now with its own 16-byte holder nonce, for the
 * platform's offline verifier, packed as `UKID1:...` (core/verification/offline-qr.ts).
 */
export async function offlineQrText(
  held: HeldCredential,
  disclose: readonly string[],
  audience: string,
): Promise<string> {
  const presentation = await presentCredential({
    sdJwt: held.sdJwt,
    disclose: [...disclose],
    holderPrivateKey: held.holder.privateKey,
    nonce: randomToken(16),
    aud: audience,
    iat: Math.floor(Date.now() / 1000),
  });
  return encodeOfflinePresentation(presentation);
}
