import type { ServerBuild } from 'react-router';

/** A route of a fake build: its path (or index) and its module's exports (loader, action, default, ErrorBoundary). */
export interface FakeRoute {
  path?: string;
  index?: boolean;
  module: object;
}

/**
 * A tiny React Router build for tests that reach a request handler without a Vite build: `root` and the routes
 * under it, with the given document entry (`default`, `handleError`, …). The manifest says what each module has.
 */
export function fakeServerBuild(entry: object, modules: Record<string, FakeRoute>): ServerBuild {
  const routes: Record<string, object> = {};
  const manifest: Record<string, object> = {};
  for (const [id, route] of Object.entries(modules)) {
    const parentId = id === 'root' ? undefined : 'root';
    routes[id] = { id, parentId, path: route.path, index: route.index, caseSensitive: undefined, module: route.module };
    manifest[id] = {
      id,
      parentId,
      path: route.path,
      index: route.index,
      hasAction: 'action' in route.module,
      hasLoader: 'loader' in route.module,
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: 'ErrorBoundary' in route.module,
      module: `/assets/${id}.js`,
      imports: [],
      css: [],
    };
  }
  return {
    entry: { module: entry },
    routes,
    assets: {
      entry: { module: '/assets/entry.js', imports: [], css: [] },
      routes: manifest,
      url: '/assets/manifest.js',
      version: '1',
    },
    assetsBuildDirectory: 'build/client',
    basename: '/',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    publicPath: '/',
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;
}
