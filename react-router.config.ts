import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/web',
  buildDirectory: 'build',
  ssr: true,
  // React Router 8's changes, each named: React Router 7 otherwise prints a warning for each on every build and on
  // every Vite start (the integration tests' and the render threads', decision 034). One is taken: loaders and
  // actions get the request as it came, and read the page's address from their `url` argument (decision 057).
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
