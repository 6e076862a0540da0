import { parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppLoadContext, ServerBuild } from 'react-router';
import { AppError, isAppError } from '../contracts/errors';
import { isDisplayCurrency } from '../contracts/money';
import { CONSENT_COOKIE, parseConsent } from '../contracts/consent';
import { CURRENCY_COOKIE, LANG_COOKIE } from '../contracts/preferences';
import type { Services } from '../core/services';
import type { ShopContact } from '../contracts/contact';
import { FORM_CONTENT_TYPES, PAGE_METHODS, pageBodyLimit } from './edges';
import type { AuthLimits } from './auth-limits';
import {
  type CachedPage,
  type HtmlCache,
  cacheablePageVary,
  cachedPage,
  chooseEncoding,
  matchesEtag,
  sharedMaxAgeSeconds,
} from './html-cache';
import { STAFF_SESSION_COOKIE } from '../contracts/staff';
import { lazyClient, lazyStaff, sessionCookies, sessionToken, staffSessionToken } from './session';
import { documentHtml } from '../web/document-response';
import type { ShopLoadContext } from '../web/load-context';
import { type IncomingPage, type PageRenderer, createPageHandlers, pageRendererOf } from './page-handlers';
import { type RenderPoolOptions, createRenderPool } from './render-threads/render-pool';

export interface SsrOptions {
  mode: 'production' | 'development';
  getBuild: () => Promise<ServerBuild>;
  renderThreads: RenderThreadsOptions | null;
  services: Services;
  contact: ShopContact;
  publicUrl: string;
  /** Whether the session cookie is marked Secure (PUBLIC_URL is https). */
  secureCookies: boolean;
  authLimits: AuthLimits;
  loginNotice: boolean;
  /** Where rendered public pages are kept (production); `serveFromHtmlCache` answers from it. */
  cache: HtmlCache | null;
  /** Adds `x-html-cache: hit|miss`, which tells a visitor what others asked for: debugging only. */
  debugHeaders: boolean;
}

export type RenderThreadsOptions = Omit<RenderPoolOptions, 'log'>;

/** Sends the shop's error page with a status; what registerSsr gives the app for refusals outside it. */
export type SendErrorPage = (req: FastifyRequest, reply: FastifyReply, status: number) => Promise<FastifyReply>;

export function preferencesOf(req: FastifyRequest): ShopLoadContext['prefs'] {
  // Cookies are not parsed yet when Fastify refuses a request before routing it.
  return preferencesFrom(req.cookies ?? {});
}

function preferencesFrom(cookies: Record<string, string | undefined>): ShopLoadContext['prefs'] {
  const lang = cookies[LANG_COOKIE] === 'en' ? 'en' : 'ro';
  const currency = cookies[CURRENCY_COOKIE] ?? 'RON';
  return {
    lang,
    currency: isDisplayCurrency(currency) ? currency : 'RON',
    consent: parseConsent(cookies[CONSENT_COOKIE]),
  };
}

/**
 * Cookies a cacheable page may be rendered with: the three the cache key holds (the consent cookie only as
 * "chosen or not", which is all a cached page shows of it). A request with any other cookie (a session, a
 * cart) may see a cached page but never stores one, so whatever a render did with such a cookie cannot
 * reach another visitor.
 */
const ANONYMOUS_COOKIES = new Set([LANG_COOKIE, CURRENCY_COOKIE, CONSENT_COOKIE]);

function isAnonymous(req: FastifyRequest): boolean {
  return Object.keys(req.cookies ?? {}).every((name) => ANONYMOUS_COOKIES.has(name));
}

/**
 * Language, currency, whether the visitor has made a cookie choice (the banner is in the HTML until they
 * have; decision 027) and the URL. Not the choice itself: no cached page shows it, so the two choices share
 * one entry. The cookie policy page, which shows it, is not cached.
 */
const cacheKeyOf = (prefs: ShopLoadContext['prefs'], url: string) =>
  `${prefs.lang}|${prefs.currency}|${prefs.consent === null ? 'ask' : 'chosen'}|${url}`;

/**
 * Sends a cached page as it was stored, headers included (the security headers of the response that
 * stored it, with its CSP of hashes): the variant the client takes, or 304 when it has it already.
 */
