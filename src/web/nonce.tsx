import { createContext, useContext } from 'react';

/** The CSP nonce, given to the server render by entry.server; the browser never needs it. */
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
