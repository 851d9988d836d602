/**
 * The data of /wallet/present (issue 9): a verifier's OpenID4VP request, resolved and checked
 * (wallet-request.ts), and the signed-in citizen's credentials that can answer it: active, held on
 * a device (a paper credential cannot present), of a type the request accepts. A request that
 * cannot be used answers with the reason in words.
 */

import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { authorizationRequestUrl } from "#core/verification/openid4vp.ts";
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

/**
 * What a person who is not signed in here sees of a request (issue 23, ADR 054): who asks, what
 * for and why, and two ways to answer: this platform's web wallet (sign in, then consent), or a
 * wallet app on this device through the browser's Digital Credentials API, whose request the page
 * fetches from `dcApiUrl` and whose answer it posts back there. The QR code's text is for a browser
 * without that API (scan it with a phone's wallet).
 */
export interface WalletChoice {
  verifierName: string;
  checkName: string;
  purpose: string;
  attributes: string[];
  expiresAt: string;
  signInHref: string;
  dcApiUrl: string;
  authorizationRequest: string;
}

export type ConsentData =
  | { ok: true; request: WalletRequest; candidates: ConsentCandidate[] }
  | { ok: true; choice: WalletChoice }
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

/**
 * The page for a person not signed in: the request resolved and checked as for the consent page
 * (a request that cannot be used answers with the reason in words), nothing of anyone's wallet.
 * `next`: where signing in returns to (this page, to consent).
 */
export async function walletChoiceData(
  context: { verifier: Fetcher },
  request: { origin: string; base: string; clientId: string | null; requestUri: string | null; next: string },
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ status: number; data: ConsentData }> {
  try {
    const resolved = await resolveWalletRequest({ verifier: context.verifier, ...request, locale });
    // resolveWalletRequest accepted request_uri: this origin's /api/presentations/requests/{id}/object.
    const requestUri = new URL(request.requestUri!);
    return {
      status: 200,
      data: {
        ok: true,
        choice: {
          verifierName: resolved.verifierName,
          checkName: resolved.checkName,
          purpose: resolved.purpose,
          attributes: resolved.attributes.map((attribute) => attribute.label),
          expiresAt: resolved.expiresAt,
          signInHref: `/login?${new URLSearchParams({ next: request.next })}`,
          dcApiUrl: new URL(requestUri.pathname.replace(/\/object$/, "/dc-api"), requestUri).href,
          authorizationRequest: authorizationRequestUrl(resolved.clientId, requestUri.href),
        },
      },
    };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return { status: error.status, data: { ok: false, message: serviceErrorMessage(error, locale) } };
  }
}
