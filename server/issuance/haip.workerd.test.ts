import { env, SELF } from "cloudflare:test";
import { SubjectAlternativeNameExtension, X509Certificate } from "@peculiar/x509";
import { SDJwtVcInstance } from "@sd-jwt/sd-jwt-vc";
import { eq } from "drizzle-orm";
import { decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import { sha256, webCrypto } from "#core/credentials/crypto.ts";
import { base64urlDecode, utf8Encode } from "#core/credentials/encoding.ts";
import { configurationScope } from "#core/issuance/endpoints.ts";
import { credentials } from "#db/schema/index.ts";
import {
  accessTokenFor,
  cNonceFor,
  endpointsOf,
  independentWallet,
  jwtProof,
  offerFor,
  presentToOurVerifier,
  receiveFromOffer,
  resourceRequest,
  walletKey,
} from "#tests/support/vci-wallet.ts";
import { citizenWithRecords, revokeAsAdmin } from "#tests/support/wallet-fixtures.ts";
import { call, json, ORIGIN } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * HAIP 1.0's issuer profile (issue 22, ADR 047), through the real workers: besides the Ed25519
 * default, each type has a `_haip` configuration whose credentials and status lists are signed
 * ES256 with an x5c chain to the platform's root. The chain is checked here by an independent
 * X.509 library (@peculiar/x509), the credential by an independent SD-JWT VC library, and the
 * credential is then presented back to our own verifier.
 */

const HOME_OFFICE = endpointsOf("rtw");

/** The platform's root, as every checking worker is given it (ISSUER_PUBLIC_KEYS.x509Roots). */
const platformRoot = () => {
  const { x509Roots } = JSON.parse((env as unknown as { ISSUER_PUBLIC_KEYS: string }).ISSUER_PUBLIC_KEYS) as {
    x509Roots: string[];
  };
  return new X509Certificate(x509Roots[0]!);
};

/**
 * What a HAIP wallet checks of an x5c header, with a library of somebody else's making: the leaf
 * is not self-signed, the root is not in the chain, the leaf is signed by the platform's root and
 * valid now, and (SD-JWT VC) names `iss` among its SAN URIs. Returns the leaf's key.
 */
async function leafKeyChainedToRoot(x5c: unknown, iss: string): Promise<CryptoKey> {
  expect(Array.isArray(x5c)).toBe(true);
  const chain = (x5c as string[]).map((der) => new X509Certificate(der));
  const root = platformRoot();
  expect(chain).toHaveLength(1);
  const [leaf] = chain;
  expect(await leaf!.isSelfSigned()).toBe(false);
  expect(chain.some((certificate) => certificate.equal(root))).toBe(false);
  expect(await leaf!.verify({ publicKey: root.publicKey, date: new Date() })).toBe(true);
  const names = leaf!.getExtension(SubjectAlternativeNameExtension)!.names.toJSON();
  expect(names).toContainEqual({ type: "url", value: iss });
  return leaf!.publicKey.export({ name: "ECDSA", namedCurve: "P-256" }, ["verify"]);
}

/** An ES256 check for the SD-JWT VC library, with the key the token's own x5c chain gives. */
const es256 = (key: CryptoKey) => (data: string, signature: string) =>
  crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    base64urlDecode(signature) as Uint8Array<ArrayBuffer>,
    utf8Encode(data) as Uint8Array<ArrayBuffer>,
  );

const statusListOf = async (uri: string) => new TextDecoder().decode(await (await SELF.fetch(uri)).arrayBuffer());

