import { Worker } from 'node:worker_threads';
import type { PageRenderer } from '../page-handlers';
import type { Logger } from '../../core/logger';
import { DocumentResponse } from '../../web/document-response';
import type { ShopLoadContext } from '../../web/load-context';
import {
  type FromRenderThread,
  type RenderThreadBuild,
  type RenderThreadData,
  type ToRenderThread,
  contextValues,
  decodeError,
  decodeFiles,
  encodeError,
} from './protocol';

export interface RenderPoolOptions {
  threads: number;
  build: RenderThreadBuild;
  /** The worker's entry: render-thread.js beside the server bundle, or a module running the source under tsx (tests). */
  entry: URL;
  log: Logger;
  /**
   * How many requests a thread works on at once (default 3); the next ones wait on the main thread. A request
   * whose call into the load context has not been answered for `parkAfterMs` (default 20) is not counted
   * meanwhile: a page waiting on the payment provider does not hold up the others.
   */
  activePerThread?: number;
  parkAfterMs?: number;
}

interface InFlight {
  context: ShopLoadContext;
  resolve: (response: Response) => void;
  reject: (error: unknown) => void;
  body: ReadableStreamDefaultController<Uint8Array> | null;
  /** Its calls into the load context unanswered for longer than `parkAfterMs`. */
  slowCalls: number;
}

interface Thread {
  worker: Worker;
  ready: Promise<void>;
  /** Started and not lost: the only threads given requests while there are any. */
  alive: boolean;
  inFlight: Map<number, InFlight>;
}

/** The requests a thread is working on: in flight, and not waiting on a slow call to the main thread. */
function active(thread: Thread): number {
  let working = 0;
  for (const request of thread.inFlight.values()) if (request.slowCalls === 0) working++;
  return working;
}

/** How long to wait before replacing a thread that died before it was ready, so a broken build cannot spin. */
const RESTART_DELAY_MS = 1_000;

/**
 * Three requests at once keep a render thread busy while their loaders wait on the main thread's database, and
 * hold three requests' objects instead of every waiting request's: measured against no limit on uncached
 * search pages (PGlite, 10 connections), V8's collector threads took 1–4 ms a page instead of 3–7.5 ms, and the
 * server answered 14 % more pages with a lower p99 (docs/PERFORMANCE.md, nineteenth session). Two starve it.
 */
const ACTIVE_PER_THREAD = 3;
const PARK_AFTER_MS = 20;

/**
 * Ends a request's answer with an error: the body's stream when it has begun (unless its reader went away and
 * closed it), otherwise the handler's promise.
 */
function fail(request: InFlight, error: unknown): void {
  if (!request.body) {
    request.reject(error);
    return;
  }
  try {
    request.body.error(error);
  } catch {
    // The stream is closed already: nobody reads it any more.
  }
}

/** The function a render thread names by its path in the load context (`['services', 'catalogue', 'product']`). */
function functionAt(
  context: Partial<ShopLoadContext>,
  path: string[],
): { fn: (...args: unknown[]) => unknown; self: unknown } {
  let self: unknown = context;
  for (const key of path.slice(0, -1)) {
    self = (self as Record<string, unknown> | undefined)?.[key];
  }
  const fn = (self as Record<string, unknown> | undefined)?.[path[path.length - 1]];
  if (typeof fn !== 'function') throw new Error(`render thread called ${path.join('.')}, which is not a function`);
  return { fn: fn as (...args: unknown[]) => unknown, self };
}

/**
 * Threads that render the pages (decision 034): the main thread hands each React Router request to the
 * least busy one and answers its calls into the load context, so loaders still run their services here, on
 * the one database connection and the one set of caches, while React renders on another core.
 */
