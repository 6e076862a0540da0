import type { CurrentClient } from '../contracts/accounts';
import type { ConsentChoice } from '../contracts/consent';
import type { ShopContact } from '../contracts/contact';
import type { Language } from '../contracts/preferences';
import type { Logger } from '../core/logger';
import type { CurrentStaff } from '../contracts/staff';
import type { Services } from '../core/services';

/**
 * The services as a page reaches them: in a render thread (decision 034) every method is a message to the main
 * thread and answers later, so a page awaits each call, even one that is synchronous on the main thread.
 */
export type PageServices<T = Services> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R
    ? (...args: A) => R | Promise<Awaited<R>>
    : T[K] extends object
      ? PageServices<T[K]>
      : never;
};

/** What every route loader and action receives as `context` (DESIGN §3), built by server/ssr.ts. */
export interface ShopLoadContext {
  services: PageServices;
  /**
   * From the request's cookies. `consent` is the cookie choice, or null before the visitor made one: cached
   * pages may show only whether it is null (the HTML cache's key holds no more, server/ssr.ts).
   */
  prefs: { lang: Language; currency: string; consent: ConsentChoice | null };
  contact: ShopContact;
  publicUrl: string;
  /** CSP nonce of this response, for the inline scripts React Router writes. */
  nonce: string;
  /** CSP nonce of this response for `<style>` elements (a dialog's scroll lock writes one: root.tsx). */
  styleNonce: string;
  /** The visitor's address (behind a trusted proxy: the forwarded one), for per-visitor limits. */
  clientIp: string;
  /** The request's logger: SPEC §8 "logged only" failures go here. */
  log: Logger;
  /**
   * The logged-in client, or null: looked up on the first call and memoised for the request. Only pages
   * about the visitor call it (never a cached public page, decision 005); `requireClient` wraps it.
   */
  client(): Promise<CurrentClient | null>;
  /** Makes the next `client()` read the client again: an action that changed it calls this for the loaders after it. */
  forgetClient(): void;
  /**
   * Rate limits of the account forms (issue 9 item 3), counted for this visitor's address; the same
   * counters as the JSON API. Throw AppError RATE_LIMITED (its `params.time` says when to try again).
   */
  authLimits: {
    /** Counts a register or forgot attempt; for login, checks the failures so far. */
    check(action: 'login' | 'forgot' | 'register', email?: string): Promise<void>;
    /** Counts a refused login. */
    loginFailed(email: string): Promise<void>;
  };
  /** The login page shows SPEC §1's notice that logging in may be unavailable (LOGIN_NOTICE). */
  loginNotice: boolean;
  /** The session cookie, for the login, register and logout actions. */
  session: {
    /** The token of the visitor's cookie (to end or keep it), or null. */
    token: string | null;
    /** Sets the cookie of a session just started (`services.accounts.login/register`). */
    set(session: { token: string; expiresAt: Date }): void;
    /** Removes the cookie. */
    clear(): void;
  };
  /**
   * The logged-in staff member of the back office (issue 13), or null: their own session and cookie
   * (`staff_sid`), looked up on the first call and memoised. Only `/admin` pages call it.
   */
  staff(): Promise<CurrentStaff | null>;
  /** The staff session cookie, for `/admin/login`, `/admin/logout` and the password change. */
  staffSession: ShopLoadContext['session'];
}

declare module 'react-router' {
  interface AppLoadContext extends ShopLoadContext {}
}
