// Written by `npm run i18n` from the files beside it: never edit by hand.
import cy_analytics from "./cy/analytics.json";
import cy_comingSoon from "./cy/comingSoon.json";
import cy_language from "./cy/language.json";
import cy_wallet from "./cy/wallet.json";
import pl_wallet from "./pl/wallet.json";
import ro_wallet from "./ro/wallet.json";
import pa_wallet from "./pa/wallet.json";
import ur_wallet from "./ur/wallet.json";
import pt_wallet from "./pt/wallet.json";
import es_wallet from "./es/wallet.json";
import ar_wallet from "./ar/wallet.json";
import bn_wallet from "./bn/wallet.json";
import gu_wallet from "./gu/wallet.json";
import it_wallet from "./it/wallet.json";

export const TRANSLATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cy: { ...cy_analytics, ...cy_comingSoon, ...cy_language, ...cy_wallet },
  pl: { ...pl_wallet },
  ro: { ...ro_wallet },
  pa: { ...pa_wallet },
  ur: { ...ur_wallet },
  pt: { ...pt_wallet },
  es: { ...es_wallet },
  ar: { ...ar_wallet },
  bn: { ...bn_wallet },
  gu: { ...gu_wallet },
  it: { ...it_wallet },
};
