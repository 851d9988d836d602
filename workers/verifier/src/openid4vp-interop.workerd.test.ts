/**
 * Interoperability: an independent OpenID4VP 1.0 implementation, @openid4vc/openid4vp, acts as the
 * citizen's wallet against our verifier (./openid4vp-wallet.ts: what such a wallet checks of our
 * requests, and its network, which is the verifier worker in process).
 */
import {
  createOpenid4vpAuthorizationResponse,
  isOpenid4vpAuthorizationRequestDcApi,
  parseOpenid4vpAuthorizationRequest,
  resolveOpenid4vpAuthorizationRequest,
  submitOpenid4vpAuthorizationResponse,
} from "@openid4vc/openid4vp";
import { AuthorityKeyIdentifierExtension, SubjectAlternativeNameExtension, X509Certificate } from "@peculiar/x509";
import { eq } from "drizzle-orm";
import { calculateJwkThumbprint, decodeProtectedHeader, type JWK } from "jose";
import { describe, expect, it } from "vitest";
import { createTestIaca, generateKey, issueMdoc, presentMdoc } from "#core/mdoc/test-helpers.ts";
import type { DcqlQuery, MdocCredentialQuery, SdJwtCredentialQuery } from "#core/verification/openid4vp.ts";
import { trustListEntries, verificationRequests } from "#db/schema/index.ts";
import {
  createHolder,
  createOutsideIssuer,
  issuePid,
  listOutsideIssuer,
  PID_VCT,
  presentPid,
} from "#tests/support/outside-issuer.ts";
import { db } from "#tests/support/workerd-database.ts";
import { network, PREFIX, platformRoot, VP_FORMATS, walletCallbacks } from "./openid4vp-wallet/test-support.ts";
import {
  type CreatedRequest,
  citizenWithCredential,
  directPost,
  fetchRequestObject,
  json,
  ORIGIN,
  openRequest,
  organisationWithVerifier,
  present,
  request,
  requestView,
} from "./test-support.ts";

/** The library as the wallet: read the QR text, resolve the request, present what it asks for, post the answer. */
async function walletAnswers(
  created: CreatedRequest,
  held: Awaited<ReturnType<typeof citizenWithCredential>>,
  encs: string[] = ["A128GCM", "A256GCM"],
) {
  const { calls, fetch } = network();
  const callbacks = walletCallbacks(fetch);
  const parsed = parseOpenid4vpAuthorizationRequest({ authorizationRequest: created.authorizationRequest });
  expect(parsed).toMatchObject({
    type: "jar",
    provided: "uri",
    params: { client_id: created.clientId, request_uri: created.requestUri },
  });

  const resolved = await resolveOpenid4vpAuthorizationRequest({
    authorizationRequestPayload: parsed.params,
    callbacks,
  });
  expect(resolved.version).toBe(100);
  const [prefix] = created.clientId.split(":");
  expect(resolved.client).toMatchObject({
    prefix,
    identifier: created.clientId.slice(prefix!.length + 1),
    effective: created.clientId,
  });
  const authorizationRequest = resolved.authorizationRequestPayload;
  if (isOpenid4vpAuthorizationRequestDcApi(authorizationRequest)) throw new Error("expected a redirect-flow request");
  const encrypted = authorizationRequest.response_mode === "direct_post.jwt";

  // The DCQL query as the library resolved it chooses what the holder discloses.
  // An SD-JWT wallet answers the dc+sd-jwt query: the only one, or (a check an mdoc can answer too,
  // ADR 050) an option of its own in the credential set beside the mso_mdoc queries.
  const query = resolved.dcql?.query as DcqlQuery;
  const credentialQuery = query.credentials.find((candidate) => candidate.format === "dc+sd-jwt");
  if (query.credentials.length > 1) expect(query.credential_sets?.[0]?.options).toContainEqual([credentialQuery!.id]);
  const disclose = credentialQuery!.claims.map((claim) => claim.path.join("."));
  const presentation = await present(held, disclose, authorizationRequest.client_id, authorizationRequest.nonce);

  const { authorizationResponsePayload, jarm } = await createOpenid4vpAuthorizationResponse({
    authorizationRequestPayload: authorizationRequest,
    authorizationResponsePayload: { vp_token: { [credentialQuery!.id]: [presentation] } },
    callbacks,
    // A HAIP wallet: ECDH-ES, and the first of the request's encryptions it also supports.
    ...(encrypted
      ? {
          jarm: {
            // The wallet's own nonce for the key agreement (apu); apv is the request's nonce.
            encryption: { nonce: crypto.randomUUID() },
            serverMetadata: {
              // The response is encrypted, not signed (OID4VP 1.0 section 8.3).
              authorization_signing_alg_values_supported: [],
              authorization_encryption_alg_values_supported: ["ECDH-ES"],
              authorization_encryption_enc_values_supported: encs,
            },
          },
        }
      : {}),
  });
  const { responseMode, response } = await submitOpenid4vpAuthorizationResponse({
    authorizationRequestPayload: authorizationRequest,
    authorizationResponsePayload,
    ...(jarm ? { jarm: { responseJwt: jarm.responseJwt } } : {}),
    callbacks,
  });
  return {
    calls,
    disclose,
    responseMode,
    response,
    credentialQueryId: credentialQuery!.id,
    jwe: jarm?.responseJwt,
    clientMetadata: authorizationRequest.client_metadata,
  };
}

