import { setNonce } from 'get-nonce';

/**
 * Radix dialogs lock the page's scrolling with a `<style>` element (react-style-singleton, through get-nonce); it
 * carries this response's style nonce, which root.tsx writes into `<meta name="csp-style-nonce">`, so the CSP need
 * not allow inline styles. Called before a dialog opens, not by entry.client.tsx: pages without a dialog do
 * not load get-nonce (issue 14).
 */
export function shareStyleNonce(): void {
  const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-style-nonce"]')?.content;
  if (nonce) setNonce(nonce);
}
