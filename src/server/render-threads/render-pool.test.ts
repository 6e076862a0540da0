import { describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { createRenderPool } from './render-pool';

/**
 * A stand-in render thread speaking the pool's protocol: it answers after 50 ms with its thread id, and
 * exits on `/crash`. The pool's own behaviour (which thread, a thread lost) is tested without React Router.
 */
const FAKE_THREAD = `
import { parentPort, threadId } from 'node:worker_threads';
parentPort.on('message', (m) => {
  if (m.type !== 'request') return;
  if (m.url.endsWith('/crash')) process.exit(3);
  setTimeout(() => {
    parentPort.postMessage({ type: 'head', id: m.id, status: 200, headers: [['x-thread', String(threadId)]], hasBody: true });
    parentPort.postMessage({ type: 'chunk', id: m.id, chunk: new TextEncoder().encode('ok ' + m.context.prefs.lang) });
    parentPort.postMessage({ type: 'end', id: m.id });
  }, 50);
});
parentPort.postMessage({ type: 'ready' });
`;

const moduleUrl = (code: string) => new URL(`data:text/javascript,${encodeURIComponent(code)}`);

const context = {
  prefs: { lang: 'en', currency: 'RON', consent: null },
  session: { token: null },
  staffSession: { token: null },
} as unknown as AppLoadContext;

function recordingLog() {
  const errors: string[] = [];
  return { errors, log: { info() {}, warn() {}, error: (_obj: object, msg: string) => void errors.push(msg) } };
}

describe('the render pool', () => {
  it('sends concurrent requests to the least busy threads', async () => {
    const { log } = recordingLog();
    const pool = await createRenderPool({ threads: 2, build: { kind: 'vite' }, entry: moduleUrl(FAKE_THREAD), log });
    try {
      const responses = await Promise.all(
        ['/a', '/b'].map((path) => pool.handler(new Request(`http://shop.test${path}`), context)),
      );
      const threads = responses.map((r) => r.headers.get('x-thread'));
      expect(new Set(threads).size).toBe(2);
      expect(await responses[0].text()).toBe('ok en');
    } finally {
      await pool.close();
    }
  });

  it('fails the requests of a thread that dies, logs it, and answers the next ones from a new thread', async () => {
    const { log, errors } = recordingLog();
    const pool = await createRenderPool({ threads: 1, build: { kind: 'vite' }, entry: moduleUrl(FAKE_THREAD), log });
    try {
      const before = (await pool.handler(new Request('http://shop.test/a'), context)).headers.get('x-thread');
      await expect(pool.handler(new Request('http://shop.test/crash'), context)).rejects.toThrow(
        'render thread exited with code 3',
      );
      expect(errors).toEqual(['render thread stopped; starting another']);
      const after = await pool.handler(new Request('http://shop.test/b'), context);
      expect(after.status).toBe(200);
      expect(after.headers.get('x-thread')).not.toBe(before);
    } finally {
      await pool.close();
    }
  });

  it('refuses to start when a thread cannot start', async () => {
    const { log } = recordingLog();
    await expect(
      createRenderPool({ threads: 1, build: { kind: 'vite' }, entry: moduleUrl('throw new Error("no build");'), log }),
    ).rejects.toThrow('no build');
  });
});
