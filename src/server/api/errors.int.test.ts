import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../db/testing';
import { useSeededApp } from '../testing';

interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  responses?: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

describe.each(testDatabases)('API errors and the OpenAPI document on $name', ({ url }) => {
  const { shop } = useSeededApp(url, 30);

  async function openapi(): Promise<{ paths: Record<string, Record<string, Operation>> }> {
    const res = await shop.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it('documents a success and the error shape for every API route', async () => {
    const { paths } = await openapi();
    const api = Object.entries(paths).filter(([path]) => path.startsWith('/api/'));
    expect(api.length).toBeGreaterThanOrEqual(9);
    for (const [path, operations] of api) {
      for (const [method, op] of Object.entries(operations)) {
        const codes = Object.keys(op.responses ?? {});
        expect(
          codes.some((c) => c.startsWith('2')),
          `${method} ${path}`,
        ).toBe(true);
        expect(codes, `${method} ${path}`).toContain('500');
        const error = op.responses?.['500']?.content?.['application/json']?.schema;
        expect(JSON.stringify(error), `${method} ${path}`).toContain('"code"');
      }
    }
  });

  it('marks the optional /api/products parameters as not required, and documents the API only', async () => {
    const { paths } = await openapi();
    const parameters = paths['/api/products'].get.parameters ?? [];
    expect(parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['searchText', 'author', 'page', 'lang']));
    expect(parameters.filter((p) => p.required).map((p) => p.name)).toEqual([]);
    expect(paths['/api/search/suggest'].get.parameters?.find((p) => p.name === 'q')?.required).toBe(true);
    // Neither the pages' catch-all (every method, TRACE and QUERY included) nor other non-API routes.
    expect(Object.keys(paths).filter((p) => !p.startsWith('/api/') || p.includes('*'))).toEqual([]);
  });

  it.each([
    '/api/products?author=%00',
    '/api/products?searchText=a%00b',
    '/api/products?binding=%1B',
    '/api/blogs?tag=%00',
    '/api/blogs?search=%7F',
    '/api/search/suggest?q=%00',
  ])('%s answers 400 VALIDATION naming the field, not a database error', async (path) => {
    const res = await shop.app.inject({ url: path });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION');
    expect(Object.values(error.fields)).toContain('Valoarea conține caractere de control, care nu sunt permise.');
  });

  it('answers unknown paths and methods with a JSON 404, and a missing product with its own message', async () => {
    for (const method of ['GET', 'DELETE', 'TRACE'] as const) {
      const res = await shop.app.inject({ method, url: '/api/nope' });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const product = await shop.app.inject({ url: '/api/products/999999', cookies: { lang: 'en' } });
    expect(product.statusCode).toBe(404);
    expect(product.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'The product does not exist.' } });
  });

  it('answers an unknown category in the filters with 400 on the category field', async () => {
    const res = await shop.app.inject({ url: '/api/products?category=nu-exista' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ category: 'Categoria nu există.' });
  });

  it('answers a body that is not JSON with 4xx in the error shape', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/client-log',
      headers: { 'content-type': 'application/json' },
      payload: '{"event":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    const xml = await shop.app.inject({
      method: 'POST',
      url: '/api/client-log',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('says RATE_LIMITED when the client log is flooded', async () => {
    const report = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/client-log',
        remoteAddress: '203.0.113.9',
        payload: { event: 'clipboard_copy_failed' },
      });
    let res = await report();
    for (let i = 0; i < 40 && res.statusCode === 204; i++) res = await report();
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
  });
});
