import { rm } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../../../db/testing';
import { buildTestApp, useSeededApp } from '../../testing';

describe.each(testDatabases)('about API on $name', ({ url }) => {
  const { db, shop } = useSeededApp(url, 300);

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

  it('is not ready until the catalogue facet table is read, when the app warms it up', async () => {
    const warming = await buildTestApp(db, { warmUpCatalogue: true });
    let finishRead = () => {};
    const warmUp = vi.spyOn(warming.services.catalogue, 'warmUp').mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          finishRead = resolve;
        }),
    );
    try {
      await warming.app.ready();
      expect(warmUp).toHaveBeenCalledOnce();
      const before = await warming.app.inject({ url: '/readyz' });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({ status: 'reading the catalogue' });
      expect((await warming.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      finishRead();
      await expect.poll(async () => (await warming.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
    } finally {
      await warming.app.close();
      await rm(warming.config.dataDir, { recursive: true, force: true });
    }
  });

  it('is ready when the warm-up fails (the table is read when a list asks for it)', async () => {
    const warming = await buildTestApp(db, { warmUpCatalogue: true });
    vi.spyOn(warming.services.catalogue, 'warmUp').mockRejectedValue(new Error('statement timeout'));
    try {
      await warming.app.ready();
      await expect.poll(async () => (await warming.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
      const list = await warming.app.inject({ url: '/api/products?limit=2' });
      expect(list.statusCode).toBe(200);
    } finally {
      await warming.app.close();
      await rm(warming.config.dataDir, { recursive: true, force: true });
    }
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
