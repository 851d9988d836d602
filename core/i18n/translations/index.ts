// Written by `npm run i18n` from the files beside it: never edit by hand.
import cy_language from "./cy/language.json";
import cy_legal from "./cy/legal.json";
import cy_pitch from "./cy/pitch.json";
import pl_legal from "./pl/legal.json";
import ro_legal from "./ro/legal.json";
import pa_legal from "./pa/legal.json";
import ur_legal from "./ur/legal.json";
import pt_legal from "./pt/legal.json";
import es_legal from "./es/legal.json";
import ar_legal from "./ar/legal.json";
import bn_legal from "./bn/legal.json";
import gu_legal from "./gu/legal.json";
import it_legal from "./it/legal.json";

export const TRANSLATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cy: { ...cy_language, ...cy_legal, ...cy_pitch },
  pl: { ...pl_legal },
  ro: { ...ro_legal },
  pa: { ...pa_legal },
  ur: { ...ur_legal },
  pt: { ...pt_legal },
  es: { ...es_legal },
  ar: { ...ar_legal },
  bn: { ...bn_legal },
  gu: { ...gu_legal },
  it: { ...it_legal },
};
