import { clientAuthenticationAnonymous } from "@openid4vc/oauth2";
import { Openid4vciClient, Openid4vciVersion } from "@openid4vc/openid4vci";
import { describe, expect, it } from "vitest";
import { LOCALE_INFO, LOCALES } from "#core/i18n/locales.ts";
import {
  authorizationServerMetadataUrl,
  configurationScope,
  credentialIssuerMetadataUrl,
} from "#core/issuance/endpoints.ts";
import type { authorizationServerMetadata, credentialIssuerMetadata } from "#core/issuance/metadata.ts";
import { CREDENTIAL_TYPE_CODES, CREDENTIAL_TYPES, ISSUER_IDS, type IssuerId } from "#core/issuers/registry.ts";
import app from "#workers/status/src/index.ts";
import { bindings, ORIGIN, request } from "#workers/status/src/test-support.ts";

type IssuerMetadata = ReturnType<typeof credentialIssuerMetadata>;
type ServerMetadata = ReturnType<typeof authorizationServerMetadata>;
type Configuration = IssuerMetadata["credential_configurations_supported"][string];

const TAGS = LOCALES.map((locale) => LOCALE_INFO[locale].tag);

/** The path of the metadata URL a wallet builds from the issuer identifier `{ORIGIN}/issuers/{id}`. */
const issuerMetadataPath = (id: IssuerId) => new URL(credentialIssuerMetadataUrl(ORIGIN, id)).pathname;

async function issuerMetadata(id: IssuerId): Promise<IssuerMetadata> {
  const response = await request(issuerMetadataPath(id));
  expect(response.status).toBe(200);
  return (await response.json()) as IssuerMetadata;
}