describe("HAIP's configurations (ES256 with an x5c chain to the platform's root)", () => {
  it("are in the issuer's metadata beside the Ed25519 ones, each with its own scope and ES256 only", async () => {
    const metadata = await json<{ credential_configurations_supported: Record<string, Record<string, unknown>> }>(
      await call("/.well-known/openid-credential-issuer/issuers/home-office"),
    );
    const { rtw, rtw_haip } = metadata.credential_configurations_supported;
    expect(rtw).toMatchObject({ scope: configurationScope("rtw"), credential_signing_alg_values_supported: ["EdDSA"] });
    expect(rtw_haip).toMatchObject({
      format: "dc+sd-jwt",
      vct: rtw!.vct,
      scope: "uk.gov.home-office.rtw.haip",
      credential_signing_alg_values_supported: ["ES256"],
      proof_types_supported: { jwt: { proof_signing_alg_values_supported: ["ES256"] } },
      credential_metadata: rtw!.credential_metadata,
    });
  });

  it("issue to an independent wallet a credential whose chain, signature and status list it can check, and our verifier accepts", async () => {
    const { cookie, user } = await citizenWithRecords();
    const offer = await offerFor(cookie, "rtw");
    const wallet = independentWallet();
    const credentialOffer = await wallet.resolveCredentialOffer(offer.link);
    // The offer names both configurations: the wallet takes the one it can verify.
    expect(credentialOffer.credential_configuration_ids).toEqual(["rtw", "rtw_haip"]);
    const metadata = await wallet.resolveIssuerMetadata(credentialOffer.credential_issuer);
    const holders = await Promise.all([walletKey("ES256"), walletKey("ES256")]);
    const { copies } = await receiveFromOffer(wallet, {
      credentialOffer,
      metadata,
      txCode: offer.txCode,
      configurationId: "rtw_haip",
      holders,
    });
    expect(copies).toHaveLength(2);

    for (const copy of copies) {
      const header = decodeProtectedHeader(copy.split("~")[0]!);
      expect(header).toMatchObject({ alg: "ES256", typ: "dc+sd-jwt" });
      const credentialKey = await leafKeyChainedToRoot(header.x5c, HOME_OFFICE.issuer);
      const library = new SDJwtVcInstance({
        hasher: (data) => sha256(webCrypto(), data),
        verifier: es256(credentialKey),
        statusListFetcher: statusListOf,
        // The status list this credential names is signed the same way, by the authority's status-list certificate.
        statusVerifier: async (data, signature) => {
          const listHeader = decodeProtectedHeader(`${data}.`);
          expect(listHeader).toMatchObject({ alg: "ES256", typ: "statuslist+jwt" });
          return es256(await leafKeyChainedToRoot(listHeader.x5c, HOME_OFFICE.issuer))(data, signature);
        },
      });
      const { payload } = await library.verify(copy);
      expect(payload).toMatchObject({ iss: HOME_OFFICE.issuer, given_name: "Sarah" });
      expect((payload as { status: { status_list: { uri: string } } }).status.status_list.uri).toMatch(
        new RegExp(`^${ORIGIN}/status/lists/[0-9a-f-]+/x509$`),
      );
    }

    const checked = await presentToOurVerifier(copies[0]!, holders[0]!.privateKey);
    expect(checked).toMatchObject({
      status: "completed",
      result: { valid: true, presentedAttributes: { hasRightToWork: true }, issuerId: "home-office" },
    });

    // Revoked by the authority: the list signed for HAIP says so too (the same bits).
    const [copy] = await db().select().from(credentials).where(eq(credentials.userId, user.id));
    await revokeAsAdmin(copy!.id);
    const library = new SDJwtVcInstance({
      hasher: (data) => sha256(webCrypto(), data),
      verifier: async () => true,
      statusListFetcher: statusListOf,
      statusVerifier: async () => true,
    });
    await expect(library.verify(copies[0]!)).rejects.toThrow(/Status is not valid/);
  });

  it("take ES256 proofs only, with or without a key attestation", async () => {
    const { cookie } = await citizenWithRecords();
    const edDsaHolder = await walletKey("EdDSA");
    const key = await walletKey();
    const accessToken = await accessTokenFor(await offerFor(cookie), key);
    const nonce = await cNonceFor();
    const refused = await resourceRequest(HOME_OFFICE.credential, accessToken, key, {
      credential_configuration_id: "rtw_haip",
      proofs: { jwt: [await jwtProof(edDsaHolder, { aud: HOME_OFFICE.issuer, nonce })] },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "invalid_proof" });

    // A HAIP wallet may send a key attestation with its proof (HAIP 1.0 section 4.5.1): taken, not
    // yet checked (ADR 047: no wallet-provider trust list yet), and the credential is issued.
    const holder = await walletKey("ES256");
    const attested = await resourceRequest(HOME_OFFICE.credential, accessToken, key, {
      credential_configuration_id: "rtw_haip",
      proofs: {
        jwt: [
          await jwtProof(
            holder,
            { aud: HOME_OFFICE.issuer, nonce },
            { key_attestation: "eyJhbGciOiJFUzI1NiJ9.e30.c2ln" },
          ),
        ],
      },
    });
    expect(attested.status, await attested.clone().text()).toBe(200);
  });

  it("publish each status list signed for them at …/x509, and nothing for a list that does not exist", async () => {
    const missing = await SELF.fetch(`${ORIGIN}/status/lists/${crypto.randomUUID()}/x509`);
    expect(missing.status).toBe(404);
    await missing.body?.cancel();
  });
});
