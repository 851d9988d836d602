import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { WalletPage, walletMeta, walletShouldRevalidate } from "~/components/wallet/wallet-page";
import { loadWalletPage } from "~/wallet/page-data.server";

/**
 * /wallet (spec 000 §2 "Wallet page"): the signed-in citizen's wallet (app/components/wallet).
 * /citizen-wallet is the same page from the same modules. Visitors who are not signed in are
 * sent to /login.
 */
export const meta = walletMeta;

export const loader = (args: LoaderFunctionArgs) => loadWalletPage(args);

export const shouldRevalidate = walletShouldRevalidate;

export default WalletPage;
