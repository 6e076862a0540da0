import type { ShopContact } from '../contracts/contact';
import type { Language } from '../contracts/preferences';
import type { Logger } from '../core/logger';
import type { Services } from '../core/services';

/** What every route loader and action receives as `context` (DESIGN §3), built by server/ssr.ts. */
export interface ShopLoadContext {
  services: Services;
  prefs: { lang: Language; currency: string };
  contact: ShopContact;
  publicUrl: string;
  /** CSP nonce of this response, for the inline scripts React Router writes. */
  nonce: string;
  /** The visitor's address (behind a trusted proxy: the forwarded one), for per-visitor limits. */
  clientIp: string;
  /** The request's logger: SPEC §8 "logged only" failures go here. */
  log: Logger;
}

declare module 'react-router' {
  interface AppLoadContext extends ShopLoadContext {}
}
