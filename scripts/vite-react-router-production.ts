import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Issue 14: React Router's package sends every import condition to its development build, which differs from
 * the production build it also ships by one flag (`ENABLE_DEV_WARNINGS`). With the flag on, the browser got the
 * development warnings' code and texts: 450–520 B gzip of every page's first load, and the warnings in
 * visitors' consoles. The browser's build imports the production files instead; with the flag off, Rollup drops
 * those branches. The server keeps the package's own resolution: its route modules and React Router's Node
 * adapter must share one copy of the router, and what it renders is the same either way.
 */
export function reactRouterProductionClient(
  packageDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
): Plugin {
  const production = path.join(packageDir, 'dist', 'production');
  const files = { 'react-router': 'index.mjs', 'react-router/dom': 'dom-export.mjs' };
  return {
    name: 'react-router-production-client',
    apply: 'build',
    config(_, env) {
      if (env.isSsrBuild) return undefined;
      const alias = Object.entries(files).map(([specifier, file]) => {
        const replacement = path.join(production, file);
        if (!existsSync(replacement)) {
          throw new Error(`React Router's production build has no ${replacement}: check its package layout`);
        }
        return { find: new RegExp(`^${specifier}$`), replacement };
      });
      return { resolve: { alias } };
    },
  };
}
