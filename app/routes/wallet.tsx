import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { WalletPage, walletMeta, walletShouldRevalidate } from "#app/components/wallet/wallet-page.tsx";
import { requireSession } from "#server/accounts/authentication.ts";
import { pageLocale } from "#server/credentials/page-locale.ts";
import { walletPageData } from "#server/credentials/wallet-page.ts";

/**
 * /wallet and /citizen-wallet (spec 000 §2 "Wallet page"; remix.config.js maps both paths to this
 * module): the signed-in citizen's wallet. Visitors who are not signed in are sent to /login.
 */
export const meta = walletMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireSession(request, context);
  // The activity's rows in the page's language.
  const locale = pageLocale(request, context, undefined, session.user);
  const page = await walletPageData(context, session.user.id, request.url, locale);
  // Personal data, and it depends on the session: never from a shared cache.
  return json(page, { headers: { "Cache-Control": "private, no-store" } });
}

export const shouldRevalidate = walletShouldRevalidate;

export default WalletPage;
