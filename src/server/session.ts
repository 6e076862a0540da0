import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type CurrentClient, SESSION_COOKIE } from '../contracts/accounts';
import { type CurrentStaff, STAFF_SESSION_COOKIE } from '../contracts/staff';
import type { AccountService } from '../core/accounts/account-service';
import type { StaffService } from '../core/staff/staff-service';

/**
 * The session cookie (issue 9 item 1): an opaque random token, httpOnly (no script reads it),
 * SameSite=Lax (not sent with another site's form posts), Path=/, Secure over https. It lives as long
 * as the session may (60 days); the server ends it sooner after 14 idle days.
 */
export function sessionCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure } as const;
}

/** The token in the request's cookie, or null. */
export function sessionToken(req: FastifyRequest, name: string = SESSION_COOKIE): string | null {
  return req.cookies?.[name] || null;
}

/** The staff session's token (its own cookie, issue 13), or null. */
export function staffSessionToken(req: FastifyRequest): string | null {
  return sessionToken(req, STAFF_SESSION_COOKIE);
}

export interface SessionCookies {
  /** Puts a new session's token in the visitor's cookie (after login or registration). */
  set(session: { token: string; expiresAt: Date }): void;
  /** Removes the cookie (logout, or a token that no longer names a session). */
  clear(): void;
}

/** The cookie helpers of one session cookie: the client's `sid`, or the staff's `staff_sid` (same attributes). */
export function sessionCookies(reply: FastifyReply, secure: boolean, name: string = SESSION_COOKIE): SessionCookies {
  const options = sessionCookieOptions(secure);
  return {
    set: ({ token, expiresAt }) => void reply.setCookie(name, token, { ...options, expires: expiresAt }),
    clear: () => void reply.clearCookie(name, options),
  };
}

/**
 * Who a session cookie names, looked up at most once per request and only when something asks; a
 * cookie whose session ended is removed. Shared by the client's session and the staff's.
 */
function lazySession<T>(
  token: string | null,
  lookup: (token: string) => Promise<T | null>,
  cookies: SessionCookies,
): { get: () => Promise<T | null>; forget: () => void } {
  let memo: Promise<T | null> | undefined;
  return {
    get: () => {
      memo ??= (async () => {
        if (!token) return null;
        const found = await lookup(token);
        if (!found) cookies.clear();
        return found;
      })();
      return memo;
    },
    forget: () => {
      memo = undefined;
    },
  };
}

/** The staff member of a request (issue 13), looked up once, the same way as the client. */
export function lazyStaff(
  staff: StaffService,
  req: FastifyRequest,
  cookies: SessionCookies,
): () => Promise<CurrentStaff | null> {
  return lazySession(staffSessionToken(req), (token) => staff.sessionStaff(token), cookies).get;
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
  const lazy = lazySession(sessionToken(req), (token) => accounts.sessionClient(token), cookies);
  return { client: lazy.get, forget: lazy.forget };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The account service, for `currentClient(request)` in any scope (api/current-client.ts). */
    accounts: AccountService;
    /** The staff service, for the `/api/admin` guard (api/admin/routes.ts). */
    staffAccounts: StaffService;
    /** Whether cookies are marked Secure (PUBLIC_URL is https). */
    secureCookies: boolean;
  }
  interface FastifyRequest {
    /** Memo of currentClient(request); set on first use. */
    clientLookup: (() => Promise<CurrentClient | null>) | null;
  }
}

/** Makes the account service and the cookie policy reachable from every route (server/app.ts). */
export function registerSessions(
  app: FastifyInstance,
  accounts: AccountService,
  staff: StaffService,
  secure: boolean,
): void {
  app.decorate('accounts', accounts);
  app.decorate('staffAccounts', staff);
  app.decorate('secureCookies', secure);
  app.decorateRequest('clientLookup', null);
}
