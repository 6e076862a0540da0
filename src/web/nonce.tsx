import { createContext, useContext } from 'react';

/** The CSP nonce, given to the server render by entry.server; the browser never needs it. */
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

/**
 * The CSP nonce for `<style>` elements, written by root.tsx into `<meta name="csp-style-nonce">` so that
 * code writing styles at run time in the browser can use it (ui/style-nonce.ts, for get-nonce).
 */
const StyleNonceContext = createContext<string | undefined>(undefined);
export const StyleNonceProvider = StyleNonceContext.Provider;

export function useStyleNonce(): string | undefined {
  return useContext(StyleNonceContext);
}
