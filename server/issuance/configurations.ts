/**
 * Which credential configuration a wallet asks for, and what signs it (ADR 047): each type has its
 * Ed25519 configuration (`rtw`) and, where the platform holds certified keys, HAIP's (`rtw_haip`).
 */
import { type CredentialConfiguration, configurationOf } from "#core/issuance/endpoints.ts";
import { CREDENTIAL_TYPES } from "#core/issuers/registry.ts";
import type { DocumentSigner } from "#core/mdoc/issue.ts";
import type { CertifiedKey } from "#server/credentials/certified-keys.ts";
import type { IssuerContext } from "./credential-endpoint.ts";
import { OAuthError } from "./oauth-error.ts";

/**
 * The configuration `id` names at this issuer, with the key its credentials are signed with: the
 * Ed25519 default (no certified key), HAIP's certified key, or the mdoc's document signer (ADR 053).
 * A configuration of another issuer, or one whose key the deployment does not hold, is unknown here.
 */
export async function configurationAt(
  context: IssuerContext,
  id: unknown,
): Promise<{ configuration: CredentialConfiguration; certified?: CertifiedKey; documentSigner?: DocumentSigner }> {
  const configuration = configurationOf(id);
  if (!configuration || CREDENTIAL_TYPES[configuration.type].issuerId !== context.issuerId) {
    throw new OAuthError("unknown_credential_configuration", "this issuer has no such credential configuration");
  }
  if (configuration.profile === "eddsa") return { configuration };
  if (configuration.profile === "mdoc") {
    const documentSigner = await context.documentSigner();
    if (!documentSigner) throw new OAuthError("unknown_credential_configuration", "this issuer issues no mdoc here");
    return { configuration, documentSigner };
  }
  const certified = (await context.certifiedKeys())?.get(context.issuerId);
  if (!certified) throw new OAuthError("unknown_credential_configuration", "this issuer offers no HAIP configuration");
  return { configuration, certified };
}
