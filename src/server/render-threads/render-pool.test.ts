import { describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import type { Logger } from '../../core/logger';
import { documentHtml } from '../../web/document-response';
import { type RenderPoolOptions, createRenderPool } from './render-pool';
import { incomingPage } from '../page-handlers.testing';

/**
 * A stand-in render thread speaking the pool's protocol: it answers after 50 ms with its thread id and the most
 * requests it held at once, asks the main thread's `services.slow()` first on `/slow-call`, and exits on `/crash`.
 * The pool's own behaviour (which thread, a thread lost, how many at once) is tested without React Router.
 */
const FAKE_THREAD = `
import { parentPort, threadId } from 'node:worker_threads';
let held = 0;
let mostHeld = 0;
const answers = new Map();
const answer = (m) => {
  parentPort.postMessage({ type: 'head', id: m.id, status: 200, headers: [['x-thread', String(threadId)], ['x-most-held', String(mostHeld)]], hasBody: true });
  parentPort.postMessage({ type: 'chunk', id: m.id, chunk: new TextEncoder().encode('ok ' + m.context.prefs.lang) });
  parentPort.postMessage({ type: 'end', id: m.id });
  held--;
};
parentPort.on('message', (m) => {
  if (m.type === 'result') {
    answers.get(m.call)();
    return;
  }
  if (m.type === 'request') mostHeld = Math.max(mostHeld, ++held);
  if (m.type === 'request' && m.url.endsWith('/slow-call')) {
    answers.set(m.id, () => answer(m));
    parentPort.postMessage({ type: 'call', id: m.id, call: m.id, path: ['services', 'slow'], args: [] });
    return;
  }
  if (m.type === 'abort') {
    parentPort.postMessage({ type: 'call', id: m.id, call: null, path: ['log', 'info'], args: [{}, 'told to stop'] });
    return;
  }
  if (m.type !== 'request') return;
  if (m.url.endsWith('/crash')) process.exit(3);
  if (m.url.endsWith('/document')) {
    // A rendered document crosses whole, head and body in one message.
    const html = new TextEncoder().encode('<!DOCTYPE html><p>ok ' + m.context.prefs.lang + '</p>');
    parentPort.postMessage({ type: 'document', id: m.id, status: 404, headers: [['content-type', 'text/html; charset=utf-8']], html });
    held--;
    return;
  }
  if (m.url.endsWith('/stream')) {
    // Five chunks 20 ms apart, sent whatever happens meanwhile, as a thread that has not seen the abort yet.
    parentPort.postMessage({ type: 'head', id: m.id, status: 200, headers: [], hasBody: true });
    let sent = 0;
    const timer = setInterval(() => {
      parentPort.postMessage({ type: 'chunk', id: m.id, chunk: new Uint8Array([sent]) });
      if (++sent === 5) {
        clearInterval(timer);
        parentPort.postMessage({ type: 'end', id: m.id });
        parentPort.postMessage({ type: 'call', id: m.id, call: null, path: ['log', 'info'], args: [{}, 'sent all'] });
      }
    }, 20);
    return;
  }
  setTimeout(() => answer(m), 50);
});
parentPort.postMessage({ type: 'ready' });
`;

const moduleUrl = (code: string) => new URL(`data:text/javascript,${encodeURIComponent(code)}`);

const context = {
  prefs: { lang: 'en', currency: 'RON', consent: null },
  session: { token: null },
  staffSession: { token: null },
} as unknown as AppLoadContext;

/** A pool of one stand-in thread (FAKE_THREAD) unless `options` say otherwise. */
const fakePool = (log: Logger, options: Partial<RenderPoolOptions> = {}) =>
  createRenderPool({ threads: 1, build: { kind: 'vite' }, entry: moduleUrl(FAKE_THREAD), log, ...options });

function recordingLog() {
  const errors: string[] = [];
  const infos: string[] = [];
  return {
    errors,
    infos,
    log: {
      info: (_obj: object, msg: string) => void infos.push(msg),
      warn() {},
      error: (_obj: object, msg: string) => void errors.push(msg),
    },
  };
}

describe('the render pool', () => {
  it('sends concurrent requests to the least busy threads', async () => {
    const { log } = recordingLog();
    const pool = await fakePool(log, { threads: 2 });
    try {
      const responses = await Promise.all(
        ['/a', '/b'].map((path) => pool.handler(incomingPage(`http://shop.test${path}`), context)),
      );
      const threads = responses.map((r) => r.headers.get('x-thread'));
      expect(new Set(threads).size).toBe(2);
      expect(await responses[0].text()).toBe('ok en');
    } finally {
      await pool.close();
    }
  });

  it('answers a document sent whole, and frees its place for the next request', async () => {
    const { log } = recordingLog();
    const pool = await fakePool(log, { activePerThread: 1 });
    try {
      const [document, next] = await Promise.all([
        pool.handler(incomingPage('http://shop.test/document'), context),
        pool.handler(incomingPage('http://shop.test/a'), context),
      ]);
      expect(document.status).toBe(404);
      expect(document.headers.get('content-type')).toBe('text/html; charset=utf-8');
      // ssr.ts reads the bytes that arrived as they are, with no body to read through.
      expect(documentHtml(document)?.toString('utf8')).toBe('<!DOCTYPE html><p>ok en</p>');
      expect(await document.text()).toBe('<!DOCTYPE html><p>ok en</p>');
      // The second request waited for the thread's one place: the document's message gave it back.
      expect(next.headers.get('x-most-held')).toBe('1');
      expect(await next.text()).toBe('ok en');
    } finally {
      await pool.close();
    }
  });

  it('fails the requests of a thread that dies, logs it, and answers the next ones from a new thread', async () => {
    const { log, errors } = recordingLog();
    const pool = await fakePool(log);
    try {
      const before = (await pool.handler(incomingPage('http://shop.test/a'), context)).headers.get('x-thread');
      await expect(pool.handler(incomingPage('http://shop.test/crash'), context)).rejects.toThrow(
        'render thread exited with code 3',
      );
      expect(errors).toEqual(['render thread stopped; starting another']);
      const after = await pool.handler(incomingPage('http://shop.test/b'), context);
      expect(after.status).toBe(200);
      expect(after.headers.get('x-thread')).not.toBe(before);
    } finally {
      await pool.close();
    }
  });

  it('tells the thread to stop when the reader of a body goes away, and drops what it sends after', async () => {
    const { log, infos, errors } = recordingLog();
    const pool = await fakePool(log);
    try {
      const response = await pool.handler(incomingPage('http://shop.test/stream'), context);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      expect((await reader.read()).value).toEqual(new Uint8Array([0]));
      await reader.cancel();
      // The thread's four other chunks and its end arrive after the cancel; none of them may throw.
      await expect.poll(() => infos).toEqual(['told to stop', 'sent all']);
      const after = await pool.handler(incomingPage('http://shop.test/a'), context);
      expect(await after.text()).toBe('ok en');
      expect(errors).toEqual([]);
    } finally {
      await pool.close();
    }
  });

  it("passes a request's abort to the thread while it answers, and not once the answer is complete", async () => {
    const { log, infos } = recordingLog();
    const pool = await fakePool(log);
    // The thread's log lines of a request in flight go to the request's log.
    const logged = { ...context, log } as unknown as AppLoadContext;
    try {
      const done = new AbortController();
      const complete = await pool.handler(incomingPage('http://shop.test/a', { signal: done.signal }), logged);
      expect(await complete.text()).toBe('ok en');
      done.abort();

      const leaving = new AbortController();
      const streaming = await pool.handler(incomingPage('http://shop.test/stream', { signal: leaving.signal }), logged);
      const reader = (streaming.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      leaving.abort();
      await expect.poll(() => infos).toEqual(['told to stop', 'sent all']);
    } finally {
      await pool.close();
    }
  });

  it('works on three requests at once in a thread; the next ones wait their turn and are all answered', async () => {
    const { log } = recordingLog();
    const pool = await fakePool(log);
    try {
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => pool.handler(incomingPage(`http://shop.test/p${i}`), context)),
      );
      expect(await Promise.all(responses.map((r) => r.text()))).toEqual(Array(10).fill('ok en'));
      expect(Math.max(...responses.map((r) => Number(r.headers.get('x-most-held'))))).toBe(3);
    } finally {
      await pool.close();
    }
  });

  it('gives the requests waiting on a lost thread to its replacement, three at once as before', async () => {
    const { log, errors } = recordingLog();
    const pool = await fakePool(log);
    const ask = (path: string) => pool.handler(incomingPage(`http://shop.test${path}`), context);
    try {
      const lost = [ask('/crash'), ask('/a'), ask('/b')];
      const waited = Array.from({ length: 6 }, (_, i) => ask(`/w${i}`));
      for (const response of lost) await expect(response).rejects.toThrow('render thread exited with code 3');
      const answered = await Promise.all(waited);
      expect(await Promise.all(answered.map((r) => r.text()))).toEqual(Array(6).fill('ok en'));
      expect(Math.max(...answered.map((r) => Number(r.headers.get('x-most-held'))))).toBe(3);
      expect(errors).toEqual(['render thread stopped; starting another']);
    } finally {
      await pool.close();
    }
  });

  it('does not count a request whose call to the main thread is slow, so it holds up no other page', async () => {
    const { log } = recordingLog();
    const pool = await fakePool(log, { activePerThread: 1, parkAfterMs: 20 });
    let answerSlowCall = () => {};
    let slowCalled = () => {};
    const called = new Promise<void>((resolve) => {
      slowCalled = resolve;
    });
    const slow = () =>
      new Promise<void>((resolve) => {
        answerSlowCall = resolve;
        slowCalled();
      });
    const withServices = { ...context, services: { slow } } as unknown as AppLoadContext;
    try {
      const slow = pool.handler(incomingPage('http://shop.test/slow-call'), withServices);
      await called;
      // The thread has room for one request, and the one it has waits for the main thread: the next is answered.
      const other = await pool.handler(incomingPage('http://shop.test/a'), context);
      expect(await other.text()).toBe('ok en');
      expect(other.headers.get('x-most-held')).toBe('2');
      answerSlowCall();
      expect(await (await slow).text()).toBe('ok en');
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
