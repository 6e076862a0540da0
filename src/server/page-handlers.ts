import { type AppLoadContext, type ServerBuild, createRequestHandler } from 'react-router';

/** React Router's request handler: what `createRequestHandler` returns. */
export type PageHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

/**
 * A page request as the server hands it on: what the render pool posts to a thread, and what a fetch `Request` is
 * made of where React Router runs. The main thread makes no `Request` of its own for a page: undici's checks and
 * sorts the headers again and gives each request an AbortSignal held in a FinalizationRegistry, which no scavenge
 * frees, so every request's were promoted and collected by the next full collection (docs/PERFORMANCE.md,
 * fifty-second session).
 */
export interface PageRequest {
  url: string;
  method: string;
  /** Names in lower case, values the Fetch API takes (server/ssr.ts checks them). */
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer> | null;
}

/** A page request on the main thread, with how to learn that its visitor left before the answer ended. */
export interface IncomingPage extends PageRequest {
  onAbort(listener: () => void): void;
  /**
   * The process's cache generation when the request came (core/cache/registry.ts), by which a render thread keeps
   * a few of the main thread's answers between requests (decision 058). Without it the thread keeps nothing for the
   * request: the error page's, whose services fail on purpose.
   */
  cacheGeneration?: number;
}

/** What the server asks for a page's answer: the render pool, or React Router on the main thread. */
export type PageRenderer = (page: IncomingPage, context: AppLoadContext) => Promise<Response>;

/** The fetch `Request` React Router is given for a page request. */
export function fetchRequest(page: PageRequest, signal: AbortSignal): Request {
  const init: RequestInit = { method: page.method, headers: page.headers, signal };
  if (page.body) init.body = page.body;
  return new Request(page.url, init);
}

/** React Router on this thread, as a PageRenderer: the visitor leaving aborts the request's signal. */
export function pageRendererOf(handler: PageHandler): PageRenderer {
  return (page, context) => {
    const controller = new AbortController();
    page.onAbort(() => controller.abort());
    return handler(fetchRequest(page, controller.signal), context);
  };
}

/** What choosing a page's routes reads of a build's route. */
type BuildRoute = Pick<
  NonNullable<ServerBuild['routes'][string]>,
  'id' | 'parentId' | 'path' | 'index' | 'caseSensitive'
>;

/** A node of the routes' static path prefixes: the routes whose prefix ends here, and the next segments. */
interface PrefixNode {
  routes: string[];
  next: Map<string, PrefixNode>;
}

/**
 * React Router's request handler, one for each kind of page: a page is answered by a handler over only the routes
 * that can match its path or one of its ancestor paths (decision 043). React Router matches each document request
 * against every route of the shop twice (its request handler, then its static handler's query), trying the
 * branches one by one in rank order; for a product page that was 4–5 % of the render thread's CPU and a sixth of
 * what it allocated (docs/PERFORMANCE.md, twenty-sixth session). Which routes can match is decided from their
 * static leading segments only; React Router itself still matches among them, so the page, its status and its
 * manifest are what the full handler gives. Data requests (`.data`), route discovery (`/__manifest`) and every
 * method but GET and HEAD go to the full handler.
 */
export function createPageHandlers(build: ServerBuild, mode: 'production' | 'development'): PageHandler {
  const full = createRequestHandler(build, mode);
  const select = routeSelector(Object.values(build.routes).filter((r) => r !== undefined));
  const handlers = new Map<object, PageHandler>();

  return (request, context) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return full(request, context);
    const { pathname } = new URL(request.url);
    if (pathname.endsWith('.data') || pathname === '/__manifest') return full(request, context);
    const selection = select(pathname);
    if (!selection) return full(request, context);
    let handler = handlers.get(selection.node);
    if (!handler) {
      handler = createRequestHandler(withRoutes(build, selection.ids), mode);
      handlers.set(selection.node, handler);
    }
    return handler(request, context);
  };
}

/** The routes that can match a path; `node` is the same for every path with the same routes. */
export interface RouteSelection {
  node: object;
  ids: ReadonlySet<string>;
}

