// Written by `npm run i18n` from the files beside it: never edit by hand.
import cy_language from "./cy/language.json";
import cy_verifier from "./cy/verifier.json";

export const TRANSLATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cy: { ...cy_language, ...cy_verifier },
  pl: {},
  ro: {},
  pa: {},
  ur: {},
  pt: {},
  es: {},
  ar: {},
  bn: {},
  gu: {},
  it: {},
};