export async function createRenderPool(
  options: RenderPoolOptions,
): Promise<{ handler: PageRenderer; close(): Promise<void> }> {
  let nextId = 1;
  let closing = false;
  /** Whether the first threads are all ready: until then a lost thread fails the start instead of being replaced. */
  let started = false;
  const threads: Thread[] = [];
  const activePerThread = options.activePerThread ?? ACTIVE_PER_THREAD;
  const parkAfterMs = options.parkAfterMs ?? PARK_AFTER_MS;
  /** Requests waiting for a thread with room, first come first served. */
  const waiting: (() => void)[] = [];
  /** Requests let go from `waiting` that have not reached a thread's `inFlight` yet (a promise's turn later). */
  let admitted = 0;
  const room = () => threads.reduce((free, t) => free + Math.max(0, activePerThread - active(t)), 0) - admitted;
  /** Requests ended, parked or lost with their thread: as many waiting ones go as there is room for. */
  const admitWaiting = () => {
    while (waiting.length > 0 && room() > 0) {
      admitted++;
      waiting.shift()?.();
    }
  };
  const finished = (inFlight: Map<number, InFlight>, id: number) => {
    if (inFlight.delete(id)) admitWaiting();
  };

  const start = (): Thread => {
    const data: RenderThreadData = { build: options.build };
    const worker = new Worker(options.entry, { workerData: data });
    const inFlight = new Map<number, InFlight>();
    const send = (message: ToRenderThread) => worker.postMessage(message);
    let ready!: () => void;
    let failedToStart!: (error: unknown) => void;
    const thread: Thread = {
      worker,
      inFlight,
      alive: false,
      ready: new Promise<void>((resolve, reject) => {
        ready = () => {
          thread.alive = true;
          resolve();
        };
        failedToStart = reject;
      }),
    };
    // A replacement's failure to start is logged by `lost`; only the first threads' failure stops the start.
    thread.ready.catch(() => {});
    const answerCall = async (message: Extract<FromRenderThread, { type: 'call' }>) => {
      // A log line may come after its response (React Router logs an error it has answered): the app's log takes it.
      const request = inFlight.get(message.id);
      const context = request?.context ?? { log: options.log };
      // A call the thread waits for, not answered quickly (the payment provider, a password's hash): its request
      // stops counting as active until it is, so another request may start meanwhile.
      let parked = false;
      const parkTimer =
        request && message.call !== null
          ? setTimeout(() => {
              parked = true;
              request.slowCalls++;
              admitWaiting();
            }, parkAfterMs)
          : undefined;
      try {
        const { fn, self } = functionAt(context, message.path);
        const value = await fn.apply(self, decodeFiles(message.args) as unknown[]);
        if (message.call !== null) send({ type: 'result', call: message.call, ok: true, value });
      } catch (error) {
        if (message.call === null) options.log.error({ err: error, path: message.path }, 'render thread call failed');
        else send({ type: 'result', call: message.call, ok: false, error: await encodeError(error) });
      } finally {
        clearTimeout(parkTimer);
        if (request && parked) request.slowCalls--;
      }
    };
    worker.on('message', (message: FromRenderThread) => {
      switch (message.type) {
        case 'ready':
          ready();
          return;
        case 'call':
          void answerCall(message);
          return;
        case 'head': {
          const request = inFlight.get(message.id);
          if (!request) return;
          const body = message.hasBody
            ? new ReadableStream<Uint8Array>({
                start: (controller) => {
                  request.body = controller;
                },
                // The visitor went away mid-answer: the rest of it is dropped here and the thread stops making it.
                cancel: () => {
                  finished(inFlight, message.id);
                  send({ type: 'abort', id: message.id });
                },
              })
            : null;
          if (!message.hasBody) finished(inFlight, message.id);
          request.resolve(new Response(body, { status: message.status, headers: message.headers }));
          return;
        }
        case 'document': {
          const request = inFlight.get(message.id);
          finished(inFlight, message.id);
          const { html } = message;
          // The bytes came as they were made, their memory handed over (render-thread.ts): ssr.ts reads them as they are.
          const bytes = Buffer.from(html.buffer, html.byteOffset, html.byteLength);
          request?.resolve(new DocumentResponse(bytes, { status: message.status, headers: message.headers }));
          return;
        }
        case 'chunk':
          inFlight.get(message.id)?.body?.enqueue(message.chunk);
          return;
        case 'end':
          inFlight.get(message.id)?.body?.close();
          finished(inFlight, message.id);
          return;
        case 'failed': {
          const request = inFlight.get(message.id);
          finished(inFlight, message.id);
          if (request) fail(request, decodeError(message.error));
        }
      }
    });
    const lost = (error: unknown) => {
      for (const request of inFlight.values()) fail(request, error);
      inFlight.clear();
      failedToStart(error);
      const wasAlive = thread.alive;
      thread.alive = false;
      const index = threads.indexOf(thread);
      if (index < 0 || closing || !started) return;
      // A thread that died takes its requests with it (they fail as 500s); the next ones go to its replacement.
      options.log.error({ err: error }, 'render thread stopped; starting another');
      const replace = () => {
        if (!closing && threads[index] === thread) threads[index] = start();
      };
      if (wasAlive) replace();
      else setTimeout(replace, RESTART_DELAY_MS).unref();
      admitWaiting();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`render thread exited with code ${code}`)));
    return thread;
  };

  for (let i = 0; i < options.threads; i++) threads.push(start());
  try {
    await Promise.all(threads.map((thread) => thread.ready));
  } catch (error) {
    closing = true;
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
    throw error;
  }
  started = true;

  const handler: PageRenderer = async (page, loadContext) => {
    const context = loadContext as ShopLoadContext;
    // In turn behind the requests already waiting, until a thread has room.
    if (waiting.length > 0 || room() <= 0) {
      await new Promise<void>((admit) => waiting.push(admit));
      admitted--;
    }
    // Chosen and counted in one step, so requests arriving together spread over the threads.
    const candidates = threads.some((t) => t.alive) ? threads.filter((t) => t.alive) : threads;
    const thread = candidates.reduce((least, t) => (active(t) < active(least) ? t : least));
    const id = nextId++;
    return new Promise<Response>((resolve, reject) => {
      thread.inFlight.set(id, { context, resolve, reject, body: null, slowCalls: 0 });
      const message: ToRenderThread = {
        type: 'request',
        id,
        // Field by field: the page's `onAbort`, a function, cannot cross to the thread.
        url: page.url,
        method: page.method,
        headers: page.headers,
        body: page.body,
        context: contextValues(context),
        cacheGeneration: page.cacheGeneration ?? null,
      };
      thread.ready.then(
        () => {
          thread.worker.postMessage(message);
          page.onAbort(() => {
            // An answer already complete has nothing left to stop.
            if (thread.inFlight.has(id)) thread.worker.postMessage({ type: 'abort', id });
          });
        },
        (error: unknown) => {
          finished(thread.inFlight, id);
          reject(error);
        },
      );
    });
  };

  return {
    handler,
    close: async () => {
      closing = true;
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}
