import { createContext, useContext } from "react";

/**
 * The page's Content-Security-Policy nonce, provided by app/entry.server.tsx. In the browser it is
 * empty: browsers hide the attribute from scripts, and scripts added after load need none.
 */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
