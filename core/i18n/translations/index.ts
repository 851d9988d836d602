// Written by `npm run i18n` from the files beside it: never edit by hand.
import cy_language from "./cy/language.json";
import cy_wallet from "./cy/wallet.json";
import ur_wallet from "./ur/wallet.json";

export const TRANSLATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cy: { ...cy_language, ...cy_wallet },
  pl: {},
  ro: {},
  pa: {},
  ur: { ...ur_wallet },
  pt: {},
  es: {},
  ar: {},
  bn: {},
  gu: {},
  it: {},
};
