// Written by `npm run i18n` from the files beside it: never edit by hand.
import ar_accounts from "./ar/accounts.json";
import ar_assisted from "./ar/assisted.json";
import ar_credential from "./ar/credential.json";
import ar_credentials from "./ar/credentials.json";
import ar_dashboard from "./ar/dashboard.json";
import ar_language from "./ar/language.json";
import ar_legal from "./ar/legal.json";
import ar_oauth from "./ar/oauth.json";
import ar_passkeys from "./ar/passkeys.json";
import ar_pdf from "./ar/pdf.json";
import ar_profile from "./ar/profile.json";
import ar_server_citizen from "./ar/server-citizen.json";
import ar_server_verification from "./ar/server-verification.json";
import ar_shares from "./ar/shares.json";
import ar_shell from "./ar/shell.json";
import ar_verify from "./ar/verify.json";
import ar_wallet from "./ar/wallet.json";
import bn_accounts from "./bn/accounts.json";
import bn_assisted from "./bn/assisted.json";
import bn_credential from "./bn/credential.json";
import bn_credentials from "./bn/credentials.json";
import bn_dashboard from "./bn/dashboard.json";
import bn_language from "./bn/language.json";
import bn_legal from "./bn/legal.json";
import bn_oauth from "./bn/oauth.json";
import bn_passkeys from "./bn/passkeys.json";
import bn_pdf from "./bn/pdf.json";
import bn_profile from "./bn/profile.json";
import bn_server_citizen from "./bn/server-citizen.json";
import bn_server_verification from "./bn/server-verification.json";
import bn_shares from "./bn/shares.json";
import bn_shell from "./bn/shell.json";
import bn_verify from "./bn/verify.json";
import bn_wallet from "./bn/wallet.json";
import cy_accounts from "./cy/accounts.json";
import cy_analytics from "./cy/analytics.json";
import cy_assisted from "./cy/assisted.json";
import cy_comingSoon from "./cy/comingSoon.json";
import cy_credential from "./cy/credential.json";
import cy_credentials from "./cy/credentials.json";
import cy_dashboard from "./cy/dashboard.json";
import cy_gabriel from "./cy/gabriel.json";
import cy_language from "./cy/language.json";
import cy_legal from "./cy/legal.json";
import cy_oauth from "./cy/oauth.json";
import cy_passkeys from "./cy/passkeys.json";
import cy_pdf from "./cy/pdf.json";
import cy_pitch_business_model from "./cy/pitch.business-model.json";
import cy_pitch_costsBenefits from "./cy/pitch.costsBenefits.json";
import cy_pitch_governance from "./cy/pitch.governance.json";
import cy_pitch_government from "./cy/pitch.government.json";
import cy_pitch_investor_funding from "./cy/pitch.investor-funding.json";
import cy_pitch from "./cy/pitch.json";
import cy_pitch_marketing from "./cy/pitch.marketing.json";
import cy_pitch_ministers from "./cy/pitch.ministers.json";
import cy_pitch_pilots from "./cy/pitch.pilots.json";
import cy_pitch_podcasts from "./cy/pitch.podcasts.json";
import cy_pitch_roadmap from "./cy/pitch.roadmap.json";
import cy_profile from "./cy/profile.json";
import cy_server_citizen from "./cy/server-citizen.json";
import cy_server_staff from "./cy/server-staff.json";
import cy_server_verification from "./cy/server-verification.json";
import cy_shares from "./cy/shares.json";
import cy_shell from "./cy/shell.json";
import cy_verifier from "./cy/verifier.json";
import cy_verify from "./cy/verify.json";
import cy_wallet from "./cy/wallet.json";
import es_accounts from "./es/accounts.json";
import es_assisted from "./es/assisted.json";
import es_credential from "./es/credential.json";
import es_credentials from "./es/credentials.json";
import es_dashboard from "./es/dashboard.json";
import es_language from "./es/language.json";
import es_legal from "./es/legal.json";
import es_oauth from "./es/oauth.json";
import es_passkeys from "./es/passkeys.json";
import es_pdf from "./es/pdf.json";
import es_profile from "./es/profile.json";
import es_server_citizen from "./es/server-citizen.json";
import es_server_verification from "./es/server-verification.json";
import es_shares from "./es/shares.json";
import es_shell from "./es/shell.json";
import es_verify from "./es/verify.json";
import es_wallet from "./es/wallet.json";
import gu_accounts from "./gu/accounts.json";
import gu_assisted from "./gu/assisted.json";
import gu_credential from "./gu/credential.json";
import gu_credentials from "./gu/credentials.json";
import gu_dashboard from "./gu/dashboard.json";
import gu_language from "./gu/language.json";
import gu_legal from "./gu/legal.json";
import gu_oauth from "./gu/oauth.json";
import gu_passkeys from "./gu/passkeys.json";
import gu_pdf from "./gu/pdf.json";
import gu_profile from "./gu/profile.json";
import gu_server_citizen from "./gu/server-citizen.json";
import gu_server_verification from "./gu/server-verification.json";
import gu_shares from "./gu/shares.json";
import gu_shell from "./gu/shell.json";
import gu_verify from "./gu/verify.json";
import gu_wallet from "./gu/wallet.json";
import it_accounts from "./it/accounts.json";
import it_assisted from "./it/assisted.json";
import it_credential from "./it/credential.json";
import it_credentials from "./it/credentials.json";
import it_dashboard from "./it/dashboard.json";
import it_language from "./it/language.json";
import it_legal from "./it/legal.json";
import it_oauth from "./it/oauth.json";
import it_passkeys from "./it/passkeys.json";
import it_pdf from "./it/pdf.json";
import it_profile from "./it/profile.json";
import it_server_citizen from "./it/server-citizen.json";
import it_server_verification from "./it/server-verification.json";
import it_shares from "./it/shares.json";
import it_shell from "./it/shell.json";
import it_verify from "./it/verify.json";
import it_wallet from "./it/wallet.json";
import pa_accounts from "./pa/accounts.json";
import pa_assisted from "./pa/assisted.json";
import pa_credential from "./pa/credential.json";
import pa_credentials from "./pa/credentials.json";
import pa_dashboard from "./pa/dashboard.json";
import pa_language from "./pa/language.json";
import pa_legal from "./pa/legal.json";
import pa_oauth from "./pa/oauth.json";
import pa_passkeys from "./pa/passkeys.json";
import pa_pdf from "./pa/pdf.json";
import pa_profile from "./pa/profile.json";
import pa_server_citizen from "./pa/server-citizen.json";
import pa_server_verification from "./pa/server-verification.json";
import pa_shares from "./pa/shares.json";
import pa_shell from "./pa/shell.json";
import pa_verify from "./pa/verify.json";
import pa_wallet from "./pa/wallet.json";
import pl_accounts from "./pl/accounts.json";
import pl_assisted from "./pl/assisted.json";
import pl_credential from "./pl/credential.json";
import pl_credentials from "./pl/credentials.json";
import pl_dashboard from "./pl/dashboard.json";
import pl_language from "./pl/language.json";
import pl_legal from "./pl/legal.json";
import pl_oauth from "./pl/oauth.json";
import pl_passkeys from "./pl/passkeys.json";
import pl_pdf from "./pl/pdf.json";
import pl_profile from "./pl/profile.json";
import pl_server_citizen from "./pl/server-citizen.json";
import pl_server_verification from "./pl/server-verification.json";
import pl_shares from "./pl/shares.json";
import pl_shell from "./pl/shell.json";
import pl_verify from "./pl/verify.json";
import pl_wallet from "./pl/wallet.json";
import pt_accounts from "./pt/accounts.json";
import pt_assisted from "./pt/assisted.json";
import pt_credential from "./pt/credential.json";
import pt_credentials from "./pt/credentials.json";
import pt_dashboard from "./pt/dashboard.json";
import pt_language from "./pt/language.json";
import pt_legal from "./pt/legal.json";
import pt_oauth from "./pt/oauth.json";
import pt_passkeys from "./pt/passkeys.json";
import pt_pdf from "./pt/pdf.json";
import pt_profile from "./pt/profile.json";
import pt_server_citizen from "./pt/server-citizen.json";
import pt_server_verification from "./pt/server-verification.json";
import pt_shares from "./pt/shares.json";
import pt_shell from "./pt/shell.json";
import pt_verify from "./pt/verify.json";
import pt_wallet from "./pt/wallet.json";
import ro_accounts from "./ro/accounts.json";
import ro_assisted from "./ro/assisted.json";
import ro_credential from "./ro/credential.json";
import ro_credentials from "./ro/credentials.json";
import ro_dashboard from "./ro/dashboard.json";
import ro_language from "./ro/language.json";
import ro_legal from "./ro/legal.json";
import ro_oauth from "./ro/oauth.json";
import ro_passkeys from "./ro/passkeys.json";
import ro_pdf from "./ro/pdf.json";
import ro_profile from "./ro/profile.json";
import ro_server_citizen from "./ro/server-citizen.json";
import ro_server_verification from "./ro/server-verification.json";
import ro_shares from "./ro/shares.json";
import ro_shell from "./ro/shell.json";
import ro_verify from "./ro/verify.json";
import ro_wallet from "./ro/wallet.json";
import ur_accounts from "./ur/accounts.json";
import ur_assisted from "./ur/assisted.json";
import ur_credential from "./ur/credential.json";
import ur_credentials from "./ur/credentials.json";
import ur_dashboard from "./ur/dashboard.json";
import ur_language from "./ur/language.json";
import ur_legal from "./ur/legal.json";
import ur_oauth from "./ur/oauth.json";
import ur_passkeys from "./ur/passkeys.json";
import ur_pdf from "./ur/pdf.json";
import ur_profile from "./ur/profile.json";
import ur_server_citizen from "./ur/server-citizen.json";
import ur_server_verification from "./ur/server-verification.json";
import ur_shares from "./ur/shares.json";
import ur_shell from "./ur/shell.json";
import ur_verify from "./ur/verify.json";
import ur_wallet from "./ur/wallet.json";

