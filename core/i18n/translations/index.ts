// Written by `npm run i18n` from the files beside it: never edit by hand.
import cy_accounts from "./cy/accounts.json";
import cy_language from "./cy/language.json";
import cy_shell from "./cy/shell.json";
import pl_accounts from "./pl/accounts.json";
import pl_shell from "./pl/shell.json";
import ro_accounts from "./ro/accounts.json";
import ro_shell from "./ro/shell.json";
import pa_accounts from "./pa/accounts.json";
import pa_shell from "./pa/shell.json";
import ur_accounts from "./ur/accounts.json";
import ur_shell from "./ur/shell.json";
import pt_accounts from "./pt/accounts.json";
import pt_shell from "./pt/shell.json";
import es_accounts from "./es/accounts.json";
import es_shell from "./es/shell.json";
import ar_accounts from "./ar/accounts.json";
import ar_shell from "./ar/shell.json";
import bn_accounts from "./bn/accounts.json";
import bn_shell from "./bn/shell.json";
import gu_accounts from "./gu/accounts.json";
import gu_shell from "./gu/shell.json";
import it_accounts from "./it/accounts.json";
import it_shell from "./it/shell.json";

export const TRANSLATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cy: { ...cy_accounts, ...cy_language, ...cy_shell },
  pl: { ...pl_accounts, ...pl_shell },
  ro: { ...ro_accounts, ...ro_shell },
  pa: { ...pa_accounts, ...pa_shell },
  ur: { ...ur_accounts, ...ur_shell },
  pt: { ...pt_accounts, ...pt_shell },
  es: { ...es_accounts, ...es_shell },
  ar: { ...ar_accounts, ...ar_shell },
  bn: { ...bn_accounts, ...bn_shell },
  gu: { ...gu_accounts, ...gu_shell },
  it: { ...it_accounts, ...it_shell },
};
