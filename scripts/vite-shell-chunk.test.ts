import { describe, expect, it } from 'vitest';
import type { OutputBundle } from 'rollup';
import { shellChunk } from './vite-shell-chunk';

type Resolve = (file: string, deps: string[], context: { hostId: string; hostType: 'js' }) => string[];

/** The plugin's preload filter, after it has seen a bundle where each chunk imports the ones listed. */
function preloadFilter(imports: Record<string, string[]>): Resolve {
  const plugin = shellChunk('src/web/root.tsx');
  const bundle = Object.fromEntries(
    Object.entries(imports).map(([fileName, chunkImports]) => [fileName, { type: 'chunk', imports: chunkImports }]),
  ) as unknown as OutputBundle;
  const generate = plugin.generateBundle as { handler: (options: unknown, bundle: OutputBundle) => void };
  generate.handler({}, bundle);
  const config = (
    plugin.config as (
      config: object,
      env: { isSsrBuild: boolean },
    ) => {
      build: { modulePreload: { resolveDependencies: Resolve } };
    }
  )({}, { isSsrBuild: false });
  return config.build.modulePreload.resolveDependencies;
}

describe('shellChunk: what a lazy import preloads (issue 14)', () => {
  it('leaves out the chunks its importer loaded already, directly or not', () => {
    const resolve = preloadFilter({
      'assets/product.js': ['assets/shell.js', 'assets/storefront.js'],
      'assets/storefront.js': ['assets/cart-values.js'],
      'assets/form.js': ['assets/shell.js', 'assets/cart-values.js', 'assets/fields.js'],
    });
    const deps = ['assets/form.js', 'assets/shell.js', 'assets/cart-values.js', 'assets/fields.js'];
    expect(resolve('assets/form.js', deps, { hostId: 'assets/product.js', hostType: 'js' })).toEqual([
      'assets/form.js',
      'assets/fields.js',
    ]);
  });

  it('keeps every dependency of an importer it has not seen', () => {
    const resolve = preloadFilter({});
    expect(resolve('assets/a.js', ['assets/a.js', 'assets/b.js'], { hostId: 'index.html', hostType: 'js' })).toEqual([
      'assets/a.js',
      'assets/b.js',
    ]);
  });
});
