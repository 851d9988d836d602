// Written by `npm run i18n` from the files beside it: never edit by hand.

import ar_passkeys from "./ar/passkeys.json";
import ar_profile from "./ar/profile.json";
import bn_passkeys from "./bn/passkeys.json";
import bn_profile from "./bn/profile.json";
import cy_dashboard from "./cy/dashboard.json";
import cy_language from "./cy/language.json";
import cy_passkeys from "./cy/passkeys.json";
import cy_profile from "./cy/profile.json";
import es_passkeys from "./es/passkeys.json";
import es_profile from "./es/profile.json";
import gu_passkeys from "./gu/passkeys.json";
import gu_profile from "./gu/profile.json";
import it_passkeys from "./it/passkeys.json";
import it_profile from "./it/profile.json";
import pa_passkeys from "./pa/passkeys.json";
import pa_profile from "./pa/profile.json";
import pl_passkeys from "./pl/passkeys.json";
import pl_profile from "./pl/profile.json";
import pt_passkeys from "./pt/passkeys.json";
import pt_profile from "./pt/profile.json";
import ro_passkeys from "./ro/passkeys.json";
import ro_profile from "./ro/profile.json";
import ur_passkeys from "./ur/passkeys.json";
import ur_profile from "./ur/profile.json";

export const TRANSLATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cy: { ...cy_dashboard, ...cy_language, ...cy_passkeys, ...cy_profile },
  pl: { ...pl_passkeys, ...pl_profile },
  ro: { ...ro_passkeys, ...ro_profile },
  pa: { ...pa_passkeys, ...pa_profile },
  ur: { ...ur_passkeys, ...ur_profile },
  pt: { ...pt_passkeys, ...pt_profile },
  es: { ...es_passkeys, ...es_profile },
  ar: { ...ar_passkeys, ...ar_profile },
  bn: { ...bn_passkeys, ...bn_profile },
  gu: { ...gu_passkeys, ...gu_profile },
  it: { ...it_passkeys, ...it_profile },
};
