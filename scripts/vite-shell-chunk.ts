import path from 'node:path';
import type { ManualChunksOption } from 'rollup';
import type { Plugin } from 'vite';

/**
 * Issue 14: every page loads the root route and what it imports — a dozen modules of the shop's own
 * (cookie banner, toasts, icons, select, error pages…) that Rollup split into a dozen chunks of
 * 150–1,500 B gzip each, because route chunks share some of them. Put together in one `shell` chunk
 * they compress better and cost one request. Only the root route's static imports from `src/web` go
 * there, so no page loads code it did not load before; packages and message areas keep their chunks.
 */
export function shellChunk(rootModule: string): Plugin {
  const root = path.resolve(rootModule);
  let shell: Set<string> | null = null;
  const manualChunks: ManualChunksOption = (id, { getModuleInfo }) => {
    if (!shell) {
      const found = new Set<string>();
      const stack = [root];
      while (stack.length) {
        for (const dep of getModuleInfo(stack.pop() as string)?.importedIds ?? []) {
          if (found.has(dep) || dep.includes('node_modules') || dep.startsWith('\0')) continue;
          found.add(dep);
          stack.push(dep);
        }
      }
      shell = found;
    }
    return shell.has(id) && id.includes(`${path.sep}src${path.sep}web${path.sep}`) ? 'shell' : undefined;
  };
  return {
    name: 'shell-chunk',
    apply: 'build',
    config(_, env) {
      return env.isSsrBuild ? undefined : { build: { rollupOptions: { output: { manualChunks } } } };
    },
  };
}
