import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 14: zod (~26 KB gzip) only where a form validates with it. Read from the build's route
 * manifest (deterministic, no server or browser): the modules the browser loads first for the home
 * page, a listing, a search and a product — the entry, the root route and the page's route, with
 * every chunk they import — must not hold zod. A contracts module that builds schemas at load time,
 * imported for one constant, is what would bring it back (docs/ARCHITECTURE.md).
 */
const assets = path.resolve('build/client/assets');

interface ManifestEntry {
  module: string;
  imports?: string[];
}

function routeManifest(): { entry: ManifestEntry; routes: Record<string, ManifestEntry> } {
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error('No route manifest in build/client/assets: run `npm run build`');
  const text = readFileSync(path.join(assets, file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
}

describe('first-load JavaScript of the catalogue pages (build output)', () => {
  const manifest = routeManifest();
  const modulesOf = (...entries: ManifestEntry[]) => new Set(entries.flatMap((e) => [e.module, ...(e.imports ?? [])]));

  // A product page's form validates with zod only when the product has a personalisation, and that form is
  // loaded after the page (features/product/product-add-to-cart.tsx), so the route's own modules hold none.
  it.each(['routes/home', 'routes/shop', 'routes/search', 'routes/product'])('%s loads no zod', (route) => {
    const page = manifest.routes[route];
    expect(page, route).toBeDefined();
    const files = modulesOf(manifest.entry, manifest.routes.root, page);
    const withZod = [...files].filter((f) =>
      /\$ZodType|ZodError/.test(readFileSync(path.join(assets, path.basename(f)), 'utf8')),
    );
    expect(withZod).toEqual([]);
  });

  it('still finds zod where a form validates with it (the check looks at the right thing)', () => {
    const contact = manifest.routes['routes/contact'];
    const files = modulesOf(contact);
    const withZod = [...files].filter((f) =>
      /\$ZodType|ZodError/.test(readFileSync(path.join(assets, path.basename(f)), 'utf8')),
    );
    expect(withZod.length).toBeGreaterThan(0);
  });
});

describe("React Router's build in the browser (build output)", () => {
  // scripts/vite-react-router-production.ts: the package resolves to its development build, whose warnings cost
  // every page's first load 450–520 B gzip; the browser's build takes the production files instead.
  it('holds none of the development warnings', () => {
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const withWarnings = scripts.filter((f) =>
      readFileSync(path.join(assets, f), 'utf8').includes('You rendered descendant <Routes>'),
    );
    expect(withWarnings).toEqual([]);
  });
});
