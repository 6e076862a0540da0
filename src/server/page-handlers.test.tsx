import { renderToString } from 'react-dom/server';
import {
  type AppLoadContext,
  createRequestHandler,
  type EntryContext,
  matchRoutes,
  Outlet,
  type RouteObject,
  Scripts,
  ServerRouter,
  type ServerBuild,
} from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import shopRouteConfig from '../web/routes';
import { createPageHandlers, type PageHandler, routeSelector } from './page-handlers';

interface TestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** Every kind of route React Router matches: index, optional and splat segments, nested, absolute, pathless. */
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
  { id: 'not-found', parentId: 'root', path: '*' },
];

interface ConfigEntry {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: ConfigEntry[];
}

/** The shop's own routes (web/routes.ts) as the build names them: the file without its extension. */
function shopRoutes(): TestRoute[] {
  const out: TestRoute[] = [{ id: 'root', path: '' }];
  const add = (entries: ConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, '');
      out.push(entry.index ? { id, parentId, index: true } : { id, parentId, path: entry.path });
      add(entry.children ?? [], id);
    }
  };
  add(shopRouteConfig as ConfigEntry[], 'root');
  return out;
}

const PATHS = [
  '/',
  '/produs/biblia',
  '/PRODUS/biblia',
  '/pr%6Fdus/biblia',
  '/produs/',
  '/produs',
  '/produs//biblia',
  '//produs/biblia',
  '/shop',
  '/shop/biblii',
  '/shop/biblii/mai-mult',
  '/pages',
  '/pages/',
  '/pages/search',
  '/pages/Search',
  '/pages/about',
  '/pages/nu-exista',
  '/pages/blog-details/5',
  '/pages/profile/adrese/3/sterge',
  '/pages/cazuri-umanitare/un-caz',
  '/pages/comanda/abc',
  '/en/despre',
  '/despre',
  '/admin',
  '/admin/',
  '/admin/orders',
  '/admin/orders/12',
  '/admin/orders/12/packing-slip',
  '/admin/orders/export.csv',
  '/admin/nu/exista',
  '/cont/comenzi',
  '/ro/blog',
  '/Exact/Case',
  '/exact/case',
  '/preferences',
  '/nimic/deloc',
  '/caf%C3%A9/x',
];

function treeOf(routes: TestRoute[], ids?: ReadonlySet<string>): RouteObject[] {
  const kept = routes.filter((r) => !ids || ids.has(r.id));
  const children = (parentId: string | undefined): RouteObject[] =>
    kept
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index
          ? { id: r.id, index: true }
          : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: children(r.id) },
      );
  return children(undefined);
}

const idsMatching = (tree: RouteObject[], path: string) => (matchRoutes(tree, path) ?? []).map((m) => m.route.id);

/** The path and the ancestor paths whose routes React Router puts in a page's manifest. */
function withAncestors(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean);
  return [pathname, ...segments.map((_, n) => `/${segments.slice(0, n).join('/')}`)];
}

describe('routeSelector', () => {
  for (const [name, routes] of [
    ['routes of every kind', EDGE_ROUTES],
    ["the shop's routes", shopRoutes()],
  ] as const) {
    it(`selects, for ${name}, routes that match each path and its ancestors as all the routes do`, () => {
      const select = routeSelector(routes);
      const full = treeOf(routes);
      for (const path of PATHS) {
        const selection = select(path);
        expect(selection, path).not.toBeNull();
        const subset = treeOf(routes, selection?.ids);
        for (const matched of withAncestors(path)) {
          expect(idsMatching(subset, matched), `${path}: ${matched}`).toEqual(idsMatching(full, matched));
        }
      }
    });
  }

  it('keeps far fewer routes than the shop has for a product page and a search page', () => {
    const routes = shopRoutes();
    const select = routeSelector(routes);
    expect(select('/produs/biblia')?.ids.size).toBeLessThan(6);
    expect(select('/pages/search')?.ids.size).toBeLessThan(8);
    expect(routes.length).toBeGreaterThan(80);
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
