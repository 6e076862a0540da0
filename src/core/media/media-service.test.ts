import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAppError } from '../../contracts/errors';
import { imagesFieldSchema, MAX_MEDIA_BYTES } from '../../contracts/media';
import type { Services } from '../services';
import { registerMedia } from '../../server/media';
import { silentLogger } from '../logger';
import { createMediaService, type MediaService } from './media-service';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretPhone' } })
    .toBuffer();
const file = (bytes: Uint8Array, name = 'poza.jpg') => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

describe('the public picture store', () => {
  let dir: string;
  let media: MediaService;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-'));
    media = createMediaService({ dir }, silentLogger);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps a picture as a WebP of at most 1600 px a side, without its metadata, at a /media address', async () => {
    const [url] = await media.storeAll([file(await picture(3200, 2000))], 'newImages');
    expect(url).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\.webp$/);
    const bytes = await media.read(url.slice('/media/'.length, -'.webp'.length));
    const meta = await sharp(bytes ?? Buffer.alloc(0)).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 1600, 1000, undefined]);
  });

  it('stores all the files or none: a text file among pictures is refused on the field and nothing stays', async () => {
    const good = file(await picture(40, 60));
    const bad = new File(['<svg onload=alert(1)>'], 'x.jpg', { type: 'image/jpeg' });
    const refusal = await media.storeAll([good, bad], 'newImages').catch((e: unknown) => e);
    expect(isAppError(refusal) && refusal.code === 'VALIDATION' && refusal.fields).toEqual({
      newImages: 'validation.upload.type',
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it('builds a gallery: kept pictures in order, minus the removed ones, then the new ones', async () => {
    const input = imagesFieldSchema.parse({
      images: ['/covers/a.svg', '/media/AAAAAAAAAAAAAAAAAAAAAA.webp', '/covers/b.svg'],
      removeImages: '/covers/a.svg',
      newImages: [file(await picture(40, 60)), new File([], '')],
    });
    const gallery = await media.gallery(input);
    expect(gallery.slice(0, 2)).toEqual(['/media/AAAAAAAAAAAAAAAAAAAAAA.webp', '/covers/b.svg']);
    expect(gallery).toHaveLength(3);
  });

  it("refuses another site's address, a path climbing out, too large and too many files", () => {
    const errors = (value: Record<string, unknown>) =>
      imagesFieldSchema.safeParse(value).error?.issues.map((i) => `${String(i.path[0])}:${i.message}`);
    expect(errors({ images: ['https://evil.example/x.png'] })).toEqual(['images:validation.media.path']);
    expect(errors({ images: '//evil.example/x.png' })).toEqual(['images:validation.media.path']);
    expect(errors({ images: '/covers/../../etc/passwd' })).toEqual(['images:validation.media.path']);
    const huge = new File([new Uint8Array(MAX_MEDIA_BYTES + 1)], 'big.jpg');
    expect(errors({ newImages: huge })).toEqual(['newImages:validation.media.size']);
    const many = Array.from({ length: 7 }, () => new File(['x'], 'x.jpg'));
    expect(errors({ newImages: many })).toEqual(['newImages:validation.media.count']);
  });

  it('serves a stored picture for a year to everyone, and 404 for an unknown or malformed name', async () => {
    const [url] = await media.storeAll([file(await picture(40, 60))], 'newImages');
    const app = Fastify();
    // Only the picture store is used by these routes.
    registerMedia(app, { media } as unknown as Services);
    const ok = await app.inject({ url });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/webp');
    expect(ok.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    for (const bad of ['/media/AAAAAAAAAAAAAAAAAAAAAA.webp', '/media/..%2F..%2Fetc%2Fpasswd', '/media/x.png'])
      expect((await app.inject({ url: bad })).statusCode).toBe(404);
    await app.close();
  });
});
