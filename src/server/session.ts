import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type CurrentClient, SESSION_COOKIE } from '../contracts/accounts';
import type { AccountService } from '../core/accounts/account-service';

/**
 * The session cookie (issue 9 item 1): an opaque random token, httpOnly (no script reads it),
 * SameSite=Lax (not sent with another site's form posts), Path=/, Secure over https. It lives as long
 * as the session may (60 days); the server ends it sooner after 14 idle days.
 */
export function sessionCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure } as const;
}

/** The token in the request's cookie, or null. */
export function sessionToken(req: FastifyRequest): string | null {
  return req.cookies?.[SESSION_COOKIE] || null;
}

export interface SessionCookies {
  /** Puts a new session's token in the visitor's cookie (after login or registration). */
  set(session: { token: string; expiresAt: Date }): void;
  /** Removes the cookie (logout, or a token that no longer names a session). */
  clear(): void;
}

export function sessionCookies(reply: FastifyReply, secure: boolean): SessionCookies {
  const options = sessionCookieOptions(secure);
  return {
    set: ({ token, expiresAt }) => void reply.setCookie(SESSION_COOKIE, token, { ...options, expires: expiresAt }),
    clear: () => void reply.clearCookie(SESSION_COOKIE, options),
  };
}

/**
 * The client of a request, looked up at most once per request, and only when something asks (a
 * public page never does, so it never touches the session table). A cookie whose session ended is
 * removed from the browser.
 */
export function lazyClient(
  accounts: AccountService,
  req: FastifyRequest,
  cookies: SessionCookies,
): { client: () => Promise<CurrentClient | null>; forget: () => void } {
  let memo: Promise<CurrentClient | null> | undefined;
  return {
    client: () => {
      memo ??= (async () => {
        const token = sessionToken(req);
        if (!token) return null;
        const client = await accounts.sessionClient(token);
        if (!client) cookies.clear();
        return client;
      })();
      return memo;
    },
    forget: () => {
      memo = undefined;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The account service, for `currentClient(request)` in any scope (api/current-client.ts). */
    accounts: AccountService;
    /** Whether cookies are marked Secure (PUBLIC_URL is https). */
    secureCookies: boolean;
  }
  interface FastifyRequest {
    /** Memo of currentClient(request); set on first use. */
    clientLookup: (() => Promise<CurrentClient | null>) | null;
  }
}

/** Makes the account service and the cookie policy reachable from every route (server/app.ts). */
export function registerSessions(app: FastifyInstance, accounts: AccountService, secure: boolean): void {
  app.decorate('accounts', accounts);
  app.decorate('secureCookies', secure);
  app.decorateRequest('clientLookup', null);
}
