import { parentPort, workerData } from 'node:worker_threads';
import type { AppLoadContext, ServerBuild } from 'react-router';
import { createPageHandlers, fetchRequest } from '../page-handlers';
import { documentHtml } from '../../web/document-response';
import { createKeptAnswers } from './kept-answers';
import type { ShopLoadContext } from '../../web/load-context';
import {
  type ContextValues,
  type EncodedError,
  type FromRenderThread,
  type RenderThreadBuild,
  type RenderThreadData,
  type ToRenderThread,
  decodeError,
  documentTransfer,
  encodeError,
  encodeFiles,
  holdsFiles,
} from './protocol';

/**
 * A render thread (decision 034): React Router's request handler over the pages' build, its load context's
 * services and functions answered by the main thread. Started by render-pool.ts with `RenderThreadData`.
 */

const port = parentPort;
if (!port) throw new Error('render-thread.ts runs as a worker thread');

const post = (message: FromRenderThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let nextCall = 1;
const calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();

async function argsOf(args: unknown[]): Promise<unknown[]> {
  return holdsFiles(args) ? ((await encodeFiles(args)) as unknown[]) : args;
}

/** Calls a function of the request's load context on the main thread and waits for its answer. */
async function call(id: number, path: string[], args: unknown[]): Promise<unknown> {
  const number = nextCall++;
  const sent = await argsOf(args);
  return new Promise((resolve, reject) => {
    calls.set(number, { resolve, reject });
    post({ type: 'call', id, call: number, path, args: sent });
  });
}

/**
 * Calls a function that returns nothing (a cookie set, a log line). Messages keep their order, so the main
 * thread has run it before it reads the response.
 */
function notify(id: number, path: string[], args: unknown[]): void {
  post({ type: 'call', id, call: null, path, args: args.map(cloneable) });
}

/** A log line's object may hold what a message cannot carry (a function, a socket): that part is written as text. */
function cloneable(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return String(value);
  }
}

const kept = createKeptAnswers();

/**
 * `services.<area>.<method>(…)` on the main thread, or what this thread kept of its answer (kept-answers.ts). Any
 * property is a further step of the path and a call sends it; `then` is absent, so a service area is never mistaken
 * for a promise.
 */
function remote(id: number, path: string[], cacheGeneration: number | null): unknown {
  const target = () => {};
  return new Proxy(target, {
    get: (_target, key) =>
      typeof key === 'string' && key !== 'then' ? remote(id, [...path, key], cacheGeneration) : undefined,
    apply: (_target, _this, args: unknown[]) => kept.answer(path, args, cacheGeneration, () => call(id, path, args)),
  });
}

function contextOf(id: number, values: ContextValues, cacheGeneration: number | null): ShopLoadContext {
  const log = (level: 'info' | 'warn' | 'error') => (obj: object, msg: string) =>
    notify(id, ['log', level], [obj, msg]);
  const cookie = (name: 'session' | 'staffSession', token: string | null) => ({
    token,
    set: (session: { token: string; expiresAt: Date }) => notify(id, [name, 'set'], [session]),
    clear: () => notify(id, [name, 'clear'], []),
  });
  return {
    services: remote(id, ['services'], cacheGeneration) as ShopLoadContext['services'],
    prefs: values.prefs,
    contact: values.contact,
    publicUrl: values.publicUrl,
    nonce: values.nonce,
    styleNonce: values.styleNonce,
    clientIp: values.clientIp,
    loginNotice: values.loginNotice,
    log: { info: log('info'), warn: log('warn'), error: log('error') },
    client: () => call(id, ['client'], []) as ReturnType<ShopLoadContext['client']>,
    forgetClient: () => notify(id, ['forgetClient'], []),
    authLimits: {
      check: async (action, email) => void (await call(id, ['authLimits', 'check'], [action, email])),
      loginFailed: async (email) => void (await call(id, ['authLimits', 'loginFailed'], [email])),
    },
    session: cookie('session', values.sessionToken),
    staff: () => call(id, ['staff'], []) as ReturnType<ShopLoadContext['staff']>,
    staffSession: cookie('staffSession', values.staffSessionToken),
  };
}

async function loadBuild(build: RenderThreadBuild): Promise<ServerBuild> {
  if (build.kind === 'file') return (await import(build.url)) as ServerBuild;
  // The integration tests' pages are the sources compiled by Vite, as the test app's are.
  const { pagesFromSources } = await import('../pages-vite');
  return (await pagesFromSources()).build();
}

const { build } = workerData as RenderThreadData;
const handler = createPageHandlers(await loadBuild(build), 'production');
const aborts = new Map<number, AbortController>();

async function answer(message: Extract<ToRenderThread, { type: 'request' }>): Promise<void> {
  const controller = new AbortController();
  aborts.set(message.id, controller);
  try {
    const context = contextOf(message.id, message.context, message.cacheGeneration);
    const response = await handler(fetchRequest(message, controller.signal), context as AppLoadContext);
    const html = documentHtml(response);
    if (html) {
      // A rendered document crosses whole, head and body in one message (web/document-response.ts): no byte
      // stream to read it through here, one message instead of three.
      post(
        { type: 'document', id: message.id, status: response.status, headers: [...response.headers], html },
        documentTransfer(html),
      );
      return;
    }
    post({
      type: 'head',
      id: message.id,
      status: response.status,
      headers: [...response.headers],
      hasBody: response.body !== null,
    });
    if (response.body) {
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        // The main thread dropped the answer (its visitor left): the rest is not made.
        if (controller.signal.aborted) {
          await reader.cancel();
          return;
        }
        post({ type: 'chunk', id: message.id, chunk: read.value });
      }
      post({ type: 'end', id: message.id });
    }
  } catch (error) {
    post({ type: 'failed', id: message.id, error: await encodeError(error) });
  } finally {
    aborts.delete(message.id);
  }
}

port.on('message', (message: ToRenderThread) => {
  switch (message.type) {
    case 'request':
      void answer(message);
      return;
    case 'abort':
      aborts.get(message.id)?.abort();
      return;
    case 'result': {
      const pending = calls.get(message.call);
      if (!pending) return;
      calls.delete(message.call);
      if (message.ok) pending.resolve(message.value);
      else pending.reject(decodeError(message.error as EncodedError));
    }
  }
});
post({ type: 'ready' });
