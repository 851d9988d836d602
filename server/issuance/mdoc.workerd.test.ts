import { env, SELF } from "cloudflare:test";
import { IssuerSigned } from "@owf/mdoc";
import { and, eq } from "drizzle-orm";
import * as jose from "jose";
import { describe, expect, it } from "vitest";
import { base64urlDecode } from "#core/credentials/encoding.ts";
import { independentIssuerSignedFailures, presentMdoc } from "#core/mdoc/test-helpers.ts";
import type { CheckType } from "#core/verification/checks.ts";
import { authorizationResponseFields, type ResponseEncryptionKey } from "#core/verification/response-encryption.ts";
import { authorityRecords, credentialIssuances, trustListEntries } from "#db/schema/index.ts";
import type { CreatedRequest } from "#server/verification/api-schemas.ts";
import { trustAnchorOf } from "#server/verification/attestation.ts";
import {
  accessTokenFor,
  cNonceFor,
  endpointsOf,
  independentWallet,
  jwtProof,
  offerFor,
  receiveFromOffer,
  resourceRequest,
  type WalletKey,
  walletKey,
} from "#tests/support/vci-wallet.ts";
import { organisationWithVerifier } from "#tests/support/verification-fixtures.ts";
import { citizenWithRecords } from "#tests/support/wallet-fixtures.ts";
import { call, json, ORIGIN, SESSION_SECRET } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * The DVLA's driving licence as an mDL mdoc through the OpenID4VCI endpoints (issue 23, ADR 053):
 * @openid4vc/openid4vci as the wallet app receives it; @owf/mdoc's own verifier checks what arrived
 * (chain by @peculiar/x509, signature, digests, validity, issuing country); @owf/mdoc's Holder then
 * presents it to our verifier, which trusts the run's IACA for the checks each test puts it on.
 */

const MDL = "org.iso.18013.5.1.mDL";
const NS = "org.iso.18013.5.1";
const DVLA = endpointsOf("driving_licence");

/** The IACA root the test stack's document signer chains to (MDOC_DOCUMENT_SIGNER_KEY's `iaca`). */
const iacaRoot = () =>
  (JSON.parse((env as unknown as { MDOC_DOCUMENT_SIGNER_KEY: string }).MDOC_DOCUMENT_SIGNER_KEY) as { iaca: string })
    .iaca;

/** The run's IACA on the trust list for `checks`, as an administrator approves it (one entry per test). */
async function trustIaca(checks: CheckType[]) {
  const name = `DVLA test IACA ${crypto.randomUUID().slice(0, 8)}`;
  await db()
    .insert(trustListEntries)
    .values({ kind: "mdoc_iaca_root", certificate: iacaRoot(), name, checks, state: "active" });
  return name;
}

/** A citizen with the DVLA's record, and the mDL copies an independent wallet receives for `holders`. */
async function receiveMdl(holders: WalletKey[]) {
  const account = await citizenWithRecords();
  const offer = await offerFor(account.cookie, "driving_licence");
  const wallet = independentWallet();
  const credentialOffer = await wallet.resolveCredentialOffer(offer.link);
  const metadata = await wallet.resolveIssuerMetadata(credentialOffer.credential_issuer);
  const received = await receiveFromOffer(wallet, {
    credentialOffer,
    metadata,
    txCode: offer.txCode,
    configurationId: "driving_licence_mdoc",
    holders,
  });
  return { ...account, credentialOffer, ...received };
}

/** The holder's private key as @owf/mdoc's Holder signs with it (its JWK, with the COSE algorithm's name). */
const devicePrivateJwk = async (holder: WalletKey) => ({
  ...((await jose.exportJWK(holder.privateKey)) as Record<string, unknown>),
  alg: holder.alg,
});

/**
 * A verifier's request for `check`, answered by the holder with the mDL through @owf/mdoc's Holder
 * (the DCQL query's mDL claims, the request's SessionTranscript, encrypted to the request's key as a
 * HAIP wallet answers), and the request as the verifier then reads it.
 */
