import { matchRoutes, type RouteObject } from 'react-router';
import type { IncomingPage } from './page-handlers';

/** A route as matching reads it (a build's or a test's own). */
export interface TestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** Paths of every kind, the shop's among them: page-handlers.test.tsx and .int.test.ts match them. */
export const PATHS = [
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
  '/logos-%CF%82',
  '/LOGOS-Σ',
];

export function treeOf(routes: TestRoute[], ids?: ReadonlySet<string>): RouteObject[] {
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

export const idsMatching = (tree: RouteObject[], path: string) =>
  (matchRoutes(tree, path) ?? []).map((m) => m.route.id);

/** The path and the ancestor paths whose routes React Router puts in a page's manifest. */
export function withAncestors(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean);
  return [pathname, ...segments.map((_, n) => `/${segments.slice(0, n).join('/')}`)];
}

/**
 * A page request as server/ssr.ts hands it on, for the render pool's tests: a GET without headers unless `init`
 * says otherwise, its visitor leaving when `signal` aborts.
 */
export function incomingPage(
  url: string,
  init: { method?: string; headers?: [string, string][]; body?: string; signal?: AbortSignal } = {},
): IncomingPage {
  return {
    url,
    method: init.method ?? 'GET',
    headers: init.headers ?? [],
    body: init.body === undefined ? null : new TextEncoder().encode(init.body),
    onAbort: (listener) => init.signal?.addEventListener('abort', listener, { once: true }),
  };
}
