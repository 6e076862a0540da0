import { lazy, Suspense } from 'react';
import * as reactDomServer from 'react-dom/server';
import * as reactDomServerBun from 'react-dom/server.bun';
import {
  type AppLoadContext,
  createRequestHandler,
  Outlet,
  Scripts,
  type ServerBuild,
  useLoaderData,
} from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import handleRequest, { handleError, streamTimeout } from './entry.server';
import { fakeServerBuild } from './fake-server-build';

// Both renderers stay the real ones; the spies tell which of them wrote a document.
vi.mock('react-dom/server', async (importOriginal) => {
  const original = await importOriginal<typeof reactDomServer>();
  return { ...original, renderToString: vi.fn(original.renderToString) };
});
vi.mock('react-dom/server.bun', async (importOriginal) => {
  const original = await importOriginal<typeof reactDomServerBun>();
  return { ...original, renderToPipeableStream: vi.fn(original.renderToPipeableStream) };
});

const renderToString = vi.mocked(reactDomServer.renderToString);
const renderToPipeableStream = vi.mocked(reactDomServerBun.renderToPipeableStream);

function Shell() {
  return (
    <html lang="ro">
      <head>
        <title>Test</title>
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

/** A lazy part, like the shop's facets panel: not ready the first time a thread renders it. */
function lazyNote() {
  return lazy(() => Promise.resolve({ default: ({ text }: { text: string }) => <p className="note">{text}</p> }));
}

function Broken(): never {
  throw new Error('render failed');
}

/** A React Router build of a root and three pages, with the shop's own document entry. */
function buildWith(Note: ReturnType<typeof lazyNote>): ServerBuild {
  const pageLoader = () => ({
    title: 'Biblia „Cornilescu”',
    words: Array.from({ length: 400 }, (_, i) => `cuvânt ${i}`),
  });
  function Page() {
    const { title, words } = useLoaderData<typeof pageLoader>();
    return (
      <main>
        <h1>{title}</h1>
        <Suspense fallback={<p>…</p>}>
          <Note text={words.join(', ')} />
        </Suspense>
      </main>
    );
  }
  /** A lazy part outside any boundary, like the shop's error pages. */
  function BarePage() {
    return <Note text="fără limită" />;
  }
  /** A document of about 120,000 UTF-16 units: the words in the page and again in its loader data. */
  function LongPage() {
    const { words } = useLoaderData<{ words: string[] }>();
    return <p>{words.join(', ')}</p>;
  }
  function BrokenPage() {
    return (
      <Suspense fallback={<p>…</p>}>
        <Broken />
      </Suspense>
    );
  }
  return fakeServerBuild(
    { default: handleRequest, handleError, streamTimeout },
    {
      root: { path: '', module: { default: Shell } },
      page: { path: 'page', module: { loader: pageLoader, default: Page } },
      bare: { path: 'bare', module: { loader: () => ({ ok: true }), default: BarePage } },
      long: {
        path: 'long',
        module: {
          loader: () => ({ words: Array.from({ length: 4000 }, (_, i) => `ședință ${i}`) }),
          default: LongPage,
        },
      },
      broken: { path: 'broken', module: { loader: () => ({ ok: true }), default: BrokenPage } },
    },
  );
}

const log = { error: vi.fn() };

function loadContext(): AppLoadContext {
  return { nonce: 'n0nce', styleNonce: 's7yle', log } as unknown as AppLoadContext;
}

describe('the document entry', () => {
  beforeEach(() => {
    renderToString.mockClear();
    renderToPipeableStream.mockClear();
    log.error.mockClear();
  });

  it('renders a document at once, the same as the streaming renderer writes it, loader data included', async () => {
    const handler = createRequestHandler(buildWith(lazyNote()));
    // The lazy part is not loaded yet: the document is rendered again by the streaming renderer, which waits for it.
    const first = await handler(new Request('http://shop.test/page'), loadContext());
    expect(renderToPipeableStream).toHaveBeenCalledTimes(1);
    const streamed = await first.text();
    // Now it is: one renderToString writes the whole document.
    renderToPipeableStream.mockClear();
    renderToString.mockClear();
    const second = await handler(new Request('http://shop.test/page'), loadContext());
    const atOnce = await second.text();
    expect(renderToString).toHaveBeenCalledTimes(1);
    expect(renderToPipeableStream).not.toHaveBeenCalled();

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(atOnce).toBe(streamed);
    expect(atOnce.startsWith('<!DOCTYPE html><html lang="ro">')).toBe(true);
    expect(atOnce).not.toContain('<!--$!');
    expect(atOnce).toContain('<p class="note">cuvânt 0, cuvânt 1');
    // The loader data handed to the browser, whole, in scripts carrying the response's nonce.
    expect(atOnce).toContain('<script nonce="n0nce">window.__reactRouterContext.streamController.enqueue(');
    expect(atOnce).toContain('cuvânt 399');
    expect(atOnce).toContain('<script nonce="n0nce">window.__reactRouterContext.streamController.close();</script>');
    expect(log.error).not.toHaveBeenCalled();
  });

  it('renders a route whose last document was long into pieces, the same bytes as one renderToString', async () => {
    const handler = createRequestHandler(buildWith(lazyNote()));
    const first = await handler(new Request('http://shop.test/long'), loadContext());
    expect(renderToString).toHaveBeenCalledTimes(1);
    expect(renderToPipeableStream).not.toHaveBeenCalled();
    const atOnce = await first.text();
    expect(atOnce.length).toBeGreaterThan(100_000);
    renderToString.mockClear();
    const second = await handler(new Request('http://shop.test/long'), loadContext());
    expect(renderToString).not.toHaveBeenCalled();
    expect(renderToPipeableStream).toHaveBeenCalledTimes(1);
    expect(second.status).toBe(200);
    const inPieces = await second.text();
    expect(inPieces).toBe(atOnce);
    expect(inPieces).toContain('ședință 0, ședință 1');
    expect(inPieces).toContain('ședință 3999</p>');
    // Another route's short pages still render at once (the first waits for its lazy part in pieces).
    renderToString.mockClear();
    renderToPipeableStream.mockClear();
    await (await handler(new Request('http://shop.test/bare'), loadContext())).text();
    await (await handler(new Request('http://shop.test/bare'), loadContext())).text();
    expect(renderToString).toHaveBeenCalledTimes(2);
    expect(renderToPipeableStream).toHaveBeenCalledTimes(1);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('answers 500 and logs an error thrown inside a boundary, as the streaming renderer reports it', async () => {
    const handler = createRequestHandler(buildWith(lazyNote()));
    const response = await handler(new Request('http://shop.test/broken'), loadContext());
    expect(response.status).toBe(500);
    expect(renderToPipeableStream).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'render failed' }) },
      'page render error',
    );
  });

  it('waits for a lazy part outside any boundary on its first render, and renders it at once after', async () => {
    const handler = createRequestHandler(buildWith(lazyNote()));
    const first = await handler(new Request('http://shop.test/bare'), loadContext());
    expect(first.status).toBe(200);
    expect(renderToPipeableStream).toHaveBeenCalledTimes(1);
    const streamed = await first.text();
    expect(streamed).toContain('<p class="note">fără limită</p>');
    renderToPipeableStream.mockClear();
    const second = await handler(new Request('http://shop.test/bare'), loadContext());
    expect(await second.text()).toBe(streamed);
    expect(renderToPipeableStream).not.toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
  });

  it('answers a HEAD request without rendering', async () => {
    const handler = createRequestHandler(buildWith(lazyNote()));
    const response = await handler(new Request('http://shop.test/page', { method: 'HEAD' }), loadContext());
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect(renderToString).not.toHaveBeenCalled();
    expect(renderToPipeableStream).not.toHaveBeenCalled();
  });
});
