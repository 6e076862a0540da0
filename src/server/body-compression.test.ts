import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from './html-cache';
import { registerBodyCompression } from './body-compression';

const items = Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Biblia ${i}`, price: 5000 + i }));
const stylesheet = Array.from({ length: 600 }, (_, i) => `.c-${i}{margin:${i % 9}px}`).join('');
const page = `<!DOCTYPE html><html><head><style nonce="n">${stylesheet}</style></head><body>${'<p>Biblia</p>'.repeat(300)}</body></html>`;

async function app() {
  const server = Fastify();
  registerBodyCompression(server);
  await server.register(compress, { threshold: COMPRESS_THRESHOLD_BYTES });
  server.get('/items', async () => ({ items }));
  server.get('/small', async () => ({ ok: true }));
  server.get('/page', async (_req, reply) => reply.type('text/html; charset=utf-8').send(page));
  server.get('/stream', async (_req, reply) => reply.type('text/csv').send(Readable.from(['id;titlu\n'.repeat(500)])));
  await server.ready();
  return server;
}

describe('whole bodies (JSON, pages) compressed in one call', () => {
  it('answers brotli or gzip as the client accepts, with its length and Vary', async () => {
    const server = await app();
    const br = await server.inject({ url: '/items', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual({ items });

    const gzip = await server.inject({ url: '/items', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual({ items });
    await server.close();
  });

  it('answers a page with the stylesheet as gzip around it (decision 044), brotli to a client without gzip', async () => {
    const server = await app();
    const chromium = await server.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(chromium.headers['content-encoding']).toBe('gzip');
    expect(chromium.headers.vary).toContain('accept-encoding');
    expect(Number(chromium.headers['content-length'])).toBe(chromium.rawPayload.length);
    expect(gunzipSync(chromium.rawPayload).toString()).toBe(page);
    const brOnly = await server.inject({ url: '/page', headers: { 'accept-encoding': 'br, gzip;q=0' } });
    expect(brOnly.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brOnly.rawPayload).toString()).toBe(page);
    await server.close();
  });

  it('leaves alone what should not be coded: no Accept-Encoding, a small answer, x-no-compression', async () => {
    const server = await app();
    const plain = await server.inject({ url: '/items' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ items });
    const small = await server.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const refused = await server.inject({
      url: '/items',
      headers: { 'accept-encoding': 'br', 'x-no-compression': '1' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual({ items });
    await server.close();
  });

  it('leaves streams and deflate to @fastify/compress', async () => {
    const server = await app();
    const stream = await server.inject({ url: '/stream', headers: { 'accept-encoding': 'gzip' } });
    expect(stream.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(stream.rawPayload).toString()).toBe('id;titlu\n'.repeat(500));
    const deflate = await server.inject({ url: '/items', headers: { 'accept-encoding': 'deflate' } });
    expect(deflate.headers['content-encoding']).toBe('deflate');
    await server.close();
  });
});
