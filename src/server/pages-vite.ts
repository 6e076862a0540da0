import type { ServerBuild } from 'react-router';

/**
 * The pages' build compiled from the sources by Vite, as the integration tests serve them (no build needed):
 * by the test app (testing.ts) and by the test's render threads (decision 034). `close()` stops Vite.
 */
export async function pagesFromSources(): Promise<{ build: () => Promise<ServerBuild>; close: () => Promise<void> }> {
  const { createServer } = await import('vite');
  const production = process.env.NODE_ENV === 'production';
  const vite = await createServer({
    mode: production ? 'production' : 'development',
    // A test that chose React's production build (NODE_ENV) needs JSX compiled for it too: React
    // Router's plugin asks for development JSX whenever Vite serves, so this plugin, run after it, undoes that.
    plugins: production
      ? [{ name: 'test-production-jsx', enforce: 'post', config: () => ({ esbuild: { jsxDev: false } }) }]
      : [],
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'silent',
  });
  let build: Promise<ServerBuild> | undefined;
  return {
    build: () => {
      build ??= vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
      return build;
    },
    close: () => vite.close(),
  };
}
