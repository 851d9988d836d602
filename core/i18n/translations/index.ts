// Written by `npm run i18n` from the files beside it: never edit by hand.
import cy_credential from "./cy/credential.json";
import cy_language from "./cy/language.json";
import pl_credential from "./pl/credential.json";
import ro_credential from "./ro/credential.json";
import pa_credential from "./pa/credential.json";
import ur_credential from "./ur/credential.json";
import pt_credential from "./pt/credential.json";
import es_credential from "./es/credential.json";
import ar_credential from "./ar/credential.json";
import bn_credential from "./bn/credential.json";
import gu_credential from "./gu/credential.json";
import it_credential from "./it/credential.json";

export const TRANSLATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cy: { ...cy_credential, ...cy_language },
  pl: { ...pl_credential },
  ro: { ...ro_credential },
  pa: { ...pa_credential },
  ur: { ...ur_credential },
  pt: { ...pt_credential },
  es: { ...es_credential },
  ar: { ...ar_credential },
  bn: { ...bn_credential },
  gu: { ...gu_credential },
  it: { ...it_credential },
};
