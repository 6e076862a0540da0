import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts'],
          environment: 'node',
          // Tests run as the server does: every message area of both languages held (decision 013).
          setupFiles: ['src/web/i18n/server.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/**/*.int.test.ts'],
          environment: 'node',
          setupFiles: ['src/web/i18n/server.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // expect.poll's default gives up after 1 s; a loaded machine needs longer to render a page.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
