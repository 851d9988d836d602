import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { WalletPage, walletMeta, walletShouldRevalidate } from "#app/components/wallet/wallet-page.tsx";
import { loadWalletPage } from "#server/credentials/wallet-page.ts";

/**
 * /wallet (spec 000 §2 "Wallet page"): the signed-in citizen's wallet (app/components/wallet).
 * /citizen-wallet is the same page from the same modules. Visitors who are not signed in are
 * sent to /login.
 */
export const meta = walletMeta;

export const loader = (args: LoaderFunctionArgs) => loadWalletPage(args);

export const shouldRevalidate = walletShouldRevalidate;

export default WalletPage;
