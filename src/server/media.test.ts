import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../core/logger';
import { createMediaService, type MediaService } from '../core/media/media-service';
import type { Services } from '../core/services';
import { registerMedia } from './media';

const file = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 40, height: 60, channels: 3, background: '#2a6' } })
          .png()
          .toBuffer(),
      ),
    ],
    'p.png',
  );

describe('GET /media/<id>.webp', () => {
  let dir: string;
  let media: MediaService;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-'));
    media = createMediaService({ dir }, silentLogger);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('serves a stored picture for a year to everyone, and 404 for an unknown or malformed name', async () => {
    const [url] = await media.storeAll([await file()], 'newImages');
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
