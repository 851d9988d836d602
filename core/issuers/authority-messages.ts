/**
 * The issuing authorities' names as messages (issue 21, ADR 041): the English is the registry's
 * (core/issuers/registry.ts, the spec's words); Welsh has each authority's official Welsh name,
 * and the other languages keep the English name (the glossary: organisations' names stay in
 * Latin letters). Screens, receipts and the verifier's answers word an authority through these.
 */
import { defineMessages, type IntlShape } from "@formatjs/intl";
import { AUTHORITIES, authorityOf, type IssuerId } from "./registry.ts";

/** Each authority's full name (and the words for any other issuer); the issuer metadata publishes them in every language. */
export const AUTHORITY_MESSAGES = defineMessages({
  "home-office": {
    id: "server.verification.authority.homeOffice",
    defaultMessage: "Home Office",
    description: "A UK government department's official name (Welsh: its official Welsh name)",
  },
  dbs: {
    id: "server.verification.authority.dbs",
    defaultMessage: "Disclosure and Barring Service",
    description: "A UK public body's official name (Welsh: its official Welsh name)",
  },
  dvla: {
    id: "server.verification.authority.dvla",
    defaultMessage: "Driver and Vehicle Licensing Agency",
    description: "A UK public body's official name (Welsh: its official Welsh name)",
  },
  "professional-body": {
    id: "server.verification.authority.professionalStandards",
    defaultMessage: "Professional Standards Registry",
    description: "The name of a professional register (an issuing authority)",
  },
  unknown: {
    id: "server.verification.authority.unknown",
    defaultMessage: "Government Authority",
    description: "Said of a credential's issuer that is not one of the known authorities",
  },
});

/** Authority `id`'s full name in `intl`'s language. */
export function authorityText(intl: Pick<IntlShape, "formatMessage">, id: IssuerId): string {
  return intl.formatMessage(AUTHORITY_MESSAGES[id]);
}

/** Its short name (spec 000 §3): an acronym ("DBS", "DVLA") is the same in every language; a name is worded. */
function authorityShortText(intl: IntlShape, id: IssuerId): string {
  const { name, shortName } = AUTHORITIES[id];
  return shortName === name ? authorityText(intl, id) : shortName;
}

/** authorityName (core/issuers/registry.ts) in `intl`'s language: the short name of the authority an issuer identifier names. */
export function issuerAuthorityText(intl: IntlShape, issuer: string): string {
  const id = authorityOf(issuer);
  return id ? authorityShortText(intl, id) : intl.formatMessage(AUTHORITY_MESSAGES.unknown);
}
