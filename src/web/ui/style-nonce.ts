import { setNonce } from 'get-nonce';
import { useEffect } from 'react';

/**
 * Gives the response's CSP style nonce to the code that writes `<style>` elements at run time (Radix's
 * dialogs lock the page's scrolling with one, through react-style-singleton, which reads get-nonce), so
 * the CSP need not allow inline styles. Only uncached pages pass a nonce: a cached page's would be stale.
 */
export function useStyleNonce(nonce: string | undefined): void {
  useEffect(() => {
    if (nonce) setNonce(nonce);
  }, [nonce]);
}
