/**
 * A credential type's words in the page's language (issue 21): its names, description and claim
 * labels (core/issuers/type-messages.ts). Every screen that names a type or labels a claim asks here;
 * for a list of several types, `credentialTypeText(useIntl(), type)` for each.
 */
import { useIntl } from "react-intl";
import { type CredentialTypeText, credentialTypeText } from "#core/issuers/type-messages.ts";

/** One type's words: `useCredentialType("rtw").name` is "Right to Work" on an English page, "Hawl i Weithio" on a Welsh one. */
export function useCredentialType(type: string): CredentialTypeText {
  return credentialTypeText(useIntl(), type);
}
