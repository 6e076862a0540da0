import { renderToString } from 'react-dom/server';
import { createStaticHandler, type EntryContext, Outlet, Scripts, ServerRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { withPageRoutesOnly } from './page-routes';

/** A small shop of routes: the layout, an index, sections with their own pages, and a back office. */
const ROUTES: { id: string; parentId?: string; path?: string; index?: boolean }[] = [
  { id: 'root', path: '' },
  { id: 'routes/home', parentId: 'root', index: true },
  { id: 'routes/shop', parentId: 'root', path: 'shop' },
  { id: 'routes/product', parentId: 'root', path: 'produs/:slug' },
  { id: 'routes/blog', parentId: 'root', path: 'blog' },
  { id: 'routes/blog-index', parentId: 'routes/blog', index: true },
  { id: 'routes/blog-post', parentId: 'routes/blog', path: ':slug' },
  { id: 'routes/account', parentId: 'root', path: 'contul-meu/comenzi/:id' },
  { id: 'routes/admin', parentId: 'root', path: 'admin' },
  { id: 'routes/admin-orders', parentId: 'routes/admin', path: 'orders' },
  { id: 'routes/not-found', parentId: 'root', path: '*' },
];

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

const routeModules = Object.fromEntries(
  ROUTES.map((r) => [r.id, { default: r.id === 'root' ? Root : () => <p>{r.id}</p> }]),
) as unknown as EntryContext['routeModules'];

const manifest = {
  entry: { module: '/assets/entry.client.js', imports: [], css: [] },
  routes: Object.fromEntries(
    ROUTES.map((r) => [
      r.id,
      {
        ...r,
        hasAction: false,
        hasLoader: false,
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasErrorBoundary: false,
        module: `/assets/${r.id.replace('/', '-')}.js`,
        imports: [],
        css: [],
      },
    ]),
  ),
  url: '/assets/manifest.js',
  version: '1',
} as unknown as EntryContext['manifest'];

function dataRoutes(parentId: string | undefined): object[] {
  return ROUTES.filter((r) => r.parentId === parentId).map((r) => ({
    id: r.id,
    path: r.path,
    index: r.index,
    children: r.index ? undefined : dataRoutes(r.id),
  }));
}

const handler = createStaticHandler(dataRoutes(undefined) as Parameters<typeof createStaticHandler>[0]);

async function contextFor(path: string): Promise<EntryContext> {
  const staticHandlerContext = await handler.query(new Request(`http://127.0.0.1${path}`));
  if (staticHandlerContext instanceof Response) throw new Error(`${path} answered a response`);
  return {
    manifest,
    routeModules,
    future: { v8_middleware: false, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
    ssr: true,
    isSpaMode: false,
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
    serverHandoffString: '{}',
    staticHandlerContext,
    // React Router's request handler gives ServerRouter the branches its static handler ranked.
    branches: (handler as unknown as { _internalRouteBranches: EntryContext['branches'] })._internalRouteBranches,
  } as EntryContext;
}

const render = (context: EntryContext, path: string) =>
  renderToString(<ServerRouter context={context} url={`http://127.0.0.1${path}`} />);

describe('withPageRoutesOnly', () => {
  it.each([
    '/',
    '/shop',
    '/produs/biblia-de-studiu',
    '/blog',
    '/blog/un-articol',
    '/contul-meu/comenzi/42',
    '/admin/orders',
    '/nu/exista/deloc',
  ])('renders %s exactly as React Router does with every route, partial manifest included', async (path) => {
    const context = await contextFor(path);
    const full = render(context, path);
    expect(full).toContain('window.__reactRouterManifest');
    expect(render(withPageRoutesOnly(context), path)).toBe(full);
  });

  it('keeps the matched routes and those of the ancestor paths, and leaves the others out', async () => {
    const { manifest: page } = withPageRoutesOnly(await contextFor('/blog/un-articol'));
    expect(Object.keys(page.routes).sort()).toEqual([
      'root',
      'routes/blog',
      'routes/blog-index',
      'routes/blog-post',
      'routes/home',
    ]);
  });

  it('gives the router the branches of the page routes only, ranked once per set of routes', async () => {
    const first = withPageRoutesOnly(await contextFor('/produs/biblia-de-studiu'));
    const second = withPageRoutesOnly(await contextFor('/produs/alta-carte'));
    const branchIds = first.branches.map((b) => b.routesMeta.map((m) => m.route.id).join(' > '));
    // "/produs" (an ancestor path) finds the catch-all page; the layout's own path ('') is a branch too.
    expect(branchIds.sort()).toEqual([
      'root',
      'root > routes/home',
      'root > routes/not-found',
      'root > routes/product',
    ]);
    expect(second.branches).toBe(first.branches);
  });

  it('changes nothing when the whole manifest is sent (route discovery "initial")', async () => {
    const context = { ...(await contextFor('/shop')), routeDiscovery: { mode: 'initial' } } as EntryContext;
    expect(withPageRoutesOnly(context)).toBe(context);
  });
});
