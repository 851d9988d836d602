import { createContext, useContext } from "react";

/**
 * This response's CSP script nonce, given to the whole document render by entry.server.tsx. The
 * root loader's data carries it too, but an error page (e.g. a 405, where Remix runs no loader)
 * has no loader data, and its inline scripts still need the nonce or the browser blocks them.
 * In the browser there is no provider: the scripts are already in the page.
 */
const CspNonceContext = createContext<string | undefined>(undefined);

export const CspNonceProvider = CspNonceContext.Provider;

export const useCspNonce = () => useContext(CspNonceContext);
