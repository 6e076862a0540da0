import { createStaticHandler, type EntryContext, matchRoutes, type RouteObject } from 'react-router';

type ManifestRoutes = EntryContext['manifest']['routes'];

/** How many ancestor paths' matches are remembered per build: enough for every section of the shop. */
const REMEMBERED_PATHS = 2_000;

type Branches = EntryContext['branches'];

/** How many sets of page routes have their branches remembered: one set per kind of page, a few dozen in all. */
const REMEMBERED_ROUTE_SETS = 500;

/**
 * What a build's manifest gives route matching: its routes as a tree, the matches of the paths seen so far, and
 * the branches of each set of page routes seen so far.
 */
interface Matcher {
  tree: RouteObject[];
  matches: Map<string, readonly string[]>;
  branches: Map<string, Branches>;
}

const matchers = new WeakMap<ManifestRoutes, Matcher>();

function matcherOf(routes: ManifestRoutes): Matcher {
  let matcher = matchers.get(routes);
  if (!matcher) {
    matcher = { tree: routeTreeOf(routes), matches: new Map(), branches: new Map() };
    matchers.set(routes, matcher);
  }
  return matcher;
}

/** The manifest's routes as a tree of what matching needs (id, path, index, case). */
function routeTreeOf(routes: ManifestRoutes): RouteObject[] {
  const nodes = new Map<string, RouteObject>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const { id, path, caseSensitive } = route;
    nodes.set(id, route.index ? { id, index: true, caseSensitive } : { id, path, caseSensitive });
  }
  const tree: RouteObject[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id) as RouteObject;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (!parent || parent.index) tree.push(node);
    else parent.children = [...(parent.children ?? []), node];
  }
  return tree;
}

/** The ids of the routes a path matches (the best match, as the router ranks them), remembered per path. */
function idsMatching(routes: ManifestRoutes, path: string): readonly string[] {
  const matcher = matcherOf(routes);
  let ids = matcher.matches.get(path);
  if (!ids) {
    ids = (matchRoutes(matcher.tree, path) ?? []).flatMap((m) => (m.route.id ? [m.route.id] : []));
    if (matcher.matches.size >= REMEMBERED_PATHS) matcher.matches.clear();
    matcher.matches.set(path, ids);
  }
  return ids;
}

/** The paths getPartialManifest matches besides the page's own: "/" and each parent of the page's path. */
function ancestorPaths(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean);
  const paths = ['/'];
  for (let n = segments.length - 1; n > 0; n--) paths.push(`/${segments.slice(0, n).join('/')}`);
  return paths;
}

/**
 * The page's entry context with only the routes its render can use: the matched ones and those matching its
 * ancestor paths, which are exactly what React Router puts in the page's partial manifest (its
 * `getPartialManifest`, route discovery "lazy"). React Router's `ServerRouter` otherwise rebuilds every route of
 * the shop on each render and matches the ancestor paths against all of them, a tenth of an uncached page's
 * render (docs/PERFORMANCE.md, seventeenth session). The page's markup and manifest are the same either way.
 */
export function withPageRoutesOnly(context: EntryContext): EntryContext {
  if (context.routeDiscovery.mode !== 'lazy' || !context.ssr || context.isSpaMode) return context;
  const { routes } = context.manifest;
  const ids = new Set(context.staticHandlerContext.matches.map((m) => m.route.id));
  for (const path of ancestorPaths(context.staticHandlerContext.location.pathname)) {
    for (const id of idsMatching(routes, path)) ids.add(id);
  }
  const pageRoutes: ManifestRoutes = {};
  for (const id of ids) if (routes[id]) pageRoutes[id] = routes[id];
  return {
    ...context,
    manifest: { ...context.manifest, routes: pageRoutes },
    branches: branchesOf(routes, pageRoutes),
  };
}

/**
 * The page routes' branches, flattened and ranked once per set of routes, for `getPartialManifest`, which matches
 * the page's ancestor paths with them and reads only the matched routes' ids. The context's own branches are of
 * every route of the shop; without any, the router flattened the page's routes again for each ancestor path,
 * compiling each one's pattern (2.5 % of the render thread for a product page; decision 037, amended). Kept per
 * build, as the matches are: a build of the development server may give the same ids other paths.
 */
function branchesOf(routes: ManifestRoutes, pageRoutes: ManifestRoutes): Branches {
  const kept = matcherOf(routes).branches;
  const key = Object.keys(pageRoutes).sort().join('\n');
  let branches = kept.get(key);
  if (!branches) {
    branches = createStaticHandler(routeTreeOf(pageRoutes))._internalRouteBranches;
    if (kept.size >= REMEMBERED_ROUTE_SETS) kept.clear();
    kept.set(key, branches);
  }
  return branches;
}