async function presentToOurVerifier(copy: string, holder: WalletKey, check: CheckType) {
  const registrar = {
    anchor: await trustAnchorOf(env as unknown as Parameters<typeof trustAnchorOf>[0]),
    identifierBase: ORIGIN,
  };
  const verifier = await organisationWithVerifier({ db: db(), sessionSecret: SESSION_SECRET, registrar });
  const opened = await call("/api/presentations/requests", {
    body: { credentialType: check, purpose: "Hiring a van" },
    cookie: verifier.cookie,
  });
  expect(opened.status, await opened.clone().text()).toBe(201);
  const created = await json<CreatedRequest>(opened);
  const requestObject = new TextDecoder().decode(
    await (await call(new URL(created.requestUri).pathname)).arrayBuffer(),
  );
  const claims = jose.decodeJwt(requestObject) as {
    client_id: string;
    nonce: string;
    state: string;
    response_uri: string;
    client_metadata: { jwks: { keys: jose.JWK[] } };
    dcql_query: { credentials: { id: string; claims: { path: [string, string] }[] }[] };
  };
  const query = claims.dcql_query.credentials.find((entry) => entry.id === "mdl")!;
  const [key] = claims.client_metadata.jwks.keys;
  const deviceResponse = await presentMdoc({
    issuerSigned: IssuerSigned.fromEncodedForOid4Vci(copy),
    docType: MDL,
    claims: query.claims.map((claim) => claim.path),
    handover: {
      flow: "redirect",
      clientId: claims.client_id,
      nonce: claims.nonce,
      responseUri: claims.response_uri,
      jwkThumbprint: base64urlDecode(await jose.calculateJwkThumbprint(key!, "sha256")),
    },
    devicePrivateJwk: await devicePrivateJwk(holder),
  });
  const fields = await authorizationResponseFields(
    { state: claims.state, vpToken: { mdl: [deviceResponse] } },
    { key: key as ResponseEncryptionKey, enc: "A256GCM" },
  );
  const answered = await SELF.fetch(`${ORIGIN}/api/presentations/response`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  expect(answered.status, await answered.clone().text()).toBe(200);
  return json<{ status: string; result: Record<string, unknown> }>(
    await call(`/api/presentations/requests/${created.id}`, { cookie: verifier.cookie }),
  );
}

describe("the DVLA issues the driving licence as an mDL mdoc to a wallet app", () => {
  it("an independent wallet receives one per key (ES256 and EdDSA), and @owf/mdoc's verifier accepts each", async () => {
    const holders = [await walletKey("ES256"), await walletKey("EdDSA")];
    const { user, credentialOffer, copies, received } = await receiveMdl(holders);
    // The offer names every configuration of the licence; the wallet takes the mdoc.
    expect(credentialOffer.credential_configuration_ids).toEqual([
      "driving_licence",
      "driving_licence_haip",
      "driving_licence_mdoc",
    ]);
    expect(copies).toHaveLength(2);
    expect(received.credentialResponse.notification_id).toEqual(expect.any(String));

    for (const [index, copy] of copies.entries()) {
      expect(copy).toMatch(/^[A-Za-z0-9_-]+$/);
      const issuerSigned = IssuerSigned.fromEncodedForOid4Vci(copy);
      expect(
        await independentIssuerSignedFailures(issuerSigned, { trustedRoots: [iacaRoot()], now: new Date() }),
      ).toEqual([]);
      const mso = issuerSigned.issuerAuth.mobileSecurityObject;
      expect(mso.docType).toBe(MDL);
      // Bound to the proof's key: the MSO's deviceKey is the holder's.
      const deviceJwk = mso.deviceKeyInfo.deviceKey.jwk as { x: string };
      expect(deviceJwk.x).toBe(holders[index]!.publicJwk.x);
      // The citizen's DVLA record, as the mDL states it.
      expect(issuerSigned.getPrettyClaims(NS)).toMatchObject({
        family_name: "Thompson",
        given_name: "Sarah",
        document_number: "THOMP954120S99AB",
        issuing_country: "GB",
        issuing_authority: "Driver and Vehicle Licensing Agency",
        un_distinguishing_sign: "UK",
        age_over_18: true,
        // The library reads CBOR maps inside a value as Maps.
        driving_privileges: ["AM", "B", "BE"].map((code) => new Map([["vehicle_category_code", code]])),
      });
    }
    // One issuance to a wallet app in the person's history, with both copies.
    const [issuance] = await db().select().from(credentialIssuances).where(eq(credentialIssuances.userId, user.id));
    expect(issuance).toMatchObject({ type: "driving_licence", wallet: "app", copies: 2, format: "mso_mdoc" });
  });

  for (const [check, shown] of [
    ["age", { age_over_18: true }],
    ["driving_licence", { categories: ["AM", "B", "BE"] }],
  ] as const) {
    it(`what it issued answers our own ${check} check, once the IACA is trusted for it`, async () => {
      const holder = await walletKey(check === "age" ? "EdDSA" : "ES256");
      const { copies } = await receiveMdl([holder]);
      const issuer = await trustIaca([check]);
      const checked = await presentToOurVerifier(copies[0]!, holder, check);
      expect(checked).toMatchObject({
        status: "completed",
        result: {
          valid: true,
          format: "mso_mdoc",
          issuer,
          presentedAttributes: shown,
          outcome: { status: "passed", reason: null },
        },
      });
    });
  }
});

describe("what the mdoc configuration refuses, each a 4xx with the specification's code", () => {
  /** A token for the citizen's licence offer, under a DPoP key of the wallet's. */
  async function licenceToken() {
    const account = await citizenWithRecords();
    const key = await walletKey();
    const accessToken = await accessTokenFor(await offerFor(account.cookie, "driving_licence"), key);
    return { ...account, key, accessToken };
  }
  const request = (accessToken: string, key: WalletKey, proof: string, configuration = "driving_licence_mdoc") =>
    resourceRequest(DVLA.credential, accessToken, key, {
      credential_configuration_id: configuration,
      proofs: { jwt: [proof] },
    });

  it("a proof over another nonce: invalid_nonce", async () => {
    const { key, accessToken } = await licenceToken();
    const holder = await walletKey();
    const refused = await request(accessToken, key, await jwtProof(holder, { aud: DVLA.issuer, nonce: "not-ours" }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "invalid_nonce" });
  });

  it("a proof by a P-384 key (a curve no mdoc device key of ours may be): invalid_proof", async () => {
    const { key, accessToken } = await licenceToken();
    const { publicKey, privateKey } = await jose.generateKeyPair("ES384", { extractable: true });
    const proof = await new jose.SignJWT({
      aud: DVLA.issuer,
      iat: Math.floor(Date.now() / 1000),
      nonce: await cNonceFor("driving_licence"),
    })
      .setProtectedHeader({ typ: "openid4vci-proof+jwt", alg: "ES384", jwk: await jose.exportJWK(publicKey) })
      .sign(privateKey);
    const refused = await request(accessToken, key, proof);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "invalid_proof" });
  });

  it("a licence the citizen no longer holds: credential_request_denied; a configuration of no licence: unknown", async () => {
    const { user, key, accessToken } = await licenceToken();
    // The DVLA withdrew the record after the offer was made.
    await db()
      .delete(authorityRecords)
      .where(and(eq(authorityRecords.userId, user.id), eq(authorityRecords.type, "driving_licence")));
    const holder = await walletKey();
    const nonce = await cNonceFor("driving_licence");
    const denied = await request(accessToken, key, await jwtProof(holder, { aud: DVLA.issuer, nonce }));
    expect(denied.status).toBe(400);
    expect(await denied.json()).toMatchObject({ error: "credential_request_denied" });

    // No type but the licence has an mdoc form.
    const unknown = await request(
      accessToken,
      key,
      await jwtProof(holder, { aud: DVLA.issuer, nonce: await cNonceFor("driving_licence") }),
      "dbs_mdoc",
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: "unknown_credential_configuration" });
  });
});