export const TRANSLATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cy: {
    ...cy_accounts,
    ...cy_analytics,
    ...cy_assisted,
    ...cy_comingSoon,
    ...cy_credential,
    ...cy_credentials,
    ...cy_dashboard,
    ...cy_gabriel,
    ...cy_language,
    ...cy_legal,
    ...cy_oauth,
    ...cy_passkeys,
    ...cy_pdf,
    ...cy_pitch_business_model,
    ...cy_pitch_costsBenefits,
    ...cy_pitch_governance,
    ...cy_pitch_government,
    ...cy_pitch_investor_funding,
    ...cy_pitch,
    ...cy_pitch_marketing,
    ...cy_pitch_ministers,
    ...cy_pitch_pilots,
    ...cy_pitch_podcasts,
    ...cy_pitch_roadmap,
    ...cy_profile,
    ...cy_server_citizen,
    ...cy_server_staff,
    ...cy_server_verification,
    ...cy_shares,
    ...cy_shell,
    ...cy_verifier,
    ...cy_verify,
    ...cy_wallet,
  },
  pl: {
    ...pl_accounts,
    ...pl_assisted,
    ...pl_credential,
    ...pl_credentials,
    ...pl_dashboard,
    ...pl_language,
    ...pl_legal,
    ...pl_oauth,
    ...pl_passkeys,
    ...pl_pdf,
    ...pl_profile,
    ...pl_server_citizen,
    ...pl_server_verification,
    ...pl_shares,
    ...pl_shell,
    ...pl_verify,
    ...pl_wallet,
  },
  ro: {
    ...ro_accounts,
    ...ro_assisted,
    ...ro_credential,
    ...ro_credentials,
    ...ro_dashboard,
    ...ro_language,
    ...ro_legal,
    ...ro_oauth,
    ...ro_passkeys,
    ...ro_pdf,
    ...ro_profile,
    ...ro_server_citizen,
    ...ro_server_verification,
    ...ro_shares,
    ...ro_shell,
    ...ro_verify,
    ...ro_wallet,
  },
  pa: {
    ...pa_accounts,
    ...pa_assisted,
    ...pa_credential,
    ...pa_credentials,
    ...pa_dashboard,
    ...pa_language,
    ...pa_legal,
    ...pa_oauth,
    ...pa_passkeys,
    ...pa_pdf,
    ...pa_profile,
    ...pa_server_citizen,
    ...pa_server_verification,
    ...pa_shares,
    ...pa_shell,
    ...pa_verify,
    ...pa_wallet,
  },
  ur: {
    ...ur_accounts,
    ...ur_assisted,
    ...ur_credential,
    ...ur_credentials,
    ...ur_dashboard,
    ...ur_language,
    ...ur_legal,
    ...ur_oauth,
    ...ur_passkeys,
    ...ur_pdf,
    ...ur_profile,
    ...ur_server_citizen,
    ...ur_server_verification,
    ...ur_shares,
    ...ur_shell,
    ...ur_verify,
    ...ur_wallet,
  },
  pt: {
    ...pt_accounts,
    ...pt_assisted,
    ...pt_credential,
    ...pt_credentials,
    ...pt_dashboard,
    ...pt_language,
    ...pt_legal,
    ...pt_oauth,
    ...pt_passkeys,
    ...pt_pdf,
    ...pt_profile,
    ...pt_server_citizen,
    ...pt_server_verification,
    ...pt_shares,
    ...pt_shell,
    ...pt_verify,
    ...pt_wallet,
  },
  es: {
    ...es_accounts,
    ...es_assisted,
    ...es_credential,
    ...es_credentials,
    ...es_dashboard,
    ...es_language,
    ...es_legal,
    ...es_oauth,
    ...es_passkeys,
    ...es_pdf,
    ...es_profile,
    ...es_server_citizen,
    ...es_server_verification,
    ...es_shares,
    ...es_shell,
    ...es_verify,
    ...es_wallet,
  },
  ar: {
    ...ar_accounts,
    ...ar_assisted,
    ...ar_credential,
    ...ar_credentials,
    ...ar_dashboard,
    ...ar_language,
    ...ar_legal,
    ...ar_oauth,
    ...ar_passkeys,
    ...ar_pdf,
    ...ar_profile,
    ...ar_server_citizen,
    ...ar_server_verification,
    ...ar_shares,
    ...ar_shell,
    ...ar_verify,
    ...ar_wallet,
  },
  bn: {
    ...bn_accounts,
    ...bn_assisted,
    ...bn_credential,
    ...bn_credentials,
    ...bn_dashboard,
    ...bn_language,
    ...bn_legal,
    ...bn_oauth,
    ...bn_passkeys,
    ...bn_pdf,
    ...bn_profile,
    ...bn_server_citizen,
    ...bn_server_verification,
    ...bn_shares,
    ...bn_shell,
    ...bn_verify,
    ...bn_wallet,
  },
  gu: {
    ...gu_accounts,
    ...gu_assisted,
    ...gu_credential,
    ...gu_credentials,
    ...gu_dashboard,
    ...gu_language,
    ...gu_legal,
    ...gu_oauth,
    ...gu_passkeys,
    ...gu_pdf,
    ...gu_profile,
    ...gu_server_citizen,
    ...gu_server_verification,
    ...gu_shares,
    ...gu_shell,
    ...gu_verify,
    ...gu_wallet,
  },
  it: {
    ...it_accounts,
    ...it_assisted,
    ...it_credential,
    ...it_credentials,
    ...it_dashboard,
    ...it_language,
    ...it_legal,
    ...it_oauth,
    ...it_passkeys,
    ...it_pdf,
    ...it_profile,
    ...it_server_citizen,
    ...it_server_verification,
    ...it_shares,
    ...it_shell,
    ...it_verify,
    ...it_wallet,
  },
};