describe("OpenID4VP 1.0 with @openid4vc/openid4vp as the wallet", () => {
  it("resolves our signed, attested request, answers it by direct_post, and the verifier reads it completed and valid", async () => {
    const { cookie } = await organisationWithVerifier();
    const created = await openRequest(
      { cookie },
      {
        credentialType: "rtw",
        requestedAttributes: ["hasRightToWork", "workRestrictions"],
        purpose: "Hiring a warehouse operative",
        responseMode: "direct_post",
      },
    );
    const held = await citizenWithCredential("rtw");
    const { calls, disclose, responseMode, response } = await walletAnswers(created, held);

    expect(disclose).toEqual(["hasRightToWork", "workRestrictions"]);
    expect(responseMode).toBe("direct_post");
    expect(response.status, await response.clone().text()).toBe(200);
    expect(calls).toEqual([
      { method: "GET", url: created.requestUri },
      { method: "POST", url: `${ORIGIN}/api/presentations/response` },
    ]);
    expect(await requestView(cookie, created.id)).toMatchObject({
      status: "completed",
      result: { valid: true, reason: "valid", presentedAttributes: { hasRightToWork: true, workRestrictions: "None" } },
    });
  });

  it("answers an age check: the DCQL claims path age_equal_or_over/18 discloses the threshold alone", async () => {
    const { cookie } = await organisationWithVerifier();
    const created = await openRequest({ cookie }, { credentialType: "age", purpose: "Age-restricted sale" });
    const held = await citizenWithCredential("rtw");
    const { disclose, credentialQueryId, response } = await walletAnswers(created, held);
    expect(credentialQueryId).toBe("age");
    expect(disclose).toEqual(["age_equal_or_over.18"]);
    expect(response.status, await response.clone().text()).toBe(200);
    const view = await requestView(cookie, created.id);
    expect(view).toMatchObject({
      status: "completed",
      result: { valid: true, presentedAttributes: { age_over_18: true } },
    });
    expect(Object.keys(view.result.presentedAttributes)).toEqual(["age_over_18"]);
  });

  for (const enc of ["A128GCM", "A256GCM"]) {
    it(`answers a direct_post.jwt request (HAIP) with its answer encrypted to the request's own key, ECDH-ES and ${enc}`, async () => {
      const { cookie } = await organisationWithVerifier();
      const created = await openRequest(
        { cookie },
        {
          credentialType: "rtw",
          requestedAttributes: ["hasRightToWork"],
          purpose: "Hiring a warehouse operative",
          responseMode: "direct_post.jwt",
        },
      );
      const held = await citizenWithCredential("rtw");
      const { responseMode, response, jwe, clientMetadata, calls } = await walletAnswers(created, held, [enc]);

      // The request carried a public P-256 key of its own (kid: the request), never its private half.
      expect(clientMetadata).toEqual({
        jwks: {
          keys: [
            {
              kty: "EC",
              crv: "P-256",
              x: expect.any(String),
              y: expect.any(String),
              kid: created.id,
              alg: "ECDH-ES",
              use: "enc",
            },
          ],
        },
        encrypted_response_enc_values_supported: ["A128GCM", "A256GCM"],
        vp_formats_supported: VP_FORMATS,
      });
      expect(responseMode).toBe("direct_post.jwt");
      expect(decodeProtectedHeader(jwe!)).toMatchObject({ alg: "ECDH-ES", enc, kid: created.id });
      expect(calls.at(-1)).toEqual({ method: "POST", url: `${ORIGIN}/api/presentations/response` });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await requestView(cookie, created.id)).toMatchObject({
        status: "completed",
        result: { valid: true, reason: "valid", presentedAttributes: { hasRightToWork: true } },
      });

      // Replayed, the same JWE finds the request ended and its key gone: refused, nothing recorded again.
      const replay = await request("/api/presentations/response", directPost({ response: jwe! }));
      expect(replay.status).toBe(400);
      expect(await replay.json()).toMatchObject({ error: "invalid_request", reason: "REQUEST_ALREADY_ANSWERED" });
    });
  }

  it("a request made with a new key each time: two direct_post.jwt requests carry different keys", async () => {
    const { cookie } = await organisationWithVerifier();
    const body = { credentialType: "rtw", purpose: "Hiring", responseMode: "direct_post.jwt" };
    const [one, two] = [await openRequest({ cookie }, body), await openRequest({ cookie }, body)];
    const keyOf = async (created: CreatedRequest) =>
      (await fetchRequestObject(created.requestUri)).claims.client_metadata.jwks.keys[0];
    const [a, b] = [await keyOf(one!), await keyOf(two!)];
    expect(a.x).not.toBe(b.x);
    expect(a).not.toHaveProperty("d");
    expect((await fetchRequestObject(one!.requestUri)).claims.response_mode).toBe("direct_post.jwt");
  });

  it("resolves an x509_hash request (HAIP): the chain to the platform's root and the leaf's hash check out, the answer is encrypted, and the verifier reads it valid", async () => {
    const { cookie } = await organisationWithVerifier();
    const created = await openRequest(
      { cookie },
      {
        credentialType: "rtw",
        requestedAttributes: ["hasRightToWork"],
        purpose: "Hiring a warehouse operative",
        clientIdPrefix: "x509_hash",
      },
    );
    expect(created.clientId).toMatch(/^x509_hash:[A-Za-z0-9_-]{43}$/);
    expect(new URL(created.authorizationRequest).searchParams.get("client_id")).toBe(created.clientId);
    const held = await citizenWithCredential("rtw");
    const { responseMode, response, jwe, clientMetadata } = await walletAnswers(created, held);

    expect(clientMetadata?.vp_formats_supported).toEqual(VP_FORMATS);
    expect(responseMode).toBe("direct_post.jwt");
    expect(decodeProtectedHeader(jwe!)).toMatchObject({ alg: "ECDH-ES", kid: created.id });
    expect(response.status, await response.clone().text()).toBe(200);
    // The KB-JWT's aud was the x509_hash client_id, and the verifier judged it against that.
    expect(await requestView(cookie, created.id)).toMatchObject({
      status: "completed",
      result: { valid: true, reason: "valid", presentedAttributes: { hasRightToWork: true } },
    });
  });

  it("an x509_hash request object: client_id and iss the leaf's hash, x5c the leaf then the verifier CA (no root), ES256, and vp_formats_supported", async () => {
    const { cookie, organisation } = await organisationWithVerifier();
    const created = await openRequest(
      { cookie },
      { credentialType: "age", purpose: "Age check", clientIdPrefix: "x509_hash" },
    );
    const { header, claims } = await fetchRequestObject(created.requestUri);
    expect(header).toEqual({ alg: "ES256", typ: "oauth-authz-req+jwt", x5c: [expect.any(String), expect.any(String)] });
    const x5c = header.x5c as string[];
    const [leaf, ca] = x5c.map((der) => new X509Certificate(der));
    const root = platformRoot();
    expect(x5c.map((der) => new X509Certificate(der)).some((certificate) => certificate.equal(root))).toBe(false);
    expect(await leaf!.verify({ publicKey: ca!.publicKey })).toBe(true);
    expect(await ca!.verify({ publicKey: root.publicKey })).toBe(true);
    // The leaf names the organisation's identifier and certifies the key the request is signed with.
    expect(leaf!.getExtension(SubjectAlternativeNameExtension)!.names.toJSON()).toEqual([
      { type: "url", value: `${ORIGIN}/verifiers/${organisation.id}` },
    ]);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", leaf!.rawData));
    const hash = Buffer.from(digest).toString("base64url");
    expect(created.clientId).toBe(`x509_hash:${hash}`);
    expect(claims).toMatchObject({
      client_id: created.clientId,
      iss: created.clientId,
      response_mode: "direct_post.jwt",
    });
    expect(claims.client_metadata.vp_formats_supported).toEqual(VP_FORMATS);

    // The default request keeps the attestation, and states the same formats.
    const attested = await openRequest(
      { cookie },
      { credentialType: "age", purpose: "Age check", responseMode: "direct_post" },
    );
    const plain = await fetchRequestObject(attested.requestUri);
    expect(attested.clientId.startsWith(PREFIX)).toBe(true);
    expect(plain.header).not.toHaveProperty("x5c");
    expect(typeof plain.header.jwt).toBe("string");
    expect(plain.claims.client_metadata).toEqual({ vp_formats_supported: VP_FORMATS });
  });

  it("refuses an unknown clientIdPrefix with a 400 that names the field and the prefixes offered, and stores nothing", async () => {
    const { cookie, organisation } = await organisationWithVerifier();
    for (const clientIdPrefix of ["x509_san_dns", "X509_HASH", ""]) {
      const response = await request("/api/presentations/requests", {
        ...json({ credentialType: "rtw", purpose: "Hiring", clientIdPrefix }),
        cookie,
      });
      expect(response.status, clientIdPrefix).toBe(400);
      expect(await response.json()).toEqual({
        message: 'Validation Error: clientIdPrefix: Invalid option: expected one of "verifier_attestation"|"x509_hash"',
        code: "VALIDATION_ERROR",
      });
    }
    expect(
      await db().select().from(verificationRequests).where(eq(verificationRequests.organisationId, organisation.id)),
    ).toHaveLength(0);
  });
});

