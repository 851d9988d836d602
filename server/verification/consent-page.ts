/**
 * The data of /wallet/present (issue 9): a verifier's OpenID4VP request, resolved and checked
 * (wallet-request.ts), and the signed-in citizen's credentials that can answer it: active, held on
 * a device (a paper credential cannot present), of a type the request accepts. A request that
 * cannot be used answers with the reason in words.
 */

import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import type { Database } from "#db/client.ts";
import { listWalletCredentials } from "#server/credentials/credentials.ts";
import { ServiceError } from "#server/http/errors.ts";
import { serviceErrorMessage } from "#server/http/worded-error.ts";
import { resolveWalletRequest, type WalletRequest } from "./wallet-request.ts";

export interface ConsentCandidate {
  id: string;
  type: string;
  title: string;
  authority: string;
  /** The keys of its copies (issue 22): this device can present it when it holds any of them. */
  holderKeyThumbprints: string[];
  expiresAt: string | null;
}

export type ConsentData =
  | { ok: true; request: WalletRequest; candidates: ConsentCandidate[] }
  | { ok: false; message: string };

/**
 * The consent page's data for `userId`, or the request's refusal and its HTTP status.
 * `origin`: this site's origin as the browser sees it; `base`: the https base of identifiers.
 */
export async function consentPageData(
  context: { db: Database; verifier: Fetcher },
  userId: string,
  request: { origin: string; base: string; clientId: string | null; requestUri: string | null },
  /** The language the person reads the request and its refusal in. */
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ status: number; data: ConsentData }> {
  try {
    const [resolved, held] = await Promise.all([
      resolveWalletRequest({ verifier: context.verifier, ...request, locale }),
      listWalletCredentials(context.db, userId),
    ]);
    const candidates = held
      .filter(
        (c) => c.status === "active" && c.delivery !== "paper" && (resolved.acceptedTypes as string[]).includes(c.type),
      )
      .map((c) => ({
        id: c.id,
        type: c.type,
        title: c.display.longName,
        authority: c.display.authorityName,
        holderKeyThumbprints: c.copies.flatMap((copy) => copy.holderKeyThumbprint ?? []),
        expiresAt: c.expiresAt,
      }));
    return { status: 200, data: { ok: true, request: resolved, candidates } };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return { status: error.status, data: { ok: false, message: serviceErrorMessage(error, locale) } };
  }
}
