import type { ShopContact } from '../contracts/contact';
import type { Language } from '../contracts/preferences';
import type { Services } from '../core/services';

/** What every route loader and action receives as `context` (DESIGN §3), built by server/ssr.ts. */
export interface ShopLoadContext {
  services: Services;
  prefs: { lang: Language; currency: string };
  contact: ShopContact;
  publicUrl: string;
  /** CSP nonce of this response, for the inline scripts React Router writes. */
  nonce: string;
}

declare module 'react-router' {
  interface AppLoadContext extends ShopLoadContext {}
}
