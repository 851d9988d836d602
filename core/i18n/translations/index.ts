// Written by `npm run i18n` from the files beside it: never edit by hand.
import cy_analytics from "./cy/analytics.json";
import cy_assisted from "./cy/assisted.json";
import cy_comingSoon from "./cy/comingSoon.json";
import cy_gabriel from "./cy/gabriel.json";
import cy_language from "./cy/language.json";
import cy_wallet from "./cy/wallet.json";
import pl_assisted from "./pl/assisted.json";
import pl_language from "./pl/language.json";
import pl_wallet from "./pl/wallet.json";
import ro_assisted from "./ro/assisted.json";
import ro_language from "./ro/language.json";
import ro_wallet from "./ro/wallet.json";
import pa_assisted from "./pa/assisted.json";
import pa_language from "./pa/language.json";
import pa_wallet from "./pa/wallet.json";
import ur_assisted from "./ur/assisted.json";
import ur_language from "./ur/language.json";
import ur_wallet from "./ur/wallet.json";
import pt_assisted from "./pt/assisted.json";
import pt_language from "./pt/language.json";
import pt_wallet from "./pt/wallet.json";
import es_assisted from "./es/assisted.json";
import es_language from "./es/language.json";
import es_wallet from "./es/wallet.json";
import ar_assisted from "./ar/assisted.json";
import ar_language from "./ar/language.json";
import ar_wallet from "./ar/wallet.json";
import bn_assisted from "./bn/assisted.json";
import bn_language from "./bn/language.json";
import bn_wallet from "./bn/wallet.json";
import gu_assisted from "./gu/assisted.json";
import gu_language from "./gu/language.json";
import gu_wallet from "./gu/wallet.json";
import it_assisted from "./it/assisted.json";
import it_language from "./it/language.json";
import it_wallet from "./it/wallet.json";

export const TRANSLATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cy: { ...cy_analytics, ...cy_assisted, ...cy_comingSoon, ...cy_gabriel, ...cy_language, ...cy_wallet },
  pl: { ...pl_assisted, ...pl_language, ...pl_wallet },
  ro: { ...ro_assisted, ...ro_language, ...ro_wallet },
  pa: { ...pa_assisted, ...pa_language, ...pa_wallet },
  ur: { ...ur_assisted, ...ur_language, ...ur_wallet },
  pt: { ...pt_assisted, ...pt_language, ...pt_wallet },
  es: { ...es_assisted, ...es_language, ...es_wallet },
  ar: { ...ar_assisted, ...ar_language, ...ar_wallet },
  bn: { ...bn_assisted, ...bn_language, ...bn_wallet },
  gu: { ...gu_assisted, ...gu_language, ...gu_wallet },
  it: { ...it_assisted, ...it_language, ...it_wallet },
};
