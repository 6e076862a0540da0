import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../db/testing';
import { useSeededApp } from '../../testing';

describe.each(testDatabases)('about API on $name', ({ url }) => {
  const { shop } = useSeededApp(url, 300);

  it('GET /api/about-us/details counts the catalogue and the historic customers and orders', async () => {
    const res = await shop.app.inject({ url: '/api/about-us/details' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ customers: 38_460, client_orders: 112_730, products: 300 });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await shop.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('publishes an OpenAPI document that lists the about route', async () => {
    const res = await shop.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/about-us/details');
  });

  it('reports health and readiness', async () => {
    expect((await shop.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const ready = await shop.app.inject({ url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('serves generated covers and 404s unknown ones', async () => {
    const ok = await shop.app.inject({ url: '/covers/MRN-000001/1.svg' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('image/svg+xml');
    expect(ok.body).toContain('<svg');
    expect((await shop.app.inject({ url: '/covers/MRN-999999/1.svg' })).statusCode).toBe(404);
    expect((await shop.app.inject({ url: '/covers/MRN-000001/3.svg' })).statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const res = await shop.app.inject({ url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
