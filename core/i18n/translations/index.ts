// Written by `npm run i18n` from the files beside it: never edit by hand.
import cy_accounts from "./cy/accounts.json";
import cy_language from "./cy/language.json";
import cy_shell from "./cy/shell.json";
import pl_accounts from "./pl/accounts.json";
import pl_language from "./pl/language.json";
import pl_shell from "./pl/shell.json";
import ro_accounts from "./ro/accounts.json";
import ro_language from "./ro/language.json";
import ro_shell from "./ro/shell.json";
import pa_accounts from "./pa/accounts.json";
import pa_language from "./pa/language.json";
import pa_shell from "./pa/shell.json";
import ur_accounts from "./ur/accounts.json";
import ur_language from "./ur/language.json";
import ur_shell from "./ur/shell.json";
import pt_accounts from "./pt/accounts.json";
import pt_language from "./pt/language.json";
import pt_shell from "./pt/shell.json";
import es_accounts from "./es/accounts.json";
import es_language from "./es/language.json";
import es_shell from "./es/shell.json";
import ar_accounts from "./ar/accounts.json";
import ar_language from "./ar/language.json";
import ar_shell from "./ar/shell.json";
import bn_accounts from "./bn/accounts.json";
import bn_language from "./bn/language.json";
import bn_shell from "./bn/shell.json";
import gu_accounts from "./gu/accounts.json";
import gu_language from "./gu/language.json";
import gu_shell from "./gu/shell.json";
import it_accounts from "./it/accounts.json";
import it_language from "./it/language.json";
import it_shell from "./it/shell.json";

export const TRANSLATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cy: { ...cy_accounts, ...cy_language, ...cy_shell },
  pl: { ...pl_accounts, ...pl_language, ...pl_shell },
  ro: { ...ro_accounts, ...ro_language, ...ro_shell },
  pa: { ...pa_accounts, ...pa_language, ...pa_shell },
  ur: { ...ur_accounts, ...ur_language, ...ur_shell },
  pt: { ...pt_accounts, ...pt_language, ...pt_shell },
  es: { ...es_accounts, ...es_language, ...es_shell },
  ar: { ...ar_accounts, ...ar_language, ...ar_shell },
  bn: { ...bn_accounts, ...bn_language, ...bn_shell },
  gu: { ...gu_accounts, ...gu_language, ...gu_shell },
  it: { ...it_accounts, ...it_language, ...it_shell },
};