/**
 * For a path, the routes that can match it or one of its ancestor paths, with their parents: every route whose
 * static prefix the path begins with. Null when the path cannot be decoded as React Router decodes it (React
 * Router then matches the raw path; the full handler answers).
 */
export function routeSelector(routes: BuildRoute[]): (pathname: string) => RouteSelection | null {
  const root = prefixTree(routes);
  const selections = new Map<PrefixNode, RouteSelection>();
  return (pathname) => {
    const chain = prefixChain(root, pathname);
    if (!chain) return null;
    const node = chain[chain.length - 1] as PrefixNode;
    let selection = selections.get(node);
    if (!selection) {
      selection = { node, ids: routesWithAncestors(routes, chain) };
      selections.set(node, selection);
    }
    return selection;
  };
}

/**
 * A route's leading segments that any path it matches must have: its full path's segments up to the first
 * dynamic, optional or splat one, in upper case. React Router compares them with a case-insensitive pattern (the
 * `i` flag folds each letter to its upper case), so two segments it finds equal are equal in upper case; lower
 * case would tell apart some it finds equal (Greek σ and ς). A case-sensitive route has no prefix here.
 */
function staticPrefix(routes: Map<string, BuildRoute>, route: BuildRoute): string[] {
  const paths: string[] = [];
  for (let r: BuildRoute | undefined = route; r; r = r.parentId ? routes.get(r.parentId) : undefined) {
    if (r.caseSensitive) return [];
    if (r.path) paths.unshift(r.path);
    // A child's absolute path already holds its parents' (React Router requires it).
    if (r.path?.startsWith('/')) break;
  }
  const prefix: string[] = [];
  for (const segment of paths.join('/').split('/')) {
    if (segment === '') continue;
    if (segment.startsWith(':') || segment.includes('*') || segment.endsWith('?')) break;
    prefix.push(segment.toUpperCase());
  }
  return prefix;
}

function prefixTree(routes: BuildRoute[]): PrefixNode {
  const byId = new Map(routes.map((r) => [r.id, r]));
  const root: PrefixNode = { routes: [], next: new Map() };
  for (const route of routes) {
    let node = root;
    for (const segment of staticPrefix(byId, route)) {
      let next = node.next.get(segment);
      if (!next) {
        next = { routes: [], next: new Map() };
        node.next.set(segment, next);
      }
      node = next;
    }
    node.routes.push(route.id);
  }
  return root;
}

/**
 * The prefix tree's nodes along the path's segments, as far as they go: the routes of these nodes are the only
 * ones whose static prefix the path (or one of its ancestor paths) can have. Null when the path cannot be
 * decoded as React Router decodes it (it then matches the raw path: the full handler answers).
 */
function prefixChain(root: PrefixNode, pathname: string): PrefixNode[] | null {
  let segments: string[];
  try {
    // segments[0] is the empty text before the leading slash.
    segments = pathname
      .split('/')
      .slice(1)
      .map((segment) => decodeURIComponent(segment).toUpperCase());
  } catch {
    return null;
  }
  const chain = [root];
  for (const segment of segments) {
    const next = (chain[chain.length - 1] as PrefixNode).next.get(segment);
    if (!next) break;
    chain.push(next);
  }
  return chain;
}

/** The ids of the chain's routes and of all their parents. */
function routesWithAncestors(routes: BuildRoute[], chain: PrefixNode[]): Set<string> {
  const byId = new Map(routes.map((r) => [r.id, r]));
  const ids = new Set<string>();
  for (const node of chain) {
    for (const id of node.routes) {
      for (let r = byId.get(id); r && !ids.has(r.id); r = r.parentId ? byId.get(r.parentId) : undefined) ids.add(r.id);
    }
  }
  return ids;
}

/** The build with only these routes, in its server routes and in the browser's manifest alike. */
function withRoutes(build: ServerBuild, ids: ReadonlySet<string>): ServerBuild {
  const only = <T>(all: Record<string, T>) => Object.fromEntries(Object.entries(all).filter(([id]) => ids.has(id)));
  return { ...build, routes: only(build.routes), assets: { ...build.assets, routes: only(build.assets.routes) } };
}
