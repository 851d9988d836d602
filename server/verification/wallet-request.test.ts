import { describe, expect, it } from "vitest";
import type { PublicJwk } from "#core/credentials/index.ts";
import { clientIdFor } from "#core/verification/openid4vp.ts";
import { signRequestObject, signVerifierAttestation } from "#core/verification/request-object.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import { resolveWalletRequest } from "./wallet-request.ts";

/**
 * The web wallet reading a direct_post.jwt request whose encryption key it cannot use (ADR 049):
 * refused before consent, in the person's language. The request is signed here, by a trust anchor
 * and a verifier of the test's own, since the platform's verifier only ever serves good keys.
 */
const ORIGIN = "https://identity.example";
const now = Math.floor(Date.now() / 1000);

async function es256(kid: string) {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const { kty, crv, x, y } = await crypto.subtle.exportKey("jwk", pair.publicKey);
  return { privateKey: pair.privateKey, jwk: { kty: kty!, crv, x, y, kid } as PublicJwk };
}

/** A verifier worker that serves one request object, signed with `encryptionKey` in it, and the anchor's keys. */
async function verifierServing(encryptionKey: Record<string, unknown>) {
  const [anchor, requestKey] = [await es256("anchor-1"), await es256("verifier-1")];
  const clientId = clientIdFor(ORIGIN, "org-1");
  const attestation = await signVerifierAttestation({
    issuer: `${ORIGIN}/trust-anchor`,
    subject: `${ORIGIN}/verifiers/org-1`,
    name: "Harbour Logistics",
    requestKey: requestKey.jwk,
    iat: now,
    exp: now + 3600,
    key: { kid: "anchor-1", privateKey: anchor.privateKey },
  });
  // The claims as a request object carries them (OID4VP 1.0 sections 5 and 8.3), written out here.
  const jwt = await signRequestObject(
    {
      iss: clientId,
      aud: "https://self-issued.me/v2",
      client_id: clientId,
      response_type: "vp_token",
      response_mode: "direct_post.jwt",
      response_uri: `${ORIGIN}/api/presentations/response`,
      client_metadata: { jwks: { keys: [encryptionKey] } },
      nonce: "nonce-1",
      state: "state-1",
      dcql_query: {
        credentials: [
          {
            id: "rtw",
            format: "dc+sd-jwt",
            meta: { vct_values: [`${ORIGIN}/vct/right-to-work`] },
            claims: [{ path: ["hasRightToWork"] }],
          },
        ],
      },
      iat: now,
      exp: now + 600,
    },
    { attestation },
    { kid: "verifier-1", privateKey: requestKey.privateKey },
  );
  const verifier = {
    fetch: async (url: string) => (url.endsWith("/object") ? new Response(jwt) : Response.json({ keys: [anchor.jwk] })),
  } as unknown as Fetcher;
  return { verifier, clientId, requestUri: `${ORIGIN}/api/presentations/requests/${crypto.randomUUID()}/object` };
}

const read = async (encryptionKey: Record<string, unknown>) =>
  resolveWalletRequest({ ...(await verifierServing(encryptionKey)), origin: ORIGIN, base: ORIGIN });

describe("the web wallet reading a direct_post.jwt request", () => {
  it("keeps the key and the content encryption for the browser to encrypt the answer with", async () => {
    const { jwk } = await es256("request-1");
    const key = { ...jwk, alg: "ECDH-ES", use: "enc" };
    expect((await read(key)).responseEncryption).toEqual({
      key: { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y, kid: "request-1" },
      enc: "A128GCM",
    });
  });

  it("refuses a key it cannot encrypt to before consent (UNSUPPORTED_RESPONSE_ENCRYPTION), worded in the person's language", async () => {
    const { jwk } = await es256("request-1");
    const error = await read({ ...jwk, alg: "ECDH-ES+A256KW", use: "enc" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WordedServiceError);
    const refused = error as WordedServiceError;
    expect({ status: refused.status, code: refused.code }).toEqual({
      status: 400,
      code: "UNSUPPORTED_RESPONSE_ENCRYPTION",
    });
    expect(refused.message).toBe(
      "This request asks for an encrypted answer that this wallet cannot make (key alg is not ECDH-ES).",
    );
    expect(refused.messageIn("cy")).toBe(
      "Mae'r cais hwn yn gofyn am ateb wedi'i amgryptio na all y waled hon ei wneud (key alg is not ECDH-ES).",
    );
    expect(refused.messageIn("ur")).toContain("(key alg is not ECDH-ES)");
  });
});
