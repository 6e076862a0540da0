import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../contracts/errors';
import { AVATAR_MAX_BYTES } from '../contracts/profile';

/**
 * The server's edges (decision 011): which methods, origins and bodies reach the pages and the API.
 * Refusals are thrown as `AppError`s and answered by the error handler of the scope that owns the
 * route: the API's JSON shape under `/api`, the shop's error page for pages.
 */

/** Methods a page answers; the others (TRACE, CONNECT, WebDAV…) get 405 before React Router sees them. */
export const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Page form posts are small; the upload forms below get their own, larger limit. */
export const PAGE_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The page actions that take a file, by path, with their body limits: the file's own limit plus room for
 * the multipart framing and the form's other fields. Every other page post keeps the 64 KB limit.
 */
const UPLOAD_BODY_LIMITS: ReadonlyMap<string, number> = new Map([
  ['/pages/profile/avatar', AVATAR_MAX_BYTES + PAGE_BODY_LIMIT_BYTES],
]);

/** How large a form post to this page path may be. */
export function pageBodyLimit(pathname: string): number {
  return UPLOAD_BODY_LIMITS.get(pathname) ?? PAGE_BODY_LIMIT_BYTES;
}
/** JSON bodies of `/api`, set explicitly rather than inherited from Fastify's 1 MiB default. */
export const API_BODY_LIMIT_BYTES = 256 * 1024;

/** The content types a browser form can send; anything else posted to a page is refused with 415. */
export const FORM_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request comes from one of the shop's own pages. Browsers send `Origin` on every
 * POST; when it is "null" (a privacy-sensitive context) the `Referer` decides. A request with neither is
 * not a browser's cross-site form, so clients such as curl and the API's scripts pass.
 */
export function isOwnOrigin(headers: FastifyRequest['headers'], allowed: readonly string[]): boolean {
  const origin = headers.origin;
  if (origin !== undefined && origin !== 'null') return allowed.includes(originOf(origin) ?? '');
  const referer = headers.referer;
  if (referer !== undefined) return allowed.includes(originOf(referer) ?? '');
  return origin === undefined;
}

/**
 * Refuses cross-origin state-changing requests on pages and `/api` with 403. In development the address
 * the developer typed (localhost or 127.0.0.1) counts as the shop's own too.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string, development: boolean): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method)) return;
    const allowed = development ? [publicOrigin, `${req.protocol}://${req.host}`] : [publicOrigin];
    if (!isOwnOrigin(req.headers, allowed)) {
      throw new AppError('FORBIDDEN', { detail: 'cross-origin state-changing request' });
    }
  });
}
