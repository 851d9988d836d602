// Issuance through the OpenID4VCI endpoints (issue 22): the product started as `npm start` starts
// it, a wallet app of our own making (Node, jose) redeeming offers one at a time. Each timed
// issuance is what a wallet does after scanning an offer: the token request (pre-authorized code,
// transaction code, DPoP), a c_nonce, and the credential request (DPoP-bound token, a jwt proof):
// on the server, the DPoP and proof checks, the offer consumed, the token minted and spent, the
// record read, the credential signed and written with its status slot. The offers, their codes
// and every key are made before the clock starts. Compared with the core's signing alone
// (credentials.ts), measured in the same run before the product starts.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as jose from "jose";
import { run } from "#scripts/process.ts";
import { ensureDevVars, startStack } from "#scripts/stack.ts";
import { bundleAndImport } from "./bundle.ts";
import { type Summary, summarize } from "./credentials.ts";
import type * as FixturesModule from "./issuance-fixtures.ts";

type Fixtures = typeof FixturesModule;

const PRE_AUTH = "urn:ietf:params:oauth:grant-type:pre-authorized_code";

export interface IssuanceEndpointResults extends Summary {
  /** Issuances timed (after the warm-up), one at a time. */
  issuances: number;
  seconds: number;
  issuancesPerSecond: number;
  /** HTTP requests per timed issuance (token, nonce, credential), once the DPoP nonces are known. */
  requestsPerIssuance: number;
}

interface Key {
  privateKey: CryptoKey;
  publicJwk: jose.JWK;
}

const newKey = async (): Promise<Key> => {
  const { privateKey, publicKey } = await jose.generateKeyPair("ES256");
  return { privateKey, publicJwk: await jose.exportJWK(publicKey) };
};

const dpop = (key: Key, claims: Record<string, unknown>) =>
  new jose.SignJWT({ jti: crypto.randomUUID(), iat: Math.floor(Date.now() / 1000), ...claims })
    .setProtectedHeader({ typ: "dpop+jwt", alg: "ES256", jwk: key.publicJwk })
    .sign(key.privateKey);

const ath = async (token: string) =>
  jose.base64url.encode(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token))));

export async function benchIssuanceEndpoint(options: {
  issuances: number;
  warmup: number;
}): Promise<IssuanceEndpointResults> {
  if (!existsSync("build/server/index.js")) await run("npx", ["remix", "build"]);
  const dataDir = mkdtempSync(join(tmpdir(), "identity-bench-issuance-"));
  const stack = await startStack({ dataDir, webPort: 0 });
  try {
    const devVars = await ensureDevVars();
    const fixtures = await bundleAndImport<Fixtures>(
      "bench",
      "issuance-fixtures",
      { file: "scripts/bench/issuance-fixtures.ts" },
      "node",
    );
    // PUBLIC_BASE_URL is unset locally: identifiers (and so every htu and aud) are https://<host asked>,
    // here the workers' own port (the bench goes past the local edge: see `at`).
    const base = `https://${new URL(stack.workersUrl).host}`;
    // Each issuance is another person's wallet, at an address of its own: the issuance endpoints
    // limit each client (server/issuance/rate-limit.ts), so the bench goes past the local edge.
    const at = (identifier: string) => new URL(new URL(identifier).pathname, stack.workersUrl);
    const total = options.warmup + options.issuances;
    const offers = await fixtures.makeOffers({
      libsqlUrl: stack.libsqlUrl,
      libsqlAuthToken: stack.libsqlAuthToken,
      sessionSecret: devVars.SESSION_SECRET!,
      base,
      offers: total,
    });
    // The wallet's side, made before the clock starts: each offer's code, a holder key per credential.
    const prepared = await Promise.all(
      offers.map(async (offer) => {
        const document = (await (await fetch(at(offer.offerUri))).json()) as {
          grants: Record<string, { "pre-authorized_code": string }>;
        };
        return {
          code: document.grants[PRE_AUTH]!["pre-authorized_code"],
          txCode: offer.txCode,
          holder: await newKey(),
        };
      }),
    );
    const dpopKey = await newKey();
    const issuer = `${base}/issuers/home-office`;
    const tokenUrl = `${base}/oauth/token`;
    const credentialUrl = `${issuer}/credential`;
    let asNonce: string | undefined;
    let rsNonce: string | undefined;

    const issueOne = async (n: number) => {
      const { code, txCode, holder } = prepared[n]!;
      const client = { "CF-Connecting-IP": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
      const form = new URLSearchParams({ grant_type: PRE_AUTH, "pre-authorized_code": code, tx_code: txCode });
      let token = await fetch(at(tokenUrl), {
        method: "POST",
        headers: {
          ...client,
          "Content-Type": "application/x-www-form-urlencoded",
          DPoP: await dpop(dpopKey, { htm: "POST", htu: tokenUrl, ...(asNonce ? { nonce: asNonce } : {}) }),
        },
        body: form,
      });
      asNonce = token.headers.get("DPoP-Nonce") ?? asNonce;
      if (token.status === 400 && ((await token.clone().json()) as { error: string }).error === "use_dpop_nonce") {
        token = await fetch(at(tokenUrl), {
          method: "POST",
          headers: {
            ...client,
            "Content-Type": "application/x-www-form-urlencoded",
            DPoP: await dpop(dpopKey, { htm: "POST", htu: tokenUrl, nonce: asNonce }),
          },
          body: form,
        });
        asNonce = token.headers.get("DPoP-Nonce") ?? asNonce;
      }
      if (token.status !== 200) throw new Error(`token: ${token.status} ${await token.text()}`);
      const { access_token: accessToken } = (await token.json()) as { access_token: string };
      const nonceResponse = await fetch(at(`${issuer}/nonce`), { method: "POST", headers: client });
      rsNonce = nonceResponse.headers.get("DPoP-Nonce") ?? rsNonce;
      const { c_nonce: cNonce } = (await nonceResponse.json()) as { c_nonce: string };
      const proof = await new jose.SignJWT({ aud: issuer, iat: Math.floor(Date.now() / 1000), nonce: cNonce })
        .setProtectedHeader({ typ: "openid4vci-proof+jwt", alg: "ES256", jwk: holder.publicJwk })
        .sign(holder.privateKey);
      const credential = await fetch(at(credentialUrl), {
        method: "POST",
        headers: {
          ...client,
          "Content-Type": "application/json",
          Authorization: `DPoP ${accessToken}`,
          DPoP: await dpop(dpopKey, { htm: "POST", htu: credentialUrl, nonce: rsNonce, ath: await ath(accessToken) }),
        },
        body: JSON.stringify({ credential_configuration_id: "rtw", proofs: { jwt: [proof] } }),
      });
      if (credential.status !== 200) throw new Error(`credential: ${credential.status} ${await credential.text()}`);
      await credential.arrayBuffer();
    };

    for (let n = 0; n < options.warmup; n++) await issueOne(n);
    const samples: number[] = [];
    const started = performance.now();
    for (let n = options.warmup; n < total; n++) {
      const t = performance.now();
      await issueOne(n);
      samples.push(performance.now() - t);
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      ...summarize(samples),
      issuances: options.issuances,
      seconds,
      issuancesPerSecond: options.issuances / seconds,
      requestsPerIssuance: 3,
    };
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
