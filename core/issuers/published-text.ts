/**
 * The words the status worker publishes in every language the product speaks (issue 21): each
 * credential type's names, description and claim labels (SD-JWT VC type metadata, and the
 * OpenID4VCI issuer metadata's `credential_metadata`) and each authority's name (the issuer
 * metadata's `display`).
 *
 * The worker has no React and no ICU parser: it reads the translation files of the two areas that
 * hold these messages directly, and only those, so it carries the type and verification words and
 * nothing else: "credential" (core/issuers/type-messages.ts) and "server-verification"
 * (core/issuers/authority-messages.ts). These messages are plain text (no placeholders; a test
 * checks the type words read as the server's formatter renders them), English where a translation
 * is missing.
 */

import type { Locale } from "#core/i18n/locales.ts";
import ar from "#core/i18n/translations/ar/credential.json";
import arVerification from "#core/i18n/translations/ar/server-verification.json";
import bn from "#core/i18n/translations/bn/credential.json";
import bnVerification from "#core/i18n/translations/bn/server-verification.json";
import cy from "#core/i18n/translations/cy/credential.json";
import cyVerification from "#core/i18n/translations/cy/server-verification.json";
import es from "#core/i18n/translations/es/credential.json";
import esVerification from "#core/i18n/translations/es/server-verification.json";
import gu from "#core/i18n/translations/gu/credential.json";
import guVerification from "#core/i18n/translations/gu/server-verification.json";
import it from "#core/i18n/translations/it/credential.json";
import itVerification from "#core/i18n/translations/it/server-verification.json";
import pa from "#core/i18n/translations/pa/credential.json";
import paVerification from "#core/i18n/translations/pa/server-verification.json";
import pl from "#core/i18n/translations/pl/credential.json";
import plVerification from "#core/i18n/translations/pl/server-verification.json";
import pt from "#core/i18n/translations/pt/credential.json";
import ptVerification from "#core/i18n/translations/pt/server-verification.json";
import ro from "#core/i18n/translations/ro/credential.json";
import roVerification from "#core/i18n/translations/ro/server-verification.json";
import ur from "#core/i18n/translations/ur/credential.json";
import urVerification from "#core/i18n/translations/ur/server-verification.json";

type Table = Readonly<Record<string, string>>;

/** Per language, the two areas' translations (message ids are unique across areas). */
const TABLES: Readonly<Record<Exclude<Locale, "en">, readonly [Table, Table]>> = {
  cy: [cy, cyVerification],
  pl: [pl, plVerification],
  ro: [ro, roVerification],
  pa: [pa, paVerification],
  ur: [ur, urVerification],
  pt: [pt, ptVerification],
  es: [es, esVerification],
  ar: [ar, arVerification],
  bn: [bn, bnVerification],
  gu: [gu, guVerification],
  it: [it, itVerification],
};

/** A message as defineMessages declares it: an id and its English. */
export interface PublishedMessage {
  id: string;
  defaultMessage: string;
}

/** A type or authority message in `locale`: its translation, else the English. */
export function publishedText(locale: Locale, message: PublishedMessage): string {
  if (locale === "en") return message.defaultMessage;
  const [types, verification] = TABLES[locale];
  return types[message.id] ?? verification[message.id] ?? message.defaultMessage;
}