describe("GET /.well-known/openid-credential-issuer/issuers/{id}", () => {
  it.each(ISSUER_IDS)("publishes %s as a credential issuer at the URL its identifier gives", async (id) => {
    expect(issuerMetadataPath(id)).toBe(`/.well-known/openid-credential-issuer/issuers/${id}`);
    const response = await request(issuerMetadataPath(id));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const metadata = (await response.json()) as IssuerMetadata;
    expect(metadata).toMatchObject({
      credential_issuer: `${ORIGIN}/issuers/${id}`,
      authorization_servers: [ORIGIN],
      credential_endpoint: `${ORIGIN}/issuers/${id}/credential`,
      nonce_endpoint: `${ORIGIN}/issuers/${id}/nonce`,
      deferred_credential_endpoint: `${ORIGIN}/issuers/${id}/deferred-credential`,
      notification_endpoint: `${ORIGIN}/issuers/${id}/notification`,
      batch_credential_issuance: { batch_size: 5 },
    });
    // Two configurations per type the authority issues (Ed25519, and HAIP's ES256 with x5c: ADR 047),
    // the driving licence a third as an mdoc (ADR 053), and only those.
    expect(Object.keys(metadata.credential_configurations_supported)).toEqual(
      CREDENTIAL_TYPE_CODES.filter((code) => CREDENTIAL_TYPES[code].issuerId === id).flatMap((code) => [
        code,
        `${code}_haip`,
        ...(code === "driving_licence" ? [`${code}_mdoc`] : []),
      ]),
    );
    expect(metadata.display.map((d) => d.locale)).toEqual(TAGS);
    expect(metadata).not.toHaveProperty("display.0.logo");
  });

  it.each(CREDENTIAL_TYPE_CODES)(
    "offers %s as a key-bound SD-JWT VC with its vct, scope, and words in every language",
    async (code) => {
      const type = CREDENTIAL_TYPES[code];
      const configuration = (await issuerMetadata(type.issuerId)).credential_configurations_supported[code]!;
      expect(configuration).toMatchObject({
        format: "dc+sd-jwt",
        vct: `${ORIGIN}/vct/${type.slug}`,
        scope: configurationScope(code),
        cryptographic_binding_methods_supported: ["jwk"],
        credential_signing_alg_values_supported: ["EdDSA"],
        proof_types_supported: { jwt: { proof_signing_alg_values_supported: ["ES256", "EdDSA"] } },
      });
      const { display, claims } = configuration.credential_metadata;
      expect(display.map((d) => d.locale)).toEqual(TAGS);
      expect(display[0]).toEqual({ name: type.longName, locale: "en-GB", description: type.description });
      // Every claim, in the order a wallet should show them, each labelled in every language.
      expect(claims.map((c) => c.path)).toEqual(type.claims.map((c) => [c.name]));
      expect(claims.map((c) => c.display[0])).toEqual(type.claims.map((c) => ({ name: c.label, locale: "en-GB" })));
      for (const claim of claims) expect(claim.display.map((d) => d.locale)).toEqual(TAGS);
    },
  );

  it("offers the driving licence as an mDL mdoc too (OpenID4VCI 1.0 Appendix A.2; ADR 053), in every language", async () => {
    const { driving_licence: sdJwt, driving_licence_mdoc: mdoc } = (await issuerMetadata("dvla"))
      .credential_configurations_supported as Record<string, Record<string, any>>;
    expect(mdoc).toEqual({
      format: "mso_mdoc",
      doctype: "org.iso.18013.5.1.mDL",
      scope: "uk.gov.dvla.driving_licence.mdoc",
      cryptographic_binding_methods_supported: ["cose_key"],
      credential_signing_alg_values_supported: [-7],
      proof_types_supported: { jwt: { proof_signing_alg_values_supported: ["ES256", "EdDSA"] } },
      credential_metadata: { display: sdJwt!.credential_metadata.display, claims: expect.any(Array) },
    });
    const claims = mdoc!.credential_metadata.claims as {
      path: string[];
      display: { name: string; locale: string }[];
    }[];
    expect(claims.map((claim) => claim.path)).toEqual(
      [
        "family_name",
        "given_name",
        "birth_date",
        "issue_date",
        "expiry_date",
        "issuing_country",
        "issuing_authority",
        "document_number",
        "driving_privileges",
        "un_distinguishing_sign",
        "age_over_18",
        "age_over_21",
      ].map((element) => ["org.iso.18013.5.1", element]),
    );
    for (const claim of claims) expect(claim.display.map((d) => d.locale)).toEqual(TAGS);
    const label = (element: string, locale: string) =>
      claims.find((claim) => claim.path[1] === element)!.display.find((d) => d.locale === locale)!.name;
    // The SD-JWT VC's label where the element means the same, its own where the mDL says more.
    expect(label("document_number", "en-GB")).toBe("Licence number");
    expect(label("issuing_country", "en-GB")).toBe("Issuing country");
    expect(label("issuing_country", "cy")).toBe("Gwlad gyhoeddi");
    expect(label("age_over_21", "pl")).toBe("Powyżej 21 lat");
  });

  it("words the authority, the type and its claims in Welsh, from the Welsh translations", async () => {
    const metadata = await issuerMetadata("home-office");
    const welsh = <T extends { locale: string }>(entries: T[]) => entries.find((d) => d.locale === "cy")!;
    expect(welsh(metadata.display).name).toBe("Y Swyddfa Gartref");
    const rtw = metadata.credential_configurations_supported.rtw!.credential_metadata;
    expect(welsh(rtw.display)).toEqual({
      name: "Hawl i Weithio",
      locale: "cy",
      description: "Mae'n cadarnhau hawl y deiliad i weithio yn y Deyrnas Unedig ac unrhyw amodau arni.",
    });
    const label = (path: string) => welsh(rtw.claims.find((c) => c.path[0] === path)!.display).name;
    expect(label("given_name")).toBe("Enw cyntaf");
    expect(label("workRestrictions")).toBe("Cyfyngiadau ar waith");
    // The other languages keep the authority's English name (the glossary), but word the type.
    expect(metadata.display.find((d) => d.locale === "ur")!.name).toBe("Home Office");
    expect(rtw.display.find((d) => d.locale === "ur")!.name).toBe("کام کرنے کا حق");
  });

  it("uses the same words as the type metadata at the configuration's vct", async () => {
    for (const id of ISSUER_IDS)
      for (const configuration of Object.values((await issuerMetadata(id)).credential_configurations_supported)) {
        // An mdoc has no vct: its words are checked below.
        if (!("vct" in configuration)) continue;
        const typeMetadata = (await (await request(new URL(configuration.vct).pathname)).json()) as {
          display: { locale: string; name: string; description: string }[];
          claims: { path: string[]; display: { locale: string; label: string }[] }[];
        };
        const { display, claims } = (configuration as Configuration).credential_metadata;
        expect(display).toEqual(
          typeMetadata.display.map((d) => ({ name: d.name, locale: d.locale, description: d.description })),
        );
        expect(claims).toEqual(
          typeMetadata.claims.map((c) => ({
            path: c.path,
            display: c.display.map((d) => ({ name: d.label, locale: d.locale })),
          })),
        );
      }
  });

  it("names the issuer and its endpoints under PUBLIC_BASE_URL when one is configured, whatever host was asked", async () => {
    const response = await request(issuerMetadataPath("dbs"), { PUBLIC_BASE_URL: "https://identity.service.gov.uk/" });
    const metadata = (await response.json()) as IssuerMetadata;
    expect(metadata.credential_issuer).toBe("https://identity.service.gov.uk/issuers/dbs");
    expect(metadata.authorization_servers).toEqual(["https://identity.service.gov.uk"]);
    expect((metadata.credential_configurations_supported.dbs as { vct: string }).vct).toBe(
      "https://identity.service.gov.uk/vct/dbs-enhanced",
    );
  });

  it.each(["nobody", "HOME-OFFICE", "home-office.json", "%2e%2e"])(
    "answers an unknown authority (%s) with a JSON 404, where a known one has its metadata",
    async (id) => {
      expect((await request(issuerMetadataPath("home-office"))).status).toBe(200);
      const response = await request(`/.well-known/openid-credential-issuer/issuers/${id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found" });
    },
  );
});

describe("GET /.well-known/oauth-authorization-server", () => {
  it("publishes the platform as the authorization server for the pre-authorized code grant and the pushed, PKCE-protected authorization code flow, and nothing it does not serve", async () => {
    const response = await request(new URL(authorizationServerMetadataUrl(ORIGIN)).pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const metadata = (await response.json()) as ServerMetadata;
    expect(metadata).toEqual({
      issuer: ORIGIN,
      authorization_endpoint: `${ORIGIN}/oauth/authorize`,
      token_endpoint: `${ORIGIN}/oauth/token`,
      pushed_authorization_request_endpoint: `${ORIGIN}/oauth/par`,
      require_pushed_authorization_requests: true,
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: ["authorization_code", "urn:ietf:params:oauth:grant-type:pre-authorized_code"],
      code_challenge_methods_supported: ["S256"],
      authorization_response_iss_parameter_supported: true,
      token_endpoint_auth_methods_supported: ["none"],
      dpop_signing_alg_values_supported: ["ES256", "EdDSA"],
      "pre-authorized_grant_anonymous_access_supported": true,
      scopes_supported: CREDENTIAL_TYPE_CODES.flatMap((code) => [
        configurationScope(code),
        configurationScope(code, "haip"),
        ...(code === "driving_licence" ? [configurationScope(code, "mdoc")] : []),
      ]),
    });
  });

  it("lists every scope an issuer's configuration names", async () => {
    const { scopes_supported } = (await (
      await request("/.well-known/oauth-authorization-server")
    ).json()) as ServerMetadata;
    const scopes = (await Promise.all(ISSUER_IDS.map(issuerMetadata))).flatMap((m) =>
      Object.values(m.credential_configurations_supported).map((c) => c.scope),
    );
    expect([...scopes].sort()).toEqual([...scopes_supported].sort());
    expect(new Set(scopes).size).toBe(scopes.length);
  });

  it("names its issuer under PUBLIC_BASE_URL without the trailing slash the setting may carry", async () => {
    const response = await request("/.well-known/oauth-authorization-server", {
      PUBLIC_BASE_URL: "https://identity.service.gov.uk/",
    });
    const metadata = (await response.json()) as ServerMetadata;
    expect(metadata.issuer).toBe("https://identity.service.gov.uk");
    expect(metadata.token_endpoint).toBe("https://identity.service.gov.uk/oauth/token");
    expect(metadata.pushed_authorization_request_endpoint).toBe("https://identity.service.gov.uk/oauth/par");
    expect(metadata.authorization_endpoint).toBe("https://identity.service.gov.uk/oauth/authorize");
  });
});

describe("an independent wallet (@openid4vc/openid4vci) reading the metadata", () => {
  // Every request the wallet makes goes to this worker, whatever host it names.
  const wallet = new Openid4vciClient({
    callbacks: {
      fetch: (input, init) => Promise.resolve(app.request(new Request(input, init), undefined, bindings)),
      hash: async (data, alg) =>
        new Uint8Array(
          await crypto.subtle.digest(alg.toUpperCase() as "SHA-256" | "SHA-384" | "SHA-512", new Uint8Array(data)),
        ),
      generateRandom: (length) => crypto.getRandomValues(new Uint8Array(length)),
      signJwt: () => {
        throw new Error("reading metadata signs nothing");
      },
      clientAuthentication: clientAuthenticationAnonymous(),
    },
  });

  it.each(ISSUER_IDS)(
    "resolves %s as an OpenID4VCI 1.0 issuer whose authorization server is the platform",
    async (id) => {
      const resolved = await wallet.resolveIssuerMetadata(`${ORIGIN}/issuers/${id}`);
      expect(resolved.originalDraftVersion).toBe(Openid4vciVersion.V1);
      expect(resolved.credentialIssuer.credential_issuer).toBe(`${ORIGIN}/issuers/${id}`);
      expect(resolved.authorizationServers.map((as) => [as.issuer, as.token_endpoint])).toEqual([
        [ORIGIN, `${ORIGIN}/oauth/token`],
      ]);
      // Every configuration passes the library's own check of its format's metadata, the mdoc's too.
      expect(Object.keys(resolved.knownCredentialConfigurations)).toEqual(
        CREDENTIAL_TYPE_CODES.filter((code) => CREDENTIAL_TYPES[code].issuerId === id).flatMap((code) => [
          code,
          `${code}_haip`,
          ...(code === "driving_licence" ? [`${code}_mdoc`] : []),
        ]),
      );
    },
  );
});
