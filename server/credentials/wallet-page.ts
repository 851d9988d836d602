/**
 * The wallet page's data (/wallet and /citizen-wallet share it): the signed-in person's own
 * credentials (as the API lists them, without the raw token), what each attests, their recent
 * wallet activity, how many passkeys the account has (the profile card's "Passkey Enabled"), the
 * base the issuers' identifiers hang from (the proof's `aud`), and the types they may add to
 * another wallet app (issue 22).
 */

import { and, eq, gt } from "drizzle-orm";
import { formatAttributeValue } from "#core/format/format.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { CREDENTIAL_TYPE_CODES, type CredentialTypeCode, publicBaseUrl } from "#core/issuers/registry.ts";
import type { Database } from "#db/client.ts";
import { authorityRecords } from "#db/schema/index.ts";
import { countPasskeys } from "#server/accounts/passkeys.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { listWalletActivity } from "./activity.ts";
import { credentialAttributes, listWalletCredentials, type WalletCopy, type WalletCredential } from "./credentials.ts";

interface WalletAttribute {
  name: string;
  label: string;
  value: string;
}

/** A credential as the page shows it: no vcJwt in the HTML (presenting fetches it when needed). */
export type WalletCard = Omit<WalletCredential, "vcJwt" | "copies"> & {
  copies: Omit<WalletCopy, "vcJwt">[];
  attributes: WalletAttribute[];
};

async function toCard({ vcJwt, copies, ...credential }: WalletCredential): Promise<WalletCard> {
  const attributes = await credentialAttributes({ type: credential.type, vcJwt }).catch(() => []);
  return {
    ...credential,
    copies: copies.map(({ id, holderKeyThumbprint }) => ({ id, holderKeyThumbprint })),
    attributes: attributes.map((a) => ({ name: a.name, label: a.label, value: formatAttributeValue(a.value) })),
  };
}

/**
 * A credential type the person may add to another wallet app ("Add to another wallet app", issue
 * 22): its authority holds a current record of it for them. `pending` while the authority has not
 * finished its check: the offer works the same, and the wallet app receives the credential later
 * (deferred issuance).
 */
export interface OfferableType {
  type: CredentialTypeCode;
  pending: boolean;
}

/**
 * The types `userId` may be offered at `now`, in the registry's order: the same records
 * POST /api/wallet/offers accepts (an unexpired authority record of a type we issue), so every
 * type the page lists makes an offer, and no type the API would refuse is listed.
 */
async function offerableTypes(db: Database, userId: string, now: Date): Promise<OfferableType[]> {
  const rows = await db
    .select({ type: authorityRecords.type, status: authorityRecords.status })
    .from(authorityRecords)
    .where(and(eq(authorityRecords.userId, userId), gt(authorityRecords.validUntil, now)));
  const status = new Map(rows.map((row) => [row.type, row.status]));
  return CREDENTIAL_TYPE_CODES.filter((type) => status.has(type)).map((type) => ({
    type,
    pending: status.get(type) === "pending",
  }));
}

/** The wallet page's data for `userId` (the signed-in person), read at `now`, its activity worded in `locale`. */
export async function walletPageData(
  context: Pick<RequestContext<{ PUBLIC_BASE_URL?: string }>, "db" | "env">,
  userId: string,
  requestUrl: string,
  locale: Locale = DEFAULT_LOCALE,
  now = new Date(),
) {
  const [credentials, activity, passkeys, offerable] = await Promise.all([
    listWalletCredentials(context.db, userId, now),
    listWalletActivity(context.db, userId, locale),
    countPasskeys(context.db, userId),
    offerableTypes(context.db, userId, now),
  ]);
  return {
    credentials: await Promise.all(credentials.map(toCard)),
    activity,
    passkeys,
    offerable,
    issuerBase: publicBaseUrl(context.env.PUBLIC_BASE_URL, requestUrl),
    /** The moment the data was read: relative times are computed from it on server and client alike. */
    now: now.toISOString(),
  };
}
