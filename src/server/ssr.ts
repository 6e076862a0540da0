import { Readable } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, type ServerBuild, createRequestHandler } from 'react-router';
import { isDisplayCurrency } from '../contracts/money';
import { CURRENCY_COOKIE, LANG_COOKIE } from '../contracts/preferences';
import type { Services } from '../core/services';
import type { ShopContact } from '../contracts/contact';
import { HtmlCache, sharedMaxAgeSeconds, withNonce } from './html-cache';
import type { ShopLoadContext } from '../web/load-context';

export interface SsrOptions {
  mode: 'production' | 'development';
  getBuild: () => Promise<ServerBuild>;
  services: Services;
  contact: ShopContact;
  publicUrl: string;
}

export function preferencesOf(req: FastifyRequest): ShopLoadContext['prefs'] {
  const lang = req.cookies[LANG_COOKIE] === 'en' ? 'en' : 'ro';
  const currency = req.cookies[CURRENCY_COOKIE] ?? 'RON';
  return { lang, currency: isDisplayCurrency(currency) ? currency : 'RON' };
}

function toWebRequest(req: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(req.url, `${req.protocol}://${req.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req.raw);
    init.duplex = 'half';
  }
  return new Request(url, init);
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
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/** Hands every request no other route claimed to React Router, in an encapsulated plugin. */
export async function registerSsr(app: FastifyInstance, options: SsrOptions): Promise<void> {
  await app.register(async (scope) => {
    // React Router reads request bodies itself (form actions), so nothing is parsed here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    let current: { build: ServerBuild; handler: ReturnType<typeof createRequestHandler> } | null = null;
    const cache = options.mode === 'production' ? new HtmlCache() : null;
    // Every cached page shows products, the category menu or rates, so any write drops them all.
    if (cache) options.services.caches.register('html', ['*'], () => cache.clear());
    scope.all('/*', async (req, reply) => {
      const prefs = preferencesOf(req);
      const nonce = reply.cspNonce?.script ?? '';
      const cacheKey = req.method === 'GET' ? `${prefs.lang}|${prefs.currency}|${req.url}` : null;
      const hit = cacheKey ? cache?.get(cacheKey) : undefined;
      if (hit) {
        sendHeaders(reply, hit.status, hit.headers, []);
        return reply.header('x-html-cache', 'hit').send(withNonce(hit.body, hit.nonce, nonce));
      }
      const build = await options.getBuild();
      // In development Vite hands out a new build after each edit; in production it is always the same.
      if (current?.build !== build) current = { build, handler: createRequestHandler(build, options.mode) };
      const { handler } = current;
      const context: ShopLoadContext = {
        services: options.services,
        prefs,
        contact: options.contact,
        publicUrl: options.publicUrl,
        nonce,
        clientIp: req.ip,
        log: req.log,
      };
      const response = await handler(toWebRequest(req, reply), context as AppLoadContext);
      const maxAge = sharedMaxAgeSeconds(response.headers.get('cache-control'));
      if (cache && cacheKey && maxAge > 0 && response.status === 200 && !response.headers.has('set-cookie')) {
        const body = await response.text();
        const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
        cache.set(cacheKey, { status: 200, headers, body, nonce, expiresAt: Date.now() + maxAge * 1000 });
        sendHeaders(reply, 200, headers, []);
        return reply.header('x-html-cache', 'miss').send(body);
      }
      return sendWebResponse(reply, response);
    });
  });
}
