import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../contracts/errors';
import { AVATAR_MAX_BYTES } from '../contracts/profile';
import { MAX_UPLOAD_BYTES } from '../contracts/uploads';
import { MAX_MEDIA_BYTES, MAX_MEDIA_FILES } from '../contracts/media';

/**
 * The server's edges (decision 011): which methods, origins and bodies reach the pages and the API.
 * Refusals are thrown as `AppError`s and answered by the error handler of the scope that owns the
 * route: the API's JSON shape under `/api`, the shop's error page for pages.
 */

/** Methods a page answers; the others (TRACE, CONNECT, WebDAV…) get 405 before React Router sees them. */
export const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Page form posts are small; the page actions that take a picture get their own, larger limit (below). */
export const PAGE_BODY_LIMIT_BYTES = 64 * 1024;
/**
 * A form carrying one personalisation picture (MAX_UPLOAD_BYTES, 5 MB) and its text fields: the upload API
 * and the cart action's multipart posts, nothing else.
 */
export const UPLOAD_BODY_LIMIT_BYTES = MAX_UPLOAD_BYTES + 512 * 1024;

/**
 * The page actions that take a file, by path, with their body limits: the file's own limit plus room for
 * the multipart framing and the form's other fields. The cart's covers the product page's form (with or
 * without JavaScript). Every other page post keeps the 64 KB limit.
 */
const UPLOAD_BODY_LIMITS: ReadonlyMap<string, number> = new Map([
  ['/pages/profile/avatar', AVATAR_MAX_BYTES + PAGE_BODY_LIMIT_BYTES],
  ['/pages/profile/avatar.data', AVATAR_MAX_BYTES + PAGE_BODY_LIMIT_BYTES],
  ['/pages/cart', UPLOAD_BODY_LIMIT_BYTES],
  ['/pages/cart.data', UPLOAD_BODY_LIMIT_BYTES],
]);
/**
 * A back-office form with pictures (a product's gallery, a case's photos): MAX_MEDIA_FILES of them plus the
 * form's fields. Granted only to multipart posts under `/admin/` that carry a staff session cookie, so an
 * anonymous sender gets the small limit before any session is looked up.
 */
export const STAFF_MEDIA_BODY_LIMIT_BYTES = MAX_MEDIA_FILES * MAX_MEDIA_BYTES + PAGE_BODY_LIMIT_BYTES;

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

/**
 * How large a page's form body may be: the upload limit for a multipart post to a page that takes a
 * file, the small form limit for everything else (an urlencoded post to the cart stays small).
 */
export function pageBodyLimit(
  method: string,
  pathname: string,
  contentType: string | undefined,
  hasStaffSession = false,
): number {
  const multipart = (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'multipart/form-data';
  if (method !== 'POST' || !multipart) return PAGE_BODY_LIMIT_BYTES;
  if (hasStaffSession && pathname.startsWith('/admin/')) return STAFF_MEDIA_BODY_LIMIT_BYTES;
  return UPLOAD_BODY_LIMITS.get(pathname) ?? PAGE_BODY_LIMIT_BYTES;
}
