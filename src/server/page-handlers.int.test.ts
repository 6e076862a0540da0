import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeSelector } from './page-handlers';
import { PATHS, type TestRoute, idsMatching, treeOf, withAncestors } from './page-handlers.testing';
import { pagesFromSources } from './pages-vite';

describe("routeSelector on the shop's own routes", () => {
  let pages: Awaited<ReturnType<typeof pagesFromSources>>;
  let routes: TestRoute[];

  beforeAll(async () => {
    pages = await pagesFromSources();
    const build = await pages.build();
    routes = Object.values(build.routes).flatMap((r) =>
      r ? [{ id: r.id, parentId: r.parentId, path: r.path, index: r.index, caseSensitive: r.caseSensitive }] : [],
    );
  });
  afterAll(() => pages.close());

  it('selects routes that match each path and its ancestors as all the routes do', () => {
    const select = routeSelector(routes);
    const full = treeOf(routes);
    for (const path of PATHS) {
      const subset = treeOf(routes, select(path)?.ids);
      for (const matched of withAncestors(path)) {
        expect(idsMatching(subset, matched), `${path}: ${matched}`).toEqual(idsMatching(full, matched));
      }
    }
  });

  it('keeps a product page and a search page to a handful of the shop’s routes', () => {
    const select = routeSelector(routes);
    expect(routes.length).toBeGreaterThan(80);
    expect([...(select('/produs/biblia')?.ids ?? [])].sort()).toEqual(
      ['root', 'routes/home', 'routes/not-found', 'routes/product'].sort(),
    );
    expect(select('/pages/search')?.ids.size).toBe(5);
  });
});
