// Written by `npm run i18n` from the files beside it: never edit by hand.
import cy_analytics from "./cy/analytics.json";
import cy_comingSoon from "./cy/comingSoon.json";
import cy_language from "./cy/language.json";

export const TRANSLATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cy: { ...cy_analytics, ...cy_comingSoon, ...cy_language },
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
