/**
 * SD-JWT VC type metadata (draft-ietf-oauth-sd-jwt-vc section 6) for the status worker's /vct/{slug}:
 * the type's name and description and each claim's label, in every language the product speaks
 * (issue 21), as `display` entries keyed by `locale` (the draft's field; earlier drafts said `lang`).
 * The words are read as the issuer metadata's (core/issuance/metadata.ts) are, by publishedText,
 * so a wallet reading either sees the same names.
 */

import { LOCALE_INFO, LOCALES } from "#core/i18n/locales.ts";
import { type PublishedMessage, publishedText as text } from "./published-text.ts";
import { CREDENTIAL_TYPES, type CredentialTypeCode, vctUrl } from "./registry.ts";
import { TYPE_MESSAGES } from "./type-messages.ts";

/** The type's metadata: name, description, a display per language, and each claim ("sd": "always") labelled in each. */
export function typeMetadata(base: string, type: CredentialTypeCode): Record<string, unknown> {
  const t = CREDENTIAL_TYPES[type];
  const m = TYPE_MESSAGES[type];
  const claims = m.claims as Record<string, PublishedMessage>;
  return {
    vct: vctUrl(base, type),
    name: t.longName,
    description: t.description,
    display: LOCALES.map((locale) => ({
      locale: LOCALE_INFO[locale].tag,
      name: text(locale, m.name),
      description: text(locale, m.description),
    })),
    claims: t.claims.map((c) => ({
      path: [c.name],
      display: LOCALES.map((locale) => ({ locale: LOCALE_INFO[locale].tag, label: text(locale, claims[c.name]!) })),
      sd: "always",
    })),
  };
}
