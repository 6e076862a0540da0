import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../contracts/uploads';
import { testDatabases } from '../../../db/testing';
import { useSeededApp } from '../../testing';

const origin = 'http://shop.test';

/** A multipart body as a browser sends it, with any field name, file name and declared type. */
async function multipart(files: { field: string; name: string; type: string; bytes: Uint8Array }[]) {
  const form = new FormData();
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  form.append('note', 'ignored');
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '', origin },
  };
}

const red = { width: 64, height: 48, channels: 3 as const, background: '#a00' };
const png = () => sharp({ create: red }).png().toBuffer();
/** A JPEG carrying EXIF (camera make, as a phone writes it), which must not survive. */
const jpegWithExif = () =>
  sharp({ create: red })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretPhone', Copyright: 'Ana Popescu, Arad' } })
    .toBuffer();

describe.each(testDatabases)('personalisation uploads on $name', ({ url }) => {
  const { shop } = useSeededApp(url, 5);
  const uploadsDir = () => path.join(shop.config.dataDir, 'uploads');
  const stored = async () => (await readdir(uploadsDir()).catch(() => [] as string[])).sort();
  const upload = async (files: Parameters<typeof multipart>[0]) =>
    shop.app.inject({ method: 'POST', url: '/api/uploads/personalization', ...(await multipart(files)) });

  it('stores a PNG, answers its id and thumbnail, and serves both with their own type and nosniff', async () => {
    const res = await upload([{ field: 'file', name: 'logo.png', type: 'image/png', bytes: await png() }]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.thumbnailUrl).toBe(`/uploads/personalization/${body.id}/thumb`);
    const full = await shop.app.inject({ url: body.url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.headers['cache-control']).toContain('private');
    expect((await sharp(full.rawPayload).metadata()).width).toBe(64);
    const thumb = await shop.app.inject({ url: body.thumbnailUrl });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
  });

  it('re-encodes a JPEG without its metadata, whatever the file was called', async () => {
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload([{ field: 'file', name: 'poza.txt', type: 'text/plain', bytes: original }]);
    expect(res.statusCode).toBe(201);
    const full = await shop.app.inject({ url: res.json().url });
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(full.rawPayload).metadata()).exif).toBeUndefined();
    expect(full.rawPayload.includes(Buffer.from('SecretPhone'))).toBe(false);
  });

  it('refuses what is not a JPEG, PNG or WebP picture by its content, and stores nothing', async () => {
    const before = await stored();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>x()</script></svg>',
    );
    const gif = await sharp({ create: red }).gif().toBuffer();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const truncated = (await png()).subarray(0, 60);
    for (const bytes of [svg, gif, html, truncated, Buffer.alloc(0)]) {
      const res = await upload([{ field: 'file', name: 'image.png', type: 'image/png', bytes }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.file).toBe('Fișierul nu este o imagine JPEG, PNG sau WebP.');
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses a file under another name, two files, a body that is not multipart, and oversized files', async () => {
    const before = await stored();
    const picture = await png();
    const wrongName = await upload([{ field: 'image', name: 'a.png', type: 'image/png', bytes: picture }]);
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().error.fields.file).toBe('Alegeți o imagine (JPEG, PNG sau WebP).');
    const two = await upload([
      { field: 'file', name: 'a.png', type: 'image/png', bytes: picture },
      { field: 'file', name: 'b.png', type: 'image/png', bytes: picture },
    ]);
    expect(two.statusCode).toBe(400);
    const json = await shop.app.inject({
      method: 'POST',
      url: '/api/uploads/personalization',
      headers: { origin },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const justOver = await upload([
      { field: 'file', name: 'a.png', type: 'image/png', bytes: Buffer.alloc(MAX_UPLOAD_BYTES + 1) },
    ]);
    expect(justOver.statusCode).toBe(413);
    expect(justOver.json().error.fields.file).toBe('Imaginea poate avea cel mult 5 MB.');
    const huge = await upload([
      { field: 'file', name: 'a.png', type: 'image/png', bytes: Buffer.alloc(MAX_UPLOAD_BYTES + 600_000) },
    ]);
    expect(huge.statusCode).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it('refuses an upload from another site', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/uploads/personalization',
      ...(await multipart([{ field: 'file', name: 'a.png', type: 'image/png', bytes: await png() }])),
      headers: { origin: 'https://evil.test' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for ids nobody was given, malformed ids and paths, with no listing', async () => {
    for (const u of [
      '/uploads/personalization/AAAAAAAAAAAAAAAAAAAAAA',
      '/uploads/personalization/AAAAAAAAAAAAAAAAAAAAAA/thumb',
      '/uploads/personalization/..%2F..%2Fsession-secret',
      '/uploads/personalization/',
      '/uploads/',
    ]) {
      expect((await shop.app.inject({ url: u })).statusCode, u).toBe(404);
    }
  });

  it('sweeps pictures older than 90 days that no cart line uses, and keeps the others', async () => {
    const keep = (await upload([{ field: 'file', name: 'a.png', type: 'image/png', bytes: await png() }])).json();
    const drop = (await upload([{ field: 'file', name: 'b.png', type: 'image/png', bytes: await png() }])).json();
    const fresh = (await upload([{ field: 'file', name: 'c.png', type: 'image/png', bytes: await png() }])).json();
    const old = new Date(Date.now() - 91 * 86_400_000);
    for (const name of await stored()) {
      if (name.startsWith(keep.id) || name.startsWith(drop.id)) await utimes(path.join(uploadsDir(), name), old, old);
    }
    const removed = await shop.services.uploads.sweep(async () => new Set([keep.id]));
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await shop.services.uploads.exists(keep.id)).toBe(true);
    expect(await shop.services.uploads.exists(drop.id)).toBe(false);
    expect(await shop.services.uploads.exists(fresh.id)).toBe(true);
    expect((await shop.app.inject({ url: drop.thumbnailUrl })).statusCode).toBe(404);
  });

  it('is in the OpenAPI document as a multipart upload', async () => {
    const doc = (await shop.app.inject({ url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/uploads/personalization'].post;
    expect(Object.keys(op.requestBody.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(op.responses)).toContain('201');
  });
});
