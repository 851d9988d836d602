import { createContext, useContext } from "react";

/**
 * This response's CSP script nonce, given to the whole document render by entry.server.tsx, so
 * every page's inline scripts carry it, error pages included (a 405 runs no loader). It is not
 * put in loader data, which the page serialises where any script could read it. In the browser
 * there is no provider: the scripts are already in the page.
 */
const CspNonceContext = createContext<string | undefined>(undefined);

export const CspNonceProvider = CspNonceContext.Provider;

export const useCspNonce = () => useContext(CspNonceContext);
