/**
 * The wallet page's data (/wallet and /citizen-wallet share it): the signed-in person's own
 * credentials (as the API lists them, without the raw token), what each attests, their recent
 * wallet activity, how many passkeys the account has (the profile card's "Passkey Enabled"), and
 * the base the issuers' identifiers hang from (the proof's `aud`).
 */

import { formatAttributeValue } from "#core/format/format.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { publicBaseUrl } from "#core/issuers/registry.ts";
import { countPasskeys } from "#server/accounts/passkeys.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { listWalletActivity } from "./activity.ts";
import { credentialAttributes, listWalletCredentials, type WalletCredential } from "./credentials.ts";

interface WalletAttribute {
  name: string;
  label: string;
  value: string;
}

/** A credential as the page shows it: no vcJwt in the HTML (presenting fetches it when needed). */
export type WalletCard = Omit<WalletCredential, "vcJwt"> & { attributes: WalletAttribute[] };

async function toCard({ vcJwt, ...credential }: WalletCredential): Promise<WalletCard> {
  const attributes = await credentialAttributes({ type: credential.type, vcJwt }).catch(() => []);
  return {
    ...credential,
    attributes: attributes.map((a) => ({ name: a.name, label: a.label, value: formatAttributeValue(a.value) })),
  };
}

/** The wallet page's data for `userId` (the signed-in person), read at `now`, its activity worded in `locale`. */
export async function walletPageData(
  context: Pick<RequestContext<{ PUBLIC_BASE_URL?: string }>, "db" | "env">,
  userId: string,
  requestUrl: string,
  locale: Locale = DEFAULT_LOCALE,
  now = new Date(),
) {
  const [credentials, activity, passkeys] = await Promise.all([
    listWalletCredentials(context.db, userId, now),
    listWalletActivity(context.db, userId, locale),
    countPasskeys(context.db, userId),
  ]);
  return {
    credentials: await Promise.all(credentials.map(toCard)),
    activity,
    passkeys,
    issuerBase: publicBaseUrl(context.env.PUBLIC_BASE_URL, requestUrl),
    /** The moment the data was read: relative times are computed from it on server and client alike. */
    now: now.toISOString(),
  };
}
