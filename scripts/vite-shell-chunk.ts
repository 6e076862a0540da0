import path from 'node:path';
import type { GetModuleInfo, ManualChunksOption } from 'rollup';
import type { Plugin } from 'vite';

/**
 * Issue 14: every page loads the root route and what it imports — a dozen modules of the shop's own
 * (cookie banner, toasts, icons, select, error pages…) that Rollup split into a dozen chunks of
 * 150–1,500 B gzip each, because route chunks share some of them. Put together in one `shell` chunk
 * they compress better and cost one request. Only the root route's static imports from `src/web` go
 * there, so no page loads code it did not load before; packages and message areas keep their chunks.
 *
 * The same happened between the catalogue's pages (home, listing, search, product): the product card,
 * prices, breadcrumbs and their helpers were ten chunks of 50–2,000 B, and a product page's first load
 * was 18 requests. On a phone's connection (HTTP/1.1, six at a time) each round of six costs a round
 * trip before the first paint. The modules of `src/web` that two or more of those pages import go to one
 * `storefront` chunk: a page may load a few hundred bytes of a sibling's components, not of its routes.
 */
export function shellChunk(rootModule: string, storefrontRoutes: string[] = []): Plugin {
  const root = path.resolve(rootModule);
  const webDir = `${path.sep}src${path.sep}web${path.sep}`;
  let groups: { shell: Set<string>; storefront: Set<string> } | null = null;
  const manualChunks: ManualChunksOption = (id, { getModuleInfo }) => {
    groups ??= groupModules(
      getModuleInfo,
      root,
      storefrontRoutes.map((route) => path.resolve(route)),
    );
    if (!id.includes(webDir)) return undefined;
    if (groups.shell.has(id)) return 'shell';
    return groups.storefront.has(id) ? 'storefront' : undefined;
  };
  /** Each chunk's static imports, direct or not, by file name: what is loaded once the chunk runs. */
  const loadedWith = new Map<string, Set<string>>();
  /**
   * What a lazy import preloads besides its own chunk: its dependencies but those loaded already, the importing
   * chunk's static imports. Each name is in the importing chunk's bytes: the product page's first load carried
   * five such names in its list of the personalisation form's dependencies (issue 14: ≤ 130 KB gzip).
   */
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }) => {
    const loaded = loadedWith.get(hostId);
    return loaded ? deps.filter((dep) => !loaded.has(dep)) : deps;
  };
  return {
    name: 'shell-chunk',
    apply: 'build',
    config(_, env) {
      return env.isSsrBuild
        ? undefined
        : { build: { rollupOptions: { output: { manualChunks } }, modulePreload: { resolveDependencies } } };
    },
    generateBundle: {
      // Before Vite writes the preload lists (its own generateBundle), which calls resolveDependencies.
      order: 'pre',
      handler(_, bundle) {
        const imports = (file: string) => {
          const chunk = bundle[file];
          return chunk?.type === 'chunk' ? chunk.imports : [];
        };
        for (const file of Object.keys(bundle)) {
          const loaded = new Set<string>();
          const stack = [...imports(file)];
          while (stack.length) {
            const next = stack.pop() as string;
            if (loaded.has(next)) continue;
            loaded.add(next);
            stack.push(...imports(next));
          }
          loadedWith.set(file, loaded);
        }
      },
    },
  };
}

/** The shop's own modules a module imports, directly or not (packages and virtual modules left out). */
function staticImports(getModuleInfo: GetModuleInfo, from: string): Set<string> {
  const found = new Set<string>();
  const stack = [from];
  while (stack.length) {
    for (const dep of getModuleInfo(stack.pop() as string)?.importedIds ?? []) {
      if (found.has(dep) || dep.includes('node_modules') || dep.startsWith('\0')) continue;
      found.add(dep);
      stack.push(dep);
    }
  }
  return found;
}

function groupModules(getModuleInfo: GetModuleInfo, root: string, storefrontRoutes: string[]) {
  const shell = staticImports(getModuleInfo, root);
  const importers = new Map<string, number>();
  for (const route of storefrontRoutes) {
    for (const id of staticImports(getModuleInfo, route)) {
      if (!shell.has(id)) importers.set(id, (importers.get(id) ?? 0) + 1);
    }
  }
  const storefront = new Set([...importers].filter(([, count]) => count >= 2).map(([id]) => id));
  return { shell, storefront };
}