async function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  cache: HtmlCache,
  key: string,
  page: CachedPage,
  label: string | null,
) {
  reply.status(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  if (label) reply.header('x-html-cache', label);
  if (matchesEtag(req.headers['if-none-match'], page.etag)) return reply.status(304).send();
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  // A coded body carries its Content-Encoding, so @fastify/compress leaves it alone.
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(page.variants[encoding] ?? (await cache.variant(key, page, encoding)));
}

/**
 * Answers a GET the HTML cache holds before anything else runs (the security headers, cookies, the
 * route): a hit costs a cookie parse, a map lookup and a send of stored bytes. Registered by the app
 * ahead of every other hook; the page route stores what it renders (registerSsr).
 */
export function serveFromHtmlCache(cache: HtmlCache, debugHeaders: boolean) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'GET') return;
    const header = req.headers.cookie;
    const prefs = preferencesFrom(header ? req.server.parseCookie(header) : {});
    const key = cacheKeyOf(prefs, req.url);
    const hit = cache.get(key);
    if (hit) return sendCached(req, reply, cache, key, hit, debugHeaders ? 'hit' : null);
  };
}

/**
 * The page's URL on the shop's own origin (PUBLIC_URL). Neither `Host` nor `X-Forwarded-*` is read, so a
 * malformed or forged one cannot break or redirect anything; a request target that is not a path is a 400.
 */
function pageUrl(req: FastifyRequest, origin: string): URL {
  if (!req.url.startsWith('/')) throw new AppError('VALIDATION', { detail: 'request target is not a path' });
  try {
    return new URL(origin + req.url);
  } catch {
    throw new AppError('VALIDATION', { detail: 'request target is not a path' });
  }
}

/**
 * A form body the Fetch API cannot parse (a multipart body without its boundary, say) would fail inside
 * an action as a 500: it is refused here as the sender's mistake. Bodies are bounded (edges.ts pageBodyLimit).
 * So is a forged `__intent__` or `__state__`: Conform reads these fields (its list buttons' add, remove, reorder) as JSON and
 * applies it to the form's values before any schema, throwing on what it cannot apply; the same parse with no
 * schema finds it here, once for every action.
 */
async function assertFormParses(contentType: string | undefined, body: Buffer): Promise<void> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType ?? '' } }).formData();
  } catch {
    throw new AppError('VALIDATION', { detail: 'form body does not parse' });
  }
  if (!form.has(CONFORM_INTENT_FIELD) && !form.has(CONFORM_STATE_FIELD)) return;
  try {
    parseWithZod(form, { schema: z.unknown() });
  } catch {
    throw new AppError('VALIDATION', { detail: 'form intent does not apply' });
  }
}

/** The fields Conform reserves: its intent buttons' and its form state's (@conform-to/dom INTENT, STATE). */
const CONFORM_INTENT_FIELD = '__intent__';
const CONFORM_STATE_FIELD = '__state__';

/** The media type of a header value, without parameters, in lower case. */
function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * Reads a page form's body, refusing (413) one that declares or turns out to be over the limit before
 * holding more than the limit in memory. What is left unread is dropped with the connection.
 */
function readFormBody(req: FastifyRequest, limit: number): Promise<Buffer> {
  if (!FORM_CONTENT_TYPES.includes(mediaType(req.headers['content-type']))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE');
  if (Number(req.headers['content-length'] ?? 0) > limit) throw tooLarge();
  const raw: IncomingMessage = req.raw;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        raw.pause();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('error', onError);
  });
}

/** A header name as the Fetch API takes it: an HTTP token. */
const HEADER_NAME = /^[!#$%&'*+\-.^`|~\w]+$/;
/** What the Fetch API refuses in a header value: NUL, a line break, a character beyond one byte. */
const REFUSED_IN_HEADER_VALUE = /[\0\r\n\u0100-\uffff]/;

/**
 * A request's headers as name and value pairs, checked here as the Fetch API would check them where React Router
 * runs (a render thread): a header it refuses is the sender's mistake, a 400 and not a thread's failure.
 */
function headerPairs(headers: IncomingHttpHeaders): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      if (!HEADER_NAME.test(name) || REFUSED_IN_HEADER_VALUE.test(one))
        throw new AppError('VALIDATION', { detail: 'header value not allowed' });
      pairs.push([name, one]);
    }
  }
  return pairs;
}

function incomingPageOf(
  req: FastifyRequest,
  reply: FastifyReply,
  url: URL,
  body: Buffer | null,
  cacheGeneration: number,
): IncomingPage {
  let headers = headerPairs(req.headers);
  // The origin check (edges.ts) has passed by now; React Router's own compares `Origin` with the URL and
  // answers a bare 400 to `Origin: null` and to the development aliases, so it is given the page's origin.
  if (body) headers = [...headers.filter(([name]) => name !== 'origin'), ['origin', url.origin]];
  return {
    url: url.href,
    method: req.method,
    headers,
    body: body && new Uint8Array(body),
    cacheGeneration,
    // Only a visitor who left before the end aborts: every answer closes, and an abort costs a DOMException, its
    // listeners and, with render threads, a message to the thread (about 2 % of the main thread's time).
    onAbort: (listener) =>
      reply.raw.once('close', () => {
        if (!reply.raw.writableEnded) listener();
      }),
  };
}

