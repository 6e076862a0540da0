import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createHtmlCache } from './html-cache';

const request = (url: string, cookies: Record<string, string> = {}, method = 'GET') =>
  ({ url, method, cookies }) as unknown as FastifyRequest;
const prefs = { lang: 'ro', currency: 'RON' };
const page = (body: string, headers: Record<string, string> = { 'x-html-cache': '60' }, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'text/html', ...headers } });

describe('html cache (DESIGN §8)', () => {
  it('keys anonymous GET requests by language, currency and URL only', () => {
    const cache = createHtmlCache();
    expect(cache.keyOf(request('/shop?page=2', { lang: 'en' }), { lang: 'en', currency: 'EUR' })).toBe(
      'en|EUR|/shop?page=2',
    );
    expect(cache.keyOf(request('/shop', { session: 'x' }), prefs)).toBeNull();
    expect(cache.keyOf(request('/shop', {}, 'POST'), prefs)).toBeNull();
    expect(createHtmlCache({ enabled: false }).keyOf(request('/shop'), prefs)).toBeNull();
  });

  it('keeps pages their route marks, for their seconds, and gives each answer its own nonce', async () => {
    let now = 0;
    const cache = createHtmlCache({ now: () => now });
    const first = await cache.store('k', page('<script nonce="AAA">x</script>'), 'AAA');
    expect(first.headers.has('x-html-cache')).toBe(false);
    expect(await first.text()).toBe('<script nonce="AAA">x</script>');
    const hit = cache.get('k', 'BBB');
    expect(await hit?.text()).toBe('<script nonce="BBB">x</script>');
    expect(hit?.headers.get('content-type')).toBe('text/html');
    now = 60_000;
    expect(cache.get('k', 'CCC')).toBeNull();
  });

  it('keeps nothing unmarked, failed, setting cookies or without a key', async () => {
    const cache = createHtmlCache();
    expect(await (await cache.store('a', page('x', {}), 'n')).text()).toBe('x');
    await cache.store('b', page('x', { 'x-html-cache': '60' }, 400), 'n');
    await cache.store('c', page('x', { 'x-html-cache': '60', 'set-cookie': 'a=b' }), 'n');
    const stripped = await cache.store(null, page('x'), 'n');
    expect(stripped.headers.has('x-html-cache')).toBe(false);
    for (const key of ['a', 'b', 'c']) expect(cache.get(key, 'n'), key).toBeNull();
  });

  it('forgets the least recently stored pages beyond its size', async () => {
    const cache = createHtmlCache({ max: 2 });
    for (const key of ['a', 'b', 'c']) await cache.store(key, page(key), '');
    expect(cache.get('a', '')).toBeNull();
    expect(await cache.get('c', '')?.text()).toBe('c');
  });
});
