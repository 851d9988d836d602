/**
 * Which credential configuration a wallet asks for, and what signs it (ADR 047): each type has its
 * Ed25519 configuration (`rtw`) and, where the platform holds certified keys, HAIP's (`rtw_haip`).
 */
import { type CredentialConfiguration, configurationOf } from "#core/issuance/endpoints.ts";
import { CREDENTIAL_TYPES } from "#core/issuers/registry.ts";
import type { CertifiedKey } from "#server/credentials/certified-keys.ts";
import type { IssuerContext } from "./credential-endpoint.ts";
import { OAuthError } from "./oauth-error.ts";

/**
 * The configuration `id` names at this issuer, with the key its credentials are signed with: the
 * Ed25519 default (no certified key), or HAIP's certified key. A configuration of another issuer,
 * or HAIP's where the deployment holds no certified key, is unknown here.
 */
export async function configurationAt(
  context: IssuerContext,
  id: unknown,
): Promise<{ configuration: CredentialConfiguration; certified?: CertifiedKey }> {
  const configuration = configurationOf(id);
  if (!configuration || CREDENTIAL_TYPES[configuration.type].issuerId !== context.issuerId) {
    throw new OAuthError("unknown_credential_configuration", "this issuer has no such credential configuration");
  }
  if (configuration.profile === "eddsa") return { configuration };
  const certified = (await context.certifiedKeys())?.get(context.issuerId);
  if (!certified) throw new OAuthError("unknown_credential_configuration", "this issuer offers no HAIP configuration");
  return { configuration, certified };
}