/** The headers a reply holds so far, as name and value pairs. */
function pageHeaders(reply: FastifyReply): [string, string][] {
  return Object.entries(reply.getHeaders()).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : String(value)] as [string, string]],
  );
}

function sendHeaders(reply: FastifyReply, status: number, headers: Iterable<[string, string]>, cookies: string[]) {
  reply.status(status);
  for (const [name, value] of headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  if (cookies.length) reply.header('set-cookie', cookies);
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  sendHeaders(reply, response.status, response.headers, response.headers.getSetCookie());
  // A document is rendered whole (entry.server.tsx) and sent as one buffer, which server/body-compression.ts
  // compresses in one call; its bytes are read as they are, without making the stream its `body` would be. Other
  // answers (a CSV export, a client navigation's data) may be long streams and stay streams, which
  // @fastify/compress compresses.
  const document = documentHtml(response);
  if (document) return reply.send(document);
  if (!response.body) return reply.send();
  if (response.headers.get('content-type')?.startsWith('text/html')) return reply.send(await htmlOf(response));
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/** An HTML answer's bytes: a rendered document's own (web/document-response.ts), else the body read whole. */
async function htmlOf(response: Response): Promise<Buffer> {
  return documentHtml(response) ?? Buffer.from(await response.arrayBuffer());
}

/**
 * Hands every request no other route claimed to React Router, in an encapsulated plugin, and returns how
 * to send the shop's error page from elsewhere (framework errors, unknown methods).
 */
export async function registerSsr(app: FastifyInstance, options: SsrOptions): Promise<SendErrorPage> {
  const origin = new URL(options.publicUrl).origin;
  let current: { build: ServerBuild; handler: PageRenderer } | null = null;
  const threads =
    options.mode === 'production' && options.renderThreads && options.renderThreads.threads > 0
      ? await createRenderPool({ ...options.renderThreads, log: app.log })
      : null;
  if (threads) app.addHook('onClose', () => threads.close());
  const handlerOf = async () => {
    if (threads) return threads.handler;
    const build = await options.getBuild();
    // In development Vite hands out a new build after each edit; in production it is always the same.
    if (current?.build !== build) current = { build, handler: pageRendererOf(createPageHandlers(build, options.mode)) };
    return current.handler;
  };
  const contextOf = (req: FastifyRequest, reply: FastifyReply): ShopLoadContext => {
    const cookies = sessionCookies(reply, options.secureCookies);
    const staffCookies = sessionCookies(reply, options.secureCookies, STAFF_SESSION_COOKIE);
    // `client()` and `forgetClient()` over one request's memo. Every member is written out: a spread followed by
    // more members makes a new hidden class per request on Node 20's V8 (docs/PERFORMANCE.md, twenty-eighth session).
    const lazy = lazyClient(options.services.accounts, req, cookies);
    return {
      services: options.services,
      prefs: preferencesOf(req),
      contact: options.contact,
      publicUrl: options.publicUrl,
      nonce: reply.cspNonce?.script ?? '',
      styleNonce: reply.cspNonce?.style ?? '',
      clientIp: req.ip,
      log: req.log,
      client: lazy.client,
      forgetClient: lazy.forget,
      authLimits: {
        check: (action, email) => options.authLimits.check(action, req.ip, email),
        loginFailed: (email) => options.authLimits.loginFailed(req.ip, email),
      },
      loginNotice: options.loginNotice,
      session: { token: sessionToken(req), ...cookies },
      staff: lazyStaff(options.services.staff, req, staffCookies),
      staffSession: { token: staffSessionToken(req), ...staffCookies },
    };
  };

  /**
   * The shop's error page, rendered by React Router: the home page is asked for with a context whose
   * `services` throw a response with the status, so the root loader fails and the root error boundary
   * answers (a thrown response is not logged as an error). Never throws: a failure falls back to text.
   */
  const sendErrorPage: SendErrorPage = async (req, reply, status) => {
    try {
      const handler = await handlerOf();
      const context = Object.defineProperty(contextOf(req, reply), 'services', {
        get() {
          throw new Response(null, { status });
        },
      });
      // No cache generation: a render thread answers none of the root loader's calls from what it keeps (decision 058).
      const home: IncomingPage = { url: `${origin}/`, method: 'GET', headers: [], body: null, onAbort: () => {} };
      const response = await handler(home, context as AppLoadContext);
      const headers = [...response.headers].filter(([name]) => !['set-cookie', 'content-length'].includes(name));
      sendHeaders(reply, status, headers, []);
      reply.header('cache-control', 'no-store');
      if (status === 405) reply.header('allow', [...PAGE_METHODS].join(', '));
      // The unread rest of a refused body is not waited for.
      if (status === 413) reply.header('connection', 'close');
      return reply.send(await response.text());
    } catch (err) {
      req.log.error({ err }, 'error page failed');
      return reply.status(status).type('text/plain; charset=utf-8').send(String(status));
    }
  };

  await app.register(async (scope) => {
    // React Router reads request bodies itself (form actions), so nothing is parsed here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.setErrorHandler(async (err: FastifyError, req, reply) => {
      const status = isAppError(err)
        ? err.status
        : err.statusCode && err.statusCode >= 400 && err.statusCode < 500
          ? err.statusCode
          : 500;
      if (status === 500) req.log.error({ err }, 'unhandled error');
      return sendErrorPage(req, reply, status);
    });
    const { cache } = options;
    // Every cached page shows products, the category menu or rates, so any write drops them all.
    if (cache) options.services.caches.register('html', ['*'], () => cache.clear());
    /**
     * Renders of cacheable requests under way, by key: when an entry expires under load, the requests
     * for it that arrive meanwhile wait for the one render instead of each rendering the page again. `waiting`
     * counts them: a render someone waits for is shared even when the cache does not keep it.
     */
    const rendering = new Map<string, { page: Promise<CachedPage | null>; waiting: number }>();
    scope.all('/*', async (req, reply) => {
      if (!PAGE_METHODS.has(req.method)) throw new AppError('METHOD_NOT_ALLOWED');
      const url = pageUrl(req, origin);
      const body =
        req.method === 'GET' || req.method === 'HEAD'
          ? null
          : await readFormBody(
              req,
              pageBodyLimit(
                req.method,
                url.pathname,
                req.headers['content-type'],
                req.cookies?.[STAFF_SESSION_COOKIE] !== undefined,
              ),
            );
      if (body) await assertFormParses(req.headers['content-type'], body);
      const context = contextOf(req, reply);
      const { prefs } = context;
      const cacheKey = cache && req.method === 'GET' && isAnonymous(req) ? cacheKeyOf(prefs, req.url) : null;
      const pending = cacheKey ? rendering.get(cacheKey) : undefined;
      if (pending) pending.waiting += 1;
      const rendered = pending ? await pending.page : null;
      if (rendered && cache && cacheKey)
        return sendCached(req, reply, cache, cacheKey, rendered, options.debugHeaders ? 'hit' : null);
      let settle: ((page: CachedPage | null) => void) | undefined;
      const render =
        cacheKey && !pending
          ? { page: new Promise<CachedPage | null>((resolve) => (settle = resolve)), waiting: 0 }
          : null;
      if (cacheKey && render) rendering.set(cacheKey, render);
      try {
        const handler = await handlerOf();
        const response = await handler(
          incomingPageOf(req, reply, url, body, options.services.caches.generation()),
          context as AppLoadContext,
        );
        const maxAge = sharedMaxAgeSeconds(response.headers.get('cache-control'));
        if (cache && cacheKey && maxAge > 0 && response.status === 200 && !response.headers.has('set-cookie')) {
          const admitted = cache.admits(cacheKey);
          if (!admitted && !render?.waiting) {
            // Asked for the first time and by no one else meanwhile: the cache will not keep it, so it goes out as
            // rendered, with this response's nonces, compressed by the response's compressor. Hashing it and
            // compressing it for keeping cost a long-tail page about 9 % of its CPU (decision 018, amended).
            if (options.debugHeaders) reply.header('x-html-cache', 'miss');
            response.headers.set('vary', cacheablePageVary(response.headers.get('vary')));
            return await sendWebResponse(reply, response);
          }
          const page = cachedPage({
            status: 200,
            // The security headers set so far (helmet's) are kept with the page, which hits send as they are.
            headers: [...pageHeaders(reply), ...response.headers],
            html: await htmlOf(response),
            nonces: { script: context.nonce, style: context.styleNonce },
            csp: String(reply.getHeader('content-security-policy') ?? ''),
            expiresAt: Date.now() + maxAge * 1000,
          });
          if (admitted) cache.set(cacheKey, page);
          // Requests that waited for this render share it, stored or not.
          settle?.(page);
          return sendCached(req, reply, cache, cacheKey, page, options.debugHeaders ? 'miss' : null);
        }
        return sendWebResponse(reply, response);
      } finally {
        // Waiting requests whose page turned out not cacheable (or failed) render it themselves.
        if (settle && cacheKey) {
          settle(null);
          rendering.delete(cacheKey);
        }
      }
    });
  });
  return sendErrorPage;
}
