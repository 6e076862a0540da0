import { renderToString } from 'react-dom/server';
import {
  type AppLoadContext,
  createRequestHandler,
  type EntryContext,
  Outlet,
  Scripts,
  ServerRouter,
  type ServerBuild,
} from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createPageHandlers, type PageHandler, routeSelector } from './page-handlers';
import { idsMatching, PATHS, type TestRoute, treeOf, withAncestors } from './page-handlers.testing';

/**
 * Every kind of route React Router matches: index, optional and splat segments, nested, absolute, pathless, case-
 * sensitive, and a letter with two lower-case forms (σ, ς) that React Router's pattern finds equal.
 */
const EDGE_ROUTES: TestRoute[] = [
  { id: 'root', path: '' },
  { id: 'home', parentId: 'root', index: true },
  { id: 'product', parentId: 'root', path: 'produs/:slug' },
  { id: 'shop', parentId: 'root', path: 'shop/:category?' },
  { id: 'pages', parentId: 'root', path: 'pages' },
  { id: 'search', parentId: 'root', path: 'pages/search' },
  { id: 'page', parentId: 'root', path: 'pages/:slug' },
  { id: 'optional-static', parentId: 'root', path: 'en?/despre' },
  { id: 'admin', parentId: 'root', path: 'admin' },
  { id: 'admin-home', parentId: 'admin', index: true },
  { id: 'admin-orders', parentId: 'admin', path: 'orders' },
  { id: 'admin-order', parentId: 'admin', path: '/admin/orders/:id' },
  { id: 'admin-404', parentId: 'admin', path: '*' },
  { id: 'layout', parentId: 'root' },
  { id: 'account', parentId: 'layout', path: 'cont/comenzi' },
  { id: 'by-language', parentId: 'root', path: ':lang/blog' },
  { id: 'exact', parentId: 'root', path: 'Exact/Case', caseSensitive: true },
  { id: 'greek', parentId: 'root', path: 'logos-σ' },
  { id: 'not-found', parentId: 'root', path: '*' },
];

describe('routeSelector', () => {
  it('selects routes that match each path and its ancestors as all the routes do', () => {
    const select = routeSelector(EDGE_ROUTES);
    const full = treeOf(EDGE_ROUTES);
    for (const path of PATHS) {
      const selection = select(path);
      expect(selection, path).not.toBeNull();
      const subset = treeOf(EDGE_ROUTES, selection?.ids);
      for (const matched of withAncestors(path)) {
        expect(idsMatching(subset, matched), `${path}: ${matched}`).toEqual(idsMatching(full, matched));
      }
    }
  });

  it('answers one selection for every path with the same routes, and none for a path it cannot decode', () => {
    const select = routeSelector(EDGE_ROUTES);
    expect(select('/produs/a')).toBe(select('/produs/b'));
    expect(select('/produs/a')).not.toBe(select('/pages/search'));
    expect(select('/produs/%E0%A4%A')).toBeNull();
  });
});

function Root() {
  return (
    <html lang="ro">
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

/** A build of EDGE_ROUTES whose pages render their route's id and the matched params. */
function edgeBuild(): ServerBuild {
  const module = (id: string) =>
    id === 'root'
      ? { default: Root }
      : {
          default: () => <p>{id}</p>,
          loader: id === 'product' ? ({ params }: { params: { slug?: string } }) => ({ slug: params.slug }) : undefined,
          action: id === 'product' ? () => ({ added: true }) : undefined,
        };
  const handleDocumentRequest = (
    request: Request,
    status: number,
    headers: Headers,
    context: EntryContext,
  ): Response => {
    headers.set('Content-Type', 'text/html');
    const html = renderToString(<ServerRouter context={context} url={request.url} />);
    return new Response(`<!DOCTYPE html>${html}`, { status, headers });
  };
  return {
    // Errors (the 404s and the 405 compared here) are part of the answers, not the test's output.
    entry: { module: { default: handleDocumentRequest, handleError: () => {} } },
    routes: Object.fromEntries(EDGE_ROUTES.map((r) => [r.id, { ...r, module: module(r.id) }])),
    assets: {
      entry: { module: '/assets/entry.js', imports: [] },
      routes: Object.fromEntries(
        EDGE_ROUTES.map((r) => [
          r.id,
          {
            ...r,
            module: `/assets/${r.id}.js`,
            hasAction: r.id === 'product',
            hasLoader: r.id === 'product',
            hasClientAction: false,
            hasClientLoader: false,
            hasClientMiddleware: false,
            hasErrorBoundary: false,
          },
        ]),
      ),
      url: '/assets/manifest.js',
      version: '1',
    },
    basename: '/',
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;
}

describe('createPageHandlers', () => {
  const build = edgeBuild();
  const full = createRequestHandler(build, 'production');
  const pages = createPageHandlers(build, 'production');
  const context = {} as AppLoadContext;
  const answer = async (handler: PageHandler, url: string, init?: RequestInit) => {
    const response = await handler(new Request(`http://shop.test${url}`, init), context);
    return { status: response.status, type: response.headers.get('Content-Type'), body: await response.text() };
  };

  it('answers every page, its status and its manifest as the handler over all the routes does', async () => {
    for (const path of PATHS) {
      expect(await answer(pages, path), path).toEqual(await answer(full, path));
    }
  });

  it('answers a path React Router cannot decode as the full handler does', async () => {
    // React Router warns of it, then matches the raw path.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(await answer(pages, '/produs/%E0%A4%A')).toEqual(await answer(full, '/produs/%E0%A4%A'));
    } finally {
      warn.mockRestore();
    }
  });

  it('answers data requests, route discovery and other methods as the full handler does', async () => {
    const requests: [string, RequestInit?][] = [
      ['/produs/biblia.data'],
      ['/__manifest?paths=%2Fprodus%2Fbiblia%2C%2Fadmin%2Forders&version=1'],
      [
        '/produs/biblia',
        { method: 'POST', body: 'a=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
      ],
    ];
    for (const [url, init] of requests) {
      expect(await answer(pages, url, init), url).toEqual(await answer(full, url, init));
    }
  });
});
