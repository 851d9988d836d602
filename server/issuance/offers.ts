/**
 * Credential offers with the pre-authorized code grant (OpenID4VCI 1.0 sections 4 and 6; ADR 045).
 *
 * A person asks for an offer of one of their credentials for their own wallet app. The offer is
 * fetched by reference (credential_offer_uri), so the QR code stays small, and carries a
 * pre-authorized code; a six-digit transaction code is shown apart from the QR code, so somebody
 * who photographs the screen from afar holds half of what is needed. The offer lasts ten minutes
 * and works once. A wrong transaction code burns nothing but a try: the offer is consumed only by
 * the right one, and void after five wrong ones (5 in 10^6 for a guesser: SECURITY.md).
 */
import { defineMessage, defineMessages } from "@formatjs/intl";
import { and, count, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { sha256Base64url } from "#core/credentials/crypto.ts";
import { base64urlEncode } from "#core/credentials/encoding.ts";
import { secureRandomInt, webCrypto } from "#core/credentials/index.ts";
import type { Locale } from "#core/i18n/locales.ts";
import {
  configurationsOf,
  credentialOfferLink,
  credentialOfferUrl,
  PRE_AUTHORIZED_GRANT,
} from "#core/issuance/endpoints.ts";
import { issuerUrl } from "#core/issuers/registry.ts";
import type { Database } from "#db/client.ts";
import { credentialOffers } from "#db/schema/index.ts";
import { keyedDigest, keyedDigestBytes } from "#server/accounts/keyed-digest.ts";
import { authorityRecordFor, credentialTypeOf } from "#server/credentials/authority-records.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { OAuthError } from "./oauth-error.ts";

const offerWords = defineMessages({
  tooMany: defineMessage<{ limit: string }>({
    id: "wallet.api.tooManyOffers",
    defaultMessage: "You have made {limit} offers in the last hour. Please wait a while before making another.",
    description: "{limit}: a number. Shown when a person asks for too many offers to other wallet apps.",
  }),
  txCodeDescription: defineMessage<{ digits: string }>({
    id: "wallet.offer.txCodeDescription",
    defaultMessage: "Enter the {digits}-digit code shown beside the QR code",
    description:
      "Shown by the person's own wallet app (not ours) when it asks for the transaction code of a credential offer. At most 300 characters.",
  }),
});

/** How long an offer works ("in minutes", issue 22). */
const OFFER_LIFETIME_MS = 10 * 60 * 1000;
/** Offers one person may be made in an hour (the /wallet dialog and the assisted console together). */
const OFFERS_PER_WINDOW = 20;
const OFFER_WINDOW_MS = 60 * 60 * 1000;
/** Wrong transaction codes an offer takes before it is void. */
const MAX_TX_CODE_ATTEMPTS = 5;
const TX_CODE_LENGTH = 6;

export type OfferChannel = (typeof credentialOffers.$inferSelect)["channel"];

export interface OfferKeys {
  db: Database;
  /** The worker secret the pre-authorized code and the transaction code's digest are made under. */
  secret: string;
  base: string;
  /** Whether the platform issues HAIP's configurations too (ADR 047): then an offer names both, and the wallet takes the one it can use. */
  offersHaip: () => Promise<boolean>;
}

/** The pre-authorized code of the offer with `reference`: derived, never stored (a database reader cannot redeem an offer). */
async function preAuthorizedCode(secret: string, reference: string): Promise<string> {
  return base64urlEncode(await keyedDigestBytes(secret, `vci-pre-authorized-code|${reference}`));
}

const codeHash = (code: string) => sha256Base64url(webCrypto(), code);

/**
 * An offer's row id from its reference (the last segment of its address, and its issuer_state):
 * the SHA-256, so a reader of the database, the audit log or a token row never holds a reference,
 * nor so the pre-authorized code derived from it.
 */
export const offerIdOf = (reference: string) => sha256Base64url(webCrypto(), `vci-offer|${reference}`);
const txCodeDigest = (secret: string, id: string, txCode: string) => keyedDigest(secret, `vci-tx-code|${id}|${txCode}`);

export interface CreatedOffer {
  id: string;
  /** credential_offer_uri: where the wallet fetches the offer. */
  offerUri: string;
  /** openid-credential-offer://?credential_offer_uri=…: the QR code's content and the same-device link. */
  link: string;
  /** Shown to the person apart from the QR code; never stored in clear. */
  txCode: string;
  expiresAt: Date;
}

/**
 * An offer of the person's own credential of `type`: refused (404, 409, as issuing to the web
 * wallet is) when the authority holds no current record of it for them.
 */
export async function createCredentialOffer(
  keys: OfferKeys,
  request: { userId: string; type: string; channel: OfferChannel; now?: Date },
): Promise<CreatedOffer> {
  const { db, secret, base } = keys;
  const now = request.now ?? new Date();
  const type = credentialTypeOf(request.type);
  // A record still pending is offered too: the wallet app's request is deferred until it is complete.
  await authorityRecordFor(db, request.userId, type, now, { pending: "allow" });
  // Each offer is a row and a live code: a person (or a script with their session) makes a few an hour, not thousands.
  const [recent] = await db
    .select({ offers: count() })
    .from(credentialOffers)
    .where(
      and(
        eq(credentialOffers.userId, request.userId),
        gt(credentialOffers.createdAt, new Date(now.getTime() - OFFER_WINDOW_MS)),
      ),
    );
  if ((recent?.offers ?? 0) >= OFFERS_PER_WINDOW) {
    throw new WordedServiceError(429, offerWords.tooMany, "TOO_MANY_OFFERS", { limit: String(OFFERS_PER_WINDOW) });
  }
  // The offer's reference is in its address (and so in the QR code); the database keeps its hash only.
  const reference = base64urlEncode(crypto.getRandomValues(new Uint8Array(16)));
  const id = await offerIdOf(reference);
  const txCode = Array.from({ length: TX_CODE_LENGTH }, () => secureRandomInt(webCrypto(), 10)).join("");
  const expiresAt = new Date(now.getTime() + OFFER_LIFETIME_MS);
  await db.insert(credentialOffers).values({
    id,
    userId: request.userId,
    issuerId: type.issuerId,
    configurationIds: configurationsOf(type.code, await keys.offersHaip()).map((configuration) => configuration.id),
    codeHash: await codeHash(await preAuthorizedCode(secret, reference)),
    txCodeDigest: await txCodeDigest(secret, id, txCode),
    channel: request.channel,
    createdAt: now,
    expiresAt,
  });
  const offerUri = credentialOfferUrl(base, reference);
  return { id, offerUri, link: credentialOfferLink(offerUri), txCode, expiresAt };
}

/** An offer that can still be redeemed: not consumed, not void, not expired. */
const usable = (now: Date) =>
  and(
    isNull(credentialOffers.consumedAt),
    isNull(credentialOffers.voidedAt),
    lt(credentialOffers.failedAttempts, MAX_TX_CODE_ATTEMPTS),
    gt(credentialOffers.expiresAt, now),
  );

/**
 * The offer document at credential_offer_uri (VCI 4.1.1), or null once it no longer works. A
 * wallet may fetch it more than once (to show it, then to accept it): "works once" is the token
 * endpoint's to enforce.
 */
export async function credentialOfferDocument(keys: OfferKeys, reference: string, locale: Locale, now = new Date()) {
  if (!/^[A-Za-z0-9_-]{22}$/.test(reference)) return null;
  const [offer] = await keys.db
    .select()
    .from(credentialOffers)
    .where(and(eq(credentialOffers.id, await offerIdOf(reference)), usable(now)))
    .limit(1);
  if (!offer) return null;
  return {
    credential_issuer: issuerUrl(keys.base, offer.issuerId as Parameters<typeof issuerUrl>[1]),
    credential_configuration_ids: offer.configurationIds,
    grants: {
      [PRE_AUTHORIZED_GRANT]: {
        "pre-authorized_code": await preAuthorizedCode(keys.secret, reference),
        ...(offer.txCodeDigest
          ? {
              tx_code: {
                input_mode: "numeric",
                length: TX_CODE_LENGTH,
                // The wallet shows it to the person: in the language the wallet asked in.
                description: serverIntl(locale).formatMessage(offerWords.txCodeDescription, {
                  digits: String(TX_CODE_LENGTH),
                }),
              },
            }
          : {}),
      },
      // The same offer by the authorization code flow (VCI 4.1.1): issuer_state names it without
      // its code (its reference, which the wallet already holds); /oauth/authorize accepts it only
      // from the person the offer is about, and keeps only its hash (offerIdOf).
      authorization_code: { issuer_state: reference },
    },
  };
}

export interface RedeemedOffer {
  id: string;
  userId: string;
  issuerId: string;
  configurationIds: string[];
}

/**
 * The token endpoint's pre-authorized code grant (VCI 6.1, 6.3): the offer the code names, consumed
 * if and only if the transaction code is right. Every refusal is an OAuthError with the code 1.0
 * names: invalid_grant for an unknown, expired, used or void code and for a wrong transaction code;
 * invalid_request for a missing one (which costs no try).
 */
export async function redeemPreAuthorizedCode(
  keys: Omit<OfferKeys, "offersHaip">,
  input: { code: string; txCode: string | null; resource: string | null; now: Date },
): Promise<RedeemedOffer> {
  const { db, secret, base } = keys;
  const { now } = input;
  const [offer] = await db
    .select()
    .from(credentialOffers)
    .where(and(eq(credentialOffers.codeHash, await codeHash(input.code)), usable(now)))
    .limit(1);
  if (!offer) throw new OAuthError("invalid_grant", "the pre-authorized code is unknown, expired or already used");
  const issuer = issuerUrl(base, offer.issuerId as Parameters<typeof issuerUrl>[1]);
  if (input.resource !== null && input.resource !== issuer) {
    throw new OAuthError("invalid_target", "resource does not name the issuer this offer is from");
  }
  if (offer.txCodeDigest) {
    if (input.txCode === null) throw new OAuthError("invalid_request", "tx_code is required for this offer");
    const right = (await txCodeDigest(secret, offer.id, input.txCode)) === offer.txCodeDigest;
    if (!right) {
      // One more wrong try, counted atomically; the fifth voids the offer.
      await db
        .update(credentialOffers)
        .set({
          failedAttempts: sql`${credentialOffers.failedAttempts} + 1`,
          voidedAt: sql`case when ${credentialOffers.failedAttempts} + 1 >= ${MAX_TX_CODE_ATTEMPTS} then ${now.getTime()} else null end`,
        })
        .where(and(eq(credentialOffers.id, offer.id), usable(now)));
      throw new OAuthError("invalid_grant", "the transaction code is not right");
    }
  } else if (input.txCode !== null) {
    throw new OAuthError("invalid_request", "this offer takes no tx_code");
  }
  // Consumed once: of two requests racing with the right code, one wins.
  const consumed = await db
    .update(credentialOffers)
    .set({ consumedAt: now })
    .where(and(eq(credentialOffers.id, offer.id), usable(now)))
    .returning({ id: credentialOffers.id });
  if (consumed.length !== 1) throw new OAuthError("invalid_grant", "the pre-authorized code was already used");
  return {
    id: offer.id,
    userId: offer.userId,
    issuerId: offer.issuerId,
    configurationIds: offer.configurationIds,
  };
}