/** The library as a HAIP wallet reads the QR code's text and resolves the redirect-flow request it names. */
async function walletResolves(created: CreatedRequest) {
  const { fetch } = network();
  const callbacks = walletCallbacks(fetch);
  const parsed = parseOpenid4vpAuthorizationRequest({ authorizationRequest: created.authorizationRequest });
  const resolved = await resolveOpenid4vpAuthorizationRequest({
    authorizationRequestPayload: parsed.params,
    callbacks,
  });
  const authorizationRequest = resolved.authorizationRequestPayload;
  if (isOpenid4vpAuthorizationRequestDcApi(authorizationRequest)) throw new Error("expected a redirect-flow request");
  return { callbacks, resolved, authorizationRequest };
}

/** The library encrypts `vpToken` to the request's key (ECDH-ES and `enc`) and posts it to response_uri. */
async function walletSendsEncrypted(
  authorizationRequest: Awaited<ReturnType<typeof walletResolves>>["authorizationRequest"],
  vpToken: Record<string, string[]>,
  callbacks: ReturnType<typeof walletCallbacks>,
  enc: "A128GCM" | "A256GCM",
) {
  const { authorizationResponsePayload, jarm } = await createOpenid4vpAuthorizationResponse({
    authorizationRequestPayload: authorizationRequest,
    authorizationResponsePayload: { vp_token: vpToken },
    callbacks,
    jarm: {
      encryption: { nonce: crypto.randomUUID() },
      serverMetadata: {
        authorization_signing_alg_values_supported: [],
        authorization_encryption_alg_values_supported: ["ECDH-ES"],
        authorization_encryption_enc_values_supported: [enc],
      },
    },
  });
  return submitOpenid4vpAuthorizationResponse({
    authorizationRequestPayload: authorizationRequest,
    authorizationResponsePayload,
    jarm: { responseJwt: jarm!.responseJwt },
    callbacks,
  });
}

