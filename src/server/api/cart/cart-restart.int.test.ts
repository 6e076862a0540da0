import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../../db/client';
import { migrate } from '../../../db/migrate';
import { insertBibles } from '../../../db/testing';
import { createTestApp } from '../../testing';

/** The embedded database on disk, as `npm start` keeps it: a cart made before a restart is there after it. */
describe('a cart survives a server restart (PGlite on disk)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cart-restart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the lines behind the same cookie', async () => {
    const first = await openDb({ pgliteDir: dir });
    await migrate(first);
    const [id] = await insertBibles(first.db, ['Biblia de familie']);
    const before = await createTestApp(first);
    const added = await before.app.inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: { origin: 'http://shop.test' },
      payload: { productId: id, quantity: 2 },
    });
    const cookie = String(added.headers['set-cookie']).split(';')[0];
    await before.app.close();
    await first.close();

    const second = await openDb({ pgliteDir: dir });
    await migrate(second);
    const after = await createTestApp(second);
    const cart = (await after.app.inject({ url: '/api/cart', headers: { cookie } })).json();
    expect(cart).toMatchObject({ count: 2, lines: [{ productId: id, title: 'Biblia de familie', quantity: 2 }] });
    await after.app.close();
    await second.close();
  });
});
