import type { Locale } from "#core/i18n/locales.ts";
import { type CredentialTypeText, credentialTypeText } from "#core/issuers/type-messages.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";

/** A credential type's words in `locale`, for words the server writes (core/issuers/type-messages.ts). */
export function serverCredentialType(locale: Locale, type: string): CredentialTypeText {
  return credentialTypeText(serverIntl(locale), type);
}
