// Written by `npm run i18n` from the files beside it: never edit by hand.
import cy_credential from "./cy/credential.json";
import cy_credentials from "./cy/credentials.json";
import cy_language from "./cy/language.json";
import cy_shares from "./cy/shares.json";
import cy_verify from "./cy/verify.json";
import pl_credential from "./pl/credential.json";
import pl_credentials from "./pl/credentials.json";
import pl_shares from "./pl/shares.json";
import pl_verify from "./pl/verify.json";
import ro_credential from "./ro/credential.json";
import ro_credentials from "./ro/credentials.json";
import ro_shares from "./ro/shares.json";
import ro_verify from "./ro/verify.json";
import pa_credential from "./pa/credential.json";
import pa_credentials from "./pa/credentials.json";
import pa_shares from "./pa/shares.json";
import pa_verify from "./pa/verify.json";
import ur_credential from "./ur/credential.json";
import ur_credentials from "./ur/credentials.json";
import ur_shares from "./ur/shares.json";
import ur_verify from "./ur/verify.json";
import pt_credential from "./pt/credential.json";
import pt_credentials from "./pt/credentials.json";
import pt_shares from "./pt/shares.json";
import pt_verify from "./pt/verify.json";
import es_credential from "./es/credential.json";
import es_credentials from "./es/credentials.json";
import es_shares from "./es/shares.json";
import es_verify from "./es/verify.json";
import ar_credential from "./ar/credential.json";
import ar_credentials from "./ar/credentials.json";
import ar_shares from "./ar/shares.json";
import ar_verify from "./ar/verify.json";
import bn_credential from "./bn/credential.json";
import bn_credentials from "./bn/credentials.json";
import bn_shares from "./bn/shares.json";
import bn_verify from "./bn/verify.json";
import gu_credential from "./gu/credential.json";
import gu_credentials from "./gu/credentials.json";
import gu_shares from "./gu/shares.json";
import gu_verify from "./gu/verify.json";
import it_credential from "./it/credential.json";
import it_credentials from "./it/credentials.json";
import it_shares from "./it/shares.json";
import it_verify from "./it/verify.json";

export const TRANSLATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cy: { ...cy_credential, ...cy_credentials, ...cy_language, ...cy_shares, ...cy_verify },
  pl: { ...pl_credential, ...pl_credentials, ...pl_shares, ...pl_verify },
  ro: { ...ro_credential, ...ro_credentials, ...ro_shares, ...ro_verify },
  pa: { ...pa_credential, ...pa_credentials, ...pa_shares, ...pa_verify },
  ur: { ...ur_credential, ...ur_credentials, ...ur_shares, ...ur_verify },
  pt: { ...pt_credential, ...pt_credentials, ...pt_shares, ...pt_verify },
  es: { ...es_credential, ...es_credentials, ...es_shares, ...es_verify },
  ar: { ...ar_credential, ...ar_credentials, ...ar_shares, ...ar_verify },
  bn: { ...bn_credential, ...bn_credentials, ...bn_shares, ...bn_verify },
  gu: { ...gu_credential, ...gu_credentials, ...gu_shares, ...gu_verify },
  it: { ...it_credential, ...it_credentials, ...it_shares, ...it_verify },
};