describe("an mdoc through @openid4vc/openid4vp as the wallet (issue 23, ADR 050)", () => {
  it("answers an age request by direct_post.jwt with an mDL: the library encrypts, the SessionTranscript names the request's key", async () => {
    const name = `Interop IACA ${crypto.randomUUID().slice(0, 8)}`;
    const iaca = await createTestIaca(new Date(), name);
    await db()
      .insert(trustListEntries)
      .values({ kind: "mdoc_iaca_root", certificate: iaca.root, name, checks: ["age"], state: "active" });
    const { cookie } = await organisationWithVerifier();
    const created = await openRequest(
      { cookie },
      { credentialType: "age", purpose: "Age-restricted sale", responseMode: "direct_post.jwt" },
    );
    const { callbacks, resolved, authorizationRequest } = await walletResolves(created);
    // The wallet holds an mDL: it answers the mso_mdoc query for that doctype, one option of the credential set.
    const query = (resolved.dcql!.query as DcqlQuery).credentials.find(
      (candidate): candidate is MdocCredentialQuery =>
        candidate.format === "mso_mdoc" && candidate.meta.doctype_value === "org.iso.18013.5.1.mDL",
    )!;
    const key = authorizationRequest.client_metadata?.jwks?.keys[0] as JWK;
    const now = Date.now();
    const device = await generateKey("Ed25519");
    const issuerSigned = await issueMdoc({
      iaca,
      docType: query.meta.doctype_value,
      nameSpaces: { "org.iso.18013.5.1": { age_over_18: true, family_name: "Lovelace" } },
      devicePublicJwk: device.publicJwk,
      validity: {
        signed: new Date(now - 60_000),
        validFrom: new Date(now - 60_000),
        validUntil: new Date(now + 86_400_000),
      },
    });
    const deviceResponse = await presentMdoc({
      issuerSigned,
      docType: query.meta.doctype_value,
      claims: query.claims.map((claim) => claim.path),
      handover: {
        flow: "redirect",
        clientId: authorizationRequest.client_id!,
        nonce: authorizationRequest.nonce,
        responseUri: authorizationRequest.response_uri!,
        jwkThumbprint: Buffer.from(await calculateJwkThumbprint(key, "sha256"), "base64url"),
      },
      devicePrivateJwk: device.privateJwk,
    });
    const { responseMode, response } = await walletSendsEncrypted(
      authorizationRequest,
      { [query.id]: [deviceResponse] },
      callbacks,
      "A128GCM",
    );
    expect(responseMode).toBe("direct_post.jwt");
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await requestView(cookie, created.id)).toMatchObject({
      status: "completed",
      result: {
        valid: true,
        format: "mso_mdoc",
        issuer: name,
        presentedAttributes: { age_over_18: true },
        outcome: { status: "passed" },
      },
    });
  });
});

