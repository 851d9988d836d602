/**
 * SD-JWT VC type metadata (draft-ietf-oauth-sd-jwt-vc section 6) for the status worker's /vct/{slug}:
 * the type's name and description and each claim's label, in every language the product speaks
 * (issue 21), as `display` entries keyed by `locale` (the draft's field; earlier drafts said `lang`).
 *
 * The worker has no React and no ICU parser: it reads the "credential" area's translation files
 * (core/i18n/translations/<locale>/credential.json) directly, and only those, so it carries the
 * type words and nothing else. These messages are plain text (no placeholders; a test checks they
 * read as the server's formatter renders them), English where a translation is missing.
 */

import { LOCALE_INFO, LOCALES, type Locale } from "#core/i18n/locales.ts";
import ar from "#core/i18n/translations/ar/credential.json";
import bn from "#core/i18n/translations/bn/credential.json";
import cy from "#core/i18n/translations/cy/credential.json";
import es from "#core/i18n/translations/es/credential.json";
import gu from "#core/i18n/translations/gu/credential.json";
import it from "#core/i18n/translations/it/credential.json";
import pa from "#core/i18n/translations/pa/credential.json";
import pl from "#core/i18n/translations/pl/credential.json";
import pt from "#core/i18n/translations/pt/credential.json";
import ro from "#core/i18n/translations/ro/credential.json";
import ur from "#core/i18n/translations/ur/credential.json";
import { CREDENTIAL_TYPES, type CredentialTypeCode, vctUrl } from "./registry.ts";
import { TYPE_MESSAGES } from "./type-messages.ts";

const TABLES: Readonly<Record<Exclude<Locale, "en">, Readonly<Record<string, string>>>> = {
  cy,
  pl,
  ro,
  pa,
  ur,
  pt,
  es,
  ar,
  bn,
  gu,
  it,
};

interface Descriptor {
  id: string;
  defaultMessage: string;
}

/** A type message in `locale`: its translation, else the English. */
function text(locale: Locale, message: Descriptor): string {
  return (locale === "en" ? undefined : TABLES[locale][message.id]) ?? message.defaultMessage;
}

/** The type's metadata: name, description, a display per language, and each claim ("sd": "always") labelled in each. */
export function typeMetadata(base: string, type: CredentialTypeCode): Record<string, unknown> {
  const t = CREDENTIAL_TYPES[type];
  const m = TYPE_MESSAGES[type];
  const claims = m.claims as Record<string, Descriptor>;
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
