// Written by `npm run i18n` from the files beside it: never edit by hand.

import ar_assisted from "./ar/assisted.json";
import ar_language from "./ar/language.json";
import bn_assisted from "./bn/assisted.json";
import bn_language from "./bn/language.json";
import cy_assisted from "./cy/assisted.json";
import cy_gabriel from "./cy/gabriel.json";
import cy_language from "./cy/language.json";
import es_assisted from "./es/assisted.json";
import es_language from "./es/language.json";
import gu_assisted from "./gu/assisted.json";
import gu_language from "./gu/language.json";
import it_assisted from "./it/assisted.json";
import it_language from "./it/language.json";
import pa_assisted from "./pa/assisted.json";
import pa_language from "./pa/language.json";
import pl_assisted from "./pl/assisted.json";
import pl_language from "./pl/language.json";
import pt_assisted from "./pt/assisted.json";
import pt_language from "./pt/language.json";
import ro_assisted from "./ro/assisted.json";
import ro_language from "./ro/language.json";
import ur_assisted from "./ur/assisted.json";
import ur_language from "./ur/language.json";

export const TRANSLATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cy: { ...cy_assisted, ...cy_gabriel, ...cy_language },
  pl: { ...pl_assisted, ...pl_language },
  ro: { ...ro_assisted, ...ro_language },
  pa: { ...pa_assisted, ...pa_language },
  ur: { ...ur_assisted, ...ur_language },
  pt: { ...pt_assisted, ...pt_language },
  es: { ...es_assisted, ...es_language },
  ar: { ...ar_assisted, ...ar_language },
  bn: { ...bn_assisted, ...bn_language },
  gu: { ...gu_assisted, ...gu_language },
  it: { ...it_assisted, ...it_language },
};