describe("an outside issuer's SD-JWT VC through @openid4vc/openid4vp as the wallet (issue 23, ADR 052)", () => {
  it("the wallet keeps our DCQL's trusted_authorities, matches its PID's chain by aki, and its encrypted answer completes the request", async () => {
    const issuer = await createOutsideIssuer();
    await listOutsideIssuer(issuer, ["age"]);
    const { cookie } = await organisationWithVerifier(["age"]);
    const created = await openRequest({ cookie }, { credentialType: "age", purpose: "Age-restricted sale" });
    const { callbacks, resolved, authorizationRequest } = await walletResolves(created);
    const holder = await createHolder();
    const sdJwt = await issuePid(issuer, holder);
    // What a wallet does with trusted_authorities (OID4VP 1.0 section 6.1.1): the aki of a
    // certificate in the credential's chain, read here by @peculiar/x509, must be one of the values.
    const leaf = new X509Certificate(issuer.leaf);
    const aki = Buffer.from(leaf.getExtension(AuthorityKeyIdentifierExtension)!.keyId!, "hex").toString("base64url");
    const query = (resolved.dcql!.query as DcqlQuery).credentials.find(
      (candidate): candidate is SdJwtCredentialQuery =>
        candidate.format === "dc+sd-jwt" &&
        candidate.meta.vct_values.includes(PID_VCT) &&
        (candidate.trusted_authorities ?? []).some(
          (authority) => authority.type === "aki" && authority.values.includes(aki),
        ),
    );
    expect(query?.id).toBe("pid_sd_jwt");
    expect((resolved.dcql!.query as DcqlQuery).credential_sets?.[0]?.options).toContainEqual([query!.id]);
    const presentation = await presentPid(
      sdJwt,
      holder,
      query!.claims.map((claim) => claim.path.join(".")),
      { aud: authorizationRequest.client_id!, nonce: authorizationRequest.nonce },
    );
    const { response } = await walletSendsEncrypted(
      authorizationRequest,
      { [query!.id]: [presentation] },
      callbacks,
      "A256GCM",
    );
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await requestView(cookie, created.id)).toMatchObject({
      status: "completed",
      result: {
        valid: true,
        format: "dc+sd-jwt",
        issuer: issuer.name,
        presentedAttributes: { age_over_18: true },
        outcome: { status: "passed" },
      },
    });
  });
});
