import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { WalletPage, walletMeta, walletShouldRevalidate } from "#app/components/wallet/wallet-page.tsx";
import { loadWalletPage } from "#server/credentials/wallet-page.ts";

/** /citizen-wallet (spec 000 §2 routing overview): the same page as /wallet, from the same modules. */
export const meta = walletMeta;

export const loader = (args: LoaderFunctionArgs) => loadWalletPage(args);

export const shouldRevalidate = walletShouldRevalidate;

export default WalletPage;
